import { describe, expect, it } from '@jest/globals';
import { isPaymentMethod } from './shop';

describe('isPaymentMethod (the one list of payment methods, client and server)', () => {
  it('knows the spec\'s methods and nothing else', () => {
    expect(isPaymentMethod('offline')).toBe(true);
    expect(isPaymentMethod('Stripe_card')).toBe(true);
    expect(isPaymentMethod('Sofort')).toBe(true);
    expect(isPaymentMethod('stripe_card')).toBe(false);
    expect(isPaymentMethod('Bitcoin')).toBe(false);
    expect(isPaymentMethod('')).toBe(false);
    expect(isPaymentMethod(null)).toBe(false);
  });
});
