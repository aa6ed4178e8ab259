// Login by e-mail link and the account (routes/account.ts): links expire and work once, tokens
// only reach their own account, deletion removes the personal data, request-link is rate-limited.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOGIN_TEXTS, TOKEN_NAME } from '@shared/account';
import { CHECKOUT_TEXTS } from '@shared/checkout';
import type { CartItem } from '@shared/domain';
import { hashToken } from '../accounts/service';
import { createTestServer, TUESDAY_NOON, type TestServer } from '../testing';

const ORIGIN = 'http://shop.test';
let clock = TUESDAY_NOON.getTime();
let s: TestServer;

const dish = (lineId: string): CartItem => ({
  kind: 'dish', lineId, dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
});

function order(email: string, over: Record<string, unknown> = {}) {
  return {
    formValues: {
      salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email,
      phone: '0341 123456', messageDriver: 'Bitte klingeln', messageCook: '', paymentMethod: 'offline', isPickup: false, serveAt: '', floor: '2. OG', company: '',
    },
    orderItems: [dish('l1')], couponCode: null, sessionId: 'sess-1', userId: null, groupOrderId: null, acceptAdvertising: true,
    useDishDeposit: false, account: null, createAccount: true, skipGoogleValidation: true, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
    expectedTwoForOnePromotions: [], legalAccepted: true, idempotencyKey: `acc-${Math.random().toString(36).slice(2)}`, ...over,
  };
}

const json = (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
  s.app.request(`${ORIGIN}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function placeOrder(email: string, token?: string, over: Record<string, unknown> = {}): Promise<string> {
  const r = await json('POST', '/api/shop/demo/order', order(email, over), token);
  if (r.status !== 201) throw new Error(`order: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { order: { id: string } }).order.id;
}

/** The token of the newest link mailed to `email`. */
async function lastLink(email: string): Promise<string> {
  const { rows } = await s.db.query<{ text_body: string }>('SELECT text_body FROM outbox_mails WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email]);
  const m = /\/api\/platform\/auth\/login\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '');
  if (!m) throw new Error(`no link mailed to ${email}`);
  return m[1];
}

async function signup(email: string): Promise<void> {
  const id = await placeOrder(email);
  const r = await json('POST', '/api/platform/auth/signup', { order: id });
  expect(r.status).toBe(200);
}

/** Opens the link; returns the session token from the cookie. */
async function login(email: string): Promise<string> {
  const r = await json('POST', '/api/platform/auth/request-link', { email, webshop: 'demo' });
  expect(r.status).toBe(200);
  const open = await s.app.request(`${ORIGIN}/api/platform/auth/login/${await lastLink(email)}`);
  expect(open.status).toBe(303);
  const cookie = open.headers.get('set-cookie') ?? '';
  const m = new RegExp(`${TOKEN_NAME}=([^;]+)`).exec(cookie);
  if (!m) throw new Error('no token cookie');
  return m[1];
}

beforeAll(async () => {
  s = await createTestServer({
    now: () => new Date(clock),
    publicOrigin: ORIGIN,
    accounts: { linkLimit: { perEmail: 10, perIp: 1000, windowMs: 60_000 } },
  });
  await s.update((d) => { d.shops.get('demo')!.allowedOrigins = ['http://restaurant.test']; });
}, 120_000);
afterAll(async () => s.close());

