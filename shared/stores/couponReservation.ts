// The coupon reserved for a phone number: found while another code
// is set, the guest confirms the switch ('Neuer Gutscheincode'); a failed check yields nothing.
import { atom } from 'nanostores';
import type { CouponInfo } from '@shared/domain';
import { checkCouponReservation, validateCoupon } from '@shared/api';
import { $coupon, applyCoupon } from './coupon';

/** A reserved coupon waiting for the guest's answer, else null. */
export const $couponReservation = atom<CouponInfo | null>(null);

let seq = 0;

/**
 * Looks up the coupon reserved for `phone`. Without a code set it is applied at once; while
 * another valid (or validating) code is set it waits in $couponReservation for the confirm.
 * Returns the reserved code, or null when there is none or the check failed.
 */
export async function checkReservedCoupon(phone: string): Promise<string | null> {
  const trimmed = phone.trim();
  if (!trimmed) return null;
  const mine = ++seq;
  const code = await checkCouponReservation(trimmed);
  if (!code || mine !== seq) return null;
  const current = $coupon.get();
  const same = (c: string) => c.toUpperCase() === code.toUpperCase();
  if (current.state === 'valid' && same(current.code)) return code;
  if (current.state === 'none' || current.state === 'invalid' || current.state === 'unavailable') {
    await applyCoupon(code);
    return code;
  }
  if (same(current.code)) return code;
  const info = await validateCoupon(code).catch(() => null);
  if (!info || mine !== seq) return null;
  $couponReservation.set({ ...info, code: info.code || code });
  return code;
}

/** 'Möchtest Du wechseln?' — yes: the reserved code replaces the current one. */
export async function acceptCouponReservation(): Promise<void> {
  const r = $couponReservation.get();
  $couponReservation.set(null);
  if (r) await applyCoupon(r.code);
}

/** No: the current code stays. */
export function declineCouponReservation(): void {
  seq += 1;
  $couponReservation.set(null);
}
