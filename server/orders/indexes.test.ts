// What an order writes besides its rows (migration 036): an index entry per index of each row. The
// payment's reference and the guest's account are empty in most orders; their indexes hold only
// the orders that have one, and the look-ups that read them still find them there.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { freshPgDatabase } from '../testingPg';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The plan's text (EXPLAIN, seq scans off: the index is taken whenever it can serve the statement). */
async function planOf(db: Db, sql: string, params: unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

for (const backend of backends) {
  describe(`an order's indexes on ${backend}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_indexes_test'), poolMax: 3 }) : await openDb();
      await migrate(db);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    it('the payment reference and the account are indexed only where an order has one', async () => {
      const { rows } = await db.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders' AND indexname IN ('orders_payment_ref', 'orders_account') ORDER BY indexname",
      );
      expect(rows.map((r) => r.indexname)).toEqual(['orders_account', 'orders_payment_ref']);
      // before: every order added an entry to both (a cash order's NULLs too)
      expect(rows[0].indexdef).toMatch(/WHERE \(account_id IS NOT NULL\)$/);
      expect(rows[1].indexdef).toMatch(/WHERE \(payment_ref IS NOT NULL\)$/);
    });

    it('the look-ups by payment reference and by account still read their index', async () => {
      // server/orders/payment.ts (a provider's webhook) and server/routes/account.ts (the guest's orders)
      expect(await planOf(db, 'SELECT seq FROM orders WHERE payment_provider = $1 AND payment_ref = $2 FOR UPDATE', ['stripe', 'cs_1'])).toMatch(/Index Scan using orders_payment_ref/);
      expect(await planOf(db, 'SELECT seq FROM orders WHERE account_id = $1 ORDER BY seq DESC LIMIT 50', ['acc-1'])).toMatch(/orders_account/);
    });

    it('the outbox keeps its due index on PostgreSQL only (PGlite claims through the open rows\' index)', async () => {
      const { rows } = await db.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'outbox_mails' AND indexname IN ('outbox_mails_due', 'outbox_mails_open') ORDER BY indexname",
      );
      expect(rows.map((r) => r.indexname)).toEqual(backend === 'pglite' ? ['outbox_mails_open'] : ['outbox_mails_due']);
    });
  });
}
