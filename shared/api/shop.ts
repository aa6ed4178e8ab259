// One typed function per shop call (storefront-core.md §7, delivery-checkout-service.md §7).
// Base: {origin}/api/shop/{shopId}.
import type { CouponInfo, GeoResult } from '@shared/domain';
import * as v from 'valibot';
import { getApiConfig, request, requestValid, seg, validate } from './client';
import { ApiError, toApiError } from './errors';
import { submitResponseFromEuro, type SubmitResponseInEuro } from './money';
import { OrderStatusSchema, SubmitResponseEuroSchema, type OrderStatusInfo, type PreparePaymentBody } from './order';
import {
  CouponReservationSchema,
  CouponValidationSchema,
  GeoResultSchema,
  GroupOrderSchema,
  PaymentPreparationSchema,
  ReverseGeoSchema,
  SubmitResponseSchema,
  TableDataSchema,
} from '@shared/domain';
import type {
  GroupMemberUpdate,
  GroupOrder,
  OrderSubmission,
  PaymentPreparation,
  ReverseGeoResult,
  SubmitResponse,
  TableData,
} from '@shared/domain';

// ---------- address ----------

/** GET /geolocation?lat&long&acc — reverse geolocation. */
export function reverseGeolocation(lat: number, long: number, acc: number): Promise<ReverseGeoResult> {
  return requestValid('shop', '/geolocation', ReverseGeoSchema, 'geolocation', { query: { lat, long, acc } });
}

/**
 * POST /geo {location}. Errors follow the spec's address lookup: 400 → the response data
 * (or its `error` field) as the code, 404 → 'notFound'.
 */
export async function lookupAddress(location: string): Promise<GeoResult> {
  try {
    return await requestValid('shop', '/geo', GeoResultSchema, 'geo', { method: 'POST', body: { location } });
  } catch (e) {
    throw addressError(e);
  }
}

function addressError(e: unknown): ApiError {
  const err = toApiError(e);
  if (err.status === 400) {
    const d = err.data;
    const code =
      typeof d === 'string' && d ? d
      : d && typeof d === 'object' && typeof (d as { error?: unknown }).error === 'string' ? (d as { error: string }).error
      : 'invalid';
    return new ApiError(code, `Address lookup failed: ${code}`, { status: 400, data: d, cause: err });
  }
  if (err.status === 404) return new ApiError('notFound', 'Address not found', { status: 404, data: err.data, cause: err });
  return err;
}

// ---------- order and payment ----------

/**
 * POST /order with the Idempotency-Key of this checkout attempt (retries reuse it: one order).
 * The server answers money in euro (spec §3); this returns cents. Failures: classifySubmitError().
 */
