import { describe, expect, it } from '@jest/globals';
import { canChangeStatus, checkoutFormErrors, isAsap, paymentKind, serveAtProblem } from './order';

const ok = { name: 'Ada', email: 'ada@example.de', phone: '+49 341 123', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' };

describe('checkout form field errors', () => {
  it('a complete delivery form has none; pickup needs no address', () => {
    expect(checkoutFormErrors(ok, 'delivery')).toEqual({});
    expect(checkoutFormErrors({ name: 'Ada', email: 'ada@example.de', phone: '0341 1' }, 'pickup')).toEqual({});
  });
  it('names every broken field with its German message', () => {
    expect(checkoutFormErrors({ ...ok, name: '  ', zip: '4109', streetNumber: '', phone: 'abc' }, 'delivery')).toEqual({
      name: 'Bitte gib Deinen Namen ein.', zip: 'Bitte gib eine fünfstellige Postleitzahl ein.',
      streetNumber: 'Bitte gib auch eine Hausnummer an.', phone: 'Bitte gib eine gültige Telefonnummer ein.',
    });
    expect(checkoutFormErrors({ ...ok, messageCook: 'x'.repeat(501) }, 'delivery')).toEqual({ messageCook: 'Bitte höchstens 500 Zeichen eingeben.' });
  });
});

describe('serve time against the delivery period', () => {
  const open = { allowASAP: { delivery: true, pickup: true }, validServeTimes: { delivery: ['12:45', '13:00'], pickup: ['12:20'] } };
  const preorder = { allowASAP: { delivery: false, pickup: false }, validServeTimes: { delivery: ['17:00'], pickup: [] } };
  it('ASAP needs allowASAP; a time must be a valid slot', () => {
    expect(isAsap('')).toBe(true);
    expect(isAsap('ASAP')).toBe(true);
    expect(serveAtProblem(open, 'delivery', '')).toBeNull();
    expect(serveAtProblem(open, 'delivery', '13:00')).toBeNull();
    expect(serveAtProblem(open, 'delivery', '13:05')).toBe('Die gewählte Zeit ist nicht mehr verfügbar. Bitte wähle eine andere Zeit.');
    expect(serveAtProblem(preorder, 'delivery', null)).toBe('Bitte wähle eine Lieferzeit.');
    expect(serveAtProblem(preorder, 'delivery', '17:00')).toBeNull();
    expect(serveAtProblem(preorder, 'pickup', '')).toBe('Wir haben aktuell geschlossen');
  });
});

describe('payment kinds and order status', () => {
  it('maps every method to its flow', () => {
    expect(paymentKind('offline')).toBe('offline');
    expect(paymentKind('offline_debit')).toBe('offline');
    expect(paymentKind('Stripe_sofort')).toBe('redirect');
    expect(paymentKind('PayPal_Platform')).toBe('paypal-platform');
    expect(paymentKind('AmazonPay_Checkout')).toBe('wallet');
    expect(paymentKind('Heidelpay_Sofort')).toBe('card-resource');
  });
  it('allows only forward changes fitting the delivery type', () => {
    expect(canChangeStatus('confirmed', 'in_preparation', 'delivery')).toBe(true);
    expect(canChangeStatus('in_preparation', 'on_the_way', 'delivery')).toBe(true);
    expect(canChangeStatus('in_preparation', 'on_the_way', 'pickup')).toBe(false);
    expect(canChangeStatus('in_preparation', 'ready_for_pickup', 'delivery')).toBe(false);
    expect(canChangeStatus('delivered', 'cancelled', 'delivery')).toBe(false);
    expect(canChangeStatus('received', 'cancelled', 'pickup')).toBe(true);
  });
});
