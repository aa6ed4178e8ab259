// Issue 23 (parts 2, 3, 8): nothing is derived from the request's Host, links and payment returns
// lead only to known origins, /outbox exists in development only, a forged simulated webhook
// pays nothing, every page the server renders has a CSP and cannot be framed, and a second
// payment preparation answers the first.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAccount, scopeOf } from './accounts/service';
import { createApp } from './app';
import { createPaymentRegistry } from './payments';
import { createTestServer, type TestServer } from './testing';

const PUBLIC = 'https://shop.example';
const EVIL = 'http://evil.example';

const FORM = {
  salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
  email: 'erika@example.de', phone: '0341 123456', messageDriver: '', messageCook: '', paymentMethod: 'PayPal_Rest',
  isPickup: false, serveAt: '', floor: '', company: '',
};
const DISH = {
  kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
};
let keySeq = 0;

const post = (s: TestServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function onlineOrder(s: TestServer, paymentMethod = 'PayPal_Rest'): Promise<string> {
  const body = {
    formValues: { ...FORM, paymentMethod }, orderItems: [DISH], couponCode: null, sessionId: 'sess-1', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
  };
  const r = await post(s, '/api/shop/demo/order', body, { 'Idempotency-Key': `security-${Date.now()}-${++keySeq}` });
  if (r.status !== 201) throw new Error(`order: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { order: { id: string } }).order.id;
}

const paymentStatus = async (s: TestServer, id: string) =>
  (await s.db.query<{ payment_status: string }>('SELECT payment_status FROM orders WHERE id = $1', [id])).rows[0].payment_status;

/** frame-ancestors 'none', no script source, form-action limited */
function expectPageCsp(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('script-src');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('development server with PUBLIC_ORIGIN set', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ publicOrigin: PUBLIC, linkOrigins: ['https://trattoria.example'] });
    await ensureAccount(s.db, scopeOf(s.data.shops.get('demo')!.config), 'opfer@example.de', { firstName: 'Olga', lastName: 'Opfer', address: null, advertisement: false });
  }, 60_000);
  afterAll(() => s.close());

  const lastMail = async (to: string) =>
    (await s.db.query<{ text_body: string }>('SELECT text_body FROM outbox_mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to])).rows[0].text_body;

  it('a forged Host and a foreign returnTo: the link is on PUBLIC_ORIGIN and leads to the shop, no token for the attacker', async () => {
    const r = await post(s, `${EVIL}/api/platform/auth/request-link`, { email: 'opfer@example.de', webshop: 'demo', returnTo: `${EVIL}/steal` }, { Host: 'evil.example' });
    expect(r.status).toBe(200);
    const text = await lastMail('opfer@example.de');
    expect(text).not.toContain('evil.example');
    const m = /(\S+)\/api\/platform\/auth\/login\/([A-Za-z0-9_-]{43})/.exec(text)!;
    expect(m[1]).toBe('https://shop.example');
    // opened through the forged host too: still the shop's own page, the token in a cookie only
    const open = await s.app.request(`${EVIL}/api/platform/auth/login/${m[2]}`, { headers: { Host: 'evil.example' } });
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe('https://shop.example/');
    expect(open.headers.get('set-cookie')).toMatch(/^tischlein_token=[A-Za-z0-9_-]{43}; .*Secure/);
  });

  it('a returnTo on a known origin keeps its page; the token goes in the fragment there', async () => {
    await post(s, `${PUBLIC}/api/platform/auth/request-link`, { email: 'opfer@example.de', webshop: 'demo', returnTo: 'https://trattoria.example/speisekarte' });
    const token = /\/auth\/login\/([A-Za-z0-9_-]{43})/.exec(await lastMail('opfer@example.de'))![1];
    const open = await s.app.request(`${PUBLIC}/api/platform/auth/login/${token}`);
    expect(open.headers.get('location')).toMatch(/^https:\/\/trattoria\.example\/speisekarte#tischlein_token=[A-Za-z0-9_-]{43}$/);
  });

  it('the expired-login page: 410 with a CSP, not framable, linking to PUBLIC_ORIGIN', async () => {
    const r = await s.app.request(`${EVIL}/api/platform/auth/login/${'A'.repeat(43)}`, { headers: { Host: 'evil.example' } });
    expect(r.status).toBe(410);
    expectPageCsp(r);
    const html = await r.text();
    expect(html).toContain('href="https://shop.example/"');
    expect(html).not.toContain('evil.example');
  });

  it('payment returnUrl: a foreign origin falls back to the order\'s page in the shop; a known one is kept', async () => {
    const id = await onlineOrder(s);
    const prep = (await (await post(s, `${EVIL}/api/shop/demo/payment/${id}/PayPal_Rest`, { returnUrl: `${EVIL}/phish`, cancelUrl: `${EVIL}/phish2` }, { Host: 'evil.example' })).json()) as { url: string; sessionid: string };
    expect(prep.url).toBe(`https://shop.example/pay/sim/${prep.sessionid}`);
    const done = await s.app.request(`/pay/sim/${prep.sessionid}/confirm`, { method: 'POST' });
    expect(done.headers.get('location')).toBe(`https://shop.example/checkout/success/${id}?order=${id}&payment=paid`);

    const id2 = await onlineOrder(s);
    const p2 = (await (await post(s, `/api/shop/demo/payment/${id2}/PayPal_Rest`, { returnUrl: 'https://trattoria.example/danke', cancelUrl: `${EVIL}/x` })).json()) as { sessionid: string };
    const cancel = await s.app.request(`/pay/sim/${p2.sessionid}/cancel`, { method: 'POST' });
    // the foreign cancel address falls back to the (allowed) return address
    expect(cancel.headers.get('location')).toBe(`https://trattoria.example/danke?order=${id2}&payment=cancelled`);
  });

  it('a return address stored before the fix (a foreign origin) is checked again when the payment page redirects', async () => {
    const id = await onlineOrder(s);
    const prep = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, {})).json()) as { sessionid: string };
    await s.db.query(`UPDATE payment_events SET data = jsonb_set(data, '{returnUrl}', '"http://evil.example/alt"') WHERE data->>'ref' = $1`, [prep.sessionid]);
    const done = await s.app.request(`/pay/sim/${prep.sessionid}/confirm`, { method: 'POST' });
    expect(done.headers.get('location')).toBe(`https://shop.example/checkout/success/${id}?order=${id}&payment=paid`);
  });

  it('a second payment preparation returns the first, and the first payment page still pays', async () => {
    const id = await onlineOrder(s);
    const first = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, {})).json()) as { url: string; sessionid: string };
    const second = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, { returnUrl: 'https://trattoria.example/anders' })).json()) as { url: string; sessionid: string };
    expect(second).toEqual(first);
    const page = await s.app.request(new URL(first.url).pathname);
    expect(page.status).toBe(200);
    expect((await s.app.request(`/pay/sim/${first.sessionid}/confirm`, { method: 'POST' })).status).toBe(303);
    expect(await paymentStatus(s, id)).toBe('paid');
    // two at once: one preparation, both get its answer
    const id2 = await onlineOrder(s);
    const [a, b] = await Promise.all([0, 1].map(async () => (await post(s, `/api/shop/demo/payment/${id2}/PayPal_Rest`, {})).json()));
    expect(a).toEqual(b);
    const prepared = await s.db.query(`SELECT 1 FROM payment_events e JOIN orders o ON o.seq = e.order_seq WHERE o.id = $1 AND e.event = 'prepared'`, [id2]);
    expect(prepared.rows).toHaveLength(1);
  });

  it('after a cancelled payment a new preparation starts', async () => {
    const id = await onlineOrder(s);
    const first = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, {})).json()) as { sessionid: string };
    await s.app.request(`/pay/sim/${first.sessionid}/cancel`, { method: 'POST' });
    const again = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, {})).json()) as { sessionid: string };
    expect(again.sessionid).not.toBe(first.sessionid);
    expect(await paymentStatus(s, id)).toBe('pending');
  });

  it('a simulated webhook signed with the old public default secret is refused; the order stays unpaid', async () => {
    const id = await onlineOrder(s);
    const prep = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, {})).json()) as { sessionid: string };
    const event = JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', data: { object: { id: prep.sessionid } } });
    const t = Math.floor(Date.now() / 1000);
    const sig = `t=${t},v1=${createHmac('sha256', 'tischlein-simulated-payments').update(`${t}.${event}`).digest('hex')}`;
    const r = await s.app.request('/api/payments/simulated/webhook', { method: 'POST', headers: { 'Stripe-Signature': sig }, body: event });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'invalid_signature' });
    expect(await paymentStatus(s, id)).toBe('pending');
  });

  it('the simulated payment page (and its 404) have a CSP; the form may redirect only to the return origin', async () => {
    const id = await onlineOrder(s);
    const prep = (await (await post(s, `/api/shop/demo/payment/${id}/PayPal_Rest`, { returnUrl: 'https://trattoria.example/danke' })).json()) as { sessionid: string };
    const page = await s.app.request(`/pay/sim/${prep.sessionid}`);
    expect(page.status).toBe(200);
    expectPageCsp(page);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://trattoria.example");
    const missing = await s.app.request('/pay/sim/sim_doesnotexist000');
    expect(missing.status).toBe(404);
    expectPageCsp(missing);
  });

  it('the QR page (signed out and as a waiter) and /outbox have a CSP', async () => {
    const out = await s.app.request('/api/shop/demo/dineintable/qr');
    expect(out.status).toBe(401);
    expectPageCsp(out);
    const login = await post(s, '/api/shop/demo/dineintable/waiter', { password: 'kellner' });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const qr = await s.app.request('/api/shop/demo/dineintable/qr', { headers: { Cookie: cookie } });
    expect(qr.status).toBe(200);
    expect(await qr.text()).toContain('https://shop.example/?tisch=7');
    expectPageCsp(qr);
    const outbox = await s.app.request('/outbox');
    expect(outbox.status).toBe(200);
    expectPageCsp(outbox);
    expect(await outbox.text()).toContain('Nur in der Entwicklung');
  });
});