export async function submitOrder(payload: OrderSubmission, opts: { idempotencyKey?: string; token?: string | null } = {}): Promise<SubmitResponse> {
  const key = opts.idempotencyKey ?? payload.idempotencyKey;
  const data = await requestValid('shop', '/order', SubmitResponseEuroSchema, 'order', {
    method: 'POST',
    body: payload,
    token: opts.token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
  return validate(SubmitResponseSchema, submitResponseFromEuro(data as SubmitResponseInEuro), 'order');
}

/** POST payment/{orderId}/{method} — prepare payment (retries are the checkout's business). */
export function preparePayment(a: string, b: string, body: PreparePaymentBody = {}): Promise<PaymentPreparation> {
  return requestValid('shop', `/payment/${seg(a)}/${seg(b)}`, PaymentPreparationSchema, 'payment', {
    method: 'POST',
    body,
  });
}

export type PaypalCaptureResult = 'success' | 'INSTRUMENT_DECLINED' | 'error';

/** GET payment/{a}/{b}/paypal/{c} — capture a PayPal payment. */
export async function capturePaypalPayment(a: string, b: string, c: string): Promise<PaypalCaptureResult> {
  const data = await request<unknown>('shop', `/payment/${seg(a)}/${seg(b)}/paypal/${seg(c)}`);
  const text =
    typeof data === 'string' ? data
    : data && typeof data === 'object' ? String((data as { result?: unknown; status?: unknown }).result ?? (data as { status?: unknown }).status ?? '')
    : '';
  if (text === 'success' || text === 'INSTRUMENT_DECLINED') return text;
  if ((data as { success?: unknown })?.success === true) return 'success';
  return 'error';
}

export interface OrderInfo {
  success: boolean;
  order?: unknown;
  error?: unknown;
}

/** GET /info/{id}. Failure throws the server's error (spec §8). */
export async function getOrderInfo(id: string): Promise<OrderInfo> {
  const data = await request<unknown>('shop', `/info/${seg(id)}`);
  const parsed = validate(
    v.looseObject({ success: v.optional(v.boolean(), true), order: v.optional(v.unknown()), error: v.optional(v.unknown()) }),
    data,
    'order info',
  );
  if (parsed.success === false || parsed.error) {
    throw new ApiError(typeof parsed.error === 'string' ? parsed.error : 'order-info', 'Order info failed', {
      status: 200,
      data: parsed.error ?? data,
    });
  }
  return parsed as OrderInfo;
}

/** GET /status/{id} — status and payment status with German texts. */
export function getOrderStatus(id: string): Promise<OrderStatusInfo> {
  return requestValid('shop', `/status/${seg(id)}`, OrderStatusSchema, 'order status');
}

/** POST /jobs/entry/{id}/submit {formData}. */
export async function submitJobEntry(id: string, formData: Record<string, unknown>): Promise<void> {
  await request('shop', `/jobs/entry/${seg(id)}/submit`, { method: 'POST', body: { formData } });
}

/** POST emailunsubscribe {type, email}. */
export async function unsubscribeEmail(type: string, email: string): Promise<void> {
  await request('shop', '/emailunsubscribe', { method: 'POST', body: { type, email } });
}

// ---------- table service ----------

const TableAnswerSchema = v.pipe(
  v.union([v.array(v.unknown()), v.looseObject({ groups: v.array(v.unknown()) })]),
  v.transform((x) => (Array.isArray(x) ? { groups: x } : x)),
  TableDataSchema,
);

/** GET /dineintable/{table}. Items priced 0 or less are hidden (spec §3). */
export async function getTable(table: number | string): Promise<TableData> {
  const data = await requestValid('shop', `/dineintable/${seg(table)}`, TableAnswerSchema, 'table');
  return { groups: data.groups.map((g) => ({ items: g.items.filter((i) => i.price > 0) })) };
}

/** GET /dineintable/{table}/clear — true when the server answered 'OK'. */
export async function clearTable(table: number | string): Promise<boolean> {
  const data = await request<unknown>('shop', `/dineintable/${seg(table)}/clear`);
  return data === 'OK' || (typeof data === 'string' && data.trim() === 'OK');
}

/** Leaflet URL template for GET /osm/tile/{z}/{x}/{y}. */
export function tileUrlTemplate(): string {
  return `${getApiConfig().shopBase}/osm/tile/{z}/{x}/{y}`;
}

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

// ---------- group order ----------

/** POST /group-order {groupName, userName, isPickup, userId}. */
export function createGroupOrder(body: { groupName: string; userName: string; isPickup: boolean; userId: string }): Promise<GroupOrder> {
  return requestValid('shop', '/group-order', GroupOrderSchema, 'group order', { method: 'POST', body }) as unknown as Promise<GroupOrder>;
}

/** POST /group-order/{id}/member/{memberId}; the cart travels as JSON text. */
export function updateGroupMember(id: string, memberId: string, userId: string, update: GroupMemberUpdate): Promise<unknown> {
  const body: Record<string, unknown> = { ...update, userId };
  if ('cart' in update) body.cart = JSON.stringify(update.cart);
  return request('shop', `/group-order/${seg(id)}/member/${seg(memberId)}`, { method: 'POST', body });
}

/** GET /group-order/{id} (polled by the group store). */
export function getGroupOrder(id: string): Promise<GroupOrder> {
  return requestValid('shop', `/group-order/${seg(id)}`, GroupOrderSchema, 'group order') as unknown as Promise<GroupOrder>;
}

// ---------- coupons (storefront-core.md §7) ----------

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
  } catch {
    return null;
  }
}
