// The short order number ('Nr. 42'): counts per shop and day (shop-local date), taken in the
// order's own transaction. The counter row's lock serialises concurrent orders of one shop, and a
// rolled-back order gives its number back with the transaction.
import type { DbQuery } from '../db';

// One statement (one round trip while the counter row is locked): the counter, then the order row
// (inserted by an earlier statement of the transaction, so the UPDATE sees it).
export async function assignDayNumber(tx: DbQuery, shopId: string, seq: string | number, day: string): Promise<number> {
  const { rows } = await tx.query<{ day_number: number }>(
    `WITH n AS (
       INSERT INTO order_day_numbers (shop_id, day, last) VALUES ($1, $2, 1)
       ON CONFLICT (shop_id, day) DO UPDATE SET last = order_day_numbers.last + 1 RETURNING last)
     UPDATE orders SET day_number = n.last, day = $2 FROM n WHERE orders.seq = $3 RETURNING orders.day_number`,
    [shopId, day, seq],
  );
  if (!rows[0]) throw new Error(`order ${seq} not found for its day number`);
  return Number(rows[0].day_number);
}
