// An order's statements folded together (docs/benchmarks.md, "Fewer statements per order"): the
// day number taken in the order's INSERT, the event, the guest's mail with its limit and the
// restaurant's mail in one statement. What those statements must still do, on PGlite and — with
// TEST_DATABASE_URL (.ci/postgres-tests.sh) — on PostgreSQL, where the requests run in parallel.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { openDb, type Db } from '../db';
import type { OrderService } from '../routes/order';
import { EVENTS_CHANNEL } from '../staff/events';
import { freshPgDatabase } from '../testingPg';
import { createTestServer, type TestServer } from '../testing';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

function line(lineId: string, dishId: string, sizeId: string | null): CartItem {
  return { kind: 'dish', lineId, dishId, sizeId, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
}

function submission(sessionId: string, email: string) {
  return {
    formValues: {
      salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email, phone: '0341 123456',
      messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
    },
    orderItems: [line('l1', 'pizza-margherita', 'p32')], couponCode: null, sessionId, userId: null, groupOrderId: null, acceptAdvertising: false,
    useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
    confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
  };
}

for (const backend of backends) {
  describe(`an order's statements on ${backend}`, () => {
    let s: TestServer;
    let db: Db;
    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_order_statements_test'), poolMax: 10 }) : await openDb();
      s = await createTestServer({ db });
      await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });

    const order = (body: unknown, key: string) =>
      s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
    const dayNumbers = async (ids: string[]) =>
      (await db.query<{ day_number: number }>('SELECT day_number FROM orders WHERE id = ANY($1) ORDER BY day_number', [ids])).rows.map((r) => Number(r.day_number));
    const idOf = async (res: Response) => ((await res.json()) as { order: { id: string } }).order.id;

    it('day numbers: 20 concurrent orders get 1 to 20; a double click\'s losing submissions give theirs back', async () => {
      const run = `${backend}-${Date.now()}`;
      const first = await Promise.all(Array.from({ length: 20 }, (_, i) => order(submission(`n-${run}-${i}`, `nr-${i}@example.de`), `nr-${run}-${i}`)));
      expect(first.map((r) => r.status)).toEqual(Array(20).fill(201));
      const ids = await Promise.all(first.map(idOf));
      expect(await dayNumbers(ids)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

      // 20 identical submissions at once: the submissions that find the key taken inside the
      // transaction took the day counter first and must roll it back
      const body = submission(`double-${run}`, 'doppelt@example.de');
      const twins = await Promise.all(Array.from({ length: 20 }, () => order(body, `double-${run}`)));
      expect(twins.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
      const twin = await idOf(twins.find((r) => r.status === 201)!);
      expect(await dayNumbers([twin])).toEqual([21]);
      const next = await order(submission(`after-${run}`, 'danach@example.de'), `after-${run}`);
      expect(next.status).toBe(201);
      expect(await dayNumbers([await idOf(next)])).toEqual([22]);
      const counter = await db.query<{ last: number }>("SELECT last FROM order_day_numbers WHERE shop_id = 'demo'");
      expect(counter.rows.map((r) => Number(r.last))).toEqual([22]);
    }, 60_000);

    it('12 orders to one address: 12 events, 12 restaurant mails, 10 guest mails (the limit, any spelling of the address)', async () => {
      const run = `${backend}-${Date.now()}`;
      const events: { shopId: string; orderId: string; kind: string }[] = [];
      const stop = await db.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload) as (typeof events)[number]));
      try {
        // the earlier test's orders' mails first
        while (await s.renderMails()) { /* the next batch */ }
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await order(submission(`flood-${run}-${i}`, i % 2 ? 'Flut@Example.de' : ' flut@example.de'), `flood-${run}-${i}`);
          expect(res.status).toBe(201);
          ids.push(await idOf(res));
          // the worker renders each order's mails before the next (the guestMail test renders a batch of twelve)
          expect(await s.renderMails()).toBe(1);
        }
        const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [ids.map((id) => `order-guest:${id}`), ids.map((id) => `order-confirmed:${id}`)])).rows[0].n);
        expect(await count('SELECT count(*)::int AS n FROM outbox_mails WHERE dedupe_key = ANY($1) AND $2::text[] IS NOT NULL')).toBe(10);
        expect(await count("SELECT count(*)::int AS n FROM outbox_mails WHERE dedupe_key = ANY($2) AND to_address = 'kueche@demo.example' AND $1::text[] IS NOT NULL")).toBe(12);
        // the guest mails went to the first ten orders, in their order
        const guests = await db.query<{ dedupe_key: string }>('SELECT dedupe_key FROM outbox_mails WHERE dedupe_key = ANY($1) ORDER BY id', [ids.map((id) => `order-guest:${id}`)]);
        expect(guests.rows.map((r) => r.dedupe_key)).toEqual(ids.slice(0, 10).map((id) => `order-guest:${id}`));
        const counter = await db.query<{ count: number }>("SELECT count FROM rate_counters WHERE scope = 'mail' AND key = 'order:flut@example.de'");
        expect(counter.rows.map((r) => Number(r.count))).toEqual([12]);
        // each order's event, once (delivered at commit; on PostgreSQL through the listening connection)
        // (waited for, bounded by the test's timeout only)
        while (events.filter((e) => ids.includes(e.orderId)).length < 12) await new Promise((r) => setTimeout(r, 20));
        expect(events.filter((e) => ids.includes(e.orderId))).toEqual(ids.map((orderId) => ({ shopId: 'demo', orderId, kind: 'placed' })));
      } finally {
        await stop();
      }
    }, 60_000);
  });
}

