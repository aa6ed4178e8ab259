// The orders' turn before a mail's (server/outbox/turns.ts, the worker of server/routes/order.ts): a mail
// starts when no guest's order is in the server, or after at most the turn's time while orders keep coming.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { OrderService } from '../routes/order';
import { createTestServer, type TestServer } from '../testing';
import { enqueueMail, type MailTransport } from './mail';
import { createTurns } from './turns';

describe('createTurns', () => {
  it('lets a mail go at once when no order is in the server', async () => {
    const turns = createTurns();
    let went = false;
    await turns.ordersAnswered(3_600_000).then(() => (went = true));
    expect(went).toBe(true);
  });

  it('holds a mail while an order is in the server and lets it go when the order leaves (once, however often leave is called)', async () => {
    const turns = createTurns();
    const leave = turns.enter();
    const other = turns.enter();
    let wentWith: number | null = null;
    const waiting = turns.ordersAnswered(3_600_000).then(() => (wentWith = turns.inFlight));
    leave();
    leave(); // a second call must not count another order out
    await new Promise((r) => setImmediate(r));
    expect(wentWith).toBeNull();
    expect(turns.inFlight).toBe(1);
    other();
    await waiting;
    expect(wentWith).toBe(0);
  });

  it('lets a mail go after the longest wait while orders stay in the server', async () => {
    const turns = createTurns();
    turns.enter();
    await turns.ordersAnswered(20);
    expect(turns.inFlight).toBe(1);
  });
});

describe('the outbox worker and the orders in the server', () => {
  let s: TestServer | undefined;
  let stop: (() => void) | undefined;
  afterEach(async () => {
    stop?.();
    await s?.close();
    s = undefined;
  });

  /** A server whose mails are recorded with whether an order was held open at their send. */
  async function serverWith(mailTurnMs: number) {
    const state = { held: false, sends: [] as boolean[] };
    const transport: MailTransport = { kind: 'database', async send() { state.sends.push(state.held); } };
    let service!: OrderService;
    s = await createTestServer({ orders: { mailTransport: transport, mailTurnMs }, onOrderService: (o) => void (service = o) });
    await enqueueMail(s.db, { to: 'gast@example.de', subject: 'Ihre Bestellung Nr. 1', text: 'Danke!', dedupeKey: 'turn-1' });
    const status = async () => (await s!.db.query<{ status: string }>("SELECT status FROM outbox_mails WHERE dedupe_key = 'turn-1'")).rows[0].status;
    /** an order request whose body stays open until `finish` (the guest's order in the server meanwhile) */
    const holdOrder = async () => {
      const enc = new TextEncoder();
      let finish!: () => void;
      const body = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(enc.encode('{"formValues":'));
          finish = () => {
            ctrl.enqueue(enc.encode('{}}'));
            ctrl.close();
          };
        },
      });
      state.held = true;
      // with its length declared (17 bytes in all), the route itself reads the body, and waits for its end
      const answer = s!.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': '17' }, body, duplex: 'half' } as RequestInit);
      while (service.ordersInFlight() === 0) await new Promise((r) => setTimeout(r, 5));
      return async () => {
        state.held = false;
        finish();
        return (await answer).status;
      };
    };
    return { state, service: () => service, status, holdOrder };
  }

  it('starts a mail only once the order in the server is answered', async () => {
    const { state, service, status, holdOrder } = await serverWith(3_600_000);
    const release = await holdOrder();
    // the timer's interval far away: only the start's kick runs
    stop = service().startWorker(3_600_000);
    // the worker's run waits for the order's turn (without the turn it sent the mail right away)
    while (service().mailsWaitingForTurn() === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setImmediate(r));
    expect(state.sends).toEqual([]);
    expect(await release()).toBe(400); // the held body is no order: refused, and out of the server
    while ((await status()) !== 'sent') await new Promise((r) => setTimeout(r, 5));
    expect(state.sends).toEqual([false]);
  }, 60_000);

  it('still sends a mail while orders stay in the server (after the longest wait of its turn)', async () => {
    const { state, service, status, holdOrder } = await serverWith(50);
    const release = await holdOrder();
    stop = service().startWorker(3_600_000);
    while ((await status()) !== 'sent') await new Promise((r) => setTimeout(r, 5));
    expect(state.sends).toEqual([true]);
    expect(await release()).toBe(400);
  }, 60_000);
});
