// The database can fail: while it is away every call that needs it answers 503 `unavailable` with
// the German text (never a 500, never a hang), and the same app serves again once it is back.
// Here a Db over PGlite whose calls fail like pg's do when the server restarts; the real
// PostgreSQL restart is in server/postgres.restart.test.ts (.ci/postgres-tests.sh).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DbUnavailableError, isDbUnavailable, isUniqueViolation, openDb, type Db } from './db';
import { createTestServer, type TestServer } from './testing';

/** What pg throws when PostgreSQL went away (codes and texts as pg and pg-pool set them) */
const DOWN_ERRORS: (() => Error)[] = [
  () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  () => new Error('Connection terminated unexpectedly'),
  () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  () => new Error('timeout exceeded when trying to connect'),
];

function flakyDb(inner: Db): Db & { down: number | null } {
  const db = {
    kind: inner.kind,
    down: null as number | null,
    fail() {
      if (db.down !== null) throw DOWN_ERRORS[db.down % DOWN_ERRORS.length]();
    },
    async query<T>(sql: string, params?: unknown[]) {
      db.fail();
      return inner.query<T>(sql, params);
    },
    async exec(sql: string) {
      db.fail();
      return inner.exec(sql);
    },
    async session<T>(fn: Parameters<Db['session']>[0]) {
      db.fail();
      return inner.session(fn) as Promise<T>;
    },
    async transaction<T>(fn: Parameters<Db['transaction']>[0]) {
      db.fail();
      return inner.transaction(fn) as Promise<T>;
    },
    close: () => inner.close(),
  };
  return db as unknown as Db & { down: number | null };
}

const FORM = {
  salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
  messageDriver: '', messageCook: 'Bitte scharf', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
};
const ITEM = { kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1090, priceNonDiscounted: 1090, promotion: null, without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }] };
const orderBody = () => ({
  formValues: FORM, orderItems: [ITEM], couponCode: null, sessionId: 's1', userId: null, groupOrderId: null, acceptAdvertising: false,
  useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
  confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
});

let s: TestServer;
let db: Db & { down: number | null };
const logged: unknown[] = [];
beforeAll(async () => {
  db = flakyDb(await openDb());
  s = await createTestServer({ db, logError: (e) => logged.push(e) });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('database away', () => {
  it('every call that needs the database answers 503 unavailable with the German text, then serves again', async () => {
    const calls: [string, () => Response | Promise<Response>][] = [
      ['order', () => post('/api/shop/demo/order', orderBody(), { 'Idempotency-Key': `avail-${Date.now()}` })],
      ['coupon', () => s.app.request('/api/shop/demo/validate_coupon?code=fuenfer')],
      ['group', () => post('/api/shop/demo/group-order', { groupName: 'Büro', userName: 'Olga', userId: 'owner-user-0000000001' })],
      ['event', () => post('/api/platform/event', { type: 't', action: 'a' })],
    ];
    for (let kind = 0; kind < DOWN_ERRORS.length; kind++) {
      db.down = kind;
      for (const [name, call] of calls) {
        const res = await call();
        expect([name, res.status]).toEqual([name, 503]);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({ error: 'unavailable', message: 'Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.' });
      }
    }
    db.down = null;
    const order = await post('/api/shop/demo/order', orderBody(), { 'Idempotency-Key': `avail-back-${Date.now()}` });
    expect(order.status).toBe(201);
    expect((await s.app.request('/api/shop/demo/validate_coupon?code=fuenfer')).status).toBe(200);
    // logged as one line each, not as unexpected errors with a stack
    expect(logged.every((l) => typeof l === 'string' && l.startsWith('[tischlein] 503 '))).toBe(true);
  }, 60_000);

  it('tells connection failures from statement errors', () => {
    for (const make of DOWN_ERRORS) expect(isDbUnavailable(make())).toBe(true);
    expect(isDbUnavailable(new DbUnavailableError(new Error('x')))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isDbUnavailable(new Error('Query read timeout'))).toBe(true);
    // the statement's own fault: not "unavailable"
    expect(isDbUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDbUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(false);
    expect(isDbUnavailable(new Error('Interner Fehler'))).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
