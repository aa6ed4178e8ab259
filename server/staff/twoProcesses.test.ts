// Two server processes on one PostgreSQL: an order placed through one rings a staff
// device whose event stream is connected to the other (LISTEN/NOTIFY), within 2 s; and after the
// listening connection is killed, the stream gets a fresh list and the next order again.
// Runs only from .ci/postgres-tests.sh (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_STAFF } from './demo';
import { cashPickupForm, pickupSubmission, startServerProcesses, staffLogin, type ServerProcesses } from '../testingProcesses';

const url = process.env.TEST_DATABASE_URL;
let keySeq = 0;

(url ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  let c: ServerProcesses;

  beforeAll(async () => {
    c = await startServerProcesses(2, 'two', { DATABASE_URL: url! });
  }, 200_000);
  afterAll(async () => c?.stop(), 30_000);

  const order = async (base: string) => {
    const res = await fetch(`${base}/api/shop/demo/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `two-${process.pid}-${++keySeq}` },
      body: JSON.stringify(pickupSubmission(cashPickupForm('Zwei Prozesse', 'zwei@example.de'))),
    });
    const body = (await res.json()) as { order?: { id: string } };
    expect([res.status, body]).toEqual([201, body]);
    return body.order!.id;
  };

  it('an order through process A rings the stream on process B within 2 s, also after B lost its listening connection', async () => {
    const cookie = await staffLogin(c.bases[1], 'demo', DEMO_STAFF.email, DEMO_STAFF.password);
    const ac = new AbortController();
    const res = await fetch(`${c.bases[1]}/api/staff/demo/events`, { headers: { Cookie: cookie }, signal: ac.signal });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    const until = async (pred: () => boolean) => {
      while (!pred()) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buf += dec.decode(value);
      }
    };
    await until(() => buf.includes('event: orders'));
    const t0 = Date.now();
    const id = await order(c.bases[0]);
    await until(() => buf.includes(`"id":"${id}"`));
    expect(Date.now() - t0).toBeLessThan(2000);

    // B's LISTEN connection dies: it reconnects, sends a fresh list, and hears the next order
    await c.admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN tischlein_events%' AND pid <> pg_backend_pid()");
    const before = buf.length;
    await until(() => buf.slice(before).includes('event: orders'));
    const id2 = await order(c.bases[0]);
    await until(() => buf.includes(`"id":"${id2}"`));
    ac.abort();
    await reader.cancel().catch(() => undefined);
  }, 60_000);
});
