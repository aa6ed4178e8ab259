// The short order number ('Nr. 42'): counts per shop and day (shop-local date), taken in the
// order's own transaction. The counter row's lock serialises concurrent orders of one shop, and a
// rolled-back order gives its number back with the transaction.
import type { DbQuery } from '../db';

export async function assignDayNumber(tx: DbQuery, shopId: string, seq: string | number, day: string): Promise<number> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO order_day_numbers (shop_id, day, last) VALUES ($1, $2, 1)
     ON CONFLICT (shop_id, day) DO UPDATE SET last = order_day_numbers.last + 1 RETURNING last`,
    [shopId, day],
  );
  const n = Number(rows[0].last);
  await tx.query('UPDATE orders SET day_number = $2, day = $3 WHERE seq = $1', [seq, n, day]);
  return n;
}
