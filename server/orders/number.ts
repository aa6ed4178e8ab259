// The short order number ('Nr. 42'): counts per shop and day (shop-local date), taken in the
// order's own transaction. The counter row's lock serialises concurrent orders of one shop, and a
// rolled-back order gives its number back with the transaction.

/**
 * The CTE `n` (one row, `last`: the order's number) that takes the shop's next number of the day;
 * `shop` and `day` are the statement's parameter references ('$2'). The order's INSERT reads it as
 * `(SELECT last FROM n)`: counter, order and lines in one statement, one round trip per order
 * (docs/benchmarks.md). The counter is taken even when the order's INSERT finds its idempotency
 * key taken (ON CONFLICT DO NOTHING): the caller then rolls the transaction back (OrderKeyTaken),
 * so no number is lost — or, a statement sent alone (a plain cash order, placeOrder), its INSERT
 * without ON CONFLICT fails on the key and the whole statement is undone with it. Every order path takes the counter before the order's key: one lock order.
 */
export function dayNumberCte(shop: string, day: string): string {
  return `n AS (
       INSERT INTO order_day_numbers (shop_id, day, last) VALUES (${shop}, ${day}::date, 1)
       ON CONFLICT (shop_id, day) DO UPDATE SET last = order_day_numbers.last + 1 RETURNING last)`;
}

/** The UNIQUE (shop_id, idempotency_key) of orders (server/migrations/002_orders.sql, PostgreSQL's name for it). */
export const ORDER_KEY_CONSTRAINT = 'orders_shop_id_idempotency_key_key';

/** Thrown inside the order's transaction when a concurrent submission with the same key won: rolls back the day counter. */
export class OrderKeyTaken extends Error {
  constructor() {
    super('order key taken');
    this.name = 'OrderKeyTaken';
  }
}
