// No order falls through: the order watch runs once per installation (a lease, whichever process
// holds it) every few seconds and
//   1. refuses orders not accepted within the shop's answer time, with a full refund through the
//      refusal path (staff/orders.ts refuse), a message to the guest and an e-mail to the owner;
//   2. tries failed refunds again when due (shared/ops refundRetryAt: 1, 2, 4 … 60 min, 8 tries);
//   3. stops a shop that uses the staff app when no device has been connected for 5 minutes while
//      it takes orders (shared/ops deviceWatchStep), and tells the owner.
// Each step is safe when two processes run it at once (lease lost mid-run): the refusal locks the
// order and refuses only an undecided one, a refund retry is claimed by one UPDATE, the owner's
// mails carry dedupe keys.
import { answerDeadline, ANSWER_MINUTES_MIN, deviceWatchStep, OPS_TEXTS, shopLiveAt } from '@shared/ops';
import { shopClock } from '@shared/time/clock';
import { deliveryPeriodOf, type ServerContext } from '../context';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { releaseLease, runOnce } from '../limits/lease';
import { PROCESS_ID } from '../outbox/claim';
import { enqueueMail } from '../outbox/mail';
import type { PaymentRegistry } from '../payments';
import { connectedDevices, dropLiveCache, notifyOps, readOps } from './ops';
import { refuse, retryRefund } from './orders';
import { staffShop } from './shop';

export const WATCH_LEASE = 'order-watch';
export const WATCH_INTERVAL_MS = 10_000;

export interface WatchResult {
  refused: string[];
  refundsTried: string[];
  stopped: string[];
}

export interface WatchScope {
  /** false: no shop is stopped for want of a device (TISCHLEIN_DEVICE_WATCH=0: the browser tests' server) */
  deviceWatch?: boolean;
  /** one shop only (the test route) */
  shopId?: string;
  /** one order only (the test route: other tests' orders on the shared demo shop stay) */
  orderId?: string;
}

/** The owners' addresses (staff logins with role owner), else the shop's order e-mail. */
async function ownerAddresses(ctx: ServerContext, q: DbQuery, shopId: string): Promise<string[]> {
  const { rows } = await q.query<{ email: string }>("SELECT email FROM staff_users WHERE shop_id = $1 AND role = 'owner' ORDER BY email", [shopId]);
  if (rows.length) return rows.map((r) => r.email);
  const email = (await ctx.shops.getShop(shopId))?.settings?.email;
  return email ? [email] : [];
}

