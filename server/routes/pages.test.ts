// The pages' endpoints: valid input is stored (and mailed), bad input is a 4xx with German
// field messages, unknown ids are 404; tracking batches and the per-shop report.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { createTestServer, type TestServer } from '../testing';

let s: TestServer;
const errors: unknown[] = [];
beforeAll(async () => {
  s = await createTestServer({ reportToken: 'report-secret', logError: (e) => errors.push(e) });
  await s.update((d) => { d.settings!.get('demo')!.email = 'kueche@demo.example'; });
}, 60_000);
afterAll(async () => {
  await s?.close();
  expect(errors).toEqual([]);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = {}) => s.app.request(path, { headers });
const mails = async (like: string) =>
  (await s.db.query<{ to_address: string; subject: string; text_body: string }>('SELECT to_address, subject, text_body FROM outbox_mails WHERE subject LIKE $1 ORDER BY id', [like])).rows;

/** The answer token in the restaurant's mail (`/tr/{token}/bestaetigen`). */
const answerToken = (text: string) => /\/tr\/([A-Za-z0-9_-]+)\/bestaetigen/.exec(text)![1];

// Tuesday 24.11.2026 12:00 in Berlin (the test server's clock)
const RESERVATION = { date: '2026-11-27', time: '19:30', persons: 4, name: 'Erika Muster', phone: '0341 123456', email: 'Erika@Example.de' };

describe('table reservation', () => {
  it('stores a valid request and mails the restaurant with answer links', async () => {
    const res = await post('/api/shop/demo/reservation', RESERVATION);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const row = (await s.db.query<{ persons: number; email: string; status: string }>('SELECT persons, email, status FROM reservations WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ persons: 4, email: 'erika@example.de', status: 'requested' });
    const [mail] = await mails('Reservierungsanfrage%');
    expect(mail.to_address).toBe('kueche@demo.example');
    expect(mail.subject).toBe('Reservierungsanfrage: 4 Personen am 27.11.2026 um 19:30 Uhr');
    // the links carry the restaurant's own token, never the id the guest got back
    const token = answerToken(mail.text_body);
    expect(token).not.toBe(id);
    expect(mail.text_body).not.toContain(id);
    expect(mail.text_body).toContain(`/tr/${token}/bestaetigen`);
    expect(mail.text_body).toContain(`/tr/${token}/ablehnen`);
    expect((await (await get(`/api/shop/demo/reservation/${token}`)).json())).toMatchObject({ date: '2026-11-27', time: '19:30', persons: 4, status: 'requested' });
  });

  it('answers bad input with German messages per field, and stores nothing', async () => {
    const before = Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM reservations')).rows[0].n);
    const res = await post('/api/shop/demo/reservation', { date: '2026-11-20', time: '25:00', persons: 0, name: 'E', phone: 'abc', email: 'x@' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_form');
    expect(body.fields).toEqual({
      date: 'Das Datum liegt in der Vergangenheit.',
      time: 'Bitte wähle eine Uhrzeit.',
      persons: 'Bitte gib eine Personenzahl von 1 bis 20 an.',
      name: 'Bitte gib Deinen Namen an (mindestens 2 Zeichen).',
      phone: 'Bitte gib eine gültige Telefonnummer an.',
      email: 'Bitte gib eine gültige E-Mail-Adresse an.',
    });
    for (const bad of ['[]', '"x"', '{', '']) expect((await post('/api/shop/demo/reservation', bad)).status).toBe(400);
    expect(Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM reservations')).rows[0].n)).toBe(before);
  });

  it('a time already past today is refused; shops without reservations answer 404', async () => {
    const res = await post('/api/shop/demo/reservation', { ...RESERVATION, date: '2026-11-24', time: '11:00' });
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ time: 'Diese Uhrzeit ist schon vorbei.' });
    expect((await post('/api/shop/burgerwerk-zentrum/reservation', RESERVATION)).status).toBe(404);
    expect((await post('/api/shop/nope/reservation', RESERVATION)).status).toBe(404);
  });

  it('the answer link confirms once and mails the guest; unknown ids are 404', async () => {
    expect((await post('/api/shop/demo/reservation', { ...RESERVATION, name: 'Max Gast' })).status).toBe(201);
    const id = answerToken((await mails('Reservierungsanfrage%')).filter((m) => m.text_body.includes('Max Gast'))[0].text_body);
    expect((await post(`/api/shop/demo/reservation/${id}/answer`, { type: 'vielleicht' })).status).toBe(400);
    const ok = await post(`/api/shop/demo/reservation/${id}/answer`, { type: 'bestaetigen' });
    expect(await ok.json()).toEqual({ success: true, status: 'confirmed' });
    const again = await post(`/api/shop/demo/reservation/${id}/answer`, { type: 'ablehnen' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('Diese Reservierung wurde bereits beantwortet.');
    const guest = (await mails('Deine Reservierung%')).filter((m) => m.text_body.includes('Max Gast'));
    expect(guest).toHaveLength(1);
    expect(guest[0].to_address).toBe('erika@example.de');
    expect((await get('/api/shop/demo/reservation/gibt-es-nicht-123')).status).toBe(404);
    expect((await post('/api/shop/demo/reservation/x/answer', { type: 'bestaetigen' })).status).toBe(404);
  });
});

function dish(lineId: string): CartItem {
  const extras = [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' as const }];
  return { kind: 'dish', lineId, dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090, promotion: null, without: [], tags: [], slotId: null, extras };
}

async function placeOrder(): Promise<string> {
  const body = {
    formValues: {
      salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
      email: 'erika@example.de', phone: '0341 123456', messageDriver: '', messageCook: '', paymentMethod: 'offline',
      isPickup: false, serveAt: '', floor: '', company: '',
    },
    orderItems: [dish('l1')], couponCode: null, sessionId: 'sess-1', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
  };
  const res = await post('/api/shop/demo/order', body, { 'Idempotency-Key': `pages-${Math.random().toString(36).slice(2)}` });
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

describe('dish rating', () => {
  it('lists the dishes of the order, takes one rating per order', async () => {
    const orderId = await placeOrder();
    const info = (await (await get(`/api/shop/demo/feedback/${orderId}`)).json()) as { done: boolean; dishes: { position: number; name: string }[] };
    expect(info.done).toBe(false);
    expect(info.dishes.length).toBeGreaterThan(0);
    const positions = info.dishes.map((d) => d.position);
    const bad = await post(`/api/shop/demo/feedback/${orderId}`, { ratings: positions.map((position) => ({ position, stars: 6 })) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.ratings).toBe('Bitte bewerte jedes Gericht mit 1 bis 5 Sternen.');
    const ok = await post(`/api/shop/demo/feedback/${orderId}`, { ratings: positions.map((position) => ({ position, stars: 5 })), comment: 'Lecker!' });
    expect(ok.status).toBe(201);
    const second = await post(`/api/shop/demo/feedback/${orderId}`, { ratings: positions.map((position) => ({ position, stars: 1 })) });
    expect(second.status).toBe(409);
    expect(((await (await get(`/api/shop/demo/feedback/${orderId}`)).json()) as { done: boolean }).done).toBe(true);
    const stored = (await s.db.query<{ ratings: { stars: number }[]; comment: string }>('SELECT ratings, comment FROM order_feedback')).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0].comment).toBe('Lecker!');
    expect(stored[0].ratings.every((r) => r.stars === 5)).toBe(true);
  });

  it('unknown orders are 404', async () => {
    expect((await get('/api/shop/demo/feedback/gibt-es-nicht')).status).toBe(404);
    expect((await post('/api/shop/demo/feedback/gibt-es-nicht', { ratings: [] })).status).toBe(404);
    expect((await get('/api/shop/demo/feedback/%00')).status).toBe(404);
  });
});

describe('unsubscribe, jobs, coupons', () => {
  it('emailunsubscribe stores type and address once; bad input is 400 in German', async () => {
    expect((await post('/api/shop/demo/emailunsubscribe', { type: 'newsletter', email: 'Gast@Example.de' })).status).toBe(200);
    expect((await post('/api/shop/demo/emailunsubscribe', { type: 'newsletter', email: 'gast@example.de' })).status).toBe(200);
    expect((await s.db.query('SELECT * FROM email_unsubscribes WHERE email = $1', ['gast@example.de'])).rows).toHaveLength(1);
    const bad = await post('/api/shop/demo/emailunsubscribe', { type: 'spam', email: 'kein-mail' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      type: 'Diese Abmeldung kennen wir nicht.',
      email: 'Bitte gib eine gültige E-Mail-Adresse an.',
    });
  });

  it('job applications: {formData} validated, stored and mailed; unknown entries 404', async () => {
    const formData = { name: 'Jonas Bewerber', email: 'jonas@example.de', phone: '0170 1234567', message: 'Ich fahre gern Rad und habe abends Zeit.' };
    expect((await post('/api/shop/demo/jobs/entry/fahrer/submit', { formData })).status).toBe(201);
    expect((await mails('Bewerbung: Fahrer%'))[0].text_body).toContain('Jonas Bewerber');
    const bad = await post('/api/shop/demo/jobs/entry/fahrer/submit', { formData: { ...formData, message: 'kurz' } });
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({ message: 'Bitte schreib uns ein paar Worte zu Dir.' });
    expect((await post('/api/shop/demo/jobs/entry/fahrer/submit', { name: 'x' })).status).toBe(400);
    expect((await post('/api/shop/demo/jobs/entry/koch/submit', { formData })).status).toBe(404);
  });

  it('coupon e-mail activation gives the code; unknown links are 404', async () => {
    expect(await (await get('/api/shop/demo/coupon_mail/mail-willkommen-01')).json()).toEqual({ activated: false });
    const res = await post('/api/shop/demo/coupon_mail/mail-willkommen-01/activate', {});
    expect(await res.json()).toEqual({ success: true, code: 'WILLKOMMEN10' });
    expect(await (await get('/api/shop/demo/coupon_mail/mail-willkommen-01')).json()).toEqual({ activated: true });
    expect((await post('/api/shop/demo/coupon_mail/gibt-es-nicht/activate', {})).status).toBe(404);
    expect((await get('/api/shop/demo/coupon_mail/x')).status).toBe(404);
  });

  it('a driver code reserves one single-use coupon per phone, found by the cart lookup', async () => {
    expect(await (await get('/api/shop/demo/driver_code/fahrer1')).json()).toEqual({ type: 'value', value: 300, minimumOrderValue: 1500 });
    const bad = await post('/api/shop/demo/driver_code/FAHRER1/reserve', { phone: '12' });
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({ phone: 'Bitte gib eine gültige Telefonnummer an.' });
    const a = (await (await post('/api/shop/demo/driver_code/FAHRER1/reserve', { phone: '+49 170 9876543' })).json()) as { code: string };
    const b = (await (await post('/api/shop/demo/driver_code/FAHRER1/reserve', { phone: '0170 9876543' })).json()) as { code: string };
    expect(a.code).toMatch(/^FAHRER1-[0-9A-F]{8}$/);
    expect(b.code).toBe(a.code);
    const found = (await (await get('/api/shop/demo/coupon_reservation/check/01709876543')).json()) as { data: { code: string; value: number } };
    expect(found.data).toMatchObject({ code: a.code, value: 300 });
    expect((await get('/api/shop/demo/driver_code/NIEMAND')).status).toBe(404);
    expect((await post('/api/shop/demo/driver_code/NIEMAND/reserve', { phone: '0170 9876543' })).status).toBe(404);
  });
});

describe('tracking', () => {
  const event = (name: string) => ({ event: name, sessionId: 'beacon-1', restaurantId: 'demo', visitCount: 1 });

  it('/tr/e takes one event or a batch (also as text/plain from sendBeacon)', async () => {
    expect(await (await post('/api/platform/tr/e', event('one'))).json()).toMatchObject({ success: true });
    const batch = await post('/api/platform/tr/e', JSON.stringify([event('a'), event('b')]), { 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { ids: string[] }).ids).toHaveLength(2);
    expect((await s.db.query('SELECT 1 FROM tracking_events WHERE session_id = $1', ['beacon-1'])).rows).toHaveLength(3);
    expect((await post('/api/platform/tr/e', [])).status).toBe(400);
    expect((await post('/api/platform/tr/e', Array.from({ length: 21 }, () => event('x')))).status).toBe(400);
    expect((await post('/api/platform/tr/e', [event('ok'), { eventData: 1 }])).status).toBe(400);
  });

  it('the report counts visits per day, orders per visit and top dishes, behind its token', async () => {
    for (let i = 0; i < 4; i++) {
      const v = (await (await post('/api/platform/tr/v', { sessionId: `r${i}`, restaurantId: 'demo', page: '/' })).json()) as { id: string };
      expect((await post(`/api/platform/tr/v/${v.id}`, '', { 'Content-Type': 'text/plain' })).status).toBe(200);
    }
    expect((await get('/api/shop/demo/report')).status).toBe(403);
    expect((await get('/api/shop/demo/report', { Authorization: 'Bearer falsch' })).status).toBe(403);
    expect((await get('/api/shop/demo/report?days=500', { Authorization: 'Bearer report-secret' })).status).toBe(400);
    const res = await get('/api/shop/demo/report?days=7', { Authorization: 'Bearer report-secret' });
    expect(res.status).toBe(200);
    const r = (await res.json()) as { visits: number; orders: number; ordersPerVisit: number; visitsPerDay: { day: string; visits: number }[]; topDishes: { id: string; amount: number }[] };
    expect(r.visits).toBeGreaterThanOrEqual(4);
    expect(r.visitsPerDay.reduce((n, d) => n + d.visits, 0)).toBe(r.visits);
    expect(r.orders).toBeGreaterThanOrEqual(1);
    expect(r.ordersPerVisit).toBeCloseTo(r.orders / r.visits, 2);
    expect(r.topDishes[0]).toMatchObject({ id: 'haehnchen-grill' });
  });
});
