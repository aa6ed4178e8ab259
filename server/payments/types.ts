// One interface for every payment provider. The order routes only talk to this; which provider
// serves a method is decided in ./index.ts from the environment (keys) — without keys the local
// simulated provider answers every online method with the same flow.
import { centsToEuro, type PaymentMethod } from '@shared/domain';

export type ProviderName = 'simulated' | 'stripe' | 'paypal' | 'amazonpay' | 'heidelpay';

/** What a provider needs to know about the order (money in cents). */
export interface PayableOrder {
  id: string;
  shopId: string;
  shopName: string;
  total: number;
  method: PaymentMethod;
  email: string | null;
  /** the shop's own account, paid instead of the platform's (null/absent: the platform's) */
  payee?: Payee | null;
}

/** A shop's connected payment accounts (server/secrets: stripeAccountId, paypalMerchantId). */
export interface Payee {
  /** Stripe Connect: acct_… — the session is created on it (header Stripe-Account) */
  stripeAccount: string | null;
  /** PayPal: the merchant id paid as the order's payee */
  paypalMerchantId: string | null;
}

export interface PrepareOptions {
  /** where the guest returns after paying (validated http(s)) */
  returnUrl: string;
  /** where the guest returns after cancelling (default returnUrl) */
  cancelUrl: string;
  /** this server's public origin (the simulated provider's hosted page lives there) */
  pageBase: string;
  /** Heidelpay: the card/payment resource id created in the browser */
  resourceId?: string | null;
}

/** The payment preparation answer plus the provider reference kept with the order. */
export interface PrepareResult {
  /** the provider's id of this payment (session, order, charge); stored as orders.payment_ref */
  ref: string;
  answer: {
    status?: 'captured' | 'failed';
    url?: string | null;
    sessionid?: string | null;
    payload?: string | null;
    signature?: string | null;
    keyid?: string | null;
    id?: string | null;
  };
  /** set when the provider already knows the outcome (card charge, offline) */
  outcome?: 'paid' | 'failed';
}

export type CaptureResult = 'success' | 'INSTRUMENT_DECLINED' | 'failed';

/** A payment outcome from a provider webhook (already verified). */
export interface PaymentEvent {
  /** the provider's event id: each is processed once */
  eventId: string;
  ref: string;
  outcome: 'paid' | 'failed' | 'cancelled';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  prepare(order: PayableOrder, opts: PrepareOptions): Promise<PrepareResult>;
  /** PayPal-like flows: capture after the guest approved */
  capture?(order: PayableOrder, ref: string): Promise<CaptureResult>;
  /** Verifies a webhook over the raw body; throws WebhookSignatureError when it does not verify. */
  parseWebhook?(rawBody: string, headers: Headers): PaymentEvent | null;
  /**
   * Refunds the paid order in full (`ref`: its payment_ref). Idempotent per order (the provider's
   * idempotency key is the order id), so a retry after a lost answer refunds once. Throws
   * PaymentProviderError when the provider refuses.
   */
  refund?(order: PayableOrder, ref: string): Promise<RefundResult>;
}

/** 'refunded': the provider took it; 'pending': accepted, completes later (the guest is told so). */
export interface RefundResult {
  status: 'refunded' | 'pending';
  /** the provider's refund id */
  refundId: string;
}

export class WebhookSignatureError extends Error {}

export class PaymentProviderError extends Error {
  constructor(message: string, readonly declined = false) {
    super(message);
  }
}

/** euro string with two decimals from cents (provider APIs that want '12.34') */
export function euroString(cents: number): string {
  return centsToEuro(cents).toFixed(2);
}
