import { describe, expect, it } from '@jest/globals';
import { couponUsedUp } from './coupon';

describe('couponUsedUp', () => {
  it('unlimited coupons are never used up; limited ones at their max_uses', () => {
    expect(couponUsedUp({ maxUses: null, uses: 1000 })).toBe(false);
    expect(couponUsedUp({ maxUses: 1, uses: 0 })).toBe(false);
    expect(couponUsedUp({ maxUses: 1, uses: 1 })).toBe(true);
    expect(couponUsedUp({ maxUses: 3, uses: 2 })).toBe(false);
    expect(couponUsedUp({ maxUses: 3, uses: 4 })).toBe(true);
  });
});
