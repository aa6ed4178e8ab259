// Table service on the server: waiter sign-in (hashed password, day cookie, 401/403), table orders
// and refunds (never above what was paid, also for concurrent waiters), clearing, shop isolation,
// the printable QR page. On PGlite, and on a real PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REFUND_TOO_HIGH } from '@shared/checkout';
import { createApp } from '../app';
import { openDb } from '../db';
import { createTestServer, type TestServer } from '../testing';
import { hashWaiterPassword, verifyWaiterPassword } from '../table/waiter';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

const pizza = (lineId: string, amount = 1) => ({
  kind: 'dish', lineId, dishId: 'pizza-margherita', sizeId: 'p26', memberName: null, amount, price: 1, priceNonDiscounted: 1,
  promotion: null, without: [], tags: [], slotId: null, extras: [],
});
const tiramisu = (lineId: string) => ({ ...pizza(lineId), dishId: 'tiramisu', sizeId: null });
const refund = (itemId: string, cents: number, nonce = 'r1', amount = 1) => ({
  ...pizza(`refund:${itemId}:${nonce}`), amount, price: -cents, priceNonDiscounted: -cents, promotion: 'waiter-refund',
});

let keySeq = 0;
function tableOrder(items: unknown[], over: Record<string, unknown> = {}) {
  return {
    formValues: {}, orderItems: items, couponCode: null, sessionId: 'sess-table', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [],
    messageCook: 'Ohne Basilikum bitte', paymentMethod: 'offline', table: 7, idempotencyKey: `table-test-${Date.now()}-${++keySeq}`, ...over,
  };
}

