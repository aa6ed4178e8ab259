// An order's mails are owed by its statement and rendered by the outbox worker (./owedMails.ts):
// a render whose queueing fails loses nothing, a dead process's claim is taken over after its lease,
// an order that cannot be rendered does not block the others, the guest's limit holds across
// batches, and — with TEST_DATABASE_URL (.ci/postgres-tests.sh) — two workers on one PostgreSQL
// render each order once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { openDb, type Db } from '../db';
import { ORDER_MAIL_LIMIT } from '../limits';
import { createShopRepository } from '../shops/repository';
import { createTestServer, TUESDAY_NOON, type TestServer } from '../testing';
import { freshPgDatabase } from '../testingPg';
import type { ServerContext } from '../context';
import { queueOrderNotifications } from './notify';
import { renderOwedMails } from './owedMails';

const PG_URL = process.env.TEST_DATABASE_URL;

const pizza: CartItem = { kind: 'dish', lineId: 'l1', dishId: 'pizza-margherita', sizeId: 'p32', memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };

function submission(email: string) {
  return {
    formValues: {
      salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email, phone: '0341 123456',
      messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
    },
    orderItems: [pizza], sessionId: `s-${Math.random()}`, legalAccepted: true, pickupConfirmed: true,
  };
}

/** Fails the statements that match `when` while it returns true (a database that goes away mid-render). */
function failing(raw: Db, when: (sql: string, params: unknown[]) => Error | null): Db {
  const wrap = (q: { query: Db['query'] }) => ({
    query: ((sql: string, params: unknown[] = []) => {
      const e = when(sql, params);
      return e ? Promise.reject(e) : q.query(sql, params);
    }) as Db['query'],
  });
  return {
    ...raw, kind: raw.kind, exec: raw.exec, session: raw.session, listen: raw.listen, close: raw.close,
    query: wrap(raw).query,
    transaction: (fn) => raw.transaction((tx) => fn(wrap(tx))),
  } as Db;
}

