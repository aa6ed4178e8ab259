// Calls of the shop's pages (server/routes/pages.ts). Field errors come back as ApiError with
// data { error: 'invalid_form', fields: { field: German message } } — see formErrors().
import { isApiError, request, seg } from '@shared/api';
import type { ReservationValues } from './rules';

/** The reservation as sent: the form's values, the message optional. */
export type ReservationRequest = Omit<ReservationValues, 'message'> & { message?: string };

/** What the restaurant's answer link shows (GET /reservation/{token}). */
export interface ReservationInfo {
  date: string;
  time: string;
  persons: number;
  name: string;
  status: 'requested' | 'confirmed' | 'declined';
}

/** The field messages of a 400 answer, or null when the failure was something else. */
export function formErrors(e: unknown): Record<string, string> | null {
  if (!isApiError(e) || e.status !== 400) return null;
  const fields = (e.data as { fields?: unknown } | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : null;
}

/** The German message of a 4xx answer (409 'bereits beantwortet' …), if the server sent one. */
export function answerMessage(e: unknown): string | null {
  if (!isApiError(e) || e.status < 400 || e.status >= 500) return null;
  const m = (e.data as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' ? m : null;
}

export const isNotFound = (e: unknown) => isApiError(e) && e.status === 404;

export function sendReservation(body: ReservationRequest): Promise<{ id: string }> {
  return request('shop', '/reservation', { method: 'POST', body });
}
/** `token`: the answer token of the restaurant's mail (/tr/{token}/{type}), not the guest's id. */
export function getReservation(token: string): Promise<ReservationInfo> {
  return request('shop', `/reservation/${seg(token)}`);
}
export function answerReservation(token: string, type: string): Promise<{ status: 'confirmed' | 'declined' }> {
  return request('shop', `/reservation/${seg(token)}/answer`, { method: 'POST', body: { type } });
}

export interface FeedbackInfo {
  done: boolean;
  dishes: { position: number; name: string; amount: number }[];
}
export function getFeedback(orderId: string): Promise<FeedbackInfo> {
  return request('shop', `/feedback/${seg(orderId)}`);
}
export function sendFeedback(orderId: string, body: { ratings: { position: number; stars: number }[]; comment: string }): Promise<unknown> {
  return request('shop', `/feedback/${seg(orderId)}`, { method: 'POST', body });
}

// POST emailunsubscribe and POST /jobs/entry/{id}/submit: unsubscribeEmail / submitJobEntry in ./shop

export function getCouponMail(emailId: string): Promise<{ activated: boolean }> {
  return request('shop', `/coupon_mail/${seg(emailId)}`);
}
export function activateCouponMail(emailId: string): Promise<{ code: string }> {
  return request('shop', `/coupon_mail/${seg(emailId)}/activate`, { method: 'POST', body: {} });
}

export function getDriverCode(code: string): Promise<{ type: 'percent' | 'value'; value: number; minimumOrderValue: number }> {
  return request('shop', `/driver_code/${seg(code)}`);
}
export function reserveDriverCoupon(code: string, phone: string): Promise<{ code: string; phone: string }> {
  return request('shop', `/driver_code/${seg(code)}/reserve`, { method: 'POST', body: { phone } });
}

/** POST /jobs/entry/{id}/submit {formData}. */
export async function submitJobEntry(id: string, formData: Record<string, unknown>): Promise<void> {
  await request('shop', `/jobs/entry/${seg(id)}/submit`, { method: 'POST', body: { formData } });
}

/** POST emailunsubscribe {type, email}. */
export async function unsubscribeEmail(type: string, email: string): Promise<void> {
  await request('shop', '/emailunsubscribe', { method: 'POST', body: { type, email } });
}

