// Which provider serves a payment method: a real adapter when its keys are in the environment,
// else the local simulated provider (same flow, no network).
import type { PaymentMethod } from '@shared/domain';
import { paymentKind } from '@shared/checkout';
import { amazonPayProvider } from './amazonpay';
import { heidelpayProvider } from './heidelpay';
import { paypalProvider } from './paypal';
import { simulatedProvider } from './simulated';
import { stripeProvider } from './stripe';
import type { PaymentProvider, ProviderName } from './types';

export * from './types';

export interface PaymentRegistry {
  /** null for offline methods (cash, EC card at the door) */
  forMethod(method: PaymentMethod): PaymentProvider | null;
  byName(name: ProviderName): PaymentProvider | null;
}

export type PaymentEnv = Record<string, string | undefined>;

/**
 * STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET; PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET (+ PAYPAL_API_BASE,
 * default sandbox); AMAZONPAY_PUBLIC_KEY_ID + AMAZONPAY_PRIVATE_KEY + AMAZONPAY_STORE_ID; HEIDELPAY_PRIVATE_KEY.
 */
export function createPaymentRegistry(env: PaymentEnv, opts: { simSecret: string; fetch?: typeof fetch; now?: () => number } = { simSecret: 'tischlein-simulated-payments' }): PaymentRegistry {
  const sim = simulatedProvider({ secret: opts.simSecret, now: opts.now });
  const stripe = env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, fetch: opts.fetch, now: opts.now, apiBase: env.STRIPE_API_BASE }) : null;
  const paypal = env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
    ? paypalProvider({ clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com', fetch: opts.fetch }) : null;
  const amazon = env.AMAZONPAY_PUBLIC_KEY_ID && env.AMAZONPAY_PRIVATE_KEY && env.AMAZONPAY_STORE_ID
    ? amazonPayProvider({ publicKeyId: env.AMAZONPAY_PUBLIC_KEY_ID, privateKey: env.AMAZONPAY_PRIVATE_KEY, storeId: env.AMAZONPAY_STORE_ID }) : null;
  const heidelpay = env.HEIDELPAY_PRIVATE_KEY ? heidelpayProvider({ privateKey: env.HEIDELPAY_PRIVATE_KEY, fetch: opts.fetch }) : null;
  const all: Record<ProviderName, PaymentProvider | null> = { simulated: sim, stripe, paypal, amazonpay: amazon, heidelpay };
  return {
    forMethod(method) {
      if (paymentKind(method) === 'offline') return null;
      if (method.startsWith('Stripe_')) return stripe ?? sim;
      if (method.startsWith('PayPal_')) return paypal ?? sim;
      if (method === 'AmazonPay_Checkout') return amazon ?? sim;
      if (method.startsWith('Heidelpay_')) return heidelpay ?? sim;
      return sim; // Sofort
    },
    byName: (name) => all[name] ?? null,
  };
}
