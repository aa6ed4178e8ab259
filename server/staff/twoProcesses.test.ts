// Two server processes on one PostgreSQL: an order placed through one rings a staff
// device whose event stream is connected to the other (LISTEN/NOTIFY); and after the listening
// connection is killed, the stream gets a fresh list and the next order again. The test waits for
// the order's own 'order' event, bounded only by its timeout: a stream sends that event only for
// what its process's LISTEN connection hears (server/staff/events.ts), and the order was placed in
// the other process, so it crossed by NOTIFY. (A fresh list, 'orders', would show it without NOTIFY.)
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

  it('an order through process A rings the stream on process B, also after B lost its listening connection', async () => {
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
    /** the stream's complete events so far: `event` and `data` of each */
    const events = () =>
      buf.split('\n\n').slice(0, -1).map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n'),
      }));
    const orderEvent = (id: string) => events().find((e) => e.event === 'order' && e.data.includes(`"id":"${id}"`));
    const rangFor = (id: string) => () => orderEvent(id) !== undefined;
    await until(() => buf.includes('event: orders'));
    const id = await order(c.bases[0]);
    await until(rangFor(id));
    expect(orderEvent(id)!.data).toContain('"kind":"placed"');

    // B's LISTEN connection dies: it sends a fresh list, reconnects, and hears the next order
    const listeners = async () =>
      (await c.admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN tischlein_events%' AND state = 'idle' AND pid <> pg_backend_pid()")).rows.map((r) => r.pid);
    const killed = await listeners();
    expect(killed).toHaveLength(1); // B's (a process listens once a stream subscribes: A has none)
    const before = buf.length;
    await c.admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [killed]);
    await until(() => buf.slice(before).includes('event: orders'));
    // (an order placed before B listens again would reach B's stream only in the list sent once it
    // is back, not as its own event: the next order waits for B's new LISTEN connection)
    for (;;) {
      const now = await listeners();
      if (now.length === 1 && !killed.includes(now[0])) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const id2 = await order(c.bases[0]);
    await until(rangFor(id2));
    ac.abort();
    await reader.cancel().catch(() => undefined);
  }, 60_000);
});
