// The shop calls every widget's start needs: the media URLs and the
// coupons. Base: {origin}/api/shop/{shopId}. The calls of one widget live with it (@shared/group,
// @shared/checkout, @shared/table, @shared/account, @shared/pages), loaded with that widget.
import * as v from '@shared/domain/valibot';
import type { CouponInfo } from '@shared/domain';
import type { ShopLive } from '@shared/ops/rules';
import { getApiConfig, plainFetch, requestValid, seg, validate } from './client';
import { isUnavailable, toApiError } from './errors';
import { CouponReservationSchema, CouponValidationSchema } from '@shared/domain';

/** The one media URL scheme: {origin}/media/{shopId}/{imageId}/{width}x{height}.{ext} (origin and shop default to the configured API's). */
export function mediaUrl(
  imageId: string,
  width: number,
  height: number,
  ext: 'webp' | 'png' | 'jpg' = 'webp',
  at: { origin?: string; shopId?: string } = {},
): string {
  const origin = at.origin ?? getApiConfig().origin;
  const shopId = at.shopId ?? getApiConfig().shopId;
  return `${origin}/media/${seg(shopId)}/${seg(imageId)}/${width}x${height}.${ext}`;
}

// ---------- coupons ----------

/** GET /coupon_reservation/check/{phone} → the reserved code, or null on any failure. */
export async function checkCouponReservation(phone: string): Promise<string | null> {
  try {
    const data = await requestValid('shop', `/coupon_reservation/check/${seg(phone)}`, CouponReservationSchema, 'coupon reservation');
    const d = data as { code?: string | null; data?: { code?: string | null } };
    const code = d.data && typeof d.data === 'object' ? d.data.code : d.code;
    return typeof code === 'string' && code ? code : null;
  } catch {
    return null;
  }
}

/** GET /validate_coupon?code= → the coupon, or null when invalid or the call failed. */
export async function validateCoupon(code: string): Promise<CouponInfo | null> {
  try {
    const data = await requestValid('shop', '/validate_coupon', CouponValidationSchema, 'coupon', { query: { code } });
    return {
      code: data.code ?? code,
      type: data.type,
      value: data.value,
      minimumOrderValue: data.minimumOrderValue ?? 0,
    };
  } catch (e) {
    // the shop cannot check codes right now: not "invalid" (the guest's code may be fine)
    if (isUnavailable(e)) throw e;
    return null;
  }
}

// ---------- the shop's live state ----------

const ShopLiveSchema = v.object({
  takingOrders: v.boolean(),
  reason: v.nullable(v.picklist(['paused', 'unattended'])),
  pausedUntil: v.nullable(v.string()),
  busyMinutes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  soldOut: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(5000)),
  notice: v.nullable(v.pipe(v.string(), v.maxLength(300))),
  /** the published menu's version (a newer one: the menu is loaded again) */
  catalogVersion: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

/**
 * GET /live: taking orders (pause, no staff device), busy minutes, sold-out ids (shared/ops).
 * Plain fetch like the bootstrap: the first view's pages need no ofetch for it (the browser
 * revalidates with the ETag: an unchanged state is a 304).
 */
export async function getShopLive(): Promise<ShopLive & { catalogVersion?: string }> {
  const { shopBase } = getApiConfig();
  let res: Response;
  let body: unknown;
  try {
    res = await plainFetch()(`${shopBase}/live`, { credentials: 'omit', cache: 'no-cache' });
    body = await res.json().catch(() => null);
  } catch (e) {
    throw toApiError(e);
  }
  if (!res.ok) throw toApiError({ status: res.status, data: body, message: `${res.status} (shop state)` });
  return validate(ShopLiveSchema, body, 'shop state');
}
