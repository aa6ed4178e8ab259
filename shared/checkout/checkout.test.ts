import { describe, expect, it } from '@jest/globals';
import { type CheckoutInput } from './index';
import { CHECK_FIELD, unsuitedItems, validateCheckout } from './checkout';
import { dishLine, menuLine } from '@shared/pricing/fixtures';

const ok: CheckoutInput = {
  deliveryType: 'delivery', franchiseMode: false, paymentMethod: 'offline', viaPayPalButton: false, addressInDeliveryArea: true,
  minimumOrderStatus: 'reached', legalAccepted: true, email: 'gast@example.de',
  config: { paymentMethodsPickupMinimumOrderValue: { offline: 20 } }, subtotalAfterDiscountMinusCoupon: 2500,
  createAccount: false, acceptAdvertising: false, nextDayDelivery: false, pickupConfirmed: false, itemCount: 2, unsuitedCount: 0,
};
const check = (p: Partial<CheckoutInput>) => validateCheckout({ ...ok, ...p });

describe('checkout checks in their order', () => {
  it('a valid order passes', () => expect(check({})).toBeNull());
  it('1 PayPal platform not via its button', () => {
    expect(check({ paymentMethod: 'PayPal_Platform' })).toEqual({ code: 'paypalButton', title: 'Fehler', text: 'Bitte nutze den PayPal Button unter den Zahlungsmitteln um deine Bestellung abzuschließen.', kind: 'alert' });
    expect(check({ paymentMethod: 'PayPal_Platform', viaPayPalButton: true })).toBeNull();
  });
  it('2 delivery area (franchise: confirm to switch branch)', () => {
    expect(check({ addressInDeliveryArea: false })).toMatchObject({ code: 'deliveryArea', title: 'Liefergebiet', text: 'Die Adresse befindet sich nicht im Liefergebiet' });
    expect(check({ addressInDeliveryArea: false, franchiseMode: true })).toMatchObject({ title: 'Außerhalb des Liefergebiets', kind: 'confirm' });
    expect(check({ addressInDeliveryArea: false, deliveryType: 'pickup', pickupConfirmed: true })).toBeNull();
  });
  it('3 minimum order value', () => {
    expect(check({ minimumOrderStatus: 'not-reached' })).toMatchObject({ title: 'Mindestbestellwert', text: 'Du hast den Mindestbestellwert noch nicht erreicht.' });
  });
  it('4 legal acceptance', () => expect(check({ legalAccepted: false })?.code).toBe('legalAcceptance'));
  it('5 e-mail', () => {
    expect(check({ email: 'gast@' })).toMatchObject({ code: 'email', text: 'Bitte gib eine gültige Email Adresse ein.' });
    expect(check({ email: 'a b@c.de' })?.code).toBe('email');
    // one e-mail rule everywhere (shared/rules isEmail): at most 254 characters
    expect(check({ email: `${'a'.repeat(242)}@beispiel.de` })).toBeNull();
    expect(check({ email: `${'a'.repeat(243)}@beispiel.de` })?.code).toBe('email');
  });
  it('6 payment method', () => expect(check({ paymentMethod: null })).toMatchObject({ text: 'Bitte wähle eine Zahlungsmethode.' }));
  it('7 pickup minimum per payment method: 20 € configured, 19,99\u00a0€ after discount and coupon', () => {
    expect(check({ deliveryType: 'pickup', subtotalAfterDiscountMinusCoupon: 1999, pickupConfirmed: true }))
      .toMatchObject({ code: 'pickupMinimum', text: 'Mit dieser Zahlungsmethode beträgt der Mindestbestellwert bei Abholung 20,00\u00a0€.' });
    expect(check({ deliveryType: 'pickup', subtotalAfterDiscountMinusCoupon: 2000, pickupConfirmed: true })).toBeNull();
    expect(check({ subtotalAfterDiscountMinusCoupon: 1000 })).toBeNull();
  });
  it('8 account creation needs advertising consent', () => {
    expect(check({ createAccount: true })).toMatchObject({ text: 'Wir benötigen deine Zustimmung um dir den vollen Funktionsumfang des Kontos bieten zu können.' });
  });
  it('9 pickup or next-day delivery needs the confirmation', () => {
    expect(check({ deliveryType: 'pickup' })?.code).toBe('pickupConfirmation');
    expect(check({ nextDayDelivery: true })?.code).toBe('pickupConfirmation');
  });
  it("10 items not suited: none left → 'Leerer Warenkorb', some left → confirm 'Ungültige Bestellung'", () => {
    expect(check({ unsuitedCount: 2 })).toMatchObject({ code: 'emptyCart', title: 'Leerer Warenkorb', kind: 'alert' });
    expect(check({ unsuitedCount: 1 })).toMatchObject({ code: 'invalidOrder', title: 'Ungültige Bestellung', kind: 'confirm' });
    const m = { ...menuLine(), deliveryType: 'pickup' as const };
    expect(unsuitedItems([m, dishLine('d-beer', null)], 'delivery')).toEqual([m]);
  });
  it('returns the first failure when several fail', () => {
    expect(check({ paymentMethod: null, email: 'x', legalAccepted: false, minimumOrderStatus: 'not-reached' })?.code).toBe('minimumOrderValue');
    expect(check({ paymentMethod: null, email: 'x' })?.code).toBe('email');
  });
});

describe('the field of a failed check (one table for the form and the server)', () => {
  it('names the form field for the checks that belong to one, none for the others', () => {
    expect(CHECK_FIELD).toEqual({ email: 'email', paymentMethod: 'paymentMethod', legalAcceptance: 'legalAccepted', pickupConfirmation: 'pickupConfirmed', accountConsent: 'acceptAdvertising' });
    expect(CHECK_FIELD.minimumOrderValue).toBeUndefined();
  });
});
