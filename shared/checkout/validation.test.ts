import { describe, expect, it } from '@jest/globals';
import type { ShopConfig } from '@shared/domain';
import { discountLabel, nameError, validateName } from '@shared/rules';
import { activeDeliveryType, availablePaymentMethods, isPaymentMethodAvailable, pickupMinimumCents, pickupMinimumMissing } from './payment';
import { refundAmountProblem, refundLine, validateRefund } from './refund';
import { validateAddressInput } from './address';
import { validateGroupCart } from './group';
import { ADDRESS_ERRORS } from './addressTexts';
import { dishLine } from '@shared/pricing/fixtures';
import { shouldAutoOpenInfoDialog, suggestFranchiseShop } from './address';

describe('names', () => {
  it("names: 'Al' is too short, 'Ali' is fine", () => {
    expect(validateName('Al')).toBe(false);
    expect(validateName('Ali')).toBe(true);
    expect(validateName('  Al  ')).toBe(false);
    expect(validateName(undefined)).toBe(false);
    expect(nameError('group', 'Al')).toBe('Bitte wähle einen Namen (mindestens 3 Zeichen) für deine Gruppe. Dieser Name wird deinen Gruppenmitgliedern angezeigt damit sie wissen dass sie der richtigen Gruppe beitreten.');
    expect(nameError('own', 'Al')).toBe('Bitte wähle einen Namen (mindestens 3 Zeichen) für dich. Anhand dieses Namen können deine Gruppenmitglieder sehen was du bestellst.');
    expect(nameError('own', 'Alex')).toBeNull();
  });
});

describe('address input', () => {
  it("address: '' with delivery → empty; '10115' → zipInsteadOfAddressEntered; franchise pickup '' → franchisePickupEmpty", () => {
    expect(validateAddressInput({ input: '  ', deliveryType: 'delivery', franchiseMode: false })).toBe('empty');
    expect(validateAddressInput({ input: '10115', deliveryType: 'delivery', franchiseMode: false })).toBe('zipInsteadOfAddressEntered');
    expect(validateAddressInput({ input: '', deliveryType: 'pickup', franchiseMode: true })).toBe('franchisePickupEmpty');
    expect(validateAddressInput({ input: '', deliveryType: 'pickup', franchiseMode: false })).toBeNull();
    expect(validateAddressInput({ input: '10115 Berlin', deliveryType: 'delivery', franchiseMode: false })).toBeNull();
    expect(validateAddressInput({ input: '1011', deliveryType: 'delivery', franchiseMode: false })).toBeNull();
    expect(ADDRESS_ERRORS.zipInsteadOfAddressEntered).toBe('Bitte gib eine vollständige Adresse ein. Eine Postleitzahl ist nicht ausreichend.');
  });
});

