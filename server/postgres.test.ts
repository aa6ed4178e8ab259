// Runs only with TEST_DATABASE_URL (a throwaway PostgreSQL): the same SQL through `pg`.
import { describe, expect, it } from '@jest/globals';
import { openDb } from './db';
import { createTestServer } from './testing';

const url = process.env.TEST_DATABASE_URL;

(url ? describe : describe.skip)('PostgreSQL via DATABASE_URL', () => {
  it('migrates, seeds and answers coupon and tracking calls', async () => {
    const db = await openDb({ databaseUrl: url });
    await db.exec('DROP TABLE IF EXISTS coupons, events, tracking_visits, tracking_events, schema_migrations');
    const s = await createTestServer({ db });
    const coupon = await s.app.request('/api/shop/demo/validate_coupon?code=fuenfer');
    expect(await coupon.json()).toEqual({ code: 'FUENFER', type: 'value', value: 500, minimumOrderValue: 2000 });
    expect((await s.app.request('/api/shop/demo/validate_coupon?code=SOMMER2025')).status).toBe(404);
    expect((await s.app.request('/api/shop/demo/coupon_reservation/check/0170%201234567')).status).toBe(200);
    const ev = await s.app.request('/api/platform/event', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 't', action: 'a', context: { x: [1, 'y\u0000'] } }),
    });
    expect(ev.status).toBe(200);
    // a second start re-applies nothing and upserts the coupons again
    const again = await createTestServer({ db });
    expect((await again.app.request('/api/shop/demo/validate_coupon?code=TREUE15')).status).toBe(200);
    await db.close();
  }, 60_000);

  it('a pooled connection the database closed while idle is replaced: the next query, transaction and exec are answered', async () => {
    const db = await openDb({ databaseUrl: url, poolMax: 4, logError: () => undefined });
    const admin = await openDb({ databaseUrl: url, poolMax: 1 });
    const mine = async () =>
      (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')).rows[0].pid;
    for (const work of [
      () => db.query<{ one: number }>('SELECT 1 AS one').then((r) => r.rows[0].one),
      () => db.transaction(async (tx) => (await tx.query<{ one: number }>('SELECT 1 AS one')).rows[0].one),
      () => db.exec('SELECT 1; SELECT 2').then(() => 1),
    ]) {
      for (let round = 0; round < 5; round++) {
        // four idle connections in the pool, then the database ends all of them
        const pids = await Promise.all([mine(), mine(), mine(), mine()]);
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
        expect(await work()).toBe(1);
      }
    }
    await admin.close();
    await db.close();
  }, 60_000);
});
