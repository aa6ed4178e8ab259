// Table orders (a table number, a message to the kitchen, pay later or now; waiter refunds):
// priced again with the dine-in prices of the server's catalog; waiter refunds are checked
// against what was paid for the line, in the database (conditional update + CHECK constraint).
import { isPaymentMethod } from '@shared/domain/shop';
import { centsToEuro } from '@shared/domain';
import { REFUND_TOO_HIGH, paymentKind, refundAmountProblem } from '@shared/checkout';
import { priceOrder, restoreCart } from '@shared/cartpricing';
import { shopLive } from '../staff/ops';
import { pricingContext } from '@shared/pricing';
import { isRefundLine, parseTableNumber, refundedItemId, TABLE_PAY_LATER, tableOrderRefusal, type TableData } from '@shared/table';
import { deliveryPeriodOf, shopTime, type ServerContext } from '../context';
import type { DbQuery } from '../db';
import type { ShopRecord } from '../shops/repository';
import { HttpError } from '../http';
import { queueOrderNotifications, type BookedRefund } from './notify';
import { dayNumberCte, OrderKeyTaken } from './number';
import { CheckoutRuleError } from './errors';
import { findByKey } from './idempotency';
import { insertOrderLines, newOrderId, orderLines, pricingSummary } from './lines';
import type { PlaceOptions, PlaceResult } from './place';
import type { OrderSubmissionInput } from './submission';
import { orderResponse, type StoredOrder } from './read';

export const MAX_REFUND_CENTS = 999900;

interface RefundRequest {
  orderId: string;
  position: number;
  amount: number;
}

const refundError = () => new CheckoutRuleError({ code: 'refund_too_high', title: 'Storno', text: REFUND_TOO_HIGH, kind: 'alert' }, undefined, 409);

function own(o: unknown, k: string): unknown {
  return o && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined;
}

export interface TableOrderContext {
  key: string;
  requestHash: string;
  /** a valid waiter session of this shop came with the request */
  waiter: boolean;
}

