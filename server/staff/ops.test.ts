// Pause, busy, sold out and the order watch on PGlite (the clock: TUESDAY_NOON, 12:00 in Berlin;
// the demo shop is open all day on Tuesdays, lead times 45 min delivery / 20 min pickup).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { createApp, type OrderWatch } from '../app';
import { createPaymentRegistry } from '../payments';
import { TUESDAY_NOON } from '../testing';
import { createStaffTestServer, DEMO_OWNER, JSON_HEADERS, type StaffRequest, type StaffTestServer } from '../testingStaff';

const dish = (lineId: string, dishId = 'haehnchen-grill'): CartItem => ({
  kind: 'dish', lineId, dishId, sizeId: 'klein', memberName: null, amount: 2, price: 1090, priceNonDiscounted: 1090, promotion: null,
  without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
});
const FORM = {
  salutation: '', name: 'Otto Ops', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
  email: 'otto@example.de', phone: '0341 123456', messageDriver: '', messageCook: '', paymentMethod: 'offline',
  isPickup: false, serveAt: '', floor: '', company: '',
};
const submission = (form: Record<string, unknown> = {}) => ({
  formValues: { ...FORM, ...form }, orderItems: [dish('l1')], couponCode: null, sessionId: 'ops-1', userId: null, groupOrderId: null,
  acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
  selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
});
const at = (hhmmss: string) => new Date(`2026-11-24T${hhmmss}+01:00`);
let keys = 0;

