// Orders, idempotency, coupons, payments, outbox and webhooks — on PGlite, and again on a real
// PostgreSQL when TEST_DATABASE_URL is set (.ci/run starts a throw-away cluster for it; there the
// "two processes" cases use two connection pools and two app instances on one database).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { CartItem } from '@shared/domain';
import { createApp } from '../app';
import { openDb, type Db } from '../db';
import { freshPgDatabase } from '../testingPg';
import { createPaymentRegistry } from '../payments';
import type { OrderService } from '../routes/order';
import { verifyWebhookSignature } from '../outbox/webhooks';
import { DEV_SECRET_KEY, writeShopSecrets } from '../secrets';
import { createTestServer, TUESDAY_NOON, type TestServer } from '../testing';

const PG_URL = process.env.TEST_DATABASE_URL;
let pgUrl: string | null = null;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

const WHSEC = 'whsec_test_secret';
const HOOK_SECRET = 'hook-secret-for-tests';

function dish(lineId: string, dishId = 'haehnchen-grill', sizeId: string | null = 'klein', amount = 2): CartItem {
  // the grilled chicken needs its side dish (a required group)
  const extras = dishId === 'haehnchen-grill' ? [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' as const }] : [];
  return { kind: 'dish', lineId, dishId, sizeId, memberName: null, amount, price: 1090, priceNonDiscounted: 1090, promotion: null, without: [], tags: [], slotId: null, extras };
}

const FORM = {
  salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
  email: 'erika@example.de', phone: '0341 123456', messageDriver: 'Bitte klingeln', messageCook: '', paymentMethod: 'offline',
  isPickup: false, serveAt: '', floor: '', company: '',
};

function submission(over: Record<string, unknown> = {}, form: Record<string, unknown> = {}) {
  return {
    formValues: { ...FORM, ...form }, orderItems: [dish('l1')], couponCode: null, sessionId: 'sess-1', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, ...over,
  };
}

let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

for (const backend of backends) {
  describe(`orders on ${backend}`, () => {
    let s: TestServer;
    let service: OrderService;
    let db: Db;
    const hooks: { url: string; headers: Headers; body: string }[] = [];
    let hookStatus = 200;
    const stripeCalls: URLSearchParams[] = [];
    const stripeHeaders: Headers[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.startsWith('https://stripe.test/')) {
        const form = new URLSearchParams(String(init?.body));
        stripeCalls.push(form);
        stripeHeaders.push(new Headers(init?.headers as HeadersInit));
        const id = `cs_test_${stripeCalls.length}`;
        return new Response(JSON.stringify({ id, url: `https://checkout.stripe.test/pay/${id}` }), { status: 200 });
      }
      hooks.push({ url, headers: new Headers(init?.headers as HeadersInit), body: String(init?.body) });
      return new Response('ok', { status: hookStatus });
    };

    beforeAll(async () => {
      // a database of its own on PostgreSQL: other test files import the demo data (and its coupons) into theirs meanwhile
      if (backend === 'postgres') pgUrl = await freshPgDatabase(PG_URL!, 'tischlein_order_test');
      db = pgUrl ? await openDb({ databaseUrl: pgUrl }) : await openDb();
      s = await createTestServer({
        db,
        // the restaurants' pages payments return to (known origins only)
        linkOrigins: ['https://trattoria.example', 'https://a.example'],
        orders: {
          payments: createPaymentRegistry({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_BASE: 'https://stripe.test' }, { simSecret: 'sim', fetch: fakeFetch, now: () => Math.floor(TUESDAY_NOON.getTime() / 1000) }),
          webhookSecret: HOOK_SECRET,
          fetch: fakeFetch,
        },
        onOrderService: (x) => { service = x; },
      });
      await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: 'https://pos.example/hook', driverCodes: [], couponMails: [], tables: [4] }); });
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });

    const post = (path: string, body: unknown, headers: Record<string, string> = {}, app = s.app) =>
      app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const order = (body: unknown, key: string | null = newKey(), shop = 'demo') => post(`/api/shop/${shop}/order`, body, key ? { 'Idempotency-Key': key } : {});
    const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

    it('places a cash order: priced by the server, stored with its lines, answered in euro, restaurant notified', async () => {
      const res = await order(submission({ orderItems: [dish('l1', 'pizza-margherita', 'p32'), dish('l2', 'pizza-salami', 'p26', 1)] }));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { order: { id: string; total: number; deliveryFee: number; status: string; paymentStatus: string; items: { name: string; price: number }[] }; paymentGatewayId: unknown };
      // by hand, from examples/data/shops.json (demo): 2× Pizza Margherita 32 cm at 10,90 € + Pizza
      // Salami 26 cm 8,90 € = 30,70 €; '2 Pizzen zum Preis von 1': of 3 pizzas 1 free, the cheapest
      // (8,90 €, the answer's 'discount'; 'subtotal' is before it) → 21,80 €; '10 % ab 30 €' no longer reached; free delivery from 20 € (zone fee 1,50 €
      // waived); no deposit → 21,80 €
      expect(body.order).toMatchObject({ subtotal: 30.7, discount: 8.9, total: 21.8, deliveryFee: 0 });
      expect(body.order).toMatchObject({ status: 'confirmed', paymentStatus: 'on_delivery' });
      expect(body.paymentGatewayId).toBeNull();
      expect(body.order.items.map((i) => i.name)).toEqual(['Pizza Margherita (32 cm)', 'Pizza Salami (26 cm)']);
      expect(body.order.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const row = (await db.query<{ total: number; status: string }>('SELECT total, status FROM orders WHERE id = $1', [body.order.id])).rows[0];
      expect(row.total).toBe(2180);
      expect(await count('SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.seq = l.order_seq WHERE o.id = $1', [body.order.id])).toBe(2);

      // the order's statement owes its mails (one row) and queues none; the worker's render step queues them
      expect(await count('SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key LIKE $1', [`%:${body.order.id}`])).toBe(0);
      expect((await db.query('SELECT o.status, o.payment_status, o.refunds FROM order_mails_owed o JOIN orders ON orders.seq = o.order_seq WHERE orders.id = $1', [body.order.id])).rows)
        .toEqual([{ status: 'confirmed', payment_status: 'on_delivery', refunds: null }]);
      // the development page says so (the benches and browser tests wait until nothing waits)
      expect(await (await s.app.request('/outbox')).text()).toContain('<p role="status">1 Bestellung wartet noch auf ihre E-Mails.</p>');
      await s.renderMails();
      expect(await count('SELECT count(*) AS n FROM order_mails_owed')).toBe(0);
      expect(await (await s.app.request('/outbox')).text()).not.toContain('auf ihre E-Mails');
      // the restaurant: one German mail with a plain-text part, and one signed webhook
      const mail = (await db.query<{ to_address: string; subject: string; text_body: string }>(`SELECT to_address, subject, text_body FROM outbox_mails WHERE dedupe_key = $1`, [`order-confirmed:${body.order.id}`])).rows;
      expect(mail).toHaveLength(1);
      expect(mail[0].to_address).toBe('kueche@demo.example');
      expect(mail[0].subject).toContain('Neue Bestellung');
      expect(mail[0].text_body).toContain('Bitte klingeln');
      hooks.length = 0;
      await service.runOutbox();
      expect((await db.query<{ status: string }>(`SELECT status FROM outbox_mails WHERE dedupe_key = $1`, [`order-confirmed:${body.order.id}`])).rows[0].status).toBe('sent');
      const hook = hooks.find((h) => JSON.parse(h.body).order.id === body.order.id)!;
      expect(hook.url).toBe('https://pos.example/hook');
      const nowSec = Math.floor(TUESDAY_NOON.getTime() / 1000);
      expect(verifyWebhookSignature(HOOK_SECRET, hook.headers.get('tischlein-signature'), hook.body, nowSec)).toBe(true);
      expect(verifyWebhookSignature(HOOK_SECRET, hook.headers.get('tischlein-signature'), hook.body.replace('"demo"', '"evil"'), nowSec)).toBe(false);
      expect(verifyWebhookSignature('other-secret', hook.headers.get('tischlein-signature'), hook.body, nowSec)).toBe(false);
      const page = await s.app.request('/outbox');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`Neue Bestellung Nr. 1 (${body.order.id})`);
    });

    it('the order answer (≈ 1.3 KB, one TCP segment) is sent as it is: gzip cost 0.6 ms of CPU per order and saved no round trip', async () => {
      const res = await post('/api/shop/demo/order', submission({ sessionId: 'sess-gzip' }), { 'Idempotency-Key': newKey(), 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-encoding')).toBeNull();
      const text = await res.text();
      expect(text.length).toBeLessThan(1400);
      expect((JSON.parse(text) as { order: { status: string } }).order.status).toBe('confirmed');
    });

    it('ignores tampered prices, totals and discounts: the stored total is the server catalog\'s price', async () => {
      const tampered = { ...dish('l1'), price: 1, priceNonDiscounted: 1, total: 1, discount: 99_999, promotion: 'waiter-refund' };
      const res = await order(submission({ orderItems: [tampered], total: 0.01, discounts: { cartDiscount: 5000 }, deliveryFee: 0 }));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { order: { id: string; total: number } };
      // by hand: 2× Hähnchen vom Grill klein at 11,90 € = 23,80 € (its 1 € discount is for 'Groß' only);
      // free delivery from 20 €; no offer from 30 € → 23,80 €
      const row = (await db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [body.order.id])).rows[0];
      expect(row.total).toBe(2380);
      expect(body.order.total).toBe(23.8);
    });

    it('20 concurrent identical submissions (same Idempotency-Key) make exactly one order', async () => {
      const key = newKey();
      const body = submission({ sessionId: 'double-click' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => order(body, key)));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
      const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { order: { id: string } }).order.id)));
      expect(ids.size).toBe(1);
      expect(await count('SELECT count(*) AS n FROM orders WHERE idempotency_key = $1', [key])).toBe(1);
      // the same key with another body is refused
      const other = await order(submission({ sessionId: 'double-click', orderItems: [dish('l1', 'pizza-salami')] }), key);
      expect(other.status).toBe(409);
      expect(((await other.json()) as { error: string }).error).toBe('idempotency_mismatch');
    });

    it('the same key with the lines repriced by the client (a reload after a cancelled payment) is the same order, not a 409', async () => {
      const key = newKey();
      const first = await order(submission({ sessionId: 'reprice', orderItems: [dish('l1')] }), key);
      expect(first.status).toBe(201);
      const id = ((await first.json()) as { order: { id: string } }).order.id;
      const repriced = { ...dish('l1'), price: 1234, priceNonDiscounted: 1500, tags: ['chicken'] };
      const again = await order(submission({ sessionId: 'reprice', orderItems: [repriced] }), key);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { order: { id: string } }).order.id).toBe(id);
      expect(await count('SELECT count(*) AS n FROM orders WHERE idempotency_key = $1', [key])).toBe(1);
    });

    it('without a key, the same body in the same session is the same checkout attempt', async () => {
      const body = submission({ sessionId: `no-key-${backend}` });
      const answers = await Promise.all(Array.from({ length: 5 }, () => order(body, null)));
      const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { order: { id: string } }).order.id)));
      expect(ids.size).toBe(1);
    });

    it('20 concurrent orders with a single-use coupon redeem it exactly once', async () => {
      const check = () => s.app.request('/api/shop/demo/validate_coupon?code=einmalig');
      expect((await check()).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(submission({ couponCode: 'einmalig', sessionId: `coupon-${i}` }))));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((x) => x === 201)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(19);
      const refused = (await answers.find((a) => a.status === 409)!.json()) as { message: string };
      expect(refused.message).toBe('Dieser Gutschein wurde bereits eingelöst.');
      expect((await db.query<{ uses: number }>(`SELECT uses FROM coupons WHERE shop_id = 'demo' AND code = 'EINMALIG'`)).rows[0].uses).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM coupon_redemptions WHERE code = 'EINMALIG'`)).toBe(1);
      const won = (await answers.find((a) => a.status === 201)!.json()) as { order: { coupon: number; couponCode: string } };
      expect(won.order).toMatchObject({ coupon: 3, couponCode: 'EINMALIG' });
      // at its max_uses the cart's check says what the order says
      const after = await check();
      expect(after.status).toBe(409);
      expect(await after.json()).toEqual({ error: 'coupon_used_up', message: 'Dieser Gutschein wurde bereits eingelöst.' });
    });

    it('malformed, oversized and unknown-shop submissions get a 4xx with a reason, never a 5xx', async () => {
      const bad: [string, unknown, number][] = [
        ['not json', '{"formValues":', 400],
        ['empty', '', 400],
        ['an array', [], 400],
        ['no form values', { orderItems: [] }, 400],
        ['items not a list', submission({ orderItems: 'pizza' }), 400],
        ['a number as name', submission({}, { name: 42 }), 400],
        ['too many lines', submission({ orderItems: Array.from({ length: 101 }, (_, i) => dish(`x${i}`)) }), 400],
        ['garbage lines', submission({ orderItems: [{ kind: 'dish', dishId: 'gibt-es-nicht' }, null, 7] }), 409],
        ['negative amount', submission({ orderItems: [{ ...dish('l1'), amount: -3 }] }), 0],
        ['unknown payment method', submission({}, { paymentMethod: 'Bitcoin' }), 400],
        ['bad idempotency key', submission(), 400],
        ['table order (more in server/routes/table.test.ts)', submission({ table: 4 }), 201],
        ['table order with a bad table number', submission({ table: 'vier' }), 400],
        ['prototype pollution', JSON.parse('{"__proto__":{"x":1},"formValues":{"__proto__":{"admin":true}},"orderItems":[]}'), 400],
        ['NUL bytes', submission({}, { name: 'Erika\u0000', messageCook: '\u0000' }), 201],
      ];
      for (const [what, body, status] of bad) {
        const headers: Record<string, string> = what === 'bad idempotency key' ? { 'Idempotency-Key': 'x y' } : { 'Idempotency-Key': newKey() };
        const res = await post('/api/shop/demo/order', body, headers);
        if (status === 0) expect(res.status >= 400 && res.status < 500).toBe(true);
        else expect(res.status).toBe(status);
        if (status !== 201) expect(typeof ((await res.json()) as { message: unknown }).message).toBe('string');
      }
      const huge = await post('/api/shop/demo/order', submission({ sessionId: 'x'.repeat(70_000) }));
      expect(huge.status).toBe(413);
      const unknown = await order(submission(), newKey(), 'gibt-es-nicht');
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: string }).error).toBe('unknown_shop');
    });

    it('answers field errors per field (400 with form)', async () => {
      const res = await order(submission({}, { name: ' ', email: 'erika@', zip: '4109', phone: '' }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; form: Record<string, string> };
      expect(body.error).toBe('invalid_form');
      expect(body.form).toEqual({
        name: 'Bitte gib Deinen Namen ein.', email: 'Bitte gib eine gültige Email Adresse ein.',
        phone: 'Bitte gib eine gültige Telefonnummer ein.', zip: 'Bitte gib eine fünfstellige Postleitzahl ein.',
      });
      const unknownStreet = await order(submission({}, { street: 'Nirgendwostraße' }));
      expect(unknownStreet.status).toBe(400);
      expect(((await unknownStreet.json()) as { form: Record<string, string> }).form.street).toBe('Zu dieser Adresse konnte keine Entfernung berechnet werden');
    });

    it('409 code 2 with assumedLocation when the gazetteer corrects the address; skipGoogleValidation accepts it', async () => {
      const res = await order(submission({}, { street: 'augustusplatz', city: 'Leipzig-Mitte' }));
      expect(res.status).toBe(409);
      const body = (await res.json()) as { code: number; assumedLocation: unknown };
      expect(body.code).toBe(2);
      expect(body.assumedLocation).toEqual({ street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' });
      const ok = await order(submission({ skipGoogleValidation: true }, { street: 'augustusplatz', city: 'Leipzig-Mitte' }));
      expect(ok.status).toBe(201);
    });

    it('re-checks the checkout rules with the spec texts', async () => {
      const outside = await order(submission({}, { street: 'Miltitzer Allee', streetNumber: '5', zip: '04205' }));
      expect(outside.status).toBe(400);
      expect(await outside.json()).toMatchObject({ title: 'Liefergebiet', message: 'Die Adresse befindet sich nicht im Liefergebiet' });
      const small = await order(submission({ orderItems: [dish('l1', 'haehnchen-grill', 'klein', 1)] }));
      expect(await small.json()).toMatchObject({ title: 'Mindestbestellwert', message: 'Du hast den Mindestbestellwert noch nicht erreicht.' });
      const terms = await order(submission({ legalAccepted: false }));
      expect(await terms.json()).toMatchObject({ error: 'legalAcceptance', form: { legalAccepted: expect.any(String) } });
      const noMethod = await order(submission({}, { paymentMethod: '' }));
      expect(await noMethod.json()).toMatchObject({ message: 'Bitte wähle eine Zahlungsmethode.' });
      const paypal = await order(submission({}, { paymentMethod: 'PayPal_Platform' }));
      expect(await paypal.json()).toMatchObject({ title: 'Fehler', message: 'Bitte nutze den PayPal Button unter den Zahlungsmitteln um deine Bestellung abzuschließen.' });
      // EC card is pickup-only at the demo shop
      const ec = await order(submission({}, { paymentMethod: 'offline_debit' }));
      expect(await ec.json()).toMatchObject({ form: { paymentMethod: 'Diese Zahlungsmethode ist für diese Bestellart nicht verfügbar.' } });
      // pickup minimum per method: Stripe_card 10 € at the demo shop
      const pickupSmall = await order(submission({ orderItems: [dish('l1', 'gelato', null, 1)], pickupConfirmed: true }, { isPickup: true, paymentMethod: 'Stripe_card' }));
      expect(await pickupSmall.json()).toMatchObject({ error: 'pickupMinimum', message: 'Mit dieser Zahlungsmethode beträgt der Mindestbestellwert bei Abholung 10,00\u00a0€.' });
      const unconfirmed = await order(submission({}, { isPickup: true }));
      expect(await unconfirmed.json()).toMatchObject({ error: 'pickupConfirmation' });
      const account = await order(submission({ createAccount: true }));
      expect(await account.json()).toMatchObject({ message: 'Wir benötigen deine Zustimmung um dir den vollen Funktionsumfang des Kontos bieten zu können.' });
      const expired = await order(submission({ couponCode: 'SOMMER2025' }));
      expect(expired.status).toBe(409);
      expect(await expired.json()).toMatchObject({ message: 'Der Gutscheincode ist ungültig oder abgelaufen.' });
    });

    it('franchise shops keep their hours: closed now → ASAP refused, a valid pre-order time accepted', async () => {
      const form = { street: 'Georg-Schumann-Straße', streetNumber: '10', zip: '04155' };
      const asap = await order(submission({ orderItems: [] }, form), newKey(), 'burgerwerk-nord');
      expect(asap.status).toBe(400);
      expect(((await asap.json()) as { form: Record<string, string> }).form.serveAt).toBe('Bitte wähle eine Lieferzeit.');
      const gone = await order(submission({}, { ...form, serveAt: '03:00' }), newKey(), 'burgerwerk-nord');
      expect(((await gone.json()) as { form: Record<string, string> }).form.serveAt).toBe('Die gewählte Zeit ist nicht mehr verfügbar. Bitte wähle eine andere Zeit.');
    });

    it('/status and /info report the order; unknown ids are 404', async () => {
      const placed = (await (await order(submission())).json()) as { order: { id: string } };
      const status = await s.app.request(`/api/shop/demo/status/${placed.order.id}`);
      expect(await status.json()).toMatchObject({ id: placed.order.id, status: 'confirmed', statusText: 'Bestellung übermittelt – wartet auf die Bestätigung des Restaurants', paymentStatus: 'on_delivery' });
      const info = (await (await s.app.request(`/api/shop/demo/info/${placed.order.id}`)).json()) as { success: boolean; order: Record<string, unknown> };
      expect(info.success).toBe(true);
      expect(info.order).toMatchObject({ id: placed.order.id, name: 'Erika Muster' });
      expect(JSON.stringify(info)).not.toContain('erika@example.de');
      const missing = await s.app.request('/api/shop/demo/info/AAAAAAAAAAAAAAAA');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ success: false });
      expect((await s.app.request('/api/shop/demo/status/1')).status).toBe(404);
      expect((await s.app.request(`/api/shop/burgerwerk-nord/status/${placed.order.id}`)).status).toBe(404);
    });

    async function onlineOrder(method: string, extra: Record<string, unknown> = {}) {
      const res = await order(submission(extra, { paymentMethod: method }));
      expect(res.status).toBe(201);
      return (await res.json()) as { order: { id: string; status: string; paymentStatus: string }; paymentGatewayId: string };
    }
    const dbStatus = async (id: string) => (await db.query<{ status: string; payment_status: string }>('SELECT status, payment_status FROM orders WHERE id = $1', [id])).rows[0];

    it('simulated redirect payment: confirm → paid and notified, decline → failed, cancel → cancelled (return URL validated)', async () => {
      const s1 = await onlineOrder('PayPal_Rest');
      expect(s1.order).toMatchObject({ status: 'received', paymentStatus: 'pending' });
      expect(s1.paymentGatewayId).toBe('simulated');
      expect(await count(`SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key = $1`, [`order-confirmed:${s1.order.id}`])).toBe(0);
      const badUrl = await post(`/api/shop/demo/payment/${s1.order.id}/PayPal_Rest`, { returnUrl: 'javascript:alert(1)' });
      expect(badUrl.status).toBe(400);
      const wrongMethod = await post(`/api/shop/demo/payment/${s1.order.id}/Stripe_card`, {});
      expect(wrongMethod.status).toBe(400);
      const prep = (await (await post(`/api/shop/demo/payment/${s1.order.id}/PayPal_Rest`, { returnUrl: 'https://trattoria.example/danke?x=1', cancelUrl: 'https://trattoria.example/kasse' })).json()) as { url: string; sessionid: string };
      const path = new URL(prep.url).pathname;
      expect(path).toBe(`/pay/sim/${prep.sessionid}`);
      const page = await (await s.app.request(path)).text();
      for (const label of ['Zahlung bestätigen', 'Abbrechen', 'Ablehnen']) expect(page).toContain(label);
      const done = await s.app.request(`${path}/confirm`, { method: 'POST' });
      expect(done.status).toBe(303);
      const back = new URL(done.headers.get('location')!);
      expect(back.origin + back.pathname).toBe('https://trattoria.example/danke');
      expect(Object.fromEntries(back.searchParams)).toEqual({ x: '1', order: s1.order.id, payment: 'paid' });
      expect(await dbStatus(s1.order.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
      await s.renderMails();
      expect(await count(`SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key = $1`, [`order-confirmed:${s1.order.id}`])).toBe(1);
      // a paid order stays paid and is not prepared again
      await s.app.request(`${path}/decline`, { method: 'POST' });
      expect((await dbStatus(s1.order.id)).payment_status).toBe('paid');
      expect(await (await post(`/api/shop/demo/payment/${s1.order.id}/PayPal_Rest`, {})).json()).toEqual({ status: 'captured' });

      const s2 = await onlineOrder('PayPal_Rest');
      const p2 = (await (await post(`/api/shop/demo/payment/${s2.order.id}/PayPal_Rest`, { returnUrl: 'http://localhost:9/ok' })).json()) as { sessionid: string };
      await s.app.request(`/pay/sim/${p2.sessionid}/decline`, { method: 'POST' });
      expect(await dbStatus(s2.order.id)).toEqual({ status: 'received', payment_status: 'failed' });

      const s3 = await onlineOrder('PayPal_Rest');
      const p3 = (await (await post(`/api/shop/demo/payment/${s3.order.id}/PayPal_Rest`, { returnUrl: 'https://a.example/ok', cancelUrl: 'https://a.example/abbruch' })).json()) as { sessionid: string };
      const cancelled = await s.app.request(`/pay/sim/${p3.sessionid}/cancel`, { method: 'POST' });
      expect(cancelled.headers.get('location')).toMatch(/^https:\/\/a\.example\/abbruch\?order=.+&payment=cancelled$/);
      expect((await dbStatus(s3.order.id)).payment_status).toBe('cancelled');
      expect((await s.app.request('/pay/sim/sim_doesnotexist000')).status).toBe(404);
    });

    it('simulated PayPal platform: capture before approval is refused, a declined instrument gives INSTRUMENT_DECLINED, approval captures', async () => {
      const o = await onlineOrder('PayPal_Platform', { viaPayPalButton: true });
      const prep = (await (await post(`/api/shop/demo/payment/${o.order.id}/PayPal_Platform`, {})).json()) as { id: string; url: string };
      expect(prep.id).toMatch(/^sim_/);
      const capture = (ref: string) => s.app.request(`/api/shop/demo/payment/${o.order.id}/PayPal_Platform/paypal/${ref}`);
      expect((await capture(prep.id)).status).toBe(409);
      expect((await capture('sim_someoneelse1234')).status).toBe(404);
      await s.app.request(`/pay/sim/${prep.id}/decline`, { method: 'POST' });
      expect(await (await capture(prep.id)).json()).toMatchObject({ result: 'INSTRUMENT_DECLINED' });
      expect((await dbStatus(o.order.id)).payment_status).toBe('failed');
      const again = (await (await post(`/api/shop/demo/payment/${o.order.id}/PayPal_Platform`, {})).json()) as { id: string };
      await s.app.request(`/pay/sim/${again.id}/confirm`, { method: 'POST' });
      expect(await (await capture(again.id)).json()).toMatchObject({ result: 'success' });
      expect(await dbStatus(o.order.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
    });

    it('Stripe: hosted checkout session via the API, webhook signature verified (bad signature rejected), each event applied once', async () => {
      const o = await onlineOrder('Stripe_card');
      expect(o.paymentGatewayId).toBe('stripe');
      const prep = (await (await post(`/api/shop/demo/payment/${o.order.id}/Stripe_card`, { returnUrl: 'https://trattoria.example/danke' })).json()) as { url: string; sessionid: string };
      expect(prep.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
      const form = stripeCalls.at(-1)!;
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(Math.round((await dbTotal(o.order.id)))));
      expect(form.get('success_url')).toBe('https://trattoria.example/danke');
      const event = JSON.stringify({ id: `evt_${o.order.id}`, type: 'checkout.session.completed', data: { object: { id: prep.sessionid, payment_status: 'paid' } } });
      const t = Math.floor(TUESDAY_NOON.getTime() / 1000);
      const sign = (secret: string, body: string, ts = t) => `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
      const hook = (body: string, sig: string | null) => s.app.request('/api/payments/stripe/webhook', { method: 'POST', headers: sig ? { 'Stripe-Signature': sig } : {}, body });
      expect((await hook(event, sign('whsec_wrong', event))).status).toBe(400);
      expect((await hook(event, null)).status).toBe(400);
      expect((await hook(event.replace('paid', 'paid '), sign(WHSEC, event))).status).toBe(400);
      expect((await hook(event, sign(WHSEC, event, t - 3600))).status).toBe(400); // too old
      expect((await dbStatus(o.order.id)).payment_status).toBe('pending');
      const ok = await hook(event, sign(WHSEC, event));
      expect(await ok.json()).toEqual({ received: true, result: 'applied' });
      expect(await dbStatus(o.order.id)).toEqual({ status: 'confirmed', payment_status: 'paid' });
      expect(await (await hook(event, sign(WHSEC, event))).json()).toEqual({ received: true, result: 'duplicate' });
    });
    const dbTotal = async (id: string) => (await db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [id])).rows[0].total;

    it('webhook deliveries are retried with backoff when the receiver fails', async () => {
      await db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'pending'`);
      hookStatus = 500;
      const o = (await (await order(submission())).json()) as { order: { id: string } };
      await service.runOutbox();
      const row = (await db.query<{ status: string; attempts: number; next_attempt_at: Date }>(`SELECT status, attempts, next_attempt_at FROM webhook_deliveries WHERE dedupe_key = $1`, [`order-confirmed:${o.order.id}`])).rows[0];
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(TUESDAY_NOON.getTime());
      hookStatus = 200;
    });

    it('a shop with secrets of its own: its webhooks signed with its own secret, its Stripe sessions on its connected account', async () => {
      await db.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'pending'`);
      await writeShopSecrets(db, DEV_SECRET_KEY, 'demo', { webhookSecret: 'demo-own-hook-secret-0001', stripeAccountId: 'acct_1DemoOwn' });
      try {
        hooks.length = 0;
        const o = (await (await order(submission())).json()) as { order: { id: string } };
        await service.runOutbox();
        const hook = hooks.find((h) => JSON.parse(h.body).order.id === o.order.id)!;
        const nowSec = Math.floor(TUESDAY_NOON.getTime() / 1000);
        expect(verifyWebhookSignature('demo-own-hook-secret-0001', hook.headers.get('tischlein-signature'), hook.body, nowSec)).toBe(true);
        expect(verifyWebhookSignature(HOOK_SECRET, hook.headers.get('tischlein-signature'), hook.body, nowSec)).toBe(false);
        const online = await onlineOrder('Stripe_card');
        expect((await post(`/api/shop/demo/payment/${online.order.id}/Stripe_card`, {})).status).toBe(200);
        expect(stripeHeaders.at(-1)!.get('stripe-account')).toBe('acct_1DemoOwn');
      } finally {
        await writeShopSecrets(db, DEV_SECRET_KEY, 'demo', { webhookSecret: null, stripeAccountId: null });
      }
      // without them: the platform's account and ORDER_WEBHOOK_SECRET
      const plain = await onlineOrder('Stripe_card');
      await post(`/api/shop/demo/payment/${plain.order.id}/Stripe_card`, {});
      expect(stripeHeaders.at(-1)!.get('stripe-account')).toBeNull();
    });

    (backend === 'postgres' ? it : it.skip)('two server processes (two pools, two apps) on one PostgreSQL: one order per key, coupon once', async () => {
      const db2 = await openDb({ databaseUrl: pgUrl! });
      const app2 = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: db2, now: () => TUESDAY_NOON, logError: () => undefined });
      try {
        const key = newKey();
        const body = submission({ sessionId: 'two-processes' });
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post('/api/shop/demo/order', body, { 'Idempotency-Key': key }, i % 2 ? app2 : s.app)));
        expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
        expect(await count('SELECT count(*) AS n FROM orders WHERE idempotency_key = $1', [key])).toBe(1);
        await db.query(`UPDATE coupons SET uses = 0, max_uses = 1 WHERE shop_id = 'demo' AND code = 'WILLKOMMEN10'`);
        const coupon = await Promise.all(Array.from({ length: 20 }, (_, i) => post('/api/shop/demo/order', submission({ couponCode: 'WILLKOMMEN10', sessionId: `p-${i}` }), { 'Idempotency-Key': newKey() }, i % 2 ? app2 : s.app)));
        expect(coupon.filter((a) => a.status === 201)).toHaveLength(1);
        expect((await db.query<{ uses: number }>(`SELECT uses FROM coupons WHERE shop_id = 'demo' AND code = 'WILLKOMMEN10'`)).rows[0].uses).toBe(1);
      } finally {
        await db.query(`UPDATE coupons SET max_uses = NULL WHERE shop_id = 'demo' AND code = 'WILLKOMMEN10'`);
        await db2.close();
      }
    }, 60_000);
  });
}
