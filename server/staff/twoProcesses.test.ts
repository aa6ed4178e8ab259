// Two server processes on one PostgreSQL: an order placed through one rings a staff device whose
// event stream is connected to the other (LISTEN/NOTIFY); and after the listening connection is
// killed, the stream gets a fresh list and, once the process listens again, the next order rings too.
// The test waits for each order's own 'order' event, bounded only by its timeout: a stream sends that
// event only for what its process's LISTEN connection hears (server/staff/events.ts), and the order
// was placed in the other process, so it crossed by NOTIFY. (A fresh list, 'orders', would show it
// without NOTIFY.)
// The test has a database of its own and looks only at that database's connections: the cluster of
// .ci/postgres-tests.sh is shared with test files running at the same time, and one of them
// (orderStatements.test.ts) listens on the same channel in its own database. Scanning the whole
// cluster, this test could kill that listener (whose test then waits for its lost events until its
// timeout), or wait for "exactly one listener" while the other one was there (docs/decisions.md).
// Runs only from .ci/postgres-tests.sh (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_STAFF } from './demo';
import { EVENTS_CHANNEL } from './events';
import { freshPgDatabase } from '../testingPg';
import { cashPickupForm, pickupSubmission, startServerProcesses, staffLogin, type ServerProcesses } from '../testingProcesses';

const base = process.env.TEST_DATABASE_URL;
let keySeq = 0;

/** Polls `check` until it returns a value other than undefined; no bound but the test's timeout. */
async function poll<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

(base ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  let c: ServerProcesses;
  /** what the test waits for now: printed with the processes' output if it does not get there */
  let stage = 'start';

  beforeAll(async () => {
    const url = await freshPgDatabase(base!, 'tischlein_two_test');
    c = await startServerProcesses(2, 'two', { DATABASE_URL: url });
  }, 200_000);
  afterAll(async () => {
    if (stage !== 'done' && c) console.error(`twoProcesses: stopped while waiting for ${stage}\n${c.servers.map((s, i) => `--- process ${i}:\n${s.output()}`).join('\n')}`);
    await c?.stop();
  }, 30_000);

  const order = async (b: string) => {
    const res = await fetch(`${b}/api/shop/demo/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `two-${process.pid}-${++keySeq}` },
      body: JSON.stringify(pickupSubmission(cashPickupForm('Zwei Prozesse', 'zwei@example.de'))),
    });
    const body = (await res.json()) as { order?: { id: string } };
    expect([res.status, body]).toEqual([201, body]);
    return body.order!.id;
  };

  /** this database's connections that have listened on the events channel (and are idle: LISTEN has completed) */
  const listeners = async () =>
    (
      await c.admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND state = 'idle' AND pid <> pg_backend_pid() ORDER BY pid",
        [`LISTEN ${EVENTS_CHANNEL}`],
      )
    ).rows.map((r) => r.pid);

  it('an order through process A rings the stream on process B, also after B lost its listening connection', async () => {
    const cookie = await staffLogin(c.bases[1], 'demo', DEMO_STAFF.email, DEMO_STAFF.password);
    const ac = new AbortController();
    const res = await fetch(`${c.bases[1]}/api/staff/demo/events`, { headers: { Cookie: cookie }, signal: ac.signal });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    const until = async (what: string, pred: () => boolean) => {
      stage = what;
      while (!pred()) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended while waiting for ${what}`);
        buf += dec.decode(value, { stream: true });
      }
    };
    /** the stream's complete events so far: `event` and `data` of each */
    const events = () =>
      buf.split('\n\n').slice(0, -1).map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n'),
      }));
    const orderEvent = (id: string) => events().find((e) => e.event === 'order' && e.data.includes(`"id":"${id}"`));

    await until("the stream's first list", () => buf.includes('event: orders'));
    // B listens (a process listens once a stream subscribes: A has none)
    const killed = await listeners();
    expect(killed).toHaveLength(1);
    const id = await order(c.bases[0]);
    await until("the first order's event", () => orderEvent(id) !== undefined);
    expect(orderEvent(id)!.data).toContain('"kind":"placed"');

    // B's LISTEN connection dies: B sends a fresh list at once and listens again on a new connection
    const before = buf.length;
    await c.admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [killed]);
    await until('the fresh list after the loss', () => buf.slice(before).includes('event: orders'));
    // (an order placed before B listens again reaches B's stream in the list sent once it is back,
    // not as its own event: the next order waits for B's new LISTEN connection)
    stage = "B's new LISTEN connection";
    const relistened = await poll(async () => {
      const now = await listeners();
      return now.length && now.every((pid) => !killed.includes(pid)) ? now : undefined;
    });
    expect(relistened).toHaveLength(1);
    const id2 = await order(c.bases[0]);
    await until("the second order's event", () => orderEvent(id2) !== undefined);
    expect(orderEvent(id2)!.data).toContain('"kind":"placed"');
    stage = 'done';
    ac.abort();
    await reader.cancel().catch(() => undefined);
  }, 60_000);
});