async function mailOwners(ctx: ServerContext, q: DbQuery, shopId: string, dedupe: string, subject: string, lines: string[]): Promise<void> {
  const { config } = await staffShop(ctx, shopId);
  const text = [...lines, '', `${config.restaurantName} – Tischlein`].join('\n');
  const html = `<!doctype html><html lang="de"><body>${[...lines, `${config.restaurantName} – Tischlein`].map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`;
  for (const to of await ownerAddresses(ctx, q, shopId)) {
    await enqueueMail(q, { to, subject: `${config.restaurantName}: ${subject}`.slice(0, 200), text, html, dedupeKey: `${dedupe}:${to}` });
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** 1. Orders past their answer time: refused with a refund; the owner is told. */
async function refuseUnanswered(ctx: ServerContext, payments: PaymentRegistry, now: Date, scope: WatchScope): Promise<string[]> {
  // candidates by the shortest answer time; each one's own deadline decides (shared/ops)
  const { rows } = await ctx.db.query<{ shop_id: string; id: string; inbox_at: Date | string; day_number: number | null; answer_minutes: number | null }>(
    `SELECT o.shop_id, o.id, o.inbox_at, o.day_number, s.answer_minutes FROM orders o LEFT JOIN shop_ops s ON s.shop_id = o.shop_id
     WHERE o.inbox_at IS NOT NULL AND o.accepted_at IS NULL AND o.refused_at IS NULL AND o.table_number IS NULL
       AND o.status NOT IN ('cancelled', 'delivered', 'picked_up') AND o.inbox_at <= $1
       AND ($2::text IS NULL OR o.shop_id = $2) AND ($3::text IS NULL OR o.id = $3)
     ORDER BY o.inbox_at LIMIT 200`,
    [new Date(now.getTime() - ANSWER_MINUTES_MIN * 60_000).toISOString(), scope.shopId ?? null, scope.orderId ?? null],
  );
  const out: string[] = [];
  for (const r of rows) {
    const minutes = r.answer_minutes ?? (await readOps(ctx.db, r.shop_id)).answerMinutes;
    const deadline = answerDeadline(new Date(r.inbox_at), minutes);
    if (!deadline || deadline > now) continue;
    try {
      await refuse(ctx, payments, r.shop_id, r.id, OPS_TEXTS.autoRefuseReason, {
        by: 'timeout',
        inTransaction: async (tx) => {
          const { config } = await staffShop(ctx, r.shop_id);
          const at = shopClock(r.inbox_at, config.timeZone);
          const nr = r.day_number ? `Nr. ${r.day_number}` : r.id;
          await mailOwners(ctx, tx, r.shop_id, `auto-refused:${r.id}`, `Bestellung ${nr} automatisch abgelehnt`, [
            `Die Bestellung ${nr} (Bestellnummer ${r.id}, eingegangen um ${at} Uhr) wurde nicht innerhalb von ${minutes} Minuten angenommen.`,
            'Sie wurde automatisch abgelehnt; eine Online-Zahlung wird vollständig erstattet, der Gast ist informiert.',
            'Bitte prüfen, ob das Bestell-Tablet eingeschaltet und verbunden ist.',
          ]);
        },
      });
      out.push(r.id);
    } catch (e) {
      // accepted or refused by staff a moment ago (or by another process): nothing to do
      if (!(e instanceof HttpError && (e.status === 409 || e.status === 404))) throw e;
    }
  }
  return out;
}

/** 2. Failed refunds that are due again. */
async function retryDueRefunds(ctx: ServerContext, payments: PaymentRegistry, now: Date, scope: WatchScope): Promise<string[]> {
  const { rows } = await ctx.db.query<{ shop_id: string; id: string }>(
    `SELECT shop_id, id FROM orders WHERE refund_status = 'failed' AND refund_next_at IS NOT NULL AND refund_next_at <= $1
       AND ($2::text IS NULL OR shop_id = $2) AND ($3::text IS NULL OR id = $3)
     ORDER BY refund_next_at LIMIT 50`,
    [now.toISOString(), scope.shopId ?? null, scope.orderId ?? null],
  );
  const out: string[] = [];
  for (const r of rows) if (await retryRefund(ctx, payments, r.shop_id, r.id)) out.push(r.id);
  return out;
}

/** 3. Shops that use the staff app and have had no device for 5 minutes while taking orders. */
async function watchDevices(ctx: ServerContext, now: Date, scope: WatchScope): Promise<string[]> {
  // rows of streams whose process died without closing them: long stale, never counted; gone
  await ctx.db.query('DELETE FROM staff_streams WHERE seen_at < $1', [new Date(now.getTime() - 3600_000).toISOString()]);
  const { rows } = await ctx.db.query<{ shop_id: string }>(
    'SELECT shop_id FROM shop_ops WHERE device_watch AND last_device_at IS NOT NULL AND ($1::text IS NULL OR shop_id = $1)',
    [scope.shopId ?? null],
  );
  const out: string[] = [];
  for (const { shop_id: shopId } of rows) {
    const shop = await ctx.shops.getShop(shopId);
    if (!shop) continue;
    const ops = await readOps(ctx.db, shopId);
    const live = shopLiveAt({ ...ops.state, unattendedSince: null }, now, shop.config.timeZone);
    const step = deviceWatchStep({
      watch: ops.deviceWatch,
      everConnected: ops.lastDeviceAt !== null,
      connected: await connectedDevices(ctx.db, shopId, now),
      open: live.takingOrders && deliveryPeriodOf(shop.config, now).acceptOrders,
      noDeviceSince: ops.noDeviceSince,
      unattendedSince: ops.state.unattendedSince,
    }, now);
    if (step.noDeviceSince === ops.noDeviceSince && step.unattendedSince === ops.state.unattendedSince) continue;
    await ctx.db.transaction(async (tx) => {
      // a device that connected meanwhile has cleared the row: only the state we read is changed
      const { rows: changed } = await tx.query(
        `UPDATE shop_ops SET no_device_since = $2, unattended_since = $3
         WHERE shop_id = $1 AND no_device_since IS NOT DISTINCT FROM $4 AND unattended_since IS NOT DISTINCT FROM $5 RETURNING shop_id`,
        [shopId, step.noDeviceSince, step.unattendedSince, ops.noDeviceSince, ops.state.unattendedSince],
      );
      if (!changed.length) return;
      if (step.unattendedSince !== ops.state.unattendedSince) await notifyOps(tx, shopId);
      if (step.stoppedNow) {
        const since = shopClock(step.noDeviceSince!, shop.config.timeZone);
        await mailOwners(ctx, tx, shopId, `unattended:${shopId}:${step.unattendedSince}`, 'Keine Online-Bestellungen – kein Gerät verbunden', [
          `Seit ${since} Uhr ist kein Gerät mit der Bestell-App verbunden. Damit keine Bestellung unbeantwortet bleibt, nimmt der Shop keine neuen Bestellungen an.`,
          'Sobald ein Gerät die Bestell-App öffnet (/restaurant), nimmt der Shop wieder Bestellungen an.',
        ]);
        out.push(shopId);
      }
    });
    dropLiveCache(shopId);
  }
  return out;
}

/** One round of the watch at `now` (the timer calls it; tests and the test route too). */
export async function runOrderWatch(base: ServerContext, payments: PaymentRegistry, now: Date = base.now(), scope: WatchScope = {}): Promise<WatchResult> {
  // one instant for the whole round: refusals, refunds and their retry times are stamped with it
  const ctx: ServerContext = { ...base, now: () => now };
  const refused = await refuseUnanswered(ctx, payments, now, scope);
  const refundsTried = await retryDueRefunds(ctx, payments, now, scope);
  // one order in view (the test route): the shop's devices are not judged at a moved clock
  const stopped = scope.orderId || scope.deviceWatch === false ? [] : await watchDevices(ctx, now, scope);
  return { refused, refundsTried, stopped };
}

/**
 * The timer: every `intervalMs`, the process holding the lease runs one round (a lease of three
 * rounds: a process that dies hands over within half a minute). Returns the stop function: no round
 * starts after it, the round under way finishes, and the lease is given back so the next process
 * (a deploy's new one) takes the watch at once (server/shutdown.ts awaits it before the database closes).
 */
export function startOrderWatch(
  ctx: ServerContext, payments: PaymentRegistry, opts: { intervalMs?: number; deviceWatch?: boolean } = {}, logError: (e: unknown) => void = console.error,
): () => Promise<void> {
  const intervalMs = opts.intervalMs ?? WATCH_INTERVAL_MS;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    const now = ctx.now();
    running = runOnce(ctx.db, WATCH_LEASE, PROCESS_ID, intervalMs * 3, now, () => runOrderWatch(ctx, payments, now, { deviceWatch: opts.deviceWatch }))
      .then(() => undefined, logError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await releaseLease(ctx.db, WATCH_LEASE, PROCESS_ID).catch(logError);
  };
}