for (const backend of backends) {
  describe(`table service on ${backend}`, () => {
    let s: TestServer;
    let waiterCookie = '';
    let burgerCookie = '';

    const req = (path: string, init: RequestInit & { cookie?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set('Cookie', init.cookie);
      if (init.body) headers.set('Content-Type', 'application/json');
      return s.app.request(path, { ...init, headers });
    };
    const post = (path: string, body: unknown, cookie?: string) => req(path, { method: 'POST', body: JSON.stringify(body), cookie });
    const login = async (shop: string, password: string) => {
      const r = await post(`/api/shop/${shop}/dineintable/waiter`, { password });
      const set = r.headers.get('set-cookie') ?? '';
      return { r, cookie: set.split(';')[0], set };
    };
    const table = async (n: number | string = 7, cookie = waiterCookie, shop = 'demo') => req(`/api/shop/${shop}/dineintable/${n}`, { cookie });
    const tableJson = async (n = 7) => (await (await table(n)).json()) as { total: number; groups: { id: string; items: { id: string; dishName: string; price: number; refunded: number }[] }[] };

    beforeAll(async () => {
      let db;
      if (backend === 'postgres') {
        // a database of its own: other test files use the cluster's default database at the same time
        const admin = await openDb({ databaseUrl: PG_URL });
        await admin.exec('DROP DATABASE IF EXISTS tischlein_table_test');
        await admin.exec('CREATE DATABASE tischlein_table_test');
        await admin.close();
        const url = new URL(PG_URL!);
        url.pathname = '/tischlein_table_test';
        db = await openDb({ databaseUrl: url.href });
      }
      s = await createTestServer(db ? { db } : {});
      waiterCookie = (await login('demo', 'kellner')).cookie;
      burgerCookie = (await login('burgerwerk-zentrum', 'burger')).cookie;
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });

    it('hashes the password with scrypt and never ships it to a browser', async () => {
      const h = await hashWaiterPassword('geheim');
      expect(h).toMatch(/^scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyWaiterPassword('geheim', h)).toBe(true);
      expect(await verifyWaiterPassword('Geheim', h)).toBe(false);
      const boot = await (await req('/api/shop/demo/bootstrap')).text();
      expect(boot).not.toMatch(/scrypt:|waiterPassword/);
    });

    it('refuses a wrong password (401) and answers a valid one with an HttpOnly day cookie', async () => {
      const wrong = await login('demo', 'falsch');
      expect(wrong.r.status).toBe(401);
      expect(wrong.cookie).toBe('');
      const ok = await login('demo', 'kellner');
      expect(ok.r.status).toBe(200);
      expect(ok.set).toMatch(/HttpOnly/i);
      expect(ok.set).toMatch(/Path=\/api\/shop\/demo/);
      const body = (await ok.r.json()) as { until: string };
      // test clock: Tuesday 24.11.2026 12:00 Berlin → valid until midnight Berlin
      expect(body.until).toBe('2026-11-24T23:00:00.000Z');
      expect(await (await req('/api/shop/demo/dineintable/waiter', { cookie: ok.cookie })).json()).toMatchObject({ waiter: true });
      expect(await (await req('/api/shop/demo/dineintable/waiter')).json()).toMatchObject({ waiter: false });
    });

    it('refuses waiter calls without a session (401), with a made-up one (401) and with another shop’s (403)', async () => {
      expect((await table(7, '')).status).toBe(401);
      expect((await req('/api/shop/demo/dineintable/7/clear')).status).toBe(401);
      expect((await table(7, 'tischlein_waiter=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
      expect((await table(7, burgerCookie)).status).toBe(403);
      expect((await req('/api/shop/demo/dineintable/7/clear', { cookie: burgerCookie })).status).toBe(403);
      expect((await table(7, waiterCookie, 'burgerwerk-zentrum')).status).toBe(403);
    });

    it('refuses table numbers that are not ≥ 1', async () => {
      for (const t of ['abc', '0', '-1', '1.5']) expect((await table(t)).status).toBe(400);
      for (const t of ['abc', 0, -1, null]) {
        if (t === null) continue;
        expect((await post('/api/shop/demo/order', tableOrder([pizza('a')], { table: t }))).status).toBe(400);
      }
    });

    it('a double tap: 10 concurrent table orders under one key book one order, each answer the same order', async () => {
      const body = tableOrder([tiramisu('dt')], { table: 9, idempotencyKey: `double-tap-${backend}-${Date.now()}` });
      const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/shop/demo/order', body)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { order: { id: string } }).order.id)));
      expect(ids.size).toBe(1);
      const t = (await (await table(9)).json()) as { groups: { items: { dishName: string }[] }[] };
      expect(t.groups.flatMap((g) => g.items.map((i) => i.dishName))).toEqual(['Tiramisu']);
    });

    it('stores a guest’s pay-later table order with dine-in prices and shows it to the waiter', async () => {
      const r = await post('/api/shop/demo/order', tableOrder([pizza('a'), tiramisu('b')]));
      expect(r.status).toBe(201);
      const body = (await r.json()) as { order: { total: number; items: { price: number }[] } };
      // pizza 7,90 − 1,00 at the table; tiramisu 3,99 (its fixed price)
      expect(body.order.total).toBe(10.89);
      const t = await tableJson();
      const items = t.groups.flatMap((g) => g.items);
      expect(items.map((i) => [i.dishName, i.price])).toEqual([['Pizza Margherita (26 cm)', 6.9], ['Tiramisu', 3.99]]);
      expect(t.total).toBe(10.89);
      const { rows } = await s.db.query<{ table_number: number; customer: { messageCook: string } }>('SELECT table_number, customer FROM orders WHERE table_number IS NOT NULL ORDER BY seq DESC LIMIT 1');
      expect(rows[0]).toMatchObject({ table_number: 7, customer: { messageCook: 'Ohne Basilikum bitte' } });
    });

    it('refuses coupons, groups and unknown payment methods on table orders', async () => {
      expect((await post('/api/shop/demo/order', tableOrder([pizza('a')], { couponCode: 'WILLKOMMEN10' }))).status).toBe(400);
      expect((await post('/api/shop/demo/order', tableOrder([pizza('a')], { groupOrderId: 'g1' }))).status).toBe(400);
      expect((await post('/api/shop/demo/order', tableOrder([pizza('a')], { paymentMethod: 'Bitcoin' }))).status).toBe(400);
      expect((await post('/api/shop/demo/order', tableOrder([]))).status).toBe(400);
    });

    it('a pay-now table order waits for its payment before it shows at the table', async () => {
      const before = (await tableJson()).total;
      const r = await post('/api/shop/demo/order', tableOrder([pizza('a')], { paymentMethod: 'Stripe_card', table: 7 }));
      expect(r.status).toBe(201);
      expect(((await r.json()) as { paymentGatewayId: string | null }).paymentGatewayId).not.toBeNull();
      expect((await tableJson()).total).toBe(before);
    });

    it('books a waiter’s refund: the table total drops by it; only a waiter may refund', async () => {
      const t = await tableJson();
      const pizzaItem = t.groups.flatMap((g) => g.items).find((i) => i.dishName.startsWith('Pizza'))!;
      // a guest cannot refund
      expect((await post('/api/shop/demo/order', tableOrder([refund(pizzaItem.id, 350)]))).status).toBe(403);
      const r = await post('/api/shop/demo/order', tableOrder([refund(pizzaItem.id, 350)]), waiterCookie);
      expect(r.status).toBe(201);
      const after = await tableJson();
      expect(Math.round((t.total - after.total) * 100)).toBe(350);
      const refunded = after.groups.flatMap((g) => g.items).find((i) => i.id === pizzaItem.id)!;
      expect(refunded.refunded).toBe(3.5);
      expect(after.groups.flatMap((g) => g.items).some((i) => i.price === -3.5 && i.dishName === 'Storno: Pizza Margherita (26 cm)')).toBe(true);
      // the restaurant's mail of the booking, rendered by the outbox worker from the refunds its statement owed
      const id = ((await r.json()) as { order: { id: string } }).order.id;
      await s.renderMails();
      const mail = await s.db.query<{ to_address: string; subject: string; text_body: string }>('SELECT to_address, subject, text_body FROM outbox_mails WHERE dedupe_key = $1', [`order-confirmed:${id}`]);
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0].to_address).toBe('bestellung@trattoria-tischlein.example');
      expect(mail.rows[0].subject).toBe(`Storno ${id} – Tisch 7 – -3,50\u00a0€`);
      expect(mail.rows[0].text_body).toContain('Storniert:\n  1x Pizza Margherita (26 cm)  -3,50\u00a0€');
    });

    it('never refunds more than was paid for the item, over several refunds, and not 0', async () => {
      const t = await tableJson();
      const item = t.groups.flatMap((g) => g.items).find((i) => i.dishName.startsWith('Pizza'))!;
      // 6,90 paid, 3,50 refunded: 3,41 is too much, 3,40 fits
      const over = await post('/api/shop/demo/order', tableOrder([refund(item.id, 341)]), waiterCookie);
      expect(over.status).toBe(409);
      expect(((await over.json()) as { message: string }).message).toBe(REFUND_TOO_HIGH);
      const zero = await post('/api/shop/demo/order', tableOrder([refund(item.id, 0)]), waiterCookie);
      expect(zero.status).toBe(400);
      // the same rule and text as the waiter's dialog
      expect(((await zero.json()) as { message: string }).message).toBe('Der zu erstattende Wert muss größer als 0 sein.');
      expect((await post('/api/shop/demo/order', tableOrder([refund(item.id, 100, 'r1', 2)]), waiterCookie)).status).toBe(400);
      // two lines in one booking that together exceed it: the whole booking is refused
      expect((await post('/api/shop/demo/order', tableOrder([refund(item.id, 200, 'x1'), refund(item.id, 200, 'x2')]), waiterCookie)).status).toBe(409);
      expect((await post('/api/shop/demo/order', tableOrder([refund(item.id, 340)]), waiterCookie)).status).toBe(201);
      expect((await post('/api/shop/demo/order', tableOrder([refund(item.id, 1)]), waiterCookie)).status).toBe(409);
      const { rows } = await s.db.query<{ refunded: number; total: number }>(
        `SELECT l.refunded, l.total FROM order_lines l JOIN orders o ON o.seq = l.order_seq WHERE o.id = $1 AND l.position = $2`,
        item.id.split('.'),
      );
      expect(rows[0]).toEqual({ refunded: 690, total: 690 });
    });

    it('two concurrent refunds cannot together exceed the item’s price', async () => {
      const r = await post('/api/shop/demo/order', tableOrder([tiramisu('c')], { table: 8 }));
      expect(r.status).toBe(201);
      const t = await tableJson(8);
      const item = t.groups[0].items[0];
      expect(item.price).toBe(3.99);
      // a second waiter (own session) at the same time
      const second = (await login('demo', 'kellner')).cookie;
      const results = await Promise.all([
        post('/api/shop/demo/order', tableOrder([refund(item.id, 300, 'c1')], { table: 8 }), waiterCookie),
        post('/api/shop/demo/order', tableOrder([refund(item.id, 300, 'c2')], { table: 8 }), second),
      ]);
      expect(results.map((x) => x.status).sort()).toEqual([201, 409]);
      const { rows } = await s.db.query<{ n: number; sum: number }>(
        `SELECT count(*)::int AS n, sum(amount)::int AS sum FROM table_refunds WHERE shop_id = 'demo' AND table_number = 8`,
      );
      expect(rows[0]).toEqual({ n: 1, sum: 300 });
    });

    it('the database itself refuses a refund total above the line (CHECK constraint)', async () => {
      await expect(s.db.query(`UPDATE order_lines SET refunded = total + 1 WHERE order_seq = (SELECT min(order_seq) FROM order_lines)`)).rejects.toThrow();
    });

    it('keeps one shop’s tables out of another shop’s', async () => {
      const r = await post('/api/shop/burgerwerk-zentrum/order', tableOrder([{ ...pizza('z'), dishId: 'bw-fries', sizeId: null }]));
      expect(r.status).toBe(201);
      const burger = (await (await table(7, burgerCookie, 'burgerwerk-zentrum')).json()) as { groups: { items: { id: string; dishName: string }[] }[] };
      expect(burger.groups.flatMap((g) => g.items).map((i) => i.dishName)).toEqual(['Pommes frites']);
      const demo = await tableJson(7);
      expect(demo.groups.flatMap((g) => g.items).some((i) => i.dishName === 'Pommes frites')).toBe(false);
      // a demo item cannot be refunded through the other shop
      const demoItem = demo.groups.flatMap((g) => g.items).find((i) => i.dishName === 'Tiramisu')!;
      expect((await post('/api/shop/burgerwerk-zentrum/order', tableOrder([refund(demoItem.id, 100)]), burgerCookie)).status).toBe(404);
    });

    it('clears the table history with OK; cleared items cannot be refunded', async () => {
      const t = await tableJson(7);
      const item = t.groups.flatMap((g) => g.items).find((i) => i.dishName === 'Tiramisu')!;
      const r = await req('/api/shop/demo/dineintable/7/clear', { cookie: waiterCookie });
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('OK');
      expect((await tableJson(7)).groups).toEqual([]);
      expect((await tableJson(8)).groups.length).toBe(2);
      expect((await post('/api/shop/demo/order', tableOrder([refund(item.id, 100)]), waiterCookie)).status).toBe(404);
    });

    it('prints QR codes of the shop’s tables for a waiter only', async () => {
      expect((await req('/api/shop/demo/dineintable/qr')).status).toBe(401);
      const r = await req('/api/shop/demo/dineintable/qr', { cookie: waiterCookie });
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html.match(/<svg/g)?.length).toBe(12);
      expect(html).toContain('/?tisch=7');
      expect(html).toContain('@page{size:A4');
    });

    it('ends the session on sign-out', async () => {
      const { cookie } = await login('demo', 'kellner');
      expect((await table(7, cookie)).status).toBe(200);
      expect((await req('/api/shop/demo/dineintable/waiter', { method: 'DELETE', cookie })).status).toBe(200);
      expect((await table(7, cookie)).status).toBe(401);
    });

    it('slows down password guessing (429 after 10 failures)', async () => {
      for (let i = 0; i < 10; i++) expect((await login('burgerwerk-zentrum', `falsch${i}`)).r.status).toBe(401);
      expect((await login('burgerwerk-zentrum', 'burger')).r.status).toBe(429);
    });
  });
}

describe('a waiter session expires with the shop’s day', () => {
  it('is refused after midnight', async () => {
    let now = new Date('2026-11-24T22:30:00Z');
    const s = await createTestServer({});
    const app = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, now: () => now, logError: () => undefined });
    const r = await app.request('/api/shop/demo/dineintable/waiter', { method: 'POST', body: JSON.stringify({ password: 'kellner' }), headers: { 'Content-Type': 'application/json' } });
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await app.request('/api/shop/demo/dineintable/7', { headers: { Cookie: cookie } })).status).toBe(200);
    now = new Date('2026-11-24T23:00:01Z');
    expect((await app.request('/api/shop/demo/dineintable/7', { headers: { Cookie: cookie } })).status).toBe(401);
    await s.close();
  }, 60_000);
});
