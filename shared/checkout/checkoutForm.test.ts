import { describe, expect, it } from '@jest/globals';
import { type CheckoutFormState, type SubmitCheckState } from '@shared/checkout';
import { advertisingVariant, applyAssumedLocation, attemptFor, buildSubmission, EMPTY_CHECKOUT_FORM, firstErrorField, initialPaymentMethod, legalPages, locationOf, orderOutcome, paymentReturnUrls, preSubmitFieldErrors, readPaymentReturn, rememberedPart, restoreRemembered, runSubmitChecks, stripReturnParams } from './checkoutForm';
import { decodeHandOver, encodeHandOver, makeHandOver } from './handover';
import { dishLine, menuLine } from '@shared/pricing/fixtures';

const filled: CheckoutFormState = {
  ...EMPTY_CHECKOUT_FORM, salutation: 'Frau', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109',
  city: 'Leipzig', email: 'erika@example.org', phone: '0341 123456', messageDriver: 'Hinterhof', messageCook: 'scharf',
  paymentMethod: 'offline', legalAccepted: true,
};

describe('remembered per shop', () => {
  it('keeps address, contact and method — not the messages, not the consents', () => {
    const r = rememberedPart(filled);
    expect(r).toMatchObject({ name: 'Erika Muster', street: 'Augustusplatz', paymentMethod: 'offline' });
    expect(r).not.toHaveProperty('messageDriver');
    expect(r).not.toHaveProperty('messageCook');
    expect(r).not.toHaveProperty('legalAccepted');
  });
  it('reads back strings only, cut to the field maximum', () => {
    expect(restoreRemembered({ name: 42, zip: '041099999', street: 'X', messageCook: 'y' })).toEqual({ zip: '04109', street: 'X' });
    expect(restoreRemembered('nonsense')).toEqual({});
    expect(restoreRemembered(null)).toEqual({});
  });
  it('the remembered method only while it is allowed; a single method is chosen for the guest', () => {
    expect(initialPaymentMethod(['offline', 'Stripe_card'], 'Stripe_card')).toBe('Stripe_card');
    expect(initialPaymentMethod(['offline', 'Stripe_card'], 'offline_debit')).toBe('');
    expect(initialPaymentMethod(['offline'], undefined)).toBe('offline');
  });
});

