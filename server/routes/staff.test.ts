// The staff API on PGlite: who may call it, login limits, the inbox with 'Nr. n', accept with a
// ready time the guest sees (status, live stream, e-mail), steps, refuse with a refund, POS keys.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { createPaymentRegistry } from '../payments';
import { createStaffUser } from '../staff/service';
import { DEMO_STAFF, demoStaffProblems, seedDemoStaff } from '../staff/demo';
import { createTestServer, type TestServer } from '../testing';

/** Reads a server-sent event stream as text; `until` waits for what the test expects to arrive. */
function streamOf(res: Response) {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  const until = async (pred: (b: string) => boolean) => {
    while (!pred(buf)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buf += dec.decode(value);
    }
  };
  return { reader, until, text: () => buf };
}

const dish = (lineId: string): CartItem => ({
  kind: 'dish', lineId, dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090, promotion: null,
  without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
});
const FORM = {
  salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
  email: 'erika@example.de', phone: '0341 123456', messageDriver: 'Bitte klingeln', messageCook: 'Ohne Salz', paymentMethod: 'offline',
  isPickup: false, serveAt: '', floor: '', company: '',
};
const submission = (form: Record<string, unknown> = {}) => ({
  formValues: { ...FORM, ...form }, orderItems: [dish('l1')], couponCode: null, sessionId: 'sess-1', userId: null, groupOrderId: null,
  acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
  selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
});
let keys = 0;
const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('staff API', () => {
  let s: TestServer;
  let cookie = '';
  const refunds: string[] = [];

  const req = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    s.app.request(path, {
      ...init,
      headers: { ...(init.json !== undefined ? JSON_HEADERS : {}), ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const placeCash = async (form: Record<string, unknown> = {}) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `staff-test-${++keys}` }, body: JSON.stringify(submission(form)) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  const login = async (email: string, password: string) => {
    const res = await s.app.request('/api/staff/demo/login', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
    return res;
  };

  beforeAll(async () => {
    const payments = createPaymentRegistry({}, { simSecret: 'sim' });
    const sim = payments.byName('simulated')!;
    const original = sim.refund!.bind(sim);
    sim.refund = async (o, ref) => {
      refunds.push(`${o.id} ${ref} ${o.total}`);
      return original(o, ref);
    };
    s = await createTestServer({ orders: { payments }, staff: { loginLimit: { perEmail: 3, perClient: 100, windowMs: 60_000 } } });
    await createStaffUser(s.db, { shopId: 'demo', email: 'Koch@Demo.example', name: 'Koch', role: 'staff', password: 'koch-passwort-123' });
    await seedDemoStaff(s.db, s.data.shops.keys());
  });
  afterAll(async () => s.close());

  it('answers 401 without a login and with a wrong password; sets an HttpOnly SameSite=Strict cookie on success', async () => {
    expect((await req('/api/staff/demo/orders')).status).toBe(401);
    const wrong = await login('koch@demo.example', 'falsch-falsch');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'wrong_login', message: 'E-Mail oder Passwort stimmt nicht.' });
    const ok = await login('koch@demo.example', 'koch-passwort-123');
    expect(ok.status).toBe(200);
    const set = ok.headers.get('set-cookie')!;
    expect(set).toMatch(/^tischlein_staff=[A-Za-z0-9_-]{43};/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/');
    cookie = set.split(';')[0];
    expect(await (await req('/api/staff/demo/me')).json()).toEqual({ kind: 'session', user: { name: 'Koch', email: 'koch@demo.example', role: 'staff' } });
  });

  it('limits failed logins per e-mail in the database (429 in German)', async () => {
    for (let i = 0; i < 3; i++) expect((await login('limit@demo.example', 'falsch-falsch')).status).toBe(401);
    const res = await login('limit@demo.example', 'falsch-falsch');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toBe('Zu viele Anmeldeversuche – bitte in einigen Minuten erneut versuchen.');
    const { rows } = await s.db.query<{ count: number }>("SELECT count FROM rate_counters WHERE scope = 'staff-login-email'");
    expect(rows.map((r) => Number(r.count))).toContain(4);
  });

  it('a session of one shop cannot read another shop (403); an unknown shop is 404', async () => {
    const other = [...s.data.shops.keys()].find((id) => id !== 'demo')!;
    expect((await req(`/api/staff/${other}/orders`)).status).toBe(403);
    expect((await req('/api/staff/nope/orders')).status).toBe(404);
  });

  it('shows a cash order in Neu with Nr., lines, notes and cash due; accept 30 → guest sees the time (status, e-mail)', async () => {
    const id = await placeCash();
    const listRes = await req('/api/staff/demo/orders?tab=new');
    const list = (await listRes.json()) as { orders: Record<string, unknown>[] };
    expect(list).toHaveProperty('orders');
    const o = list.orders.find((x) => x.id === id)!;
    expect(o).toMatchObject({
      numberText: `Nr. ${o.number as number}`, tab: 'new', type: 'delivery', typeText: 'Lieferung', createdTime: '12:00', paid: false,
      customer: { name: 'Erika Muster', phone: '0341 123456', street: 'Augustusplatz', messageDriver: 'Bitte klingeln', messageCook: 'Ohne Salz' },
    });
    expect(o.paymentText).toMatch(/^Bar\/Karte bei Übergabe: \d+,\d\d\u00a0€$/);
    expect((o.lines as { name: string; extras: { name: string }[] }[])[0]).toMatchObject({ name: 'Hähnchenbrust vom Grill (Klein)', extras: [{ name: 'Pommes frites' }] });

    // writes need JSON
    const form = await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', body: 'minutes=30', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const bad = await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', json: { minutes: 0 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('Bitte eine ganze Zahl von 1 bis 240 Minuten eingeben.');

    const acc = await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', json: { minutes: 30 } });
    expect(acc.status).toBe(200);
    expect(((await acc.json()) as { order: { tab: string; readyTime: string } }).order).toMatchObject({ tab: 'active', readyTime: '12:30' });
    // TUESDAY_NOON is 12:00 in Berlin: + 30 minutes
    const status = (await (await s.app.request(`/api/shop/demo/status/${id}`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ accepted: true, readyTime: '12:30', readyText: 'Voraussichtlich bei Dir um 12:30', refused: false });
    const mail = await s.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox_mails WHERE dedupe_key = $1', [`order-step:${id}:confirmed`]);
    expect(mail.rows[0].subject).toBe(`Trattoria Tischlein: Nr. ${o.number as number} – Das Restaurant hat Deine Bestellung angenommen.`);
    expect(mail.rows[0].text_body).toContain('Voraussichtlich bei Dir um 12:30');
    // twice is a conflict, not a second mail
    expect((await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', json: { minutes: 15 } })).status).toBe(409);
  });

  it('moves one step at a time along the order type', async () => {
    const id = await placeCash();
    expect((await req(`/api/staff/demo/orders/${id}/status`, { method: 'POST', json: { status: 'in_preparation' } })).status).toBe(409); // not accepted yet
    await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', json: { minutes: 20 } });
    expect((await req(`/api/staff/demo/orders/${id}/status`, { method: 'POST', json: { status: 'ready_for_pickup' } })).status).toBe(409); // a delivery
    expect((await req(`/api/staff/demo/orders/${id}/status`, { method: 'POST', json: { status: 'in_preparation' } })).status).toBe(200);
    const onTheWay = await req(`/api/staff/demo/orders/${id}/status`, { method: 'POST', json: { status: 'on_the_way' } });
    // the kitchen reads the status in its own words, not the guest's 'Unterwegs zu Dir'
    expect(((await onTheWay.json()) as { order: { statusText: string } }).order.statusText).toBe('Unterwegs zum Gast');
    const done = await req(`/api/staff/demo/orders/${id}/status`, { method: 'POST', json: { status: 'delivered' } });
    expect(((await done.json()) as { order: { tab: string; statusText: string } }).order).toMatchObject({ tab: 'done', statusText: 'Geliefert' });
    const mails = await s.db.query<{ dedupe_key: string }>("SELECT dedupe_key FROM outbox_mails WHERE dedupe_key LIKE $1 ORDER BY id", [`order-step:${id}:%`]);
    expect(mails.rows.map((r) => r.dedupe_key.split(':')[2])).toEqual(['confirmed', 'in_preparation', 'on_the_way', 'delivered']);
  });

  it('refuses a paid online order with the reason and refunds it in full through its provider', async () => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `staff-test-${++keys}` }, body: JSON.stringify(submission({ paymentMethod: 'PayPal_Rest' })) });
    const id = ((await res.json()) as { order: { id: string } }).order.id;
    // unpaid: not in the inbox
    expect((await req(`/api/staff/demo/orders/${id}`)).status).toBe(404);
    const prep = (await (await s.app.request(`/api/shop/demo/payment/${id}/PayPal_Rest`, { method: 'POST', headers: JSON_HEADERS, body: '{}' })).json()) as { url: string; sessionid: string };
    await s.app.request(`${new URL(prep.url).pathname}/confirm`, { method: 'POST' });
    const total = (await s.db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [id])).rows[0].total;
    const r = await req(`/api/staff/demo/orders/${id}/refuse`, { method: 'POST', json: { reason: '  Zu viel los ' } });
    expect(r.status).toBe(200);
    expect(refunds).toEqual([`${id} ${prep.sessionid} ${total}`]);
    const status = (await (await s.app.request(`/api/shop/demo/status/${id}`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      status: 'cancelled', refused: true, refuseReason: 'Zu viel los', refundStatus: 'refunded',
      refusedText: 'Das Restaurant hat Deine Bestellung leider abgelehnt. Grund: Zu viel los',
    });
    expect(status.refundText).toMatch(/^Dein Geld \(\d+,\d\d\u00a0€\) wird Dir vollständig zurückerstattet\.$/);
    const mail = await s.db.query<{ text_body: string }>('SELECT text_body FROM outbox_mails WHERE dedupe_key = $1', [`order-step:${id}:cancelled`]);
    expect(mail.rows[0].text_body).toContain('Grund: Zu viel los');
    expect(mail.rows[0].text_body).toContain('vollständig zurückerstattet');
    expect((await req(`/api/staff/demo/orders/${id}/refuse`, { method: 'POST', json: { reason: 'nochmal' } })).status).toBe(409);
    expect(refunds).toHaveLength(1);
  });

  it('POS keys: owner creates (shown once), the key reads this shop only, revoked keys stop working; staff cannot manage keys', async () => {
    expect((await req('/api/staff/demo/api-keys', { method: 'POST', json: { label: 'Kasse' } })).status).toBe(403); // the cook
    const owner = await login(DEMO_STAFF.email, DEMO_STAFF.password);
    expect(owner.status).toBe(200);
    const ownerCookie = owner.headers.get('set-cookie')!.split(';')[0];
    const created = await s.app.request('/api/staff/demo/api-keys', { method: 'POST', headers: { ...JSON_HEADERS, Cookie: ownerCookie }, body: JSON.stringify({ label: 'Kasse' }) });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: string; key: string };
    expect(key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    const stored = await s.db.query<{ key_hash: string }>('SELECT key_hash FROM shop_api_keys WHERE id = $1', [id]);
    expect(stored.rows[0].key_hash).not.toContain(key.slice(4));
    const bearer = { Authorization: `Bearer ${key}` };
    expect((await s.app.request('/api/staff/demo/orders', { headers: bearer })).status).toBe(200);
    const other = [...s.data.shops.keys()].find((x) => x !== 'demo')!;
    expect((await s.app.request(`/api/staff/${other}/orders`, { headers: bearer })).status).toBe(403);
    // a key cannot make keys
    expect((await s.app.request('/api/staff/demo/api-keys', { headers: bearer })).status).toBe(403);
    expect((await s.app.request(`/api/staff/demo/api-keys/${id}`, { method: 'DELETE', headers: { Cookie: ownerCookie } })).status).toBe(200);
    expect((await s.app.request('/api/staff/demo/orders', { headers: bearer })).status).toBe(401);
  });

  it('the demo login is a production problem', async () => {
    expect(await demoStaffProblems(s.db)).toEqual([
      "staff login inhaber@demo.tischlein.de of shop 'demo' has the public demo password (README): delete it or set another password.",
    ]);
  });

  it('the event stream sends the list, then each new order of the shop', async () => {
    const ac = new AbortController();
    const res = await req('/api/staff/demo/events', { signal: ac.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const { reader, until, text } = streamOf(res);
    await until((b) => b.includes('event: orders'));
    const id = await placeCash({ name: 'Live Gast' });
    await until((b) => b.includes(`"id":"${id}"`) && b.includes('event: order'));
    expect(text()).toContain('"kind":"placed"');
    ac.abort();
    await reader.cancel().catch(() => undefined);
  });

  it('the guest stream sends the status at once and again when the restaurant accepts', async () => {
    const id = await placeCash();
    const ac = new AbortController();
    const res = await s.app.request(`/api/shop/demo/status/${id}/events`, { signal: ac.signal });
    const { reader, until, text } = streamOf(res);
    await until((b) => b.includes('event: status'));
    expect(text()).toContain('"accepted":false');
    await req(`/api/staff/demo/orders/${id}/accept`, { method: 'POST', json: { minutes: 45 } });
    await until((b) => b.includes('Voraussichtlich bei Dir um 12:45'));
    ac.abort();
    await reader.cancel().catch(() => undefined);
    expect((await s.app.request('/api/shop/demo/status/unknown-order-id/events')).status).toBe(404);
  });
});
