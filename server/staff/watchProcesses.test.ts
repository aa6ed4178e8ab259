// Two server processes on one PostgreSQL, both running the order watch every 200 ms: orders paid
// online and left unanswered past the answer time are refused and refunded exactly once each
// (the lease, the order's row lock, the refund claim), and the owner gets one mail per order.
// Runs only from .ci/postgres-tests.sh (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../db';
import { SERVER_DIR } from '../here';
import { serveArgs } from '../testing';
import { freshPgDatabase } from '../testingPg';
import { cashPickupForm, freePort, GRILL_ITEM, waitFor } from '../testingProcesses';

const base = process.env.TEST_DATABASE_URL;
const ROOT = join(SERVER_DIR, '..');
let keySeq = 0;

(base ? describe : describe.skip)('the order watch in two server processes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const outputs: string[] = ['', ''];
  const bases: string[] = [];
  let tmp = '';
  let url = '';
  let admin: Db | null = null;

  const start = async (i: number) => {
    const port = await freePort();
    bases[i] = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, serveArgs(), {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: url, PORT: String(port), EXAMPLES_PORT: String(await freePort()), NODE_ENV: 'test',
        ORDER_WATCH_INTERVAL_MS: '200', SIMULATED_PAYMENT_SECRET: 'watch-test-sim-secret',
        OUTBOX_DIR: join(tmp, `outbox${i}`), TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'), TISCHLEIN_DIST: join(tmp, 'no-dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[i] = child;
    child.stdout!.on('data', (d) => (outputs[i] += String(d)));
    child.stderr!.on('data', (d) => (outputs[i] += String(d)));
    await waitFor(`server ${i} to listen`, 90_000, async () => (/outbox: /.test(outputs[i]) ? true : child.exitCode === null ? undefined : Promise.reject(new Error(outputs[i]))));
  };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'tischlein-watch-'));
    url = await freshPgDatabase(base!, 'tischlein_watch_test');
    await start(0);
    await start(1);
    admin = await openDb({ databaseUrl: url, poolMax: 1 });
  }, 200_000);

  afterAll(async () => {
    await admin?.close().catch(() => undefined);
    for (const c of children) if (c && c.exitCode === null) c.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  const paidOrder = async (b: string) => {
    const res = await fetch(`${b}/api/shop/demo/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `watch-${process.pid}-${++keySeq}` },
      body: JSON.stringify({
        formValues: { ...cashPickupForm('Wartet Lange', 'lange@example.de'), paymentMethod: 'PayPal_Rest' }, orderItems: [GRILL_ITEM], couponCode: null,
        sessionId: 's1', userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false,
        skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
      }),
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
    const ids = [await paidOrder(bases[0]), await paidOrder(bases[1]), await paidOrder(bases[0]), await paidOrder(bases[1])];
    await waitFor('the orders in the inbox', 10_000, async () => {
      const { rows } = await admin!.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND inbox_at IS NOT NULL', [ids]);
      return Number(rows[0].n) === ids.length ? true : undefined;
    });
    // the answer time has passed for all of them (the shop's default: 8 minutes)
    await admin!.query("UPDATE orders SET inbox_at = now() - interval '9 minutes' WHERE id = ANY($1)", [ids]);
    await waitFor('the refusals', 20_000, async () => {
      const { rows } = await admin!.query<{ n: string }>("SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND refund_status = 'refunded'", [ids]);
      return Number(rows[0].n) === ids.length ? true : undefined;
    });
    // a few more rounds of both processes: nothing more happens
    await new Promise((r) => setTimeout(r, 1000));
    const refunds = await admin!.query<{ id: string; n: string }>(
      "SELECT o.id, count(e.*) AS n FROM orders o JOIN payment_events e ON e.order_seq = o.seq AND e.event = 'refunded' WHERE o.id = ANY($1) GROUP BY o.id ORDER BY o.id",
      [ids],
    );
    expect(refunds.rows.map((r) => [r.id, Number(r.n)])).toEqual([...ids].sort().map((id) => [id, 1]));
    const by = await admin!.query<{ refused_by: string; status: string }>('SELECT DISTINCT refused_by, status FROM orders WHERE id = ANY($1)', [ids]);
    expect(by.rows).toEqual([{ refused_by: 'timeout', status: 'cancelled' }]);
    const mails = await admin!.query<{ n: string }>("SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key LIKE 'auto-refused:%'");
    expect(Number(mails.rows[0].n)).toBe(ids.length);
    const holders = await admin!.query<{ holder: string }>("SELECT holder FROM leases WHERE name = 'order-watch'");
    expect(holders.rows).toHaveLength(1);
  }, 90_000);
});