export async function placeTableOrder(ctx: ServerContext, shop: ShopRecord, p: OrderSubmissionInput, t: TableOrderContext, opts: PlaceOptions): Promise<PlaceResult> {
  const config = shop.config;
  const table = parseTableNumber(p.table);
  if (table === null) throw new HttpError(400, 'invalid_table', 'table: expected a table number of at least 1');
  const now = ctx.now();
  // only a shop with table service, only its tables, only while it is open (a waiter may book after closing)
  const refusal = tableOrderRefusal({
    tables: shop.settings?.tables ?? [],
    table,
    insideOpenHours: deliveryPeriodOf(config, now).insideOpenHours,
    waiter: t.waiter,
  });
  if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.text);
  if (p.couponCode) throw new HttpError(400, 'invalid_request', 'couponCode: table orders take no coupon');
  if (p.groupOrderId) throw new HttpError(400, 'invalid_request', 'groupOrderId: table orders are not group orders');

  const methodName = p.paymentMethod || p.formValues.paymentMethod || TABLE_PAY_LATER;
  const method = isPaymentMethod(methodName) ? methodName : null;
  if (!method) throw new HttpError(400, 'invalid_request', 'paymentMethod: unknown payment method');
  const payLater = method === TABLE_PAY_LATER;
  if (!payLater && (paymentKind(method) === 'offline' || !config.paymentMethods.includes(method))) {
    throw new HttpError(400, 'payment_method_unavailable', 'paymentMethod: not available for paying now at this shop');
  }

  // refund lines (promotion 'waiter-refund') name the refunded table item in their line id
  const refunds: RefundRequest[] = [];
  const dishes: unknown[] = [];
  for (const raw of p.orderItems) {
    const itemId = refundedItemId(own(raw, 'lineId'));
    if (!isRefundLine({ promotion: own(raw, 'promotion') as string | null })) {
      // a line that names a refunded item but lost its refund marker (an edited refund line) is no dish order
      if (itemId) throw new HttpError(400, 'invalid_refund', 'orderItems: a refund line must keep its promotion \'waiter-refund\'');
      dishes.push(raw);
      continue;
    }
    const price = own(raw, 'price');
    if (!itemId) throw new HttpError(400, 'invalid_refund', 'orderItems: a refund line must name the refunded item');
    if (own(raw, 'amount') !== 1) throw new HttpError(400, 'invalid_refund', 'orderItems: a refund line is one unit');
    if (typeof price !== 'number') throw new HttpError(400, 'invalid_refund', 'orderItems: a refund line has a negative price in whole cents');
    // the refund rule of the waiter's dialog (shared/checkout); what the line still allows is checked when booking
    const problem = refundAmountProblem(-price, MAX_REFUND_CENTS);
    if (problem) throw new HttpError(400, 'invalid_refund', problem);
    const [orderId, pos] = itemId.split('.');
    refunds.push({ orderId, position: Number(pos), amount: -price });
  }
  if (refunds.length && !t.waiter) throw new HttpError(403, 'waiter_required', 'Stornos bucht nur ein Kellner.');
  if (refunds.length && !payLater) throw new HttpError(400, 'invalid_refund', 'paymentMethod: refunds are booked with pay later');

  const pricingCtx = pricingContext({ time: shopTime(config, now), deliveryType: 'pickup', table: true });
  // a sold-out dish is gone at the table too (a pause is not: the guests there are seen by the staff)
  const { soldOut } = await shopLive(ctx, config.id, now);
  const restored = restoreCart(shop.catalog, dishes, { ctx: pricingCtx, hiddenTags: config.hiddenTags, soldOut: new Set(soldOut) });
  if (restored.problems.length) {
    throw new CheckoutRuleError({ code: 'cart_changed', title: 'Warenkorb geändert', text: restored.problems.join(' '), kind: 'alert' }, undefined, 409);
  }
  if (!restored.items.length && !refunds.length) throw new HttpError(400, 'empty_order', 'orderItems: the order is empty');
  const breakdown = priceOrder({ catalog: shop.catalog, items: restored.items, ctx: pricingCtx, coupon: null, selectedFreeItems: [], twoForOneStatus: {}, delivery: null });
  if (breakdown.invalidLineIds.length) {
    throw new CheckoutRuleError({ code: 'invalidDish', title: 'Ungültiges Gericht', text: 'Ungültiges Gericht', kind: 'alert' }, undefined, 409);
  }

  const customer = { name: `Tisch ${table}`, email: '', phone: '', messageCook: p.messageCook.trim(), messageDriver: '', table };
  const lines = orderLines(shop.catalog, restored.items, breakdown);
  const orderId = newOrderId();
  const stored: StoredOrder = {
    seq: '', id: orderId, shop_id: config.id, status: payLater ? 'confirmed' : 'received', payment_method: method,
    payment_status: payLater ? 'on_delivery' : 'pending', payment_provider: payLater ? null : (opts.providerName?.(method) ?? 'simulated'),
    payment_ref: null, delivery_type: 'pickup', serve_at: null, customer, coupon_code: null,
    subtotal: breakdown.itemsNonDiscounted, discount: breakdown.discounts.item + breakdown.discounts.twoForOne + breakdown.discounts.cartDiscount,
    coupon_amount: 0, deposit: breakdown.deposit, delivery_fee: 0, total: breakdown.grandTotal,
    accept_advertising: false, created_at: now, updated_at: now,
    lines: lines.map((l) => ({ position: l.position, kind: l.kind, name: l.name, amount: l.amount, unit_price: l.unit_price, total: l.total, extras: l.extras })),
  };

  const outcome = await ctx.db.transaction(async (tx) => {
    // the day's number with the order (server/orders/number.ts: the counter first, as for every order)
    const ins = await tx.query<{ seq: string; day_number: number }>(
      `WITH ${dayNumberCte('$2', '$19')}
       INSERT INTO orders (id, shop_id, idempotency_key, request_hash, status, payment_method, payment_status, delivery_type, serve_at,
         customer, coupon_code, subtotal, discount, coupon_amount, deposit, delivery_fee, total, pricing, session_id, user_id, accept_advertising,
         created_at, updated_at, payment_provider, table_number, by_waiter, day_number, day)
       VALUES ($1,$2,$3,$4,$5,$6,$7,'pickup',NULL,$8,NULL,$9,$10,0,$11,0,$12,$13,$14,NULL,false,$15,$15,$16,$17,$18,(SELECT last FROM n),$19::date)
       ON CONFLICT (shop_id, idempotency_key) DO NOTHING RETURNING seq, day_number`,
      [
        orderId, config.id, t.key, t.requestHash, stored.status, method, stored.payment_status, JSON.stringify(customer),
        stored.subtotal, stored.discount, stored.deposit, stored.total, JSON.stringify(pricingSummary(breakdown)), p.sessionId,
        now.toISOString(), stored.payment_provider, table, t.waiter, shopTime(config, now).date,
      ],
    );
    const seq = ins.rows[0]?.seq;
    // a concurrent submission with the same key won: roll back (the day counter too)
    if (!seq) throw new OrderKeyTaken();
    stored.day_number = Number(ins.rows[0].day_number);
    await insertOrderLines(tx, seq, lines);
    const booked: BookedRefund[] = [];
    for (const r of refunds) booked.push(await bookRefund(tx, config.id, table, seq, r));
    stored.seq = String(seq);
    await queueOrderNotifications(tx, ctx, config.id, stored, booked);
    return { seq };
  }).catch((e: unknown) => {
    if (e instanceof OrderKeyTaken) return { seq: null };
    throw e;
  });
  if (!outcome.seq) {
    // a concurrent submission with the same key (a double tap) won: answer like it
    const again = await findByKey(ctx.db, config.id, t.key, t.requestHash);
    if (again) return { replayed: true, body: again };
    throw new HttpError(409, 'conflict', 'Die Bestellung wird bereits bearbeitet.');
  }
  opts.kick?.();
  return { replayed: false, body: orderResponse(stored) };
}