describe('form fields before the ten checks', () => {
  it('delivery needs the address; the e-mail is left to check 5', () => {
    const e = preSubmitFieldErrors({ ...filled, street: '', email: 'bad' }, 'delivery');
    expect(e).toEqual({ street: 'Bitte gib Deine Straße ein.' });
    expect(preSubmitFieldErrors({ ...filled, street: '', zip: '' }, 'pickup')).toEqual({});
  });
  it('the first error in form order is the one scrolled to', () => {
    expect(firstErrorField({ phone: 'x', name: 'y' })).toBe('name');
    expect(firstErrorField({ somethingElse: 'z' })).toBe('somethingElse');
    expect(firstErrorField({})).toBeNull();
  });
  it('location line for the address lookup, empty while incomplete', () => {
    expect(locationOf(filled)).toBe('Augustusplatz 1, 04109 Leipzig');
    expect(locationOf({ ...filled, streetNumber: '' })).toBe('');
  });
  it('409 code 2 replaces the address fields only', () => {
    const f = applyAssumedLocation({ ...filled, street: 'augustusplatz' }, { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' });
    expect(f).toEqual(filled);
  });
});

describe('the ten checks on the checkout state', () => {
  const base: SubmitCheckState = {
    form: filled, deliveryType: 'delivery', franchiseMode: false, viaPayPalButton: false, addressInDeliveryArea: true,
    minimumOrderStatus: 'reached', config: { paymentMethodsPickupMinimumOrderValue: { Stripe_card: 10 } }, subtotalAfterCoupon: 390,
    items: [dishLine('d1', null, 1)],
  };
  it('passes when all is fine, the first failing one otherwise', () => {
    expect(runSubmitChecks(base)).toBeNull();
    expect(runSubmitChecks({ ...base, addressInDeliveryArea: false, form: { ...filled, legalAccepted: false } })?.code).toBe('deliveryArea');
    expect(runSubmitChecks({ ...base, form: { ...filled, legalAccepted: false, email: 'x' } })?.code).toBe('legalAcceptance');
    expect(runSubmitChecks({ ...base, deliveryType: 'pickup', form: { ...filled, paymentMethod: 'Stripe_card' } })?.code).toBe('pickupMinimum');
    expect(runSubmitChecks({ ...base, deliveryType: 'pickup' })?.code).toBe('pickupConfirmation');
    expect(runSubmitChecks({ ...base, form: { ...filled, createAccount: true } })?.code).toBe('accountConsent');
  });
  it('10: unsuited menu lines', () => {
    const menu = { ...menuLine(1), deliveryType: 'pickup' as const };
    expect(runSubmitChecks({ ...base, items: [menu] })?.code).toBe('emptyCart');
    expect(runSubmitChecks({ ...base, items: [menu, dishLine('d1', null, 1)] })).toMatchObject({ code: 'invalidOrder', kind: 'confirm' });
  });
});

describe('submission payload and idempotency key', () => {
  const input = {
    form: filled, deliveryType: 'pickup' as const, serveAt: null, items: [dishLine('d1', null, 2)], couponCode: null, sessionId: 's1',
    selectedFreeItems: [], confirmedTwoForOnePromotions: [], viaPayPalButton: false, skipGoogleValidation: false,
  };
  it('pickup sends no address and no driver message; serveAt asap when none chosen', () => {
    const s = buildSubmission(input);
    expect(s.formValues).toMatchObject({ street: '', zip: '', messageDriver: '', messageCook: 'scharf', isPickup: true, serveAt: 'asap', paymentMethod: 'offline' });
    expect(s).toMatchObject({ legalAccepted: true, pickupConfirmed: false, viaPayPalButton: false, orderItems: input.items });
  });
  it('the same payload keeps its key (retry / second press), a changed one gets a new key', () => {
    let n = 0;
    const key = () => `k${++n}-xxxxxxxx`;
    const a = attemptFor(null, buildSubmission(input), key);
    expect(attemptFor(a, buildSubmission(input), key)).toBe(a);
    expect(attemptFor(a, { ...buildSubmission(input), idempotencyKey: 'other' }, key)).toBe(a);
    expect(attemptFor(a, buildSubmission({ ...input, form: { ...filled, messageCook: 'mild' } }), key).key).toBe('k2-xxxxxxxx');
  });
  it('back from a cancelled payment, the same cart restored with prices and tags is the same attempt (same order)', () => {
    let n = 0;
    const key = () => `k${++n}-xxxxxxxx`;
    // added in the menu: price 0, no tags; after the payment page's redirect the reload restores them
    const added = { kind: 'dish' as const, lineId: 'l1', dishId: 'd-margherita', sizeId: 's-large', memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
    const restored = { ...added, price: 1100, priceNonDiscounted: 1100, tags: ['vegetarian', 'cheese'] };
    const a = attemptFor(null, buildSubmission({ ...input, items: [added] }), key);
    expect(attemptFor(a, buildSubmission({ ...input, items: [restored] }), key)).toBe(a);
    // another amount is another order
    expect(attemptFor(a, buildSubmission({ ...input, items: [{ ...restored, amount: 2 }] }), key).key).toBe('k2-xxxxxxxx');
    // a waiter's refund keeps its amount in its price
    const refund = { ...added, promotion: 'waiter-refund', price: -500 };
    const r = attemptFor(null, buildSubmission({ ...input, items: [refund] }), key);
    expect(attemptFor(r, buildSubmission({ ...input, items: [{ ...refund, price: -900 }] }), key)).not.toBe(r);
  });
});

describe('payment return URLs', () => {
  it('in the shop: the success route and /checkout/paymentCanceled', () => {
    expect(paymentReturnUrls({ inShell: true, shopUrl: 'https://shop.example/f=sued', pageUrl: 'https://shop.example/f=sued/checkout' }, 'abcdefgh12'))
      .toEqual({ returnUrl: 'https://shop.example/f=sued/checkout/success/abcdefgh12', cancelUrl: 'https://shop.example/f=sued/checkout/paymentCanceled' });
  });
  it("on a restaurant's page: that page, marked; an older return is replaced", () => {
    const r = paymentReturnUrls({ inShell: false, shopUrl: 'https://shop.example', pageUrl: 'https://pizza.example/bestellen?x=1&payment=paid#karte' }, 'abcdefgh12');
    expect(r.returnUrl).toBe('https://pizza.example/bestellen?x=1&tl_checkout=success&tl_order=abcdefgh12');
    expect(r.cancelUrl).toBe('https://pizza.example/bestellen?x=1&tl_checkout=paymentCanceled&tl_order=abcdefgh12');
  });
  it('reads what the payment page appended, and strips it', () => {
    const url = 'https://pizza.example/?x=1&tl_checkout=success&tl_order=abcdefgh12&order=abcdefgh12&payment=paid';
    expect(readPaymentReturn(url)).toEqual({ view: 'success', orderId: 'abcdefgh12', payment: 'paid' });
    expect(readPaymentReturn('https://shop.example/checkout/success/x?order=<bad>&payment=failed')).toEqual({ view: null, orderId: null, payment: 'failed' });
    expect(stripReturnParams(url)).toBe('https://pizza.example/?x=1');
  });
});

describe('after the order', () => {
  it('the cart is emptied only once confirmed or paid', () => {
    expect(orderOutcome({ status: 'confirmed', paymentStatus: 'on_delivery' })).toBe('done');
    expect(orderOutcome({ status: 'confirmed', paymentStatus: 'paid' })).toBe('done');
    expect(orderOutcome({ status: 'received', paymentStatus: 'pending' })).toBe('waiting');
    expect(orderOutcome({ status: 'received', paymentStatus: 'failed' })).toBe('failed');
    expect(orderOutcome({ status: 'received', paymentStatus: 'cancelled' })).toBe('cancelled');
    // refused by the restaurant: stays on the success page, not back to the form
    expect(orderOutcome({ status: 'cancelled', paymentStatus: 'paid', refused: true })).toBe('refused');
    expect(orderOutcome({ status: 'cancelled', paymentStatus: 'on_delivery', refused: true })).toBe('refused');
  });
});

describe('misc', () => {
  it('advertising text A/B: stable per session, both variants occur', () => {
    expect(advertisingVariant('abc')).toBe(advertisingVariant('abc'));
    const seen = new Set(Array.from({ length: 40 }, (_, i) => advertisingVariant(`session-${i}`)));
    expect(seen).toEqual(new Set([0, 1]));
  });
  it('legal links from the shop pages', () => {
    expect(legalPages([{ id: 'agb', name: 'AGB', title: 'Allgemeine Bestellbedingungen' }, { id: 'ds', name: 'Datenschutz', title: 'Datenschutzerklärung' }]))
      .toEqual({ terms: 'agb', privacy: 'ds' });
    expect(legalPages([])).toEqual({ terms: null, privacy: null });
  });
  it('the hand-over to the full shop is the franchise format (round trip)', () => {
    const h = makeHandOver({
      deliveryType: 'delivery', cart: [dishLine('d1', null, 2)], serveAt: '12:30',
      address: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' }, zone: { fee: 150, minimumOrderValue: 1200, freeAfter: 3000 },
    });
    const back = decodeHandOver(encodeHandOver(h));
    expect(back).toEqual(h);
    expect(back?.locationString).toBe('Augustusplatz 1, 04109 Leipzig');
    expect(makeHandOver({ deliveryType: 'pickup', cart: [], serveAt: 'bad' })).toMatchObject({ serveAt: null, geo: null, locationString: '' });
  });
});
