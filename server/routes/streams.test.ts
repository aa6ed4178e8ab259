// The event streams end with their client (server/sse.ts): the staff device's stream and the guest's
// success page stream leave no heartbeat timer behind when the client goes away, and a device that
// goes away before its stream is set up does not stay counted as connected.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb } from '../db';
import { createEventHub, type EventHub } from '../staff/events';
import { createStaffTestServer, JSON_HEADERS, type StaffTestServer } from '../testingStaff';
import { cashPickupForm, pickupSubmission } from '../testingProcesses';
import { until, watchTimers } from '../testingTimers';

/** the staff stream's heartbeat in this test: a length no other timer of the app has */
const HEARTBEAT_MS = 3_456_789;
/** the guest stream's heartbeat (fixed in routes/order.ts) */
const GUEST_HEARTBEAT_MS = 15_000;

/** Reads a server-sent event stream as text until `pred` holds. */
function streamOf(res: Response) {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  return {
    reader,
    async until(pred: (b: string) => boolean) {
      while (!pred(buf)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buf += dec.decode(value);
      }
    },
  };
}

describe('event streams end with their client', () => {
  let s: StaffTestServer;
  let hub: EventHub;
  /** while set, the staff stream's subscription waits for it (the handler is held before its set-up) */
  let held: Promise<void> | null = null;
  let unsubscribed = 0;

  beforeAll(async () => {
    const db = await openDb();
    const real = createEventHub(db);
    hub = {
      ...real,
      async subscribeShop(shopId, fn) {
        if (held) await held;
        const off = await real.subscribeShop(shopId, fn);
        return () => {
          unsubscribed++;
          off();
        };
      },
    };
    s = await createStaffTestServer({ db, events: hub, staff: { heartbeatMs: HEARTBEAT_MS } });
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
    await s?.close();
  });

  const devices = async () => Number((await s.db.query<{ n: string | number }>('SELECT count(*) AS n FROM staff_streams')).rows[0].n);

  it("a staff device's stream: its heartbeat timer goes when the device goes away", async () => {
    const timers = watchTimers(HEARTBEAT_MS);
    try {
      const ac = new AbortController();
      const { reader, until: read } = streamOf(await s.req('/api/staff/demo/events', { as: 'owner', signal: ac.signal }));
      await read((b) => b.includes('event: orders'));
      // the stream waits for its next heartbeat: the timer the test watches
      await until(() => timers.pending() === 1);
      expect(await devices()).toBe(1);
      ac.abort();
      await reader.cancel().catch(() => undefined);
      await until(() => timers.pending() === 0);
      await until(async () => (await devices()) === 0);
    } finally {
      timers.stop();
    }
  });

  it("the guest's order stream: its heartbeat timer goes when the page goes away", async () => {
    const placed = await s.app.request('/api/shop/demo/order', {
      method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': 'streams-guest-1' }, body: JSON.stringify(pickupSubmission(cashPickupForm('Strom Gast', 'strom@example.de'))),
    });
    expect(placed.status).toBe(201);
    const { id } = ((await placed.json()) as { order: { id: string } }).order;
    const timers = watchTimers(GUEST_HEARTBEAT_MS);
    try {
      const ac = new AbortController();
      const { reader, until: read } = streamOf(await s.app.request(`/api/shop/demo/status/${id}/events`, { signal: ac.signal }));
      await read((b) => b.includes('event: status'));
      await until(() => timers.pending() === 1);
      ac.abort();
      await reader.cancel().catch(() => undefined);
      await until(() => timers.pending() === 0);
    } finally {
      timers.stop();
    }
  });

  it('a device that goes away before its stream is set up is not counted as connected, and its stream ends', async () => {
    let release!: () => void;
    held = new Promise<void>((r) => (release = r));
    const timers = watchTimers(HEARTBEAT_MS);
    try {
      const before = unsubscribed;
      const res = await s.req('/api/staff/demo/events', { as: 'owner' });
      // the device is gone while the handler still waits for its subscription
      await res.body!.cancel();
      held = null;
      release();
      // the handler went on, saw the device gone and undid its subscription …
      await until(() => unsubscribed === before + 1);
      // … and its device row
      await until(async () => (await devices()) === 0);
      expect(timers.pending()).toBe(0);
    } finally {
      timers.stop();
      held = null;
    }
  });
});