/**
 * One refund, inside the booking's transaction. SELECT … FOR UPDATE takes the line's row lock (a
 * concurrent refund of the same line waits) and the shared refund rule checks the amount against what
 * is left; the conditional UPDATE re-checks `refunded + amount <= total`, and the CHECK constraint on
 * order_lines is the last word.
 */
async function bookRefund(tx: DbQuery, shopId: string, table: number, refundSeq: string, r: RefundRequest): Promise<BookedRefund> {
  const { rows: line } = await tx.query<{ refundable: number }>(
    `SELECT l.total - l.refunded AS refundable FROM order_lines l JOIN orders o ON o.seq = l.order_seq
      WHERE o.id = $1 AND l.position = $2 AND o.shop_id = $3 AND o.table_number = $4 AND o.table_cleared_at IS NULL
      FOR UPDATE OF l`,
    [r.orderId, r.position, shopId, table],
  );
  if (!line[0]) throw new HttpError(404, 'item_not_found', 'Diesen Artikel gibt es an diesem Tisch nicht.');
  if (refundAmountProblem(r.amount, Math.max(0, Number(line[0].refundable)))) throw refundError();
  let rows: { order_seq: string; position: number; name: string }[];
  try {
    ({ rows } = await tx.query<{ order_seq: string; position: number; name: string }>(
      `UPDATE order_lines l SET refunded = l.refunded + $1
         FROM orders o
        WHERE l.order_seq = o.seq AND o.id = $2 AND l.position = $3 AND o.shop_id = $4 AND o.table_number = $5
          AND o.table_cleared_at IS NULL AND o.payment_status IN ('paid', 'on_delivery') AND l.refunded + $1 <= l.total
        RETURNING l.order_seq, l.position, l.name`,
      [r.amount, r.orderId, r.position, shopId, table],
    ));
  } catch (e) {
    if ((e as { code?: string }).code === '23514') throw refundError();
    throw e;
  }
  // the guard in the UPDATE (and the CHECK constraint) stay the last word; an unpaid line lands here too
  if (!rows[0]) throw refundError();
  await tx.query(
    'INSERT INTO table_refunds (shop_id, table_number, refund_order_seq, item_order_seq, item_position, amount) VALUES ($1, $2, $3, $4, $5, $6)',
    [shopId, table, refundSeq, rows[0].order_seq, rows[0].position, r.amount],
  );
  return { name: rows[0].name, amount: r.amount };
}