describe('the worker\'s kick after an order', () => {
  let s: TestServer;
  let service!: OrderService;
  let stop: (() => void) | null = null;
  const statements: string[] = [];
  const hooks: string[] = [];
  beforeAll(async () => {
    const raw = await openDb();
    const db: Db = { ...raw, kind: raw.kind, query: (sql, params) => { statements.push(sql); return raw.query(sql, params); } } as Db;
    const fetch = (async (url: string) => { hooks.push(String(url)); return new Response('ok', { status: 200 }); }) as unknown as typeof globalThis.fetch;
    s = await createTestServer({ db, orders: { fetch }, onOrderService: (o) => void (service = o) });
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
  }, 120_000);
  afterAll(async () => {
    stop?.();
    await s?.close();
  });
  const order = async (key: string) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(submission(key, `${key}@example.de`)) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  /** Waits for `what`, bounded by the test's timeout only. */
  const until = async (what: () => Promise<boolean> | boolean) => {
    while (!(await what())) await new Promise((r) => setTimeout(r, 20));
  };
  const sent = async (dedupeKey: string) =>
    (await s.db.query<{ status: string }>('SELECT status FROM outbox_mails WHERE dedupe_key = $1', [dedupeKey])).rows[0]?.status === 'sent';

  it('claims the webhooks only when this process queued one since its last look (the timer\'s runs take them all)', async () => {
    // the timer's interval far away: what happens below is the kicks'
    stop = service.startWorker(3_600_000);
    const first = await order('kick-key-1');
    await until(() => sent(`order-confirmed:${first}`));
    const mark = statements.length;
    const second = await order('kick-key-2');
    await until(() => sent(`order-confirmed:${second}`));
    expect(statements.slice(mark).filter((q) => q.includes('webhook_deliveries'))).toEqual([]);

    // a webhook queued with the next order: its kick delivers it
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: 'https://pos.example/hook', driverCodes: [], couponMails: [], tables: [] }); });
    const third = await order('kick-key-3');
    await until(() => hooks.length === 1);
    expect(hooks).toEqual(['https://pos.example/hook']);
    await until(async () => (await s.db.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE dedupe_key = $1', [`order-confirmed:${third}`])).rows[0]?.status === 'delivered');
  }, 60_000);
});

