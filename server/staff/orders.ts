// The staff's view of orders and what they do with them: list by tab, acknowledge, accept with
// minutes, refuse with a reason (and a full refund through the provider), move a step on. Every
// change is one transaction that updates the order, queues the guest's mail and NOTIFYs.
import type { OrderStatus } from '@shared/checkout';
import { CHECKOUT_UI } from '@shared/checkout';
import type { Catalog, ShopConfig } from '@shared/domain';
import { formatEuro } from '@shared/i18n';
import {
  canStaffMove, inboxTab, INBOX_TEXTS, isAcceptMinutes, minutesUntilNew, plannedUntilMs, readyMinute, type InboxTab,
} from '@shared/inbox';
import { staffStatusText } from '@shared/inbox/status';
import { indexCatalog } from '@shared/pricing/catalogIndex';
import { formatHHMM, shopClock, shopTimeAt } from '@shared/time/clock';
import { OPS_TEXTS, REFUND_MAX_ATTEMPTS, refundRetryAt } from '@shared/ops';
import type { ServerContext } from '../context';
import { staffShop } from './shop';
import type { Db, DbQuery } from '../db';
import { HttpError } from '../http';
import { guestStep, loadOrder, type StoredOrder } from '../orders/read';
import type { PaymentRegistry, ProviderName } from '../payments';
import { queueGuestStepMail } from './guestSteps';
import { notifyOrderEvent, type OrderEventKind } from './events';


const euro = (cents: number) => Math.round(cents) / 100;

function declarationsOf(catalog: Catalog, ids: readonly string[]): string[] {
  const byId = new Map(catalog.declarations.map((d) => [d.id, d]));
  return [...new Set(ids)].flatMap((id) => {
    const d = byId.get(id);
    return d && d.kind === 'allergen' ? [d.name] : [];
  });
}

interface LineItem {
  kind?: string;
  dishId?: string;
  without?: string[];
  extras?: { groupId: string; itemId: string; type?: string }[];
  subitems?: LineItem[];
}

/** Removals ('ohne Zwiebeln') and allergens of a line, from the catalog it was ordered from. */
function lineDetails(catalog: Catalog, item: LineItem | null): { without: string[]; allergens: string[] } {
  if (!item) return { without: [], allergens: [] };
  const idx = indexCatalog(catalog);
  const without: string[] = [];
  const decl: string[] = [];
  const visit = (it: LineItem) => {
    const dish = it.dishId ? idx.dishes.get(it.dishId) : undefined;
    if (dish) {
      decl.push(...dish.declarations);
      const subs = new Map([...dish.secondarySubDishes, ...dish.primarySubDishes].map((s) => [s.id, s.name]));
      for (const w of it.without ?? []) without.push(idx.ingredients.get(w)?.name ?? subs.get(w) ?? w);
      for (const ing of dish.primaryIngredients) decl.push(...(idx.ingredients.get(ing)?.declarations ?? []));
    }
    for (const x of it.extras ?? []) decl.push(...(idx.ingredients.get(x.itemId)?.declarations ?? idx.dishes.get(x.itemId)?.declarations ?? []));
    for (const s of it.subitems ?? []) visit(s);
  };
  visit(item);
  return { without, allergens: declarationsOf(catalog, decl) };
}

