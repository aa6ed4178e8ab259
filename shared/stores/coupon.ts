// Coupon: none → validating → valid | invalid.
// A valid code is kept for the session; an invalid one is tracked.
import { atom } from 'nanostores';
import type { CouponState } from '@shared/domain';
import { isUnavailable, validateCoupon } from '@shared/api';
import { readCouponCode, writeCouponCode } from './session';
import { $bootstrap, $shopId } from './shop';
import { track } from './tracking';

export const $coupon = atom<CouponState>({ state: 'none' });

let seq = 0;

export async function applyCoupon(code: string): Promise<CouponState> {
  const trimmed = code.trim();
  if (!trimmed) {
    clearCoupon();
    return $coupon.get();
  }
  const mine = ++seq;
  $coupon.set({ state: 'validating', code: trimmed });
  let info;
  try {
    info = await validateCoupon(trimmed);
  } catch (e) {
    if (mine !== seq) return $coupon.get();
    // the shop is away for a moment: the remembered code stays, nothing is tracked as invalid
    if (isUnavailable(e)) $coupon.set({ state: 'unavailable', code: trimmed });
    else throw e;
    return $coupon.get();
  }
  if (mine !== seq) return $coupon.get(); // a newer apply or clear won
  const shopId = $shopId.get();
  if (info) {
    $coupon.set({ state: 'valid', ...info, code: info.code || trimmed });
    if (shopId) writeCouponCode(shopId, info.code || trimmed);
  } else {
    $coupon.set({ state: 'invalid', code: trimmed });
    if (shopId) writeCouponCode(shopId, null);
    void track('coupon_invalid', { code: trimmed });
  }
  return $coupon.get();
}

export function clearCoupon(): void {
  seq += 1;
  $coupon.set({ state: 'none' });
  const shopId = $shopId.get();
  if (shopId) writeCouponCode(shopId, null);
}

/** Re-validates the code remembered for this session, if any. */
export async function restoreCoupon(): Promise<CouponState> {
  const shopId = $shopId.get();
  const code = shopId ? readCouponCode(shopId) : null;
  if (!code) return $coupon.get();
  return applyCoupon(code);
}

// Once per loaded shop, bring back the code kept for this session.
let restoredFor: string | null = null;
$bootstrap.listen((b) => {
  if (b.status !== 'ready') return;
  const shopId = $shopId.get();
  if (!shopId || restoredFor === shopId) return;
  restoredFor = shopId;
  if ($coupon.get().state === 'none' && readCouponCode(shopId)) void restoreCoupon();
});
