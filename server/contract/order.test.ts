// Contract test: the order client functions against the reference server (in-process PGlite).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestServer, type TestServer } from '../testing';
import { classifySubmitError, newIdempotencyKey, getOrderStatus, preparePayment, submitOrder } from '@shared/checkout';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import type { OrderSubmission } from '@shared/domain';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  configureApi({ origin: 'http://localhost', shopId: 'demo', fetch: ((input: RequestInfo | URL, init?: RequestInit) => s.app.request(String(input), init)) as typeof fetch });
}, 60_000);
afterAll(async () => {
  resetApi();
  await s?.close();
});

const payload = (form: Record<string, unknown> = {}): OrderSubmission => ({
  formValues: { name: 'Ada', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'ada@example.de', phone: '0341 1', paymentMethod: 'PayPal_Rest', isPickup: false, serveAt: '', ...form },
  orderItems: [{ kind: 'dish', lineId: 'a', dishId: 'salat-tonno', sizeId: null, memberName: null, amount: 2, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] }],
  couponCode: null, sessionId: 's', userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false, account: null,
  createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
});

describe('order client ↔ reference server', () => {
  it('submits once per key, answers cents, reports status, prepares the simulated payment', async () => {
    const key = newIdempotencyKey();
    const a = await submitOrder(payload(), { idempotencyKey: key });
    const b = await submitOrder(payload(), { idempotencyKey: key });
    expect(b.order.id).toBe(a.order.id);
    expect(Number.isInteger(a.order.total)).toBe(true);
    expect(a.order.total).toBeGreaterThan(1000);
    expect(a.paymentGatewayId).toBe('simulated');
    expect(await getOrderStatus(a.order.id)).toMatchObject({ status: 'received', paymentStatus: 'pending', statusText: 'Bestellung eingegangen' });
    const prep = await preparePayment(a.order.id, 'PayPal_Rest', { returnUrl: 'https://restaurant.example/danke' });
    expect(prep.url).toMatch(/\/pay\/sim\/sim_/);
  });

  it('classifies the submit errors', async () => {
    const form = await submitOrder(payload({ email: 'x' }), { idempotencyKey: newIdempotencyKey() }).catch(classifySubmitError);
    expect(form).toMatchObject({ kind: 'form', form: { email: 'Bitte gib eine gültige Email Adresse ein.' } });
    const corrected = await submitOrder(payload({ street: 'augustusplatz' }), { idempotencyKey: newIdempotencyKey() }).catch(classifySubmitError);
    expect(corrected).toMatchObject({ kind: 'addressCorrected', assumedLocation: { street: 'Augustusplatz', zip: '04109' } });
    const alert = await submitOrder(payload({ street: 'Miltitzer Allee', streetNumber: '5', zip: '04205' }), { idempotencyKey: newIdempotencyKey() }).catch(classifySubmitError);
    expect(alert).toMatchObject({ kind: 'alert', title: 'Liefergebiet', message: 'Die Adresse befindet sich nicht im Liefergebiet', confirm: false });
  });
});
