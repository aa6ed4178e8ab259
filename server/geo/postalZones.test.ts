// A shop in Hamburg with delivery zones by postal code (the demo's Schanzenküche): the address
// check and the order take Hamburg addresses the gazetteer (Leipzig's streets) does not have.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestServer, type TestServer } from '../testing';
import { PostalCodeDirectory } from './postalCodes';

let s: TestServer;
const table = new PostalCodeDirectory();
beforeAll(async () => {
  s = await createTestServer({ postalCodes: table });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const geo = async (shop: string, location: string) => {
  const r = await post(`/api/shop/${shop}/geo`, { location });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('the address check of a shop with postal-code zones', () => {
  it('reads the postal-code table only for the first address outside the gazetteer (not at start)', async () => {
    expect(table.loaded).toBe(false);
    expect((await geo('demo', 'Augustusplatz 1, 04109 Leipzig')).status).toBe(200);
    expect(table.loaded).toBe(false);
    expect((await geo('schanzenkueche', 'Schanzenstraße 10, 20357 Hamburg')).status).toBe(200);
    expect(table.loaded).toBe(true);
  });

  it("answers the zone of the address's postal code: fee, minimum order value, free delivery from", async () => {
    const schanze = await geo('schanzenkueche', 'Schanzenstraße 10, 20357 Hamburg');
    expect(schanze.status).toBe(200);
    expect(schanze.body).toMatchObject({ deliveryFee: 190, minimumOrderValue: 1500, freeAfter: 3500, addr: { street: 'Schanzenstraße', streetNumber: '10', zip: '20357', city: 'Hamburg' } });
    const innenstadt = await geo('schanzenkueche', 'Mönckebergstraße 7, 20095 Hamburg');
    expect(innenstadt.body).toMatchObject({ deliveryFee: 290, minimumOrderValue: 2000, freeAfter: 0, addr: { zip: '20095', city: 'Hamburg' } });
  });

  it('a Hamburg code outside its zones: no zone (no minimum order value in the answer)', async () => {
    const r = await geo('schanzenkueche', 'Cuxhavener Straße 300, 21149 Hamburg');
    expect(r.status).toBe(200);
    expect(r.body.deliveryFee).toBe(0);
    expect(r.body).not.toHaveProperty('minimumOrderValue');
  });

  it('a town that is not the code’s, or a code that does not exist: 404 notFound with the spec’s text', async () => {
    for (const location of ['Schanzenstraße 10, 20357 Bremen', 'Schanzenstraße 10, 20000 Hamburg']) {
      const r = await geo('schanzenkueche', location);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'notFound', message: 'Zu dieser Adresse konnte keine Entfernung berechnet werden' });
    }
  });

  it('the Leipzig shop (radius zones) finds the Hamburg address, but outside its zones', async () => {
    const r = await geo('demo', 'Schanzenstraße 10, 20357 Hamburg');
    expect(r.status).toBe(200);
    expect(r.body.deliveryFee).toBe(0);
    expect(r.body).not.toHaveProperty('minimumOrderValue');
    expect(r.body.distance as number).toBeGreaterThan(280); // Leipzig–Hamburg is about 290 km
  });
});

describe('an order to a Hamburg address', () => {
  const FORM = {
    salutation: '', name: 'Hein Mück', street: 'Schanzenstraße', streetNumber: '10', zip: '20357', city: 'Hamburg',
    email: 'hein@example.de', phone: '040 123456', messageDriver: '', messageCook: '', paymentMethod: 'offline',
    isPickup: false, serveAt: '', floor: '', company: '',
  };
  const line = (lineId: string, dishId: string, amount: number) => ({
    kind: 'dish', lineId, dishId, sizeId: null, memberName: null, amount, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [],
  });
  const submission = (items: unknown[], form: Record<string, unknown> = {}) => ({
    formValues: { ...FORM, ...form }, orderItems: items, couponCode: null, sessionId: 'sess-hh', userId: null, groupOrderId: null,
    acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
  });
  let n = 0;
  const order = (body: unknown) => post('/api/shop/schanzenkueche/order', body, { 'Idempotency-Key': `hh-order-${++n}` });

  it("is priced with its postal-code zone's fee: 4 × Panna cotta 4,50 € + 1,90 € = 19,90 €", async () => {
    const r = await order(submission([line('l1', 'panna-cotta', 4)]));
    expect(r.status).toBe(201);
    const body = (await r.json()) as { order: { total: number; deliveryFee: number; deliveryType: string } };
    expect(body.order).toMatchObject({ total: 19.9, deliveryFee: 1.9 });
  });

  it("keeps the other zone's minimum order value: 4 × 4,50 € to 20095 is under 20,00 €", async () => {
    const r = await order(submission([line('l1', 'panna-cotta', 4)], { street: 'Mönckebergstraße', streetNumber: '7', zip: '20095' }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'minimumOrderValue' });
    const ok = await order(submission([line('l1', 'panna-cotta', 5)], { street: 'Mönckebergstraße', streetNumber: '7', zip: '20095' }));
    expect(ok.status).toBe(201);
    // 22,50 €: the demo catalog's offer 'Kostenlose Lieferung ab 20 €' waives the zone's 2,90 €
    expect(((await ok.json()) as { order: { total: number; deliveryFee: number } }).order).toMatchObject({ total: 22.5, deliveryFee: 0 });
  });
});
