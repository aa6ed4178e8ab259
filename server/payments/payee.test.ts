// A shop's own payment account (server/secrets: stripeAccountId, paypalMerchantId) is paid instead
// of the platform's: Stripe Connect's Stripe-Account header, PayPal's purchase unit payee.
import { describe, expect, it } from '@jest/globals';
import { paypalProvider } from './paypal';
import { stripeProvider } from './stripe';
import type { PayableOrder } from './types';

const order = (payee: PayableOrder['payee']): PayableOrder => ({ id: 'o1', shopId: 'roma', shopName: 'Roma', total: 2350, method: 'PayPal_Rest', email: null, payee });
const opts = { returnUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/back', pageBase: 'https://shop.example' };

describe('payee per shop', () => {
  it('PayPal: the shop\'s merchant id is the payee of the order; without one, no payee (the platform)', async () => {
    const bodies: unknown[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/v1/oauth2/token')) return new Response(JSON.stringify({ access_token: 't' }));
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ id: 'PP1', links: [{ rel: 'approve', href: 'https://paypal.test/approve' }] }), { status: 201 });
    }) as unknown as typeof fetch;
    const p = paypalProvider({ clientId: 'c', clientSecret: 's', apiBase: 'https://paypal.test', fetch: fakeFetch });
    await p.prepare(order({ stripeAccount: null, paypalMerchantId: 'ROMA1234MERCH' }), opts);
    await p.prepare(order(null), opts);
    const units = bodies.map((b) => (b as { purchase_units: Record<string, unknown>[] }).purchase_units[0]);
    expect(units[0].payee).toEqual({ merchant_id: 'ROMA1234MERCH' });
    expect(units[0].amount).toEqual({ currency_code: 'EUR', value: '23.50' });
    expect(units[1].payee).toBeUndefined();
  });

  it('Stripe: the session is created on the shop\'s connected account', async () => {
    const headers: Headers[] = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers));
      return new Response(JSON.stringify({ id: 'cs_1', url: 'https://checkout.stripe.test/cs_1' }));
    }) as unknown as typeof fetch;
    const s = stripeProvider({ secretKey: 'sk_test_platform', webhookSecret: 'whsec_x', apiBase: 'https://stripe.test', fetch: fakeFetch });
    await s.prepare({ ...order({ stripeAccount: 'acct_1Roma', paypalMerchantId: null }), method: 'Stripe_card' }, opts);
    await s.prepare({ ...order(null), method: 'Stripe_card' }, opts);
    expect(headers[0].get('stripe-account')).toBe('acct_1Roma');
    expect(headers[0].get('authorization')).toBe('Bearer sk_test_platform');
    expect(headers[1].get('stripe-account')).toBeNull();
  });
});