describe('production mode', () => {
  let s: TestServer;
  // a build folder: the shell page answers every unknown path, but not /outbox
  const dist = mkdtempSync(join(tmpdir(), 'tischlein-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shell</title>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  beforeAll(async () => {
    s = await createTestServer({
      production: true,
      testClock: false,
      distDir: dist,
      publicOrigin: PUBLIC,
      // as main.ts builds it in production: no shop names the simulated provider, keys for PayPal only
      orders: { payments: createPaymentRegistry({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }, { simulatedFor: new Set() }), webhookSecret: 'hook-secret' },
    });
  }, 60_000);
  afterAll(() => s.close());

  it('/outbox is 404 (not the outbox, not the shell page)', async () => {
    expect((await s.app.request('/oeffnungszeiten')).status).toBe(200); // a page of the shell
    const r = await s.app.request('/outbox');
    expect(r.status).toBe(404);
    const body = await r.text();
    expect(body).not.toContain('Postausgang');
    expect(body).not.toContain('Shell');
  });

  it('the simulated provider does not exist: its webhook is 404, whatever it is signed with', async () => {
    const event = JSON.stringify({ id: 'evt_x', type: 'payment.succeeded', data: { object: { id: 'sim_aaaaaaaaaaaaaaaa' } } });
    const t = Math.floor(Date.now() / 1000);
    const sig = `t=${t},v1=${createHmac('sha256', 'tischlein-simulated-payments').update(`${t}.${event}`).digest('hex')}`;
    const r = await s.app.request('/api/payments/simulated/webhook', { method: 'POST', headers: { 'Stripe-Signature': sig }, body: event });
    expect(r.status).toBe(404);
  });

  it('a method without keys is not paid by the simulator: preparation refuses with a German message', async () => {
    const id = await onlineOrder(s, 'Stripe_card');
    const r = await post(s, `/api/shop/demo/payment/${id}/Stripe_card`, {});
    expect(r.status).toBe(422);
    expect(await r.json()).toEqual({ error: 'payment_unavailable', message: 'Diese Zahlungsart ist gerade nicht verfügbar. Bitte wähle eine andere.' });
    expect(await paymentStatus(s, id)).toBe('pending');
  });

  it('createApp refuses a production app without public origin or webhook secret, or with the test clock', async () => {
    expect(() => createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, production: true, orders: { webhookSecret: 'x' } })).toThrow('PUBLIC_ORIGIN');
    expect(() => createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, production: true, publicOrigin: PUBLIC })).toThrow('ORDER_WEBHOOK_SECRET');
    expect(() => createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, production: true, publicOrigin: PUBLIC, orders: { webhookSecret: 'x' }, testClock: true })).toThrow('TISCHLEIN_TEST_CLOCK');
    // without a registry of its own: no simulated provider for shops that do not name it
    const app = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, production: true, publicOrigin: PUBLIC, orders: { webhookSecret: 'x' } });
    expect((await app.request('/api/payments/simulated/webhook', { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('CORS with a forged Host', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ publicOrigin: PUBLIC });
    await s.update((d) => { d.shops.get('demo')!.allowedOrigins = ['https://trattoria.example']; });
  }, 60_000);
  afterAll(() => s.close());

  it('an Origin equal to the forged Host is not allowed; PUBLIC_ORIGIN and the listed origins are', async () => {
    const forged = await s.app.request(`${EVIL}/api/shop/demo/bootstrap`, { headers: { Host: 'evil.example', Origin: EVIL } });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('access-control-allow-origin')).toBeNull();
    const own = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: PUBLIC } });
    expect(own.headers.get('access-control-allow-origin')).toBe(PUBLIC);
    const listed = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'https://trattoria.example' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://trattoria.example');
  });
});
