// Coupons: percent of the subtotal or a fixed value; ignored when its
// minimumOrderValue exceeds the subtotal.
import type { Cents, CouponInfo, CouponState } from '@shared/domain';
import { percentOf, type CouponResult } from '@shared/pricing';

function info(c: CouponState | CouponInfo | null | undefined): CouponInfo | null {
  if (!c || typeof c !== 'object') return null;
  if ('state' in c) return c.state === 'valid' ? c : null;
  return c;
}

/** The coupon's amount on a subtotal (capped at the subtotal, so totals never go negative). */
export function couponDiscount(coupon: CouponState | CouponInfo | null | undefined, subtotal: Cents): CouponResult | null {
  if (!coupon || typeof coupon !== 'object') return null;
  const c = info(coupon);
  const code = (coupon as { code?: unknown }).code;
  if (!c) return typeof code === 'string' ? { code, applied: false, amount: 0, reason: 'notValid' } : null;
  if ((c.minimumOrderValue || 0) > subtotal) return { code: c.code, applied: false, amount: 0, reason: 'minimumOrderValue' };
  const value = Number.isFinite(c.value) && c.value > 0 ? c.value : 0;
  const raw = c.type === 'percent' ? percentOf(subtotal, Math.min(100, value)) : Math.round(value);
  const amount = Math.max(0, Math.min(subtotal, raw));
  return { code: c.code, applied: amount > 0, amount, reason: null };
}

/** A limited coupon is used up once it has been redeemed `maxUses` times (`null` = unlimited). */
export function couponUsedUp(c: { maxUses: number | null; uses: number }): boolean {
  return c.maxUses !== null && c.uses >= c.maxUses;
}