// PostgreSQL's tail at 10 clients was the day counter's row lock (docs/benchmarks.md, "The database side
// of an order"): every order of a shop waits for the one before it to commit. A cash order takes its
// number in the one statement that also queues its notifications; without coupon, group or webhook that
// statement is sent alone, without BEGIN/COMMIT, so the lock is held for the statement and its commit
// only — not also for a COMMIT round trip (docs/decisions.md, "a cash order in autocommit").
for (const backend of backends) {
  describe(`a cash order's statement on ${backend}`, () => {
    let s: TestServer;
    let db: Db;
    /** every statement, in order; a transaction's as 'BEGIN', its statements, 'COMMIT' or 'ROLLBACK' */
    const sent: string[] = [];
    beforeAll(async () => {
      const raw = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_order_last_statement_test'), poolMax: 4 }) : await openDb();
      db = {
        ...raw, kind: raw.kind, exec: raw.exec, session: raw.session, listen: raw.listen, close: raw.close,
        query: (sql, params) => {
          sent.push(sql);
          return raw.query(sql, params);
        },
        transaction: async (fn) => {
          sent.push('BEGIN');
          try {
            const out = await raw.transaction((tx) => fn({ query: (sql, params) => { sent.push(sql); return tx.query(sql, params); } }));
            sent.push('COMMIT');
            return out;
          } catch (e) {
            sent.push('ROLLBACK');
            throw e;
          }
        },
      } as Db;
      s = await createTestServer({ db, orders: { fetch: (async () => new Response('ok')) as unknown as typeof globalThis.fetch } });
      await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });
    const order = (key: string, body: unknown = submission(key, `${key}@example.de`)) =>
      s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
    /**
     * the statements from `mark` on, the counters' prune (at most once a minute per process, server/limits/counter.ts) and
     * the shop's live state (read once a second per process, server/staff/ops.ts: on a slow machine any order may read it) aside
     */
    const since = (mark: number) => sent.slice(mark).filter((q) => !q.startsWith('DELETE FROM rate_counters') && !/^SELECT [^;]* FROM (shop_ops|sold_out) WHERE shop_id = \$1/.test(q));

    it('one statement without BEGIN/COMMIT takes the day number, stores the order and queues its event and owes both mails; the worker renders them with the number in their subjects', async () => {
      const ids: string[] = [];
      for (const key of ['last-stmt-1', 'last-stmt-2']) {
        const mark = sent.length;
        const res = await order(key);
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { order: { id: string } }).order.id);
        const own = since(mark);
        // before: BEGIN, this statement, COMMIT (and before that, a second statement for the notifications)
        expect(own.filter((q) => q === 'BEGIN' || q === 'COMMIT')).toEqual([]);
        const writes = own.filter((q) => q.includes('INSERT INTO orders'));
        expect(writes).toHaveLength(1);
        for (const part of ['order_day_numbers', 'INSERT INTO orders', 'pg_notify', 'INSERT INTO order_mails_owed']) expect(writes[0]).toContain(part);
        // the mails and the guest's mail limit are the worker's (server/orders/owedMails.ts), not the order's
        for (const q of own) for (const part of ['outbox_mails', 'rate_counters']) expect(q).not.toContain(part);
        // no ON CONFLICT on the order's key: a lost race fails the whole statement
        expect(writes[0]).not.toContain('ON CONFLICT (shop_id, idempotency_key)');
      }
      const mails = () => db.query<{ dedupe_key: string; subject: string }>('SELECT dedupe_key, subject FROM outbox_mails WHERE dedupe_key LIKE ANY($1)', [ids.map((id) => `%:${id}`)]);
      expect((await mails()).rows).toEqual([]);
      expect(await s.renderMails()).toBe(2);
      const { rows } = await mails();
      // Pizza Margherita 32 cm: 10,90 € (a no-break space before the sign)
      expect(Object.fromEntries(rows.map((r) => [r.dedupe_key, r.subject]))).toEqual({
        [`order-guest:${ids[0]}`]: `Deine Bestellung bei Trattoria Tischlein – Nr. 1, Bestellnummer ${ids[0]}`,
        [`order-confirmed:${ids[0]}`]: `Neue Bestellung Nr. 1 (${ids[0]}) – Abholung – 10,90\u00a0€`,
        [`order-guest:${ids[1]}`]: `Deine Bestellung bei Trattoria Tischlein – Nr. 2, Bestellnummer ${ids[1]}`,
        [`order-confirmed:${ids[1]}`]: `Neue Bestellung Nr. 2 (${ids[1]}) – Abholung – 10,90\u00a0€`,
      });
      const numbers = await db.query<{ day_number: number }>('SELECT day_number FROM orders WHERE id = ANY($1) ORDER BY seq', [ids]);
      expect(numbers.rows.map((r) => Number(r.day_number))).toEqual([1, 2]);
    }, 60_000);

    it('a key already taken (the other submission committed first): the statement fails whole — no day number, no mail — and the first order is replayed', async () => {
      const body = submission('taken-key', 'taken@example.de');
      const first = await order('taken-key', body);
      expect(first.status).toBe(201);
      const firstId = ((await first.json()) as { order: { id: string } }).order.id;
      const mails = async () => Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox_mails WHERE to_address IN ('taken@example.de', 'kueche@demo.example')")).rows[0].n);
      await s.renderMails();
      const before = await mails();
      const owed = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_mails_owed')).rows[0].n);
      expect(await owed()).toBe(0);
      // the second submission: no key look-up before its statement (nor, in a race, one that saw
      // nothing yet), so the statement finds the key taken
      const counter = async () => Number((await db.query<{ last: number }>("SELECT last FROM order_day_numbers WHERE shop_id = 'demo'")).rows[0].last);
      const last = await counter();
      const mark = sent.length;
      const res = await order('taken-key', body);
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(((await res.json()) as { order: { id: string } }).order.id).toBe(firstId);
      const writes = since(mark).filter((q) => q.includes('INSERT INTO orders'));
      expect(writes).toHaveLength(1);
      // the statement, then the look-up of the key's order for the replay
      expect(since(mark)[0]).toBe(writes[0]);
      expect(since(mark).slice(1).some((q) => q.startsWith('SELECT seq, request_hash FROM orders'))).toBe(true);
      expect(await counter()).toBe(last);
      expect(await owed()).toBe(0);
      await s.renderMails();
      expect(await mails()).toBe(before);
      const next = await order('after-taken');
      expect(next.status).toBe(201);
      const nextId = ((await next.json()) as { order: { id: string } }).order.id;
      expect((await db.query<{ day_number: number }>('SELECT day_number FROM orders WHERE id = $1', [nextId])).rows.map((r) => Number(r.day_number))).toEqual([last + 1]);
    }, 60_000);

    it('a new order\'s statement is its only one: no look-up of its key before it (one wait for PGlite\'s one connection less)', async () => {
      const mark = sent.length;
      const res = await order('no-lookup-first');
      expect(res.status).toBe(201);
      const own = since(mark);
      expect(own).toHaveLength(1);
      expect(own[0]).toContain('INSERT INTO orders');
    }, 60_000);

    it('a replay that today\'s checks would refuse (its single-use coupon is used up by the order itself) is still its order; another body under its key is still refused', async () => {
      const body = { ...submission('coupon-replay', 'coupon-replay@example.de'), couponCode: 'einmalig' };
      const first = await order('coupon-replay', body);
      expect(first.status).toBe(201);
      const placed = ((await first.json()) as { order: { id: string; couponCode: string } }).order;
      expect(placed.couponCode).toBe('EINMALIG');
      // a new submission with the coupon is refused now: it is used up
      const fresh = await order('coupon-fresh', { ...submission('coupon-fresh', 'coupon-fresh@example.de'), couponCode: 'einmalig' });
      expect(fresh.status).toBe(409);
      expect(((await fresh.json()) as { message: string }).message).toBe('Dieser Gutschein wurde bereits eingelöst.');
      // the first submission again (a reload, a retry after a lost answer): its order, not the refusal
      const again = await order('coupon-replay', body);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { order: { id: string } }).order.id).toBe(placed.id);
      // the key with another body: the key's 409, not the coupon's
      const other = await order('coupon-replay', { ...body, sessionId: 'someone-else', formValues: { ...body.formValues, name: 'Jemand Anders' } });
      expect(other.status).toBe(409);
      expect(((await other.json()) as { error: string }).error).toBe('idempotency_mismatch');
      const stored = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE idempotency_key = 'coupon-replay'");
      expect(stored.rows[0].n).toBe(1);
    }, 60_000);

    it('a webhook keeps the transaction: the order and its webhook commit together', async () => {
      await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: 'https://pos.example/hook', driverCodes: [], couponMails: [], tables: [] }); });
      try {
        const mark = sent.length;
        const res = await order('with-hook');
        expect(res.status).toBe(201);
        const own = since(mark);
        const begin = own.indexOf('BEGIN');
        expect(begin).toBeGreaterThanOrEqual(0);
        const tx = own.slice(begin, own.indexOf('COMMIT', begin) + 1);
        expect(tx[1]).toContain('INSERT INTO orders');
        expect(tx[1]).toContain('ON CONFLICT (shop_id, idempotency_key) DO NOTHING');
        expect(tx.some((q) => q.includes('webhook_deliveries'))).toBe(true);
        expect(tx[tx.length - 1]).toBe('COMMIT');
      } finally {
        await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
      }
    }, 60_000);
  });
}
