// The local simulated provider (no keys needed): every online method gets the flow of its real
// provider — a hosted page at /pay/sim/{ref} with 'Zahlung bestätigen' / 'Abbrechen' / 'Ablehnen'
// that redirects back to the client's return URL, a PayPal-like approve/capture with a declinable
// instrument, a wallet payload with signature and key id, and card resources that succeed or
// decline. The page's buttons go through the same outcome handler as a provider webhook.
import { createHmac, randomBytes } from 'node:crypto';
import { paymentKind } from '@shared/checkout';
import { verifyStripeSignature } from './stripe';
import { euroString, WebhookSignatureError, type PayableOrder, type PaymentEvent, type PaymentProvider, type PrepareOptions, type PrepareResult, type RefundResult } from './types';

/** Card resource ids starting with this are declined by the simulated card provider. */
export const SIM_DECLINED_RESOURCE = 's-crd-decline';

export function simulatedProvider(opts: { secret: string; now?: () => number }): PaymentProvider {
  return {
    name: 'simulated',
    async prepare(order: PayableOrder, o: PrepareOptions): Promise<PrepareResult> {
      const ref = `sim_${randomBytes(18).toString('base64url')}`;
      const url = `${o.pageBase}/pay/sim/${ref}`;
      switch (paymentKind(order.method)) {
        case 'paypal-platform':
          return { ref, answer: { id: ref, url } };
        case 'wallet': {
          const payload = JSON.stringify({ webCheckoutDetails: { checkoutReviewReturnUrl: o.returnUrl, checkoutResultReturnUrl: o.returnUrl }, chargeAmount: { amount: euroString(order.total), currencyCode: 'EUR' }, merchantReference: order.id, simulatedUrl: url });
          const signature = createHmac('sha256', opts.secret).update(payload).digest('base64');
          return { ref, answer: { payload, signature, keyid: 'SIMULATED', url } };
        }
        case 'card-resource': {
          if (!o.resourceId) return { ref, answer: { status: 'failed' }, outcome: 'failed' };
          return o.resourceId.startsWith(SIM_DECLINED_RESOURCE)
            ? { ref, answer: { status: 'failed' }, outcome: 'failed' }
            : { ref, answer: { status: 'captured' }, outcome: 'paid' };
        }
        default:
          return { ref, answer: { url, sessionid: ref } };
      }
    },
    // the simulated provider always refunds (the order's outcome is in the database)
    async refund(order: PayableOrder): Promise<RefundResult> {
      return { status: 'refunded', refundId: `sim_re_${createHmac('sha256', opts.secret).update(`refund:${order.id}`).digest('base64url').slice(0, 24)}` };
    },
    // capture is decided from the page's recorded approval (database), see orders/payment.ts
    parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null {
      // the same event format and signature scheme as Stripe, signed with the simulator's secret
      const now = opts.now ? opts.now() : Math.floor(Date.now() / 1000);
      if (!verifyStripeSignature(rawBody, headers.get('stripe-signature'), opts.secret, now)) throw new WebhookSignatureError('Signatur stimmt nicht');
      const e = JSON.parse(rawBody) as { id?: string; type?: string; data?: { object?: { id?: string } } };
      const ref = e.data?.object?.id;
      const outcome = e.type === 'payment.succeeded' ? 'paid' : e.type === 'payment.failed' ? 'failed' : e.type === 'payment.cancelled' ? 'cancelled' : null;
      return ref && e.id && outcome ? { eventId: e.id, ref, outcome } : null;
    },
  };
}
