// Refund calls against recorded answers in the providers' documented shapes (./fixtures): the
// request each adapter sends (path, method, idempotency key, body) and how it reads the answer.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paypalProvider } from './paypal';
import { simulatedProvider } from './simulated';
import { stripeProvider } from './stripe';
import { PaymentProviderError, type PayableOrder } from './types';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as unknown;
const order: PayableOrder = { id: 'ord_fixture_123', shopId: 'demo', shopName: 'Trattoria Tischlein', total: 2180, method: 'Stripe_card', email: 'erika@example.de' };

interface Call { url: string; method: string; headers: Record<string, string>; body: string }

/** A fetch that answers from a list of [url prefix, status, body] and records each request. */
function recorded(answers: [string, number, unknown][]) {
  const calls: Call[] = [];
  const f = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body: init.body ? String(init.body) : '' });
    const a = answers.find(([prefix]) => url.startsWith(prefix));
    if (!a) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(a[2]), { status: a[1], headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { f, calls };
}

describe('Stripe refund', () => {
  const base = 'https://stripe.test';
  it('reads the session’s PaymentIntent and refunds it in full with the order as idempotency key', async () => {
    const { f, calls } = recorded([
      [`${base}/v1/checkout/sessions/cs_test_a1`, 200, fixture('stripe-checkout-session.json')],
      [`${base}/v1/refunds`, 200, fixture('stripe-refund.json')],
    ]);
    const p = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: base, fetch: f });
    const r = await p.refund!(order, 'cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tE9pV1GzwF');
    expect(r).toEqual({ status: 'refunded', refundId: 're_1Nispe2eZvKYlo2Cd31jOCgZ' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${base}/v1/checkout/sessions/cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tE9pV1GzwF`,
      `POST ${base}/v1/refunds`,
    ]);
    expect(calls[1].headers['Idempotency-Key']).toBe('refund-ord_fixture_123');
    expect(calls[1].headers.Authorization).toBe('Bearer sk_test_x');
    const form = new URLSearchParams(calls[1].body);
    expect(form.get('payment_intent')).toBe('pi_3MtwBwLkdIwHu7ix28a3tqPa');
    expect(form.has('amount')).toBe(false); // no amount: the whole payment
  });
  it('a refused refund is an error with Stripe’s message', async () => {
    const { f } = recorded([
      [`${base}/v1/checkout/sessions/`, 200, fixture('stripe-checkout-session.json')],
      [`${base}/v1/refunds`, 400, fixture('stripe-refund-error.json')],
    ]);
    const p = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: base, fetch: f });
    await expect(p.refund!(order, 'cs_test_1')).rejects.toThrow(new PaymentProviderError('Stripe: Charge ch_1NirD82eZvKYlo2CIvbtLWuY has already been refunded.'));
  });
  it('uses the shop’s own Stripe account (Connect) for both calls', async () => {
    const { f, calls } = recorded([
      [`${base}/v1/checkout/sessions/`, 200, fixture('stripe-checkout-session.json')],
      [`${base}/v1/refunds`, 200, fixture('stripe-refund.json')],
    ]);
    const p = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: base, fetch: f });
    await p.refund!({ ...order, payee: { stripeAccount: 'acct_shop1', paypalMerchantId: null } }, 'cs_test_1');
    expect(calls.map((c) => c.headers['Stripe-Account'])).toEqual(['acct_shop1', 'acct_shop1']);
  });
});

describe('PayPal refund', () => {
  const base = 'https://paypal.test';
  const token = [`${base}/v1/oauth2/token`, 200, { access_token: 'A21AA-token', token_type: 'Bearer', expires_in: 32400 }] as [string, number, unknown];
  it('refunds the order’s capture in full with the order as request id', async () => {
    const { f, calls } = recorded([
      token,
      [`${base}/v2/checkout/orders/5O190127TN364715T`, 200, fixture('paypal-order-captured.json')],
      [`${base}/v2/payments/captures/3C679366HH908993F/refund`, 201, fixture('paypal-refund.json')],
    ]);
    const p = paypalProvider({ clientId: 'cid', clientSecret: 'sec', apiBase: base, fetch: f });
    const r = await p.refund!({ ...order, method: 'PayPal_Rest' }, '5O190127TN364715T');
    expect(r).toEqual({ status: 'refunded', refundId: '1JU08902781691411' });
    const refund = calls.find((c) => c.url.endsWith('/refund'))!;
    expect(refund.method).toBe('POST');
    expect(refund.headers['PayPal-Request-Id']).toBe('refund-ord_fixture_123');
    expect(refund.headers.Authorization).toBe('Bearer A21AA-token');
    expect(JSON.parse(refund.body)).toEqual({ invoice_id: 'ord_fixture_123', note_to_payer: 'Bestellung bei Trattoria Tischlein abgelehnt' });
  });
  it('a capture refunded before is an error naming PayPal’s issue', async () => {
    const { f } = recorded([
      token,
      [`${base}/v2/checkout/orders/`, 200, fixture('paypal-order-captured.json')],
      [`${base}/v2/payments/captures/`, 422, fixture('paypal-refund-error.json')],
    ]);
    const p = paypalProvider({ clientId: 'cid', clientSecret: 'sec', apiBase: base, fetch: f });
    await expect(p.refund!(order, '5O190127TN364715T')).rejects.toThrow(new PaymentProviderError('PayPal: refund CAPTURE_FULLY_REFUNDED'));
  });
  it('an order without a capture is not refunded', async () => {
    const { f, calls } = recorded([token, [`${base}/v2/checkout/orders/`, 200, { id: '5O190127TN364715T', status: 'APPROVED', purchase_units: [{}] }]]);
    const p = paypalProvider({ clientId: 'cid', clientSecret: 'sec', apiBase: base, fetch: f });
    await expect(p.refund!(order, '5O190127TN364715T')).rejects.toThrow(PaymentProviderError);
    expect(calls.some((c) => c.url.includes('/refund'))).toBe(false);
  });
});

describe('simulated refund', () => {
  it('always refunds, with a stable id per order', async () => {
    const p = simulatedProvider({ secret: 'test' });
    const a = await p.refund!(order, 'sim_x');
    expect(a.status).toBe('refunded');
    expect(a.refundId).toMatch(/^sim_re_[A-Za-z0-9_-]{24}$/);
    expect((await p.refund!(order, 'sim_x')).refundId).toBe(a.refundId);
  });
});