describe('pause, busy, sold out, the order watch', () => {
  let s: StaffTestServer;
  let watch: OrderWatch;
  const refunds: string[] = [];
  let failRefunds = 0;

  const as = (who: 'owner' | 'cook') => (path: string, init: StaffRequest = {}) => s.req(path, { ...init, as: who });
  const place = (form: Record<string, unknown> = {}, items?: CartItem[]) =>
    s.app.request('/api/shop/demo/order', { method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `ops-test-${++keys}` }, body: JSON.stringify({ ...submission(form), ...(items ? { orderItems: items } : {}) }) });
  const placeCash = async () => {
    const res = await place();
    expect([res.status, res.status === 201 ? null : await res.text()]).toEqual([201, null]);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  const placePaid = async () => {
    const res = await place({ paymentMethod: 'PayPal_Rest' });
    const id = ((await res.json()) as { order: { id: string } }).order.id;
    const prep = (await (await s.app.request(`/api/shop/demo/payment/${id}/PayPal_Rest`, { method: 'POST', headers: JSON_HEADERS, body: '{}' })).json()) as { url: string };
    await s.app.request(`${new URL(prep.url).pathname}/confirm`, { method: 'POST' });
    return id;
  };
  const live = async () => (await (await s.app.request('/api/shop/demo/live')).json()) as Record<string, unknown>;
  const period = async () => (await (await s.app.request('/api/shop/demo/config/deliveryPeriod')).json()) as { acceptOrders: boolean; validServeTimes: { delivery: string[]; pickup: string[] } };
  const status = async (id: string) => (await (await s.app.request(`/api/shop/demo/status/${id}`)).json()) as Record<string, unknown>;

  beforeAll(async () => {
    const payments = createPaymentRegistry({}, { simSecret: 'sim' });
    const sim = payments.byName('simulated')!;
    const original = sim.refund!.bind(sim);
    sim.refund = async (o, ref) => {
      if (failRefunds > 0) {
        failRefunds -= 1;
        throw new Error('provider unavailable');
      }
      refunds.push(o.id);
      return original(o, ref);
    };
    s = await createStaffTestServer({
      orders: { payments },
      onOrderWatch: (w) => (watch = w),
      users: { owner: DEMO_OWNER, cook: { shopId: 'demo', email: 'koch@ops.example', name: 'Koch', role: 'staff', password: 'koch-passwort-123' } },
    });
  }, 90_000);
  afterAll(async () => s.close());

  it('pause 15 min: the storefront is told (notice, no serve times), the order call refuses in German; "Wieder annehmen" opens again', async () => {
    expect(await live()).toMatchObject({ takingOrders: true, notice: null });
    const res = await as('cook')('/api/staff/demo/ops/pause', { method: 'POST', json: { minutes: 15 } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { live: unknown }).live).toMatchObject({ takingOrders: false, reason: 'paused', pausedUntil: '2026-11-24T11:15:00.000Z' });
    expect(await live()).toMatchObject({ takingOrders: false, notice: 'Das Restaurant nimmt gerade keine Bestellungen an – wieder ab 12:15 Uhr.' });
    expect(await period()).toMatchObject({ acceptOrders: false, validServeTimes: { delivery: [], pickup: [] } });
    const refused = await place();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'not_taking_orders', title: 'Bestellungen pausiert', message: 'Das Restaurant nimmt gerade keine Bestellungen an – wieder ab 12:15 Uhr.' });
    // bad input: a clear German message
    const bad = await as('cook')('/api/staff/demo/ops/pause', { method: 'POST', json: { minutes: 20 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('Bitte 15, 30 oder 60 Minuten oder „bis morgen“ wählen.');
    await as('cook')('/api/staff/demo/ops/pause', { method: 'POST', json: { minutes: null } });
    expect(await live()).toMatchObject({ takingOrders: true });
    expect((await place()).status).toBe(201);
  });

  it("'Viel los: +15 Min.' moves every serve time offered and the accept presets; 'Normal' puts them back", async () => {
    expect((await period()).validServeTimes.delivery[0]).toBe('12:45');
    expect((await period()).validServeTimes.pickup[0]).toBe('12:30');
    const res = await as('cook')('/api/staff/demo/ops/busy', { method: 'POST', json: { minutes: 15 } });
    expect(await res.json()).toMatchObject({ acceptPresets: [30, 45, 60, 75], live: { busyMinutes: 15 } });
    expect((await period()).validServeTimes.delivery[0]).toBe('13:00');
    expect((await period()).validServeTimes.pickup[0]).toBe('12:45');
    // a serve time the busy kitchen no longer offers is refused at order time
    const early = await place({ isPickup: true, serveAt: '12:30', paymentMethod: 'offline' });
    expect(early.status).toBe(400);
    expect((await as('cook')('/api/staff/demo/ops/busy', { method: 'POST', json: { minutes: 10 } })).status).toBe(400);
    await as('cook')('/api/staff/demo/ops/busy', { method: 'POST', json: { minutes: 0 } });
    expect((await period()).validServeTimes.delivery[0]).toBe('12:45');
  });

  it('sold out: searchable list with dishes and extras; the storefront sees the ids; a cart with one is refused (409 with what dropped); back again', async () => {
    const view = (await (await as('cook')('/api/staff/demo/ops')).json()) as { items: { id: string; name: string; kind: string; soldOut: boolean }[] };
    expect(view.items.find((i) => i.id === 'haehnchen-grill')).toEqual({ id: 'haehnchen-grill', name: 'Hähnchenbrust vom Grill', kind: 'dish', soldOut: false, until: null });
    expect(view.items.find((i) => i.id === 'aioli')).toMatchObject({ name: 'Aioli', kind: 'extra' });
    const mark = await as('cook')('/api/staff/demo/ops/sold-out', { method: 'POST', json: { id: 'beilage-pommes', mark: 'tonight' } });
    expect(mark.status).toBe(200);
    // tonight's close: the demo is open until 24:00 on Tuesdays
    expect(((await mark.json()) as { items: { id: string; until: string | null }[] }).items.find((i) => i.id === 'beilage-pommes')).toMatchObject({ soldOut: true, until: '2026-11-24T23:00:00.000Z' });
    expect(await live()).toMatchObject({ soldOut: ['beilage-pommes'], takingOrders: true });
    const res = await place();
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'cart_changed', title: 'Warenkorb geändert', message: 'Pommes frites ist gerade ausverkauft.' });
    expect((await as('cook')('/api/staff/demo/ops/sold-out', { method: 'POST', json: { id: 'erfunden', mark: 'tonight' } })).status).toBe(404);
    await as('cook')('/api/staff/demo/ops/sold-out', { method: 'POST', json: { id: 'beilage-pommes', mark: null } });
    expect(await live()).toMatchObject({ soldOut: [] });
    expect((await place()).status).toBe(201);
  });

  it('settings are the owner’s (a cook and a POS key get 403); bad values get a German message', async () => {
    expect((await as('cook')('/api/staff/demo/ops/settings', { method: 'POST', json: { answerMinutes: 5 } })).status).toBe(403);
    const bad = await as('owner')('/api/staff/demo/ops/settings', { method: 'POST', json: { answerMinutes: 1 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('Bitte 0 (aus) oder 2 bis 60 Minuten eingeben.');
    const ok = await as('owner')('/api/staff/demo/ops/settings', { method: 'POST', json: { answerMinutes: 8, deviceWatch: true } });
    expect(await ok.json()).toMatchObject({ settings: { answerMinutes: 8, deviceWatch: true } });
    expect((await s.app.request('/api/staff/demo/ops')).status).toBe(401);
  });

  it('an order not accepted within 8 minutes is refused with a full refund, the guest told, the owner mailed; once', async () => {
    const cash = await placeCash();
    const paid = await placePaid();
    const accepted = await placeCash();
    await as('cook')(`/api/staff/demo/orders/${accepted}/accept`, { method: 'POST', json: { minutes: 30 } });
    const early = await watch.run(at('12:07:59'));
    expect(early.refused).toEqual([]);
    const due = await watch.run(at('12:08:00'));
    // (the earlier tests' orders, never accepted, go too)
    expect(due.refused).toEqual(expect.arrayContaining([cash, paid]));
    expect(due.refused).not.toContain(accepted);
    expect(refunds).toEqual([paid]);
    expect(await status(paid)).toMatchObject({
      status: 'cancelled', refused: true, refundStatus: 'refunded',
      refusedText: 'Das Restaurant hat Deine Bestellung leider abgelehnt. Grund: Das Restaurant hat die Bestellung nicht rechtzeitig angenommen.',
    });
    expect(await status(accepted)).toMatchObject({ status: 'confirmed', statusText: 'Vom Restaurant angenommen', refused: false });
    const mails = await s.db.query<{ to_address: string; subject: string }>("SELECT to_address, subject FROM outbox_mails WHERE dedupe_key LIKE $1", [`auto-refused:${cash}:%`]);
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].to_address).toBe('inhaber@demo.tischlein.de');
    expect(mails.rows[0].subject).toMatch(/^Trattoria Tischlein: Bestellung Nr\. \d+ automatisch abgelehnt$/);
    const row = await s.db.query<{ refused_by: string }>('SELECT refused_by FROM orders WHERE id = $1', [cash]);
    expect(row.rows[0].refused_by).toBe('timeout');
    // again (another process, a later round): nothing more
    expect((await watch.run(at('12:20:00'))).refused).toEqual([]);
    expect(refunds).toEqual([paid]);
  });

  it('two rounds at once (two processes that both think they hold the lease) refuse and refund once', async () => {
    const paid = await placePaid();
    const [a, b] = await Promise.all([watch.run(at('12:09:00')), watch.run(at('12:09:00'))]);
    expect([...a.refused, ...b.refused]).toEqual([paid]);
    expect(refunds.filter((r) => r === paid)).toHaveLength(1);
  });

  it('a refund that fails is tried again after 1, 2 … minutes, shown in the inbox; staff may try at once', async () => {
    const paid = await placePaid();
    failRefunds = 2;
    await watch.run(at('12:08:00'));
    const inbox = async () => ((await (await as('cook')(`/api/staff/demo/orders/${paid}`)).json()) as { order: Record<string, unknown> }).order;
    expect(await inbox()).toMatchObject({ refundStatus: 'failed', refundRetryText: 'Erstattung fehlgeschlagen – neuer Versuch um 12:09 Uhr (Versuch 2 von 8).' });
    expect((await watch.run(at('12:08:59'))).refundsTried).toEqual([]);
    expect((await watch.run(at('12:09:00'))).refundsTried).toEqual([paid]);
    // the second failure waits 2 minutes
    expect(await inbox()).toMatchObject({ refundStatus: 'failed', refundRetryText: 'Erstattung fehlgeschlagen – neuer Versuch um 12:11 Uhr (Versuch 3 von 8).' });
    const now = await as('cook')(`/api/staff/demo/orders/${paid}/refund-retry`, { method: 'POST', json: {} });
    expect(now.status).toBe(200);
    expect(((await now.json()) as { order: Record<string, unknown> }).order).toMatchObject({ refundStatus: 'refunded', refundRetryText: null });
    expect(refunds.filter((r) => r === paid)).toHaveLength(1);
    // the guest gets a mail of its own once the money is on its way
    const mail = await s.db.query<{ text_body: string }>('SELECT text_body FROM outbox_mails WHERE dedupe_key = $1', [`order-refunded:${paid}`]);
    expect(mail.rows[0].text_body).toContain('vollständig zurückerstattet');
    expect((await as('cook')(`/api/staff/demo/orders/${paid}/refund-retry`, { method: 'POST', json: {} })).status).toBe(409);
  });

  it('no staff device for 5 minutes while open: the shop stops taking orders and the owner is told; a device connecting opens it again', async () => {
    // a device connects (the shop uses the staff app) and goes away
    const ac = new AbortController();
    const res = await as('cook')('/api/staff/demo/events', { signal: ac.signal });
    const reader = res.body!.getReader();
    await reader.read();
    const devices = (await (await as('cook')('/api/staff/demo/ops')).json()) as { devices: number };
    expect(devices.devices).toBe(1);
    ac.abort();
    await reader.cancel().catch(() => undefined);
    await s.db.query('DELETE FROM staff_streams'); // the abort's own delete may still be on its way
    expect((await watch.run(at('12:00:10'))).stopped).toEqual([]);
    expect((await watch.run(at('12:05:09'))).stopped).toEqual([]);
    expect((await watch.run(at('12:05:10'))).stopped).toEqual(['demo']);
    expect(await live()).toMatchObject({ takingOrders: false, reason: 'unattended', notice: 'Das Restaurant nimmt gerade keine Online-Bestellungen an. Bitte versuche es später noch einmal.' });
    expect((await place()).status).toBe(409);
    const mail = await s.db.query<{ subject: string }>("SELECT subject FROM outbox_mails WHERE dedupe_key LIKE 'unattended:demo:%'");
    expect(mail.rows.map((r) => r.subject)).toEqual(['Trattoria Tischlein: Keine Online-Bestellungen – kein Gerät verbunden']);
    expect((await watch.run(at('12:06:00'))).stopped).toEqual([]); // told once
    // a device is back
    const ac2 = new AbortController();
    const back = await as('cook')('/api/staff/demo/events', { signal: ac2.signal });
    const r2 = back.body!.getReader();
    await r2.read();
    expect(await live()).toMatchObject({ takingOrders: true });
    ac2.abort();
    await r2.cancel().catch(() => undefined);
    // a POS shop switches the watch off: never stopped
    await as('owner')('/api/staff/demo/ops/settings', { method: 'POST', json: { deviceWatch: false } });
    await s.db.query('DELETE FROM staff_streams');
    await watch.run(at('12:10:00'));
    expect((await watch.run(at('12:20:00'))).stopped).toEqual([]);
    expect(await live()).toMatchObject({ takingOrders: true });
  });

  it('the watch route that moves the clock exists in test mode only (TISCHLEIN_TEST_CLOCK=1, refused in production)', async () => {
    const path = `/api/staff/demo/test/watch?at=${encodeURIComponent('2026-11-24T12:00:00+01:00')}&order=none`;
    const r = await as('cook')(path, { method: 'POST', json: {} });
    expect(await r.json()).toEqual({ refused: [], refundsTried: [], stopped: [] });
    const real = createApp({ shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, now: () => TUESDAY_NOON, testClock: false, logError: () => undefined });
    const res = await real.request(path, { method: 'POST', headers: { ...JSON_HEADERS, Cookie: s.cookies.cook }, body: '{}' });
    expect(res.status).toBe(404);
  });
});