describe('refund', () => {
  it('the rule in cents both sides use: at most what is left, more than 0, whole cents', () => {
    expect(refundAmountProblem(450, 450)).toBeNull();
    expect(refundAmountProblem(451, 450)).toBe('Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.');
    expect(refundAmountProblem(0, 450)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(refundAmountProblem(-5, null)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(refundAmountProblem(1.5, 450)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(refundAmountProblem(999_999, null)).toBeNull();
  });
  it('refund: 5,00\u00a0€ on a 4,50\u00a0€ item is too high; 0 is not allowed; 4,50\u00a0€ → line −450 cents', () => {
    expect(validateRefund(5, 450)).toBe('Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.');
    expect(validateRefund(0, 450)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(validateRefund(-1, 450)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(validateRefund(4.5, 450)).toBeNull();
    expect(validateRefund(0.01, 450)).toBeNull();
    expect(validateRefund(NaN, 450)).toBe('Der zu erstattende Wert muss größer als 0 sein.');
    expect(refundLine(dishLine('d-beer', null), 4.5, 'r1')).toMatchObject({ price: -450, amount: 1, promotion: 'waiter-refund' });
    expect(refundLine(dishLine('d-beer', null), 1.15, 'r2').price).toBe(-115);
  });
});

describe('group cart integrity', () => {
  const cart = (n: number) => ({ total: 0, items: [dishLine('d-beer', null, n)], confirmedTwoForOnePromotions: [] });
  it("group cart: 'No members found', 'Duplicate member found', 'There must be exactly one owner', 'Amount sum does not match'", () => {
    expect(validateGroupCart({ members: [] })).toBe('No members found');
    expect(validateGroupCart({ members: [{ id: 'a', status: 'owner', cart: cart(1) }, { id: 'a', status: 'other', cart: cart(1) }] })).toBe('Duplicate member found');
    expect(validateGroupCart({ members: [{ id: 'a', status: 'other', cart: cart(1) }] })).toBe('There must be exactly one owner');
    expect(validateGroupCart({ members: [{ id: 'a', status: 'owner', cart: cart(1) }, { id: 'b', status: 'owner', cart: cart(1) }] })).toBe('There must be exactly one owner');
    const members = [{ id: 'a', status: 'owner' as const, cart: cart(2) }, { id: 'b', status: 'readyToCheckout' as const, cart: cart(1) }];
    expect(validateGroupCart({ members, combinedItems: [dishLine('d-beer', null, 2)] })).toBe('Amount sum does not match');
    expect(validateGroupCart({ members, combinedItems: [dishLine('d-beer', null, 3)] })).toBeNull();
  });
});

describe('payment methods', () => {
  const config = {
    paymentMethods: ['offline', 'offline_debit', 'PayPal_Platform', 'Stripe_card'],
    paymentMethodsOnlyPickup: ['offline_debit'],
    paymentMethodsOnlyDelivery: ['Stripe_card'],
    paymentMethodsPickupMinimumOrderValue: { offline: 15, PayPal_Platform: 0 },
  } as Pick<ShopConfig, 'paymentMethods' | 'paymentMethodsOnlyPickup' | 'paymentMethodsOnlyDelivery' | 'paymentMethodsPickupMinimumOrderValue'>;
  it('availability: pickup-only and delivery-only methods', () => {
    expect(availablePaymentMethods(config, 'delivery')).toEqual(['offline', 'PayPal_Platform', 'Stripe_card']);
    expect(availablePaymentMethods(config, 'pickup')).toEqual(['offline', 'offline_debit', 'PayPal_Platform']);
    expect(isPaymentMethodAvailable(config, 'Sofort', 'pickup')).toBe(false);
    expect(activeDeliveryType('pickup', 'delivery')).toBe('pickup');
    expect(activeDeliveryType(null, 'delivery')).toBe('delivery');
  });
  it('pickup minimum: 15 € for cash → 1500 cents; 14,99\u00a0€ after discount and coupon misses 1 cent', () => {
    expect(pickupMinimumCents(config, 'offline')).toBe(1500);
    expect(pickupMinimumCents(config, 'PayPal_Platform')).toBe(0);
    expect(pickupMinimumMissing(config, 'offline', 'pickup', 1499)).toBe(1);
    expect(pickupMinimumMissing(config, 'offline', 'pickup', 1500)).toBe(0);
    expect(pickupMinimumMissing(config, 'offline', 'delivery', 100)).toBe(0);
  });
});

describe('discount labels', () => {
  it("labels: 'Heute Sonderpreis', 'Jetzt -12,5%', 'Heute -10% & mehr'", () => {
    expect(discountLabel({ fixed: true, allWeekdays: true })).toBe('Heute Sonderpreis');
    expect(discountLabel({ percent: 12.5, allWeekdays: false })).toBe('Jetzt -12,5%');
    expect(discountLabel({ percent: 10, severalPercents: true, allWeekdays: true })).toBe('Heute -10% & mehr');
    expect(discountLabel({ euro: 150, allWeekdays: true })).toBe('Heute -1,50\u00a0€');
    expect(discountLabel({ allWeekdays: true })).toBeNull();
  });
});

describe('info dialog auto-open and franchise suggestion', () => {
  const base = { minimumOrderValueKnown: false, deliveryType: 'delivery' as const, reorderLink: false, nonOwnerGroupMember: false };
  it('opens only without an address, not for pickup, reorder links or group members', () => {
    expect(shouldAutoOpenInfoDialog(base)).toBe(true);
    expect(shouldAutoOpenInfoDialog({ ...base, minimumOrderValueKnown: true })).toBe(false);
    expect(shouldAutoOpenInfoDialog({ ...base, deliveryType: 'pickup' })).toBe(false);
    expect(shouldAutoOpenInfoDialog({ ...base, reorderLink: true })).toBe(false);
    expect(shouldAutoOpenInfoDialog({ ...base, nonOwnerGroupMember: true })).toBe(false);
    expect(shouldAutoOpenInfoDialog({ ...base, groupInvitation: true })).toBe(false);
  });
  it('suggests the first shop taking orders of the type, else the first; closed → not direct', () => {
    const s = (id: string, o: Partial<{ acceptOrders: boolean; allowDelivery: boolean; allowPickup: boolean; insideOpenHours: boolean }>) =>
      ({ id, acceptOrders: true, allowDelivery: true, allowPickup: true, insideOpenHours: true, ...o });
    const shops = [s('a', { allowPickup: false }), s('b', {}), s('c', {})];
    expect(suggestFranchiseShop(shops, 'pickup')).toEqual({ shop: shops[1], direct: true });
    expect(suggestFranchiseShop(shops, 'delivery')?.shop.id).toBe('a');
    const closed = [s('x', { acceptOrders: false, insideOpenHours: false }), s('y', { acceptOrders: false, insideOpenHours: false })];
    expect(suggestFranchiseShop(closed, 'delivery')).toEqual({ shop: closed[0], direct: false });
    expect(suggestFranchiseShop([], 'delivery')).toBeNull();
  });
});
