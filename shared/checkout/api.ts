// Order placement helpers for the checkout widget (docs/api.md "Orders and payment"):
// the idempotency key per checkout attempt, the submit answer in euro (server) → cents (client),
// the status answer, and one classifier for the submit errors.
import * as v from '@shared/domain/valibot';
import { ApiError, toApiError } from '@shared/api';

/** One key per checkout attempt: create it when the guest presses "order", reuse it for retries. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `co-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return `co-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const euro = v.pipe(v.number(), v.finite());

/** The server's submit answer: money in euro (cents / 100). */
export const SubmitResponseEuroSchema = v.looseObject({
  order: v.looseObject({
    id: v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]),
    deliveryFee: euro,
    total: euro,
    items: v.array(v.looseObject({ price: euro, extras: v.optional(v.array(v.looseObject({ price: euro })), []) })),
  }),
  paymentGatewayId: v.nullish(v.union([v.string(), v.number()])),
  acceptAdvertising: v.optional(v.boolean(), false),
});

export const ORDER_STATUSES = ['received', 'confirmed', 'in_preparation', 'on_the_way', 'ready_for_pickup', 'delivered', 'picked_up', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'cancelled', 'on_delivery'] as const;

export const OrderStatusSchema = v.looseObject({
  id: v.string(),
  status: v.picklist(ORDER_STATUSES),
  statusText: v.string(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  paymentStatusText: v.string(),
  deliveryType: v.picklist(['delivery', 'pickup']),
  serveAt: v.nullish(v.string(), null),
  updatedAt: v.string(),
  // the restaurant's decision; absent from older servers
  numberText: v.optional(v.string(), ''),
  readyText: v.nullish(v.string(), null),
  refused: v.optional(v.boolean(), false),
  refusedText: v.nullish(v.string(), null),
  refundText: v.nullish(v.string(), null),
});

export type OrderStatusInfo = v.InferOutput<typeof OrderStatusSchema>;

/** Body of POST payment/{orderId}/{method}. */
export interface PreparePaymentBody {
  /** where the guest returns after paying (http/https; may be the restaurant's own page) */
  returnUrl?: string;
  /** where the guest returns after cancelling (default returnUrl) */
  cancelUrl?: string;
  /** Heidelpay_*: the payment resource id created in the browser */
  resourceId?: string;
}

export interface AssumedLocation {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
}

/** What the checkout does with a failed submit. */
export type SubmitFailure =
  /** 400 with form: show each message under its field and scroll there */
  | { kind: 'form'; form: Record<string, string>; message: string }
  /** 409 code 2: replace the address with assumedLocation, confirm 'Adresse korrigiert', resubmit with skipGoogleValidation */
  | { kind: 'addressCorrected'; assumedLocation: AssumedLocation; message: string }
  /** 400/409 without form: a plain alert (title may be absent); `kind` confirm = the guest may go on */
  | { kind: 'alert'; code: string; title: string | null; message: string; confirm: boolean }
  /** no answer or a server error: keep the cart, log, let the guest retry with the same key */
  | { kind: 'other'; error: ApiError };

export function classifySubmitError(e: unknown): SubmitFailure {
  const err = toApiError(e);
  const d = (err.data && typeof err.data === 'object' ? err.data : {}) as Record<string, unknown>;
  const message = typeof d.message === 'string' ? d.message : typeof err.data === 'string' ? err.data : err.message;
  if (err.status === 409 && d.code === 2 && d.assumedLocation && typeof d.assumedLocation === 'object') {
    return { kind: 'addressCorrected', assumedLocation: d.assumedLocation as AssumedLocation, message };
  }
  if (err.status === 400 && d.form && typeof d.form === 'object') {
    return { kind: 'form', form: d.form as Record<string, string>, message };
  }
  if (err.status === 400 || err.status === 409 || err.status === 422 || err.status === 404) {
    return { kind: 'alert', code: typeof d.error === 'string' ? d.error : err.code, title: typeof d.title === 'string' ? d.title : null, message, confirm: d.kind === 'confirm' };
  }
  return { kind: 'other', error: err };
}
