// Stripe: hosted Checkout Session (redirect) and a webhook with signature verification.
// Plain fetch against Stripe's REST API (form-encoded), used when STRIPE_SECRET_KEY is set.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@shared/domain';
import { PaymentProviderError, WebhookSignatureError, type PayableOrder, type PaymentEvent, type PaymentProvider, type PrepareOptions, type PrepareResult, type RefundResult } from './types';

const METHOD_TYPES: Partial<Record<PaymentMethod, string>> = { Stripe_card: 'card', Stripe_sofort: 'sofort', Stripe_alipay: 'alipay' };

export interface StripeOptions {
  secretKey: string;
  /** whsec_… of the webhook endpoint */
  webhookSecret: string;
  apiBase?: string;
  fetch?: typeof fetch;
  /** seconds a webhook timestamp may be old (Stripe's default 300) */
  toleranceSeconds?: number;
  now?: () => number;
}

/** Stripe-Signature: t=…,v1=…[,v1=…]; v1 = HMAC-SHA256(secret, `${t}.${payload}`) hex. */
export function verifyStripeSignature(payload: string, header: string | null, secret: string, nowSeconds: number, tolerance = 300): boolean {
  if (!header) return false;
  let t = NaN;
  const sigs: string[] = [];
  for (const part of header.split(',')) {
    const [k, val] = part.split('=', 2);
    if (k?.trim() === 't') t = Number(val);
    if (k?.trim() === 'v1' && val) sigs.push(val.trim());
  }
  if (!Number.isInteger(t) || sigs.length === 0 || Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex'));
  return sigs.some((s) => {
    const b = Buffer.from(s);
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
}

export function stripeProvider(o: StripeOptions): PaymentProvider {
  const base = o.apiBase ?? 'https://api.stripe.com';
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'stripe',
    async prepare(order: PayableOrder, p: PrepareOptions): Promise<PrepareResult> {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: p.returnUrl,
        cancel_url: p.cancelUrl,
        client_reference_id: order.id,
        'metadata[orderId]': order.id,
        'metadata[shopId]': order.shopId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': String(order.total),
        'line_items[0][price_data][product_data][name]': `Bestellung bei ${order.shopName}`,
        'payment_method_types[0]': METHOD_TYPES[order.method] ?? 'card',
        locale: 'de',
      });
      if (order.email) form.set('customer_email', order.email);
      const res = await doFetch(`${base}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${o.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': `checkout-${order.id}`,
          // Stripe Connect: the shop's own account takes the payment (its webhooks reach the platform's Connect endpoint)
          ...(order.payee?.stripeAccount ? { 'Stripe-Account': order.payee.stripeAccount } : {}),
        },
        body: form,
      });
      const data = (await res.json().catch(() => ({}))) as { id?: string; url?: string; error?: { message?: string } };
      if (!res.ok || !data.id || !data.url) throw new PaymentProviderError(`Stripe: ${data.error?.message ?? `HTTP ${res.status}`}`);
      return { ref: data.id, answer: { url: data.url, sessionid: data.id } };
    },
    // The order's ref is the Checkout Session; the refund needs its PaymentIntent.
    async refund(order: PayableOrder, ref: string): Promise<RefundResult> {
      const headers = {
        Authorization: `Bearer ${o.secretKey}`,
        ...(order.payee?.stripeAccount ? { 'Stripe-Account': order.payee.stripeAccount } : {}),
      };
      const sres = await doFetch(`${base}/v1/checkout/sessions/${encodeURIComponent(ref)}`, { headers });
      const session = (await sres.json().catch(() => ({}))) as { payment_intent?: string | { id?: string } | null; error?: { message?: string } };
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!sres.ok || !intent) throw new PaymentProviderError(`Stripe: ${session.error?.message ?? `session HTTP ${sres.status}`}`);
      const res = await doFetch(`${base}/v1/refunds`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': `refund-${order.id}` },
        body: new URLSearchParams({ payment_intent: intent, reason: 'requested_by_customer', 'metadata[orderId]': order.id }),
      });
      const data = (await res.json().catch(() => ({}))) as { id?: string; status?: string; error?: { message?: string } };
      if (!res.ok || !data.id || data.status === 'failed' || data.status === 'canceled') {
        throw new PaymentProviderError(`Stripe: ${data.error?.message ?? `refund ${data.status ?? `HTTP ${res.status}`}`}`);
      }
      return { status: data.status === 'succeeded' ? 'refunded' : 'pending', refundId: data.id };
    },
    parseWebhook(rawBody: string, headers: Headers): PaymentEvent | null {
      const now = o.now ? o.now() : Math.floor(Date.now() / 1000);
      if (!verifyStripeSignature(rawBody, headers.get('stripe-signature'), o.webhookSecret, now, o.toleranceSeconds ?? 300)) {
        throw new WebhookSignatureError('Stripe-Signature stimmt nicht');
      }
      const event = JSON.parse(rawBody) as { id: string; type: string; data?: { object?: { id?: string; payment_status?: string } } };
      const ref = event.data?.object?.id;
      if (!ref) return null;
      switch (event.type) {
        case 'checkout.session.completed':
          // sofort etc. complete later (async_payment_succeeded)
          return event.data?.object?.payment_status === 'paid' ? { eventId: event.id, ref, outcome: 'paid' } : null;
        case 'checkout.session.async_payment_succeeded':
          return { eventId: event.id, ref, outcome: 'paid' };
        case 'checkout.session.async_payment_failed':
          return { eventId: event.id, ref, outcome: 'failed' };
        case 'checkout.session.expired':
          return { eventId: event.id, ref, outcome: 'cancelled' };
        default:
          return null;
      }
    },
  };
}
