// The parts of a graceful shutdown (server/shutdown.ts) that need no process of their own: the deadline's
// variable, the outbox worker's and the order watch's stop (they finish their run and leave nothing claimed).
import { afterEach, describe, expect, it } from '@jest/globals';
import type { OrderWatch } from './app';
import { enqueueMail, type MailTransport } from './outbox/mail';
import type { OrderService } from './routes/order';
import { SHUTDOWN_TIMEOUT_MS, shutdownTimeoutOf } from './shutdown';
import { WATCH_LEASE } from './staff/watch';
import { createTestServer, type TestServer } from './testing';
import { createStaffTestServer, JSON_HEADERS } from './testingStaff';
import { cashPickupForm, pickupSubmission } from './testingProcesses';

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('is 10 s unless set; whole milliseconds from 0 to 600000', () => {
    expect(SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(shutdownTimeoutOf(undefined)).toBe(10_000);
    expect(shutdownTimeoutOf('')).toBe(10_000);
    expect(shutdownTimeoutOf('1500')).toBe(1500);
    expect(shutdownTimeoutOf('0')).toBe(0);
    expect(shutdownTimeoutOf('600000')).toBe(600_000);
  });

  it.each(['10s', '-1', '1.5', '600001', 'abc', '1e4'])('refuses %p with a line that says what is expected', (value) => {
    expect(() => shutdownTimeoutOf(value)).toThrow(`SHUTDOWN_TIMEOUT_MS: expected whole milliseconds from 0 to 600000 (e.g. 10000), got '${value}'`);
  });
});

describe('the background work stops without leaving anything claimed', () => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('the outbox worker\'s stop waits for the mail being sent and gives back the claimed mails not yet sent', async () => {
    let release!: () => void;
    const sent: string[] = [];
    let sending = false;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(m) {
        sending = true;
        await new Promise<void>((r) => (release = r));
        sent.push(m.subject);
      },
    };
    let service!: OrderService;
    s = await createTestServer({ orders: { mailTransport: transport }, onOrderService: (o) => void (service = o) });
    await enqueueMail(s.db, { to: 'a@example.de', subject: 'Erste', text: '1', dedupeKey: 'stop-1' });
    await enqueueMail(s.db, { to: 'b@example.de', subject: 'Zweite', text: '2', dedupeKey: 'stop-2' });
    const stop = service.startWorker(3_600_000);
    while (!sending) await new Promise((r) => setTimeout(r, 5));
    // both are claimed by the run under way, the first is with the (slow) mail server
    const claimed = await s.db.query<{ dedupe_key: string; status: string }>('SELECT dedupe_key, status FROM outbox_mails ORDER BY id');
    expect(claimed.rows).toEqual([{ dedupe_key: 'stop-1', status: 'sending' }, { dedupe_key: 'stop-2', status: 'sending' }]);

    const stopped = stop();
    release();
    await stopped;
    const { rows } = await s.db.query<{ dedupe_key: string; status: string; attempts: number; claimed_by: string | null }>(
      'SELECT dedupe_key, status, attempts, claimed_by FROM outbox_mails ORDER BY id',
    );
    expect(sent).toEqual(['Erste']);
    expect(rows).toEqual([
      { dedupe_key: 'stop-1', status: 'sent', attempts: 1, claimed_by: null },
      // given back untried: the next process sends it at once, its attempt not counted
      { dedupe_key: 'stop-2', status: 'pending', attempts: 0, claimed_by: null },
    ]);
  });

  it('the order watch\'s stop waits for its round and gives its lease back (the next process takes it at once)', async () => {
    let watch!: OrderWatch;
    s = await createTestServer({ onOrderWatch: (w) => void (watch = w) });
    const stop = watch.start({ intervalMs: 3_600_000, deviceWatch: false });
    const lease = async () => (await s!.db.query<{ name: string }>('SELECT name FROM leases WHERE name = $1', [WATCH_LEASE])).rows;
    // the first round starts at once and takes the lease
    while ((await lease()).length === 0) await new Promise((r) => setTimeout(r, 5));
    await stop();
    expect(await lease()).toEqual([]);
  });
});

describe('the process\'s shutdown signal (ServerContext.shutdown)', () => {
  it('turns /readyz to 503 at once (/healthz stays 200) and ends the open event streams cleanly, the device\'s row with its stream', async () => {
    const shutdown = new AbortController();
    const s = await createStaffTestServer({ shutdown: shutdown.signal });
    try {
      expect((await s.app.request('/readyz')).status).toBe(200);
      const placed = await s.app.request('/api/shop/demo/order', {
        method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': 'shutdown-signal-1' }, body: JSON.stringify(pickupSubmission(cashPickupForm('Signal Gast', 'signal@example.de'))),
      });
      expect(placed.status).toBe(201);
      const { id } = ((await placed.json()) as { order: { id: string } }).order;
      /** reads a stream until `first`, then returns a function that reads it to its end */
      const open = async (res: Response, first: string) => {
        const reader = res.body!.getReader();
        let text = '';
        while (!text.includes(first)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`ended before ${first}`);
          text += new TextDecoder().decode(value);
        }
        return async () => {
          for (;;) if ((await reader.read()).done) return;
        };
      };
      const staffEnd = await open(await s.req('/api/staff/demo/events', { as: 'owner' }), 'event: orders');
      const guestEnd = await open(await s.app.request(`/api/shop/demo/status/${id}/events`), 'event: status');
      const devices = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_streams')).rows[0].n;
      expect(await devices()).toBe(1);

      shutdown.abort();
      const ready = await s.app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('Retry-After')).toBe('5');
      expect(await ready.json()).toEqual({
        status: 'draining', message: 'Der Server wird gerade beendet und nimmt keine neuen Anfragen mehr an. Bitte gleich noch einmal versuchen.',
      });
      expect((await s.app.request('/healthz')).status).toBe(200);
      await staffEnd();
      await guestEnd();
      expect(await devices()).toBe(0);
    } finally {
      await s.close();
    }
  });
});