/** An order as the inbox and a POS see it (money in cents and euro; times ISO and shop-local). */
export function staffOrder(o: StoredOrder & { items?: (LineItem | null)[] }, config: ShopConfig, catalog: Catalog, now: Date) {
  const c = o.customer as Record<string, string | null>;
  const today = shopTimeAt(now, config.timeZone);
  const created = shopTimeAt(new Date(o.created_at), config.timeZone);
  // a pre-order's 'HH:MM' is on the order's day; on a later day it is simply due
  const nowMinute = created.date === today.date ? today.minute : 24 * 60;
  const facts = { status: o.status, deliveryType: o.delivery_type, serveAt: o.serve_at, accepted: !!o.accepted_at, refused: !!o.refused_at };
  const tab: InboxTab = inboxTab(facts, nowMinute);
  // when 'Geplant' turns 'Neu': the device moves the order itself then (no event is sent for it)
  const minutesLeft = minutesUntilNew(facts, nowMinute);
  const paid = o.payment_status === 'paid';
  return {
    id: o.id,
    tab,
    status: o.status,
    statusText: staffStatusText(o.status, !!o.accepted_at),
    type: o.table_number ? 'table' : o.delivery_type,
    typeText: o.table_number ? `${INBOX_TEXTS.table} ${o.table_number}` : o.delivery_type === 'delivery' ? INBOX_TEXTS.delivery : INBOX_TEXTS.pickup,
    createdAt: new Date(o.created_at).toISOString(),
    createdTime: formatHHMM(created.minute),
    serveAt: o.serve_at,
    plannedUntil: minutesLeft === null ? null : new Date(plannedUntilMs(now.getTime(), minutesLeft)).toISOString(),
    acknowledged: !!o.acknowledged_at,
    ...guestStep(o, config.timeZone),
    customer: {
      name: c.name ?? '', phone: c.phone ?? '', company: c.company ?? '', street: c.street ?? '', streetNumber: c.streetNumber ?? '',
      zip: c.zip ?? '', city: c.city ?? '', floor: c.floor ?? '', messageDriver: c.messageDriver ?? '', messageCook: c.messageCook ?? '',
    },
    lines: o.lines.map((l, i) => ({
      name: l.name, amount: l.amount, totalCents: l.total, total: euro(l.total),
      extras: l.extras.map((x) => ({ name: x.name, amount: x.amount })),
      ...lineDetails(catalog, o.items?.[i] ?? null),
    })),
    refusedBy: o.refused_by ?? null,
    // a failed refund: when it is tried again, or that staff must refund by hand (shared/ops)
    refundRetryText: o.refund_status !== 'failed' ? null
      : o.refund_next_at ? OPS_TEXTS.refundRetry((o.refund_attempts ?? 0) + 1, REFUND_MAX_ATTEMPTS, shopClock(o.refund_next_at, config.timeZone))
        : OPS_TEXTS.refundGaveUp,
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    paid,
    paymentText: paid ? INBOX_TEXTS.paidOnline : INBOX_TEXTS.cashDue(formatEuro(o.total)),
    totalCents: o.total,
    total: euro(o.total),
  };
}
export type StaffOrder = ReturnType<typeof staffOrder>;

async function withItems(q: DbQuery, o: StoredOrder): Promise<StoredOrder & { items: (LineItem | null)[] }> {
  const { rows } = await q.query<{ item: LineItem | null }>('SELECT item FROM order_lines WHERE order_seq = $1 ORDER BY position', [o.seq]);
  return { ...o, items: rows.map((r) => r.item) };
}

/** One order of the shop that reached the inbox, or 404 (unknown, other shop, unpaid). */
export async function inboxOrder(ctx: ServerContext, shopId: string, id: string): Promise<StaffOrder> {
  const shop = await staffShop(ctx, shopId);
  const o = /^[A-Za-z0-9_-]{8,64}$/.test(id) ? await loadOrder(ctx.db, shopId, id) : null;
  if (!o || !o.inbox_at) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
  return staffOrder(await withItems(ctx.db, o), shop.config, shop.catalog, ctx.now());
}

/**
 * The shop's inbox: today's orders (shop-local) plus every order not yet finished, newest first;
 * `tab` filters. A bounded list: a busy day has a few hundred.
 */
