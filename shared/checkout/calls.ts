// The order and payment calls of the checkout (docs/api.md "Orders and payment").
import * as v from '@shared/domain/valibot';
import { ApiError, request, requestValid, seg, validate } from '@shared/api';
import { type OrderSubmission, type PaymentPreparation, type SubmitResponse } from '@shared/domain';
import { PaymentPreparationSchema, SubmitResponseSchema } from '@shared/domain/calls';
import { OrderStatusSchema, SubmitResponseEuroSchema, type OrderStatusInfo, type PreparePaymentBody } from './api';
import { submitResponseFromEuro, type SubmitResponseInEuro } from './money';

/**
 * POST /order with the Idempotency-Key of this checkout attempt (retries reuse it: one order).
 * The server answers money in euro; this returns cents. Failures: classifySubmitError().
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

/** GET /info/{id}. Failure throws the server's error. */
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