describe('the outbox worker renders the owed mails (pglite)', () => {
  let s: TestServer;
  let fail: ((sql: string, params: unknown[]) => Error | null) | null = null;
  let db: Db;
  const logged: string[] = [];
  const ctx = () => ({ db, shops: s.shops, now: () => TUESDAY_NOON });
  const render = (limit?: number, now = TUESDAY_NOON) => renderOwedMails(ctx(), { limit, now, logError: (m) => void logged.push(m) });
  beforeAll(async () => {
    const raw = await openDb();
    db = failing(raw, (sql, params) => fail?.(sql, params) ?? null);
    s = await createTestServer({ db: raw });
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const place = async (email: string) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(submission(email)) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  const mailsOf = async (id: string) =>
    (await db.query<{ dedupe_key: string; to_address: string; subject: string }>('SELECT dedupe_key, to_address, subject FROM outbox_mails WHERE dedupe_key LIKE $1 ORDER BY id', [`%:${id}`])).rows;
  const owed = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_mails_owed WHERE failed_at IS NULL')).rows[0].n;

  it('a render whose queueing fails leaves the owed rows (its claim given back); the next run renders them, once', async () => {
    const a = await place('absturz@example.de');
    const b = await place('absturz2@example.de');
    expect(await owed()).toBe(2);
    // the database is gone when the mails are queued (no SQLSTATE: not the data's fault)
    fail = (sql) => (sql.includes('INSERT INTO outbox_mails') ? new Error('Connection terminated unexpectedly') : null);
    await expect(render()).rejects.toThrow('Connection terminated unexpectedly');
    fail = null;
    expect(await owed()).toBe(2);
    expect([...(await mailsOf(a)), ...(await mailsOf(b))]).toEqual([]);
    expect(await render()).toBe(2);
    expect(await mailsOf(a)).toEqual([
      { dedupe_key: `order-guest:${a}`, to_address: 'absturz@example.de', subject: `Deine Bestellung bei Trattoria Tischlein – Nr. 1, Bestellnummer ${a}` },
      { dedupe_key: `order-confirmed:${a}`, to_address: 'kueche@demo.example', subject: `Neue Bestellung Nr. 1 (${a}) – Abholung – 10,90\u00a0€` },
    ]);
    expect((await mailsOf(b)).map((m) => m.subject)).toEqual([
      `Deine Bestellung bei Trattoria Tischlein – Nr. 2, Bestellnummer ${b}`, `Neue Bestellung Nr. 2 (${b}) – Abholung – 10,90\u00a0€`,
    ]);
    // taken once: nothing is owed any more, and the guest's limit counted each address once
    expect(await render()).toBe(0);
    const counts = await db.query<{ key: string; count: number }>("SELECT key, count FROM rate_counters WHERE key LIKE 'order:absturz%' ORDER BY key");
    expect(counts.rows.map((r) => [r.key, Number(r.count)])).toEqual([['order:absturz2@example.de', 1], ['order:absturz@example.de', 1]]);
  });

  it('a claim whose process died (its lease not run out) is left alone; once the lease has run out, the next run takes it', async () => {
    const id = await place('verlassen@example.de');
    // as a process leaves its claim when it is killed between the claim and the queueing
    await db.query("UPDATE order_mails_owed SET claimed_by = 'dead-process', claimed_until = $1", [new Date(TUESDAY_NOON.getTime() + 30_000).toISOString()]);
    expect(await render()).toBe(0);
    expect(await render(undefined, new Date(TUESDAY_NOON.getTime() + 29_000))).toBe(0);
    expect(await mailsOf(id)).toEqual([]);
    expect(await render(undefined, new Date(TUESDAY_NOON.getTime() + 31_000))).toBe(1);
    expect((await mailsOf(id)).map((m) => m.dedupe_key)).toEqual([`order-guest:${id}`, `order-confirmed:${id}`]);
    expect(await owed()).toBe(0);
  });

  it('an order that cannot be rendered is kept as failed with its error and does not block the next', async () => {
    const broken = await place('kaputt@example.de');
    const good = await place('gut@example.de');
    // bad data: a line's extras are no list (the mails' text cannot be made)
    await db.query("UPDATE order_lines SET extras = '{}'::jsonb WHERE order_seq = (SELECT seq FROM orders WHERE id = $1)", [broken]);
    logged.length = 0;
    expect(await render()).toBe(2);
    expect(await mailsOf(broken)).toEqual([]);
    expect((await mailsOf(good)).map((m) => m.dedupe_key)).toEqual([`order-guest:${good}`, `order-confirmed:${good}`]);
    const kept = await db.query<{ failed_at: Date | null; last_error: string | null; status: string }>(
      'SELECT failed_at, last_error, status FROM order_mails_owed WHERE order_seq = (SELECT seq FROM orders WHERE id = $1)', [broken]);
    expect(kept.rows).toHaveLength(1);
    expect(kept.rows[0].status).toBe('confirmed');
    expect(new Date(kept.rows[0].failed_at!).toISOString()).toBe(TUESDAY_NOON.toISOString());
    expect(kept.rows[0].last_error).toMatch(/not a function|map/);
    expect(logged).toEqual([expect.stringContaining(`owed mails of order`)]);
    expect(logged[0]).toContain(broken);
    // not taken again
    expect(await render()).toBe(0);
    await db.query('DELETE FROM order_mails_owed');
  });

  it('an order whose mails the database refuses (a data error) is given up alone; the batch\'s others are queued', async () => {
    const refused = await place('abgelehnt@example.de');
    const fine = await place('fein@example.de');
    fail = (sql, params) => (sql.includes('INSERT INTO outbox_mails') && JSON.stringify(params).includes(refused)
      ? Object.assign(new Error('value too long for type character varying(5)'), { code: '22001' }) : null);
    try {
      expect(await render()).toBe(2);
    } finally {
      fail = null;
    }
    expect(await mailsOf(refused)).toEqual([]);
    expect((await mailsOf(fine)).map((m) => m.dedupe_key)).toEqual([`order-guest:${fine}`, `order-confirmed:${fine}`]);
    const kept = await db.query<{ last_error: string }>('SELECT last_error FROM order_mails_owed WHERE failed_at IS NOT NULL');
    expect(kept.rows.map((r) => r.last_error)).toEqual(['value too long for type character varying(5)']);
    expect(await render()).toBe(0);
    await db.query('DELETE FROM order_mails_owed');
  });

  it('an order that owes its mails a second time before they are rendered (a table order paid online): no error, its mails once', async () => {
    const id = await place('zweimal@example.de');
    const { rows } = await db.query<{ seq: string }>('SELECT seq FROM orders WHERE id = $1', [id]);
    // as the payment's transaction does (server/orders/payment.ts)
    await db.transaction((tx) => queueOrderNotifications(tx, ctx() as unknown as ServerContext, 'demo', String(rows[0].seq)));
    expect(await owed()).toBe(1);
    expect(await render()).toBe(1);
    expect((await mailsOf(id)).map((m) => m.dedupe_key)).toEqual([`order-guest:${id}`, `order-confirmed:${id}`]);
  });

  it('the guest\'s limit across batches: of ORDER_MAIL_LIMIT.max + 3 orders to one address the first max get a confirmation, the restaurant every one', async () => {
    const n = ORDER_MAIL_LIMIT.max + 3;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await place(i % 2 ? 'Viel@Example.de' : 'viel@example.de'));
    // batches of 4: the limit is crossed inside a batch
    let taken = 0;
    for (let r = await render(4); r > 0; r = await render(4)) taken += r;
    expect(taken).toBe(n);
    const guest = await db.query<{ dedupe_key: string }>('SELECT dedupe_key FROM outbox_mails WHERE dedupe_key = ANY($1) ORDER BY id', [ids.map((id) => `order-guest:${id}`)]);
    expect(guest.rows.map((r) => r.dedupe_key)).toEqual(ids.slice(0, ORDER_MAIL_LIMIT.max).map((id) => `order-guest:${id}`));
    const restaurant = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_mails WHERE dedupe_key = ANY($1)', [ids.map((id) => `order-confirmed:${id}`)]);
    expect(restaurant.rows[0].n).toBe(n);
    const counter = await db.query<{ count: number }>("SELECT count FROM rate_counters WHERE key = 'order:viel@example.de'");
    expect(Number(counter.rows[0].count)).toBe(n);
  });
});

(PG_URL ? describe : describe.skip)('two outbox workers on one PostgreSQL', () => {
  let s: TestServer;
  let other: Db;
  beforeAll(async () => {
    const url = await freshPgDatabase(PG_URL!, 'tischlein_owed_mails_test');
    s = await createTestServer({ db: await openDb({ databaseUrl: url, poolMax: 4 }) });
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
    other = await openDb({ databaseUrl: url, poolMax: 4 });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  it('render each order once: 40 orders, two processes taking batches of 3 at the same time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(submission(`zwei-${i}@example.de`)) });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { order: { id: string } }).order.id);
    }
    const workers = [
      { db: s.db, shops: s.shops, now: () => TUESDAY_NOON },
      { db: other, shops: createShopRepository(other), now: () => TUESDAY_NOON },
    ];
    const takenBy = [0, 0];
    await Promise.all(workers.map(async (w, i) => {
      for (let r = await renderOwedMails(w, { limit: 3 }); r > 0; r = await renderOwedMails(w, { limit: 3 })) takenBy[i] += r;
    }));
    expect(takenBy[0] + takenBy[1]).toBe(40);
    // each guest's counter counted once: an order rendered twice would have counted its address twice
    const counts = await s.db.query<{ count: number }>("SELECT count FROM rate_counters WHERE key LIKE 'order:zwei-%'");
    expect(counts.rows.map((r) => Number(r.count))).toEqual(Array(40).fill(1));
    const mails = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_mails WHERE dedupe_key LIKE ANY($1)', [ids.map((id) => `%:${id}`)]);
    expect(mails.rows[0].n).toBe(80);
  }, 60_000);
});