describe('request-link and the link', () => {
  it('tells an unknown e-mail apart (user-not-found) and rejects a bad e-mail in German', async () => {
    const r = await json('POST', '/api/platform/auth/request-link', { email: 'niemand@example.de', webshop: 'demo' });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: 'user-not-found' });
    const bad = await json('POST', '/api/platform/auth/request-link', { email: 'kein-at', webshop: 'demo' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: LOGIN_TEXTS.invalidEmail });
  });

  it('signup needs the advertising consent of the order (check 8)', async () => {
    const id = await placeOrder('ohne@example.de', undefined, { acceptAdvertising: false, createAccount: false });
    const r = await json('POST', '/api/platform/auth/signup', { order: id });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ message: CHECKOUT_TEXTS.accountConsentText });
    expect((await s.db.query('SELECT 1 FROM accounts WHERE email = $1', ['ohne@example.de'])).rows).toHaveLength(0);
  });

  it('signup creates the account from the order, links the order and mails a link; the link signs in once', async () => {
    await signup('erika@example.de');
    const { rows } = await s.db.query<{ first_name: string; last_name: string; address: { street: string; floor: string }; advertisement: boolean }>(
      'SELECT first_name, last_name, address, advertisement FROM accounts WHERE email = $1', ['erika@example.de']);
    expect(rows[0]).toMatchObject({ first_name: 'Erika', last_name: 'Muster', advertisement: true, address: { street: 'Augustusplatz', floor: '2. OG' } });
    const link = await lastLink('erika@example.de');
    // stored hashed, never in clear
    expect((await s.db.query('SELECT 1 FROM login_links WHERE token_hash = $1', [link])).rows).toHaveLength(0);
    expect((await s.db.query('SELECT 1 FROM login_links WHERE token_hash = $1', [hashToken(link)])).rows).toHaveLength(1);

    const first = await s.app.request(`${ORIGIN}/api/platform/auth/login/${link}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${ORIGIN}/`);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http origin
    const token = /tischlein_token=([^;]+)/.exec(cookie)![1];
    const info = await json('GET', '/api/platform/user/info', undefined, token);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ email: 'erika@example.de', firstName: 'Erika', address: { zip: '04109' } });
    const orders = (await (await json('GET', '/api/platform/user/orders', undefined, token)).json()) as { orders: { items: unknown[] }[] };
    expect(orders.orders).toHaveLength(1);
    expect(orders.orders[0].items).toHaveLength(1);

    const again = await s.app.request(`${ORIGIN}/api/platform/auth/login/${link}`);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('abgelaufen oder wurde schon benutzt');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a link after 15 minutes', async () => {
    await json('POST', '/api/platform/auth/request-link', { email: 'erika@example.de', webshop: 'demo' });
    const link = await lastLink('erika@example.de');
    clock += 15 * 60_000 + 1000;
    try {
      const r = await s.app.request(`${ORIGIN}/api/platform/auth/login/${link}`);
      expect(r.status).toBe(410);
    } finally {
      clock = TUESDAY_NOON.getTime();
    }
  });

  it('leads back to an allowed restaurant page with the token in the fragment, never to a stranger', async () => {
    await json('POST', '/api/platform/auth/request-link', { email: 'erika@example.de', webshop: 'demo', returnTo: 'http://restaurant.test/speisen?x=1#alt' });
    const r = await s.app.request(`${ORIGIN}/api/platform/auth/login/${await lastLink('erika@example.de')}`);
    const location = r.headers.get('location')!;
    expect(location).toMatch(/^http:\/\/restaurant\.test\/speisen\?x=1#tischlein_token=[A-Za-z0-9_-]{43}$/);
    expect(r.headers.get('set-cookie')).toBeNull();

    await json('POST', '/api/platform/auth/request-link', { email: 'erika@example.de', webshop: 'demo', returnTo: 'https://evil.test/' });
    const r2 = await s.app.request(`${ORIGIN}/api/platform/auth/login/${await lastLink('erika@example.de')}`);
    expect(r2.headers.get('location')).toBe(`${ORIGIN}/`);
  });
});