/** GET /dineintable/{table}: one group per booking; refunds are items with a negative price (euro on the wire). */
export async function readTable(q: DbQuery, shopId: string, table: number): Promise<TableData & { total: number }> {
  const { rows } = await q.query<{ id: string; seq: string; position: number | null; item_id: string | null; size_id: string | null; name: string | null; amount: number | null; total: number | null; refunded: number | null }>(
    `SELECT o.id, o.seq, l.position, l.item_id, l.size_id, l.name, l.amount, l.total, l.refunded
       FROM orders o LEFT JOIN order_lines l ON l.order_seq = o.seq AND l.kind <> 'free'
      WHERE o.shop_id = $1 AND o.table_number = $2 AND o.table_cleared_at IS NULL AND o.payment_status IN ('paid', 'on_delivery')
      ORDER BY o.seq, l.position`,
    [shopId, table],
  );
  const { rows: refunds } = await q.query<{ id: string; refund_order_seq: string; amount: number; name: string }>(
    `SELECT r.id, r.refund_order_seq, r.amount, l.name
       FROM table_refunds r JOIN orders o ON o.seq = r.refund_order_seq
       JOIN order_lines l ON l.order_seq = r.item_order_seq AND l.position = r.item_position
      WHERE r.shop_id = $1 AND r.table_number = $2 AND o.table_cleared_at IS NULL
      ORDER BY r.id`,
    [shopId, table],
  );
  const groups = new Map<string, { id: string; items: TableData['groups'][number]['items'] }>();
  const bySeq = new Map<string, string>();
  for (const r of rows) {
    bySeq.set(String(r.seq), r.id);
    if (!groups.has(r.id)) groups.set(r.id, { id: r.id, items: [] });
    if (r.position === null) continue;
    groups.get(r.id)!.items.push({
      id: `${r.id}.${r.position}`, amount: r.amount!, dishName: r.name!, price: r.total!, refunded: r.refunded!, dishId: r.item_id, sizeId: r.size_id,
    });
  }
  for (const r of refunds) {
    const gid = bySeq.get(String(r.refund_order_seq));
    if (!gid) continue;
    groups.get(gid)!.items.push({ id: `refund-${r.id}`, amount: 1, dishName: `Storno: ${r.name}`, price: -r.amount, refunded: 0, dishId: null, sizeId: null });
  }
  const list = [...groups.values()].filter((g) => g.items.length > 0);
  const total = list.reduce((s, g) => s + g.items.reduce((t, i) => t + i.price, 0), 0);
  return { table, groups: list, total };
}


/** The wire form: money in euro. */
export function tableAnswer(d: TableData & { total: number }) {
  return {
    table: d.table,
    total: centsToEuro(d.total),
    groups: d.groups.map((g) => ({ id: g.id, items: g.items.map((i) => ({ ...i, price: centsToEuro(i.price), refunded: centsToEuro(i.refunded) })) })),
  };
}

export async function clearTable(q: DbQuery, shopId: string, table: number, now: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH c AS (UPDATE orders SET table_cleared_at = $3 WHERE shop_id = $1 AND table_number = $2 AND table_cleared_at IS NULL RETURNING 1)
     SELECT count(*)::int AS n FROM c`,
    [shopId, table, now.toISOString()],
  );
  return rows[0]?.n ?? 0;
}
