// Two server processes on one PostgreSQL, both running the order watch every 200 ms: orders paid
// online and left unanswered past the answer time are refused and refunded exactly once each
// (the lease, the order's row lock, the refund claim), and the owner gets one mail per order.
// Runs only from .ci/postgres-tests.sh (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPgDatabase } from '../testingPg';
import { cashPickupForm, pickupSubmission, startServerProcesses, waitFor, type ServerProcesses } from '../testingProcesses';

const base = process.env.TEST_DATABASE_URL;
const WATCH_INTERVAL_MS = 200;
let keySeq = 0;

(base ? describe : describe.skip)('the order watch in two server processes on one PostgreSQL', () => {
  let c: ServerProcesses;

  beforeAll(async () => {
    const url = await freshPgDatabase(base!, 'tischlein_watch_test');
    c = await startServerProcesses(2, 'watch', { DATABASE_URL: url, ORDER_WATCH_INTERVAL_MS: String(WATCH_INTERVAL_MS), SIMULATED_PAYMENT_SECRET: 'watch-test-sim-secret' });
  }, 200_000);
  afterAll(async () => c?.stop(), 30_000);

  const paidOrder = async (b: string) => {
    const res = await fetch(`${b}/api/shop/demo/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `watch-${process.pid}-${++keySeq}` },
      body: JSON.stringify(pickupSubmission({ ...cashPickupForm('Wartet Lange', 'lange@example.de'), paymentMethod: 'PayPal_Rest' })),
    });
    const body = (await res.json()) as { order?: { id: string } };
    expect([res.status, body]).toEqual([201, body]);
    const id = body.order!.id;
    const prep = (await (await fetch(`${b}/api/shop/demo/payment/${id}/PayPal_Rest`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { url: string };
    const confirmed = await fetch(`${b}${new URL(prep.url).pathname}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(confirmed.status).toBeLessThan(400);
    return id;
  };

  it('refuses and refunds each unanswered order once, whichever process holds the lease', async () => {
    const ids = [await paidOrder(c.bases[0]), await paidOrder(c.bases[1]), await paidOrder(c.bases[0]), await paidOrder(c.bases[1])];
    await waitFor('the orders in the inbox', 10_000, async () => {
      const { rows } = await c.admin.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND inbox_at IS NOT NULL', [ids]);
      return Number(rows[0].n) === ids.length ? true : undefined;
    });
    // the answer time has passed for all of them (the shop's default: 8 minutes)
    await c.admin.query("UPDATE orders SET inbox_at = now() - interval '9 minutes' WHERE id = ANY($1)", [ids]);
    await waitFor('the refusals', 20_000, async () => {
      const { rows } = await c.admin.query<{ n: string }>("SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND refund_status = 'refunded'", [ids]);
      return Number(rows[0].n) === ids.length ? true : undefined;
    });
    // a few more rounds of the watch (each renews the lease it runs under): nothing more happens
    const leaseUntil = async () => new Date((await c.admin.query<{ until: Date | string }>("SELECT until FROM leases WHERE name = 'order-watch'")).rows[0].until).getTime();
    const after = await leaseUntil();
    await waitFor('five more rounds of the watch', 20_000, async () => ((await leaseUntil()) >= after + 5 * WATCH_INTERVAL_MS ? true : undefined));
    const refunds = await c.admin.query<{ id: string; n: string }>(
      "SELECT o.id, count(e.*) AS n FROM orders o JOIN payment_events e ON e.order_seq = o.seq AND e.event = 'refunded' WHERE o.id = ANY($1) GROUP BY o.id ORDER BY o.id",
      [ids],
    );
    expect(refunds.rows.map((r) => [r.id, Number(r.n)])).toEqual([...ids].sort().map((id) => [id, 1]));
    const by = await c.admin.query<{ refused_by: string; status: string }>('SELECT DISTINCT refused_by, status FROM orders WHERE id = ANY($1)', [ids]);
    expect(by.rows).toEqual([{ refused_by: 'timeout', status: 'cancelled' }]);
    const mails = await c.admin.query<{ n: string }>("SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key LIKE 'auto-refused:%'");
    expect(Number(mails.rows[0].n)).toBe(ids.length);
    const holders = await c.admin.query<{ holder: string }>("SELECT holder FROM leases WHERE name = 'order-watch'");
    expect(holders.rows).toHaveLength(1);
  }, 90_000);
});