describe('the account behind a bearer token', () => {
  let erika: string;
  let max: string;
  beforeAll(async () => {
    await signup('anna@example.de');
    await signup('max@example.de');
    erika = await login('anna@example.de');
    max = await login('max@example.de');
  });

  it('answers 401 without, with a wrong or an expired token', async () => {
    expect((await json('GET', '/api/platform/user/info')).status).toBe(401);
    const wrong = await json('GET', '/api/platform/user/info', undefined, 'A'.repeat(43));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/Bearer/);
    clock += 31 * 86_400_000;
    try {
      expect((await json('GET', '/api/platform/user/info', undefined, erika)).status).toBe(401);
    } finally {
      clock = TUESDAY_NOON.getTime();
    }
  });

  it("one user's token cannot read or change another's data", async () => {
    const maxId = ((await (await json('GET', '/api/platform/user/info', undefined, max)).json()) as { id: string }).id;
    // no call takes an id: whatever is sent, the token decides
    const put = await json('PUT', '/api/platform/user/name', { firstName: 'Hacker', lastName: 'X', id: maxId }, erika);
    expect(put.status).toBe(200);
    expect(await (await json('GET', '/api/platform/user/info', undefined, max)).json()).toMatchObject({ firstName: 'Erika', lastName: 'Muster' });
    expect(await (await json('GET', '/api/platform/user/info', undefined, erika)).json()).toMatchObject({ firstName: 'Hacker' });
    await json('PUT', '/api/platform/user/addressData', { address: { street: 'Neue Straße', zip: '04103', city: 'Leipzig' }, id: maxId }, erika);
    expect(await (await json('GET', '/api/platform/user/info', undefined, max)).json()).toMatchObject({ address: { street: 'Augustusplatz' } });
    // orders: each sees only their own; an order placed with Erika's token is hers
    await placeOrder('egal@example.de', erika, { createAccount: false });
    const mine = (await (await json('GET', '/api/platform/user/orders', undefined, erika)).json()) as { orders: unknown[] };
    const his = (await (await json('GET', '/api/platform/user/orders', undefined, max)).json()) as { orders: unknown[] };
    expect(mine.orders).toHaveLength(2);
    expect(his.orders).toHaveLength(1);
  });

  it('checks birthday, address and agreement', async () => {
    const bad = await json('PUT', '/api/platform/user/birthday', { date: '2030-01-01' }, erika);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Bitte gib ein gültiges Geburtsdatum ein.' });
    expect((await json('PUT', '/api/platform/user/birthday', { date: '1990-02-28' }, erika)).status).toBe(200);
    const zip = await json('PUT', '/api/platform/user/addressData', { address: { zip: '123' } }, erika);
    expect(zip.status).toBe(400);
    expect((await json('PUT', '/api/platform/user/advertisementAgreement', { subscribe: false }, erika)).status).toBe(200);
    expect(await (await json('GET', '/api/platform/user/info', undefined, erika)).json()).toMatchObject({ birthday: '1990-02-28', advertisement: false });
  });

  it('deletes the account and its personal data (checked in the database)', async () => {
    const id = ((await (await json('GET', '/api/platform/user/info', undefined, max)).json()) as { id: string }).id;
    const r = await json('DELETE', '/api/platform/user/delete', undefined, max);
    expect(r.status).toBe(200);
    expect((await s.db.query('SELECT 1 FROM accounts WHERE id = $1', [id])).rows).toHaveLength(0);
    expect((await s.db.query('SELECT 1 FROM account_sessions WHERE account_id = $1', [id])).rows).toHaveLength(0);
    expect((await s.db.query('SELECT 1 FROM login_links WHERE account_id = $1', [id])).rows).toHaveLength(0);
    expect((await s.db.query('SELECT 1 FROM outbox_mails WHERE to_address = $1', ['max@example.de'])).rows).toHaveLength(0);
    expect((await s.db.query('SELECT 1 FROM orders WHERE account_id = $1', [id])).rows).toHaveLength(0);
    const { rows } = await s.db.query<{ customer: Record<string, string> }>("SELECT customer FROM orders WHERE customer->>'name' = 'Max Muster' OR customer::text LIKE '%max@example.de%'");
    expect(JSON.stringify(rows)).not.toContain('max@example.de');
    expect(JSON.stringify(rows)).not.toContain('0341 123456');
    expect((await json('GET', '/api/platform/user/info', undefined, max)).status).toBe(401);
    // Erika is untouched
    expect((await json('GET', '/api/platform/user/info', undefined, erika)).status).toBe(200);
  });

  it('logout ends the session', async () => {
    const r = await json('POST', '/api/platform/auth/logout', {}, erika);
    // set through hono/cookie with the attributes of shared/account (tokenCookieOptions)
    expect(r.headers.get('set-cookie')).toBe('tischlein_token=; Max-Age=0; Path=/; SameSite=Lax');
    expect((await json('GET', '/api/platform/user/info', undefined, erika)).status).toBe(401);
  });
});

describe('rate limit of request-link', () => {
  it('answers 429 with a German message per e-mail, and per IP', async () => {
    const e = await createTestServer({ accounts: { linkLimit: { perEmail: 3, perIp: 6, windowMs: 60_000 } } });
    try {
      const ask = (email: string) => e.app.request('/api/platform/auth/request-link', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, webshop: 'demo' }) });
      await ask('viel@example.de');
      await ask('viel@example.de');
      await ask('Viel@Example.de');
      const r = await ask('viel@example.de');
      expect(r.status).toBe(429);
      expect(await r.json()).toMatchObject({ error: 'too_many_requests', message: LOGIN_TEXTS.rateLimited });
      expect(LOGIN_TEXTS.rateLimited).toMatch(/Bitte warte/);
      // another e-mail is still fine (5th request of this IP) …
      expect((await ask('anders@example.de')).status).toBe(404);
      expect((await ask('dritte@example.de')).status).toBe(404);
      // … until the IP's bound is reached
      const ip = await ask('vierte@example.de');
      expect(ip.status).toBe(429);
      expect(await ip.json()).toMatchObject({ message: LOGIN_TEXTS.rateLimited });
    } finally {
      await e.close();
    }
  }, 60_000);
});
