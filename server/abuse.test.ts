// Abuse limits: concurrent waiter-password guesses, mails per recipient across two
// server processes, the restaurant's reservation answer token, phone-bound coupons, bounded
// driver codes, table orders only where and when a shop takes them, refunds only as refunds.
// On PGlite, and on a real PostgreSQL when TEST_DATABASE_URL is set (.ci/postgres-tests.sh).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOGIN_TEXTS } from '@shared/account';
import { ORDER_FORM_TEXTS } from '@shared/checkout';
import type { CartItem } from '@shared/domain';
import type { Hono } from 'hono';
import { scopeOf } from './accounts/service';
import { createApp } from './app';
import { openDb, type Db } from './db';
import { createTestServer, TUESDAY_NOON, type TestServer } from './testing';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A database of its own on the test cluster (other test files use its default database meanwhile). */
async function freshPostgres(name: string): Promise<Db> {
  const admin = await openDb({ databaseUrl: PG_URL });
  await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  // 200 requests at once wait for the pool's 10 connections (and for the counter's row): a loaded
  // machine made some of them wait longer than the pool's 3 s (503, a saturated pool's answer) before
  // the limit was even checked. These tests are about the limits: a request waits for a connection
  // and a statement up to the test's own timeout.
  return openDb({ databaseUrl: url.href, connectTimeoutMs: 60_000, statementTimeoutMs: 60_000 });
}

