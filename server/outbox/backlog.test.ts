// A burst of orders queues mails faster than one batch per kick sends them: the worker takes the next
// batch as long as the last one was full (server/routes/order.ts, kick). Before, a backlog went out at
// one batch of MAIL_BATCH per order's kick or per interval — under the order bench's load 20 mails a
// second while 600 were queued, the rest minutes later (docs/benchmarks.md, "The whole CPU budget of an order").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderService } from '../routes/order';
import { createTestServer, type TestServer } from '../testing';
import { enqueueMail, type MailTransport } from './mail';

describe('the outbox worker and a backlog', () => {
  let s: TestServer;
  let service: OrderService;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    s = await createTestServer({ onOrderService: (o) => void (service = o) });
  }, 120_000);
  afterAll(async () => {
    stop?.();
    await s?.close();
  });

  it('sends 45 queued mails in one kick (three batches: 20, 20, 5), each once', async () => {
    for (let i = 1; i <= 45; i++) {
      await enqueueMail(s.db, { to: `gast-${i}@example.de`, subject: `Ihre Bestellung Nr. ${i}`, text: 'Danke!', dedupeKey: `backlog-${i}` });
    }
    // the timer's interval far away: only the start's kick runs
    stop = service.startWorker(3_600_000);
    const counts = async () => (await s.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM outbox_mails WHERE dedupe_key LIKE 'backlog-%' GROUP BY status ORDER BY status",
    )).rows;
    // bounded by the test's timeout: with one batch per kick 25 would stay pending for the hour
    while ((await counts()).some((r) => r.status !== 'sent')) await new Promise((r) => setTimeout(r, 20));
    expect(await counts()).toEqual([{ status: 'sent', n: 45 }]);
    const attempts = await s.db.query<{ attempts: number }>("SELECT DISTINCT attempts FROM outbox_mails WHERE dedupe_key LIKE 'backlog-%'");
    expect(attempts.rows.map((r) => Number(r.attempts))).toEqual([1]);
  }, 30_000);
});

describe('an order placed while the worker runs', () => {
  let s: TestServer;
  let service: OrderService;
  let stop: (() => void) | undefined;
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  const sends: string[] = [];
  // the first mail's send waits until the test releases it: the worker's run stays under way meanwhile
  const transport: MailTransport = { kind: 'database', async send(m) { sends.push(m.subject); if (sends.length === 1) await held; } };
  beforeAll(async () => {
    s = await createTestServer({ orders: { mailTransport: transport }, onOrderService: (o) => void (service = o) });
  }, 120_000);
  afterAll(async () => {
    release();
    stop?.();
    await s?.close();
  });

  it('gets its mails rendered and sent after that run, not at the next tick of the timer', async () => {
    await enqueueMail(s.db, { to: 'vorher@example.de', subject: 'Vorher', text: 'Danke!', dedupeKey: 'kick-before' });
    // the timer's interval far away: only kicks run
    stop = service.startWorker(3_600_000);
    while (!sends.length) await new Promise((r) => setTimeout(r, 5));
    const pizza = { kind: 'dish', lineId: 'l1', dishId: 'pizza-margherita', sizeId: 'p32', memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
    const res = await s.app.request('/api/shop/demo/order', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        formValues: { salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'waehrend@example.de', phone: '0341 123456', messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '' },
        orderItems: [pizza], sessionId: 'kick-while-running', legalAccepted: true, pickupConfirmed: true,
      }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { order: { id: string } }).order.id;
    // its kick found the run under way; the run ends now
    release();
    // bounded by the test's timeout: before, the order's mails waited for the timer (here an hour)
    const status = async () => (await s.db.query<{ status: string }>("SELECT status FROM outbox_mails WHERE dedupe_key = $1", [`order-guest:${id}`])).rows[0]?.status;
    while ((await status()) !== 'sent') await new Promise((r) => setTimeout(r, 20));
    expect(sends[0]).toBe('Vorher');
    expect(sends).toContain(`Deine Bestellung bei Trattoria Tischlein – Nr. 1, Bestellnummer ${id}`);
  }, 30_000);
});
