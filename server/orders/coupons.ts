// Coupon look-up: one query for the cart's check (GET /validate_coupon), the phone reservation
// check and the order. Validity in time is the SQL clause below; "used up" is the shared rule
// couponUsedUp, so the cart cannot call a coupon valid that the checkout then refuses.
import type { CouponInfo } from '@shared/domain';
import { couponUsedUp } from '@shared/cartpricing';
import { ORDER_FORM_TEXTS } from '@shared/checkout';
import { couponPhoneAllowed } from '@shared/pages';
import type { DbQuery } from '../db';
import { CheckoutRuleError } from './errors';

interface CouponRow {
  code: string;
  type: 'percent' | 'value';
  value: number;
  minimum_order_value: number;
  max_uses: number | null;
  uses: number;
  reserved_phone: string | null;
}

export interface StoredCoupon {
  info: CouponInfo;
  usedUp: boolean;
  reservedPhone: string | null;
}

const COLUMNS = 'code, type, value, minimum_order_value, max_uses, uses, reserved_phone';
/** valid_from ≤ now < valid_until, either end open */
const VALID_AT = (now: string) => `(valid_from IS NULL OR valid_from <= ${now}) AND (valid_until IS NULL OR valid_until > ${now})`;

function stored(c: CouponRow): StoredCoupon {
  return {
    info: { code: c.code, type: c.type, value: c.value, minimumOrderValue: c.minimum_order_value },
    usedUp: couponUsedUp({ maxUses: c.max_uses === null ? null : Number(c.max_uses), uses: Number(c.uses) }),
    reservedPhone: c.reserved_phone,
  };
}

/** Coupon codes are stored in capitals; the guest may type them in any case. */
export function couponKey(code: string): string {
  return code.trim().toUpperCase();
}

/** The shop's coupon under this code that is valid at `now`, used up or not; null when unknown or out of its time. */
export async function findCoupon(q: DbQuery, shopId: string, code: string, now: Date): Promise<StoredCoupon | null> {
  const { rows } = await q.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons WHERE shop_id = $1 AND code = $2 AND ${VALID_AT('$3')}`,
    [shopId, couponKey(code), now.toISOString()],
  );
  return rows[0] ? stored(rows[0]) : null;
}

/** The first coupon reserved for this (normalised) phone number that is valid at `now` and not used up. */
export async function findReservedCoupon(q: DbQuery, shopId: string, phone: string, now: Date): Promise<StoredCoupon | null> {
  const { rows } = await q.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons WHERE shop_id = $1 AND reserved_phone = $2 AND ${VALID_AT('$3')} ORDER BY code`,
    [shopId, phone, now.toISOString()],
  );
  return rows.map(stored).find((c) => !c.usedUp) ?? null;
}

/** The coupon an order may use: null when unknown or out of its time; 409 when used up or reserved for another phone. */
export async function usableCoupon(q: DbQuery, shopId: string, code: string, now: Date, phone: string): Promise<CouponInfo | null> {
  const c = await findCoupon(q, shopId, code, now);
  if (!c) return null;
  if (c.usedUp) {
    throw new CheckoutRuleError({ code: 'coupon_used_up', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponUsedUp, kind: 'alert' }, undefined, 409);
  }
  if (!couponPhoneAllowed(c.reservedPhone, phone)) {
    throw new CheckoutRuleError({ code: 'coupon_other_phone', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponOtherPhone, kind: 'alert' }, { phone: ORDER_FORM_TEXTS.couponOtherPhone }, 409);
  }
  return c.info;
}

/** Counts one use for the order, inside its transaction; 409 when a concurrent order took the last one. */
export async function redeemCoupon(tx: DbQuery, shopId: string, code: string, orderSeq: string): Promise<void> {
  // conditional update: concurrent orders wait on the row lock and re-check uses < max_uses
  const red = await tx.query(
    `UPDATE coupons SET uses = uses + 1 WHERE shop_id = $1 AND code = $2 AND (max_uses IS NULL OR uses < max_uses) RETURNING code`,
    [shopId, code],
  );
  if (!red.rows.length) throw new CheckoutRuleError({ code: 'coupon_used_up', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponUsedUp, kind: 'alert' }, undefined, 409);
  await tx.query('INSERT INTO coupon_redemptions (shop_id, code, order_seq) VALUES ($1, $2, $3)', [shopId, code, orderSeq]);
}