export async function listInbox(ctx: ServerContext, shopId: string, tab: InboxTab | null): Promise<StaffOrder[]> {
  const shop = await staffShop(ctx, shopId);
  const now = ctx.now();
  const since = new Date(now.getTime() - 36 * 3600_000).toISOString();
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM orders WHERE shop_id = $1 AND inbox_at IS NOT NULL
       AND (inbox_at > $2 OR status NOT IN ('delivered', 'picked_up', 'cancelled'))
     ORDER BY inbox_at DESC, seq DESC LIMIT 500`,
    [shopId, since],
  );
  const out: StaffOrder[] = [];
  for (const r of rows) {
    const o = await loadOrder(ctx.db, shopId, r.id);
    if (o) out.push(staffOrder(await withItems(ctx.db, o), shop.config, shop.catalog, now));
  }
  const list = tab ? out.filter((o) => o.tab === tab) : out;
  // 'Geplant' by when it is due
  if (tab === 'planned') list.sort((a, b) => (a.serveAt ?? '').localeCompare(b.serveAt ?? ''));
  return list;
}

interface Locked {
  seq: string;
  id: string;
  status: OrderStatus;
  delivery_type: 'delivery' | 'pickup';
  serve_at: string | null;
  created_at: string;
  accepted_at: string | null;
  refused_at: string | null;
  payment_status: string;
  payment_provider: string | null;
  payment_ref: string | null;
  payment_method: string;
  total: number;
  customer: { email?: string };
}

async function change<T>(ctx: ServerContext, shopId: string, id: string, kind: OrderEventKind, fn: (tx: DbQuery, o: Locked) => Promise<T>): Promise<T> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Locked>(
      `SELECT seq, id, status, delivery_type, serve_at, created_at, accepted_at, refused_at, payment_status, payment_provider, payment_ref, payment_method, total, customer
       FROM orders WHERE shop_id = $1 AND id = $2 AND inbox_at IS NOT NULL FOR UPDATE`,
      [shopId, id],
    );
    const o = rows[0];
    if (!o) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
    const out = await fn(tx, o);
    await notifyOrderEvent(tx, { shopId, orderId: id, kind });
    return out;
  });
}

export async function acknowledge(ctx: ServerContext, shopId: string, id: string): Promise<void> {
  await change(ctx, shopId, id, 'acknowledged', async (tx, o) => {
    await tx.query('UPDATE orders SET acknowledged_at = COALESCE(acknowledged_at, $2) WHERE seq = $1', [o.seq, ctx.now().toISOString()]);
  });
}

export async function accept(ctx: ServerContext, shopId: string, id: string, minutes: number): Promise<void> {
  if (!isAcceptMinutes(minutes)) throw new HttpError(400, 'invalid_minutes', INBOX_TEXTS.badMinutes);
  const { config } = await staffShop(ctx, shopId);
  const now = ctx.now();
  await change(ctx, shopId, id, 'accepted', async (tx, o) => {
    if (o.accepted_at || o.refused_at || o.status === 'cancelled') throw new HttpError(409, 'already_decided', INBOX_TEXTS.alreadyDecided);
    const t = shopTimeAt(now, config.timeZone);
    const created = shopTimeAt(new Date(o.created_at), config.timeZone);
    // the wanted time of a pre-order counts on the order's day only
    const wanted = created.date === t.date ? o.serve_at : null;
    const ready = new Date(now.getTime() + (readyMinute(t.minute, minutes, wanted) - t.minute) * 60_000);
    await tx.query(
      `UPDATE orders SET accepted_at = $2, acknowledged_at = COALESCE(acknowledged_at, $2), ready_at = $3, status = 'confirmed', updated_at = $2 WHERE seq = $1`,
      [o.seq, now.toISOString(), ready.toISOString()],
    );
    await queueGuestStepMail(tx, ctx, shopId, o.seq, 'confirmed');
  });
}

export async function moveTo(ctx: ServerContext, shopId: string, id: string, to: OrderStatus): Promise<void> {
  await change(ctx, shopId, id, 'status', async (tx, o) => {
    if (!o.accepted_at) throw new HttpError(409, 'not_accepted', INBOX_TEXTS.notAccepted);
    if (!canStaffMove(o.status, to, o.delivery_type)) throw new HttpError(409, 'invalid_step', INBOX_TEXTS.badStep);
    await tx.query('UPDATE orders SET status = $2, updated_at = $3 WHERE seq = $1', [o.seq, to, ctx.now().toISOString()]);
    await queueGuestStepMail(tx, ctx, shopId, o.seq, to);
  });
}

/**
 * Refuses the order: cancelled with the reason; an order paid online is refunded in full through
 * its provider after the refusal committed (no network call inside a transaction). The guest's
 * mail is queued once the refund's outcome is known, so it says what happened to the money.
 */
export async function refuse(
  ctx: ServerContext, payments: PaymentRegistry, shopId: string, id: string, reason: string,
  opts: { by?: 'staff' | 'timeout'; inTransaction?: (tx: DbQuery, o: Locked) => Promise<void> } = {},
): Promise<void> {
  const r = reason.trim();
  if (r.length < 1 || r.length > 200) throw new HttpError(400, 'invalid_reason', INBOX_TEXTS.badReason);
  const shop = await staffShop(ctx, shopId);
  const o = await change(ctx, shopId, id, 'refused', async (tx, o) => {
    if (o.accepted_at || o.refused_at || o.status === 'cancelled') throw new HttpError(409, 'already_decided', INBOX_TEXTS.alreadyDecided);
    const refund = o.payment_status === 'paid' && o.payment_provider ? 'pending' : null;
    await tx.query(
      `UPDATE orders SET status = 'cancelled', refused_at = $2, refuse_reason = $3, refund_status = $4, refused_by = $5, acknowledged_at = COALESCE(acknowledged_at, $2), updated_at = $2 WHERE seq = $1`,
      [o.seq, ctx.now().toISOString(), r, refund, opts.by ?? 'staff'],
    );
    if (!refund) await queueGuestStepMail(tx, ctx, shopId, o.seq, 'cancelled');
    await opts.inTransaction?.(tx, o);
    return o;
  });
  if (o.payment_status !== 'paid' || !o.payment_provider) return;
  await refundOrder(ctx.db, ctx, payments, shop.config, o);
}

/**
 * Tries a failed refund again (the order watch when it is due, or staff by hand): claimed by one
 * statement (failed → pending), so two processes never refund twice. False when there was none.
 */
export async function retryRefund(ctx: ServerContext, payments: PaymentRegistry, shopId: string, id: string): Promise<boolean> {
  const shop = await staffShop(ctx, shopId);
  const { rows } = await ctx.db.query<Locked>(
    `UPDATE orders SET refund_status = 'pending', updated_at = $3 WHERE shop_id = $1 AND id = $2 AND refund_status = 'failed'
     RETURNING seq, id, status, delivery_type, serve_at, created_at, accepted_at, refused_at, payment_status, payment_provider, payment_ref, payment_method, total, customer`,
    [shopId, id, ctx.now().toISOString()],
  );
  if (!rows[0]) return false;
  await refundOrder(ctx.db, ctx, payments, shop.config, rows[0]);
  return true;
}

async function refundOrder(db: Db, ctx: ServerContext, payments: PaymentRegistry, config: ShopConfig, o: Locked): Promise<void> {
  const provider = payments.byName(o.payment_provider as ProviderName);
  let status: 'refunded' | 'failed' = 'failed';
  let ref: string | null = null;
  let error: string | null = null;
  try {
    if (!provider?.refund || !o.payment_ref) throw new Error(`no refund for provider ${o.payment_provider}`);
    const r = await provider.refund(
      { id: o.id, shopId: config.id, shopName: config.restaurantName, total: o.total, method: o.payment_method as never, email: o.customer.email ?? null },
      o.payment_ref,
    );
    // a refund the provider completes later counts as under way; the guest is told it is coming
    status = 'refunded';
    ref = r.refundId;
  } catch (e) {
    error = (e as Error).message;
  }
  const now = ctx.now();
  await db.transaction(async (tx) => {
    // a failure is tried again later (shared/ops refundRetryAt: 1, 2, 4 … 60 minutes, 8 tries)
    const { rows } = await tx.query<{ refund_attempts: number }>(
      `UPDATE orders SET refund_status = $2, refund_ref = $3, updated_at = $4, refund_attempts = refund_attempts + CASE WHEN $2 = 'failed' THEN 1 ELSE 0 END
       WHERE seq = $1 AND refund_status = 'pending' RETURNING refund_attempts`,
      [o.seq, status, ref, now.toISOString()],
    );
    const attempts = rows[0]?.refund_attempts ?? 0;
    const next = status === 'failed' ? refundRetryAt(attempts, now) : null;
    await tx.query('UPDATE orders SET refund_next_at = $2 WHERE seq = $1', [o.seq, next?.toISOString() ?? null]);
    await tx.query('INSERT INTO payment_events (order_seq, provider, event, data) VALUES ($1, $2, $3, $4)', [
      o.seq, o.payment_provider, status === 'refunded' ? 'refunded' : 'refund_failed', JSON.stringify(error ? { error } : { refundId: ref }),
    ]);
    // the first outcome goes into the refusal mail; a later success gets a mail of its own
    await queueGuestStepMail(tx, ctx, config.id, o.seq, 'cancelled');
    if (status === 'refunded' && attempts > 0) await queueGuestStepMail(tx, ctx, config.id, o.seq, 'cancelled', `order-refunded:${o.id}`);
    await notifyOrderEvent(tx, { shopId: config.id, orderId: o.id, kind: 'refund' });
  });
}
