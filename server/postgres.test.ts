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
});