const send = (app: Hono, path: string, body?: unknown, cookie?: string) =>
  app.request(`http://shop.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const dish = (lineId: string): CartItem => ({
  kind: 'dish', lineId, dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
});

let keySeq = 0;
function order(phone: string, couponCode: string | null) {
  return {
    formValues: {
      salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'erika@example.de',
      phone, messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: false, serveAt: '', floor: '', company: '',
    },
    orderItems: [dish('l1')], couponCode, sessionId: 'sess-abuse', userId: null, groupOrderId: null, acceptAdvertising: false,
    useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: true, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
    expectedTwoForOnePromotions: [], legalAccepted: true, idempotencyKey: `abuse-${++keySeq}-${Math.random().toString(36).slice(2)}`,
  };
}

const pizza = (lineId: string) => ({
  kind: 'dish', lineId, dishId: 'pizza-margherita', sizeId: 'p26', memberName: null, amount: 1, price: 1, priceNonDiscounted: 1,
  promotion: null, without: [], tags: [], slotId: null, extras: [],
});
const refund = (itemId: string, cents: number, nonce = 'r1') => ({
  ...pizza(`refund:${itemId}:${nonce}`), price: -cents, priceNonDiscounted: -cents, promotion: 'waiter-refund',
});
function tableOrder(items: unknown[], table: number) {
  return {
    formValues: {}, orderItems: items, couponCode: null, sessionId: 'sess-abuse-table', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [],
    messageCook: '', paymentMethod: 'offline', table, idempotencyKey: `abuse-table-${++keySeq}-${Math.random().toString(36).slice(2)}`,
  };
}

const statuses = (rs: Response[]) => rs.reduce<Record<number, number>>((o, r) => ({ ...o, [r.status]: (o[r.status] ?? 0) + 1 }), {});

for (const backend of backends) {
  describe(`abuse limits on ${backend}`, () => {
    let s: TestServer;
    /** a second server process on the same database */
    let other: Hono;

    beforeAll(async () => {
      const db = backend === 'postgres' ? await freshPostgres('tischlein_abuse_test') : undefined;
      s = await createTestServer({ ...(db ? { db } : {}), publicOrigin: 'http://shop.test' });
      other = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, now: () => TUESDAY_NOON, testClock: true, publicOrigin: 'http://shop.test', logError: () => undefined });
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });

    describe('waiter password', () => {
      it('200 concurrent wrong guesses: only the first 10 are checked, the rest are 429 before scrypt', async () => {
        const rs = await Promise.all(Array.from({ length: 200 }, (_, i) => send(s.app, '/api/shop/demo/dineintable/waiter', { password: `rate-${i}` })));
        expect(statuses(rs)).toEqual({ 401: 10, 429: 190 });
        const body = (await rs.find((r) => r.status === 429)!.json()) as { error: string; message: string };
        expect(body).toEqual({ error: 'too_many_requests', message: 'Zu viele Versuche – bitte warte ein paar Minuten.' });
        // the right password is refused too now, and through the other process as well
        expect((await send(s.app, '/api/shop/demo/dineintable/waiter', { password: 'kellner' })).status).toBe(429);
        expect((await send(other, '/api/shop/demo/dineintable/waiter', { password: 'kellner' })).status).toBe(429);
        // another shop's waiter is not locked out by it
        expect((await send(other, '/api/shop/burgerwerk-zentrum/dineintable/waiter', { password: 'burger' })).status).toBe(200);
      }, 60_000);

      it('a correct password does not count against the limit', async () => {
        const shop = '/api/shop/burgerwerk-zentrum/dineintable/waiter';
        for (let i = 0; i < 9; i++) expect((await send(s.app, shop, { password: `falsch-${i}` })).status).toBe(401);
        expect((await send(s.app, shop, { password: 'burger' })).status).toBe(200);
        expect((await send(s.app, shop, { password: 'burger' })).status).toBe(200);
        // the 10th wrong guess (1 was the login above) is still checked, the 11th is not
        expect((await send(other, shop, { password: 'falsch-9' })).status).toBe(401);
        expect((await send(other, shop, { password: 'falsch-10' })).status).toBe(429);
      });
    });

    describe('mails per recipient, across two processes', () => {
      it('login links: 5 per address in 15 minutes in all, whichever process sends them', async () => {
        const config = s.data.shops.get('demo')!.config;
        await s.db.query('INSERT INTO accounts (id, scope, email) VALUES ($1, $2, $3)', ['acc-mail-limit', scopeOf(config), 'viele@example.de']);
        const ask = (app: Hono) => send(app, '/api/platform/auth/request-link', { email: 'viele@example.de', webshop: 'demo' });
        // each process alone allows 5 per address in memory; the database counts them together
        for (const app of [s.app, s.app, s.app, other, other]) expect((await ask(app)).status).toBe(200);
        const over = await ask(other);
        expect(over.status).toBe(429);
        // the per-address request limit is counted in the database too now and answers
        // before the mail limit; same German text
        expect(await over.json()).toEqual({ error: 'too_many_requests', message: LOGIN_TEXTS.rateLimited });
        const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_mails WHERE to_address = $1', ['viele@example.de']);
        expect(rows[0].n).toBe(5);
      });

      it('reservation requests to the restaurant: 30 per hour, then 429 with a German message', async () => {
        await s.update((d) => { d.settings!.get('demo')!.email = 'reservierung@demo.example'; });
        const req = { date: '2026-11-27', time: '19:30', persons: 2, name: 'Erika Muster', phone: '0341 123456', email: 'erika@example.de' };
        for (let i = 0; i < 30; i++) expect((await send(i % 2 ? other : s.app, '/api/shop/demo/reservation', req)).status).toBe(201);
        const over = await send(other, '/api/shop/demo/reservation', req);
        expect(over.status).toBe(429);
        expect(await over.json()).toEqual({
          error: 'too_many_mails',
          message: 'Gerade kommen zu viele Reservierungsanfragen an. Bitte versuche es in einer Stunde noch einmal oder ruf uns an.',
        });
        const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_mails WHERE to_address = $1', ['reservierung@demo.example']);
        expect(rows[0].n).toBe(30);
      }, 60_000);

      it('job applications to the restaurant: 10 per hour, then 429', async () => {
        await s.update((d) => { d.settings!.get('demo')!.email = 'jobs@demo.example'; });
        const formData = { name: 'Jonas Bewerber', email: 'jonas@example.de', phone: '', message: 'Ich fahre gern Rad und habe abends Zeit.' };
        for (let i = 0; i < 10; i++) expect((await send(i % 2 ? other : s.app, '/api/shop/demo/jobs/entry/fahrer/submit', { formData })).status).toBe(201);
        const over = await send(s.app, '/api/shop/demo/jobs/entry/fahrer/submit', { formData });
        expect(over.status).toBe(429);
        expect(((await over.json()) as { message: string }).message).toBe('Gerade kommen zu viele Bewerbungen an. Bitte versuche es in einer Stunde noch einmal.');
      });
    });

    describe('reservation answers', () => {
      it('the guest cannot confirm their own reservation with the id of the 201 answer', async () => {
        await s.update((d) => { d.settings!.get('demo')!.email = 'antwort@demo.example'; });
        const res = await send(s.app, '/api/shop/demo/reservation', { date: '2026-11-27', time: '20:00', persons: 3, name: 'Selbst Bestätiger', phone: '0341 654321', email: 'gast@example.de' });
        expect(res.status).toBe(201);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['id', 'success']);
        const id = body.id as string;
        expect((await send(s.app, `/api/shop/demo/reservation/${id}/answer`, { type: 'bestaetigen' })).status).toBe(404);
        expect((await send(s.app, `/api/shop/demo/reservation/${id}`)).status).toBe(404);
        const { rows } = await s.db.query<{ status: string }>('SELECT status FROM reservations WHERE id = $1', [id]);
        expect(rows[0].status).toBe('requested');
        // the restaurant's link works
        const mail = (await s.db.query<{ text_body: string }>('SELECT text_body FROM outbox_mails WHERE to_address = $1', ['antwort@demo.example'])).rows[0];
        const token = /\/tr\/([A-Za-z0-9_-]{43})\/bestaetigen/.exec(mail.text_body)![1];
        expect(await (await send(other, `/api/shop/demo/reservation/${token}/answer`, { type: 'bestaetigen' })).json()).toEqual({ success: true, status: 'confirmed' });
        // only the hash of the token is stored
        const stored = await s.db.query<{ answer_token_hash: string }>('SELECT answer_token_hash FROM reservations WHERE id = $1', [id]);
        expect(stored.rows[0].answer_token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(stored.rows[0].answer_token_hash).not.toContain(token);
      });
    });

    describe('coupons', () => {
      it('a coupon reserved for one phone is redeemed only with that phone', async () => {
        const r = await send(s.app, '/api/shop/demo/driver_code/FAHRER1/reserve', { phone: '0170 5550001' });
        const { code } = (await r.json()) as { code: string };
        const stranger = await send(s.app, '/api/shop/demo/order', order('0170 5550002', code));
        expect(stranger.status).toBe(409);
        expect(((await stranger.json()) as { message: string }).message).toBe(ORDER_FORM_TEXTS.couponOtherPhone);
        const { rows } = await s.db.query<{ uses: number }>('SELECT uses FROM coupons WHERE shop_id = $1 AND code = $2', ['demo', code]);
        expect(rows[0].uses).toBe(0);
        // the same number, written differently
        expect((await send(s.app, '/api/shop/demo/order', order('+49 170 555 0001', code))).status).toBe(201);
      });

      it('the seeded coupon TREUE15 (reserved for 0170 1234567) too', async () => {
        expect((await send(s.app, '/api/shop/demo/order', order('0341 123456', 'TREUE15'))).status).toBe(409);
      });

      it('a driver code mints a bounded number of coupons; the same phone keeps its one coupon', async () => {
        await s.update((d) => { d.settings!.get('demo')!.driverCodes!.push({ code: 'FAHRER3', type: 'value', value: 200, minimumOrderValue: 1000, validDays: 30, maxCoupons: 3 }); });
        const reserve = (phone: string) => send(other, '/api/shop/demo/driver_code/FAHRER3/reserve', { phone });
        const codes: string[] = [];
        for (const phone of ['0170 6660001', '0170 6660002', '0170 6660003']) {
          const r = await reserve(phone);
          expect(r.status).toBe(200);
          codes.push(((await r.json()) as { code: string }).code);
        }
        const fourth = await reserve('0170 6660004');
        expect(fourth.status).toBe(409);
        expect(await fourth.json()).toEqual({ error: 'driver_code_used_up', message: 'Für diesen Code sind schon alle Gutscheine vergeben.' });
        expect(((await (await reserve('0170 6660002')).json()) as { code: string }).code).toBe(codes[1]);
        const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM coupons WHERE shop_id = 'demo' AND code LIKE 'FAHRER3-%'");
        expect(rows[0].n).toBe(3);
      });

      it('concurrent reservations: one phone 20 times gets one coupon, 20 phones stay within the bound, no 500', async () => {
        await s.update((d) => { d.settings!.get('demo')!.driverCodes!.push({ code: 'FAHRER4', type: 'value', value: 200, minimumOrderValue: 1000, validDays: 30, maxCoupons: 5 }); });
        const reserve = (app: Hono, phone: string) => send(app, '/api/shop/demo/driver_code/FAHRER4/reserve', { phone });
        const same = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? other : s.app, '0170 7770000')));
        expect(statuses(same)).toEqual({ 200: 20 });
        expect(new Set(await Promise.all(same.map(async (r) => ((await r.json()) as { code: string }).code))).size).toBe(1);
        const many = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? other : s.app, `0170 77700${String(i + 1).padStart(2, '0')}`)));
        // one coupon went to the phone above: 4 more fit
        expect(statuses(many)).toEqual({ 200: 4, 409: 16 });
        const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM coupons WHERE shop_id = 'demo' AND code LIKE 'FAHRER4-%'");
        expect(rows[0].n).toBe(5);
      }, 60_000);
    });

    describe('table orders', () => {
      let waiter = '';
      beforeAll(async () => {
        // the guessing tests above used up this test client's attempts
        await s.db.query("DELETE FROM rate_counters WHERE scope = 'waiter-login'");
        const r = await send(s.app, '/api/shop/burgerwerk-zentrum/dineintable/waiter', { password: 'burger' });
        expect(r.status).toBe(200);
        waiter = (r.headers.get('set-cookie') ?? '').split(';')[0];
      });
      const fries = (lineId: string) => ({ ...pizza(lineId), dishId: 'bw-fries', sizeId: null });

      it('a shop without table service takes none', async () => {
        const r = await send(s.app, '/api/shop/burgerwerk-sued/order', tableOrder([fries('a')], 1));
        expect(r.status).toBe(403);
        expect(await r.json()).toEqual({ error: 'no_table_service', message: 'Dieses Restaurant nimmt keine Bestellungen am Tisch an.' });
      });

      it('only the shop’s own tables', async () => {
        const r = await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('a')], 999999));
        expect(r.status).toBe(404);
        expect(await r.json()).toEqual({ error: 'unknown_table', message: 'Einen Tisch 999999 gibt es in diesem Restaurant nicht.' });
        expect((await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('a')], 4))).status).toBe(404);
        expect((await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('a')], 3))).status).toBe(201);
      });

      it('not while the shop is closed (a waiter on site may still book)', async () => {
        // Tuesday 24.11.2026, 23:30 in Berlin
        const late = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, now: () => new Date('2026-11-24T22:30:00Z'), logError: () => undefined });
        const r = await send(late, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('a')], 3));
        expect(r.status).toBe(409);
        expect(await r.json()).toEqual({ error: 'shop_closed', message: 'Das Restaurant hat gerade geschlossen. Am Tisch bestellen kannst Du während der Öffnungszeiten.' });
        expect((await send(late, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('b')], 3), waiter)).status).toBe(201);
      });

      it('a refund only as a refund: never positive, only for an item booked at that table, never an edited refund line', async () => {
        const booked = await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([fries('x')], 7));
        expect(booked.status).toBe(201);
        const t = (await (await send(s.app, '/api/shop/burgerwerk-zentrum/dineintable/7', undefined, waiter)).json()) as { total: number; groups: { items: { id: string; price: number }[] }[] };
        const item = t.groups.flatMap((g) => g.items).find((i) => i.price > 0)!;
        const cents = Math.round(item.price * 100);
        // positive "refund": a charge in disguise
        expect((await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([refund(item.id, -cents)], 7), waiter)).status).toBe(400);
        // the item is at table 7, not at table 3
        expect((await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([refund(item.id, 100)], 3), waiter)).status).toBe(404);
        // more than what is left of it
        expect((await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([refund(item.id, cents + 1)], 7), waiter)).status).toBe(409);
        // a refund line edited into a dish (refund id, marker gone, positive price) is refused, not booked as a dish
        const edited = { ...refund(item.id, 100), promotion: null, price: cents, priceNonDiscounted: cents };
        const r = await send(s.app, '/api/shop/burgerwerk-zentrum/order', tableOrder([edited], 7), waiter);
        expect(r.status).toBe(400);
        expect(((await r.json()) as { error: string }).error).toBe('invalid_refund');
        const after = (await (await send(s.app, '/api/shop/burgerwerk-zentrum/dineintable/7', undefined, waiter)).json()) as { total: number };
        expect(after.total).toBe(t.total);
      });
    });
  });
}
