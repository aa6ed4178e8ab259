// Which provider serves a payment method: a real adapter when its keys are in the environment.
// The local simulated provider (same flow, no network, no money) serves a method without keys
// only where allowed: every shop in development and tests, in production only the shops whose
// data names it (`simulatedPayments: true`, docs/data-format.md) — server/production.ts refuses
// to start otherwise.
import { randomBytes } from 'node:crypto';
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
  /**
   * The provider of an online method for a shop; null for offline methods (cash, EC card at the
   * door) and for an online method nothing may serve (no keys, simulated provider not allowed).
   */
  forMethod(method: PaymentMethod, shopId?: string): PaymentProvider | null;
  byName(name: ProviderName): PaymentProvider | null;
}

export type PaymentEnv = Record<string, string | undefined>;

/** The real provider of an online method and the variables it needs (null: offline; Sofort has none). */
export function realProviderOf(method: PaymentMethod): { name: Exclude<ProviderName, 'simulated'>; env: string[] } | null | 'none' {
  if (paymentKind(method) === 'offline') return null;
  if (method.startsWith('Stripe_')) return { name: 'stripe', env: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] };
  if (method.startsWith('PayPal_')) return { name: 'paypal', env: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] };
  if (method === 'AmazonPay_Checkout') return { name: 'amazonpay', env: ['AMAZONPAY_PUBLIC_KEY_ID', 'AMAZONPAY_PRIVATE_KEY', 'AMAZONPAY_STORE_ID'] };
  if (method.startsWith('Heidelpay_')) return { name: 'heidelpay', env: ['HEIDELPAY_PRIVATE_KEY'] };
  return 'none'; // Sofort: no adapter of its own
}

export interface PaymentRegistryOptions {
  /**
   * HMAC secret of the simulated provider (its webhooks, wallet payloads). Default: a random one
   * per process — there is no public development secret a stranger could sign a webhook with.
   */
  simSecret?: string;
  /**
   * Which shops may use the simulated provider for a method without keys: 'all' (development and
   * tests, the default) or the ids of the shops whose data names it (production). A named shop
   * uses it for every online method, keys or not: its payments never move money.
   */
  simulatedFor?: 'all' | ReadonlySet<string>;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET; PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET (+ PAYPAL_API_BASE,
 * default sandbox); AMAZONPAY_PUBLIC_KEY_ID + AMAZONPAY_PRIVATE_KEY + AMAZONPAY_STORE_ID; HEIDELPAY_PRIVATE_KEY.
 */
export function createPaymentRegistry(env: PaymentEnv, opts: PaymentRegistryOptions = {}): PaymentRegistry {
  const simulatedFor = opts.simulatedFor ?? 'all';
  const simOn = simulatedFor === 'all' || simulatedFor.size > 0;
  const sim = simOn ? simulatedProvider({ secret: opts.simSecret || randomBytes(32).toString('base64url'), now: opts.now }) : null;
  const stripe = env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, fetch: opts.fetch, now: opts.now, apiBase: env.STRIPE_API_BASE }) : null;
  const paypal = env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
    ? paypalProvider({ clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com', fetch: opts.fetch }) : null;
  const amazon = env.AMAZONPAY_PUBLIC_KEY_ID && env.AMAZONPAY_PRIVATE_KEY && env.AMAZONPAY_STORE_ID
    ? amazonPayProvider({ publicKeyId: env.AMAZONPAY_PUBLIC_KEY_ID, privateKey: env.AMAZONPAY_PRIVATE_KEY, storeId: env.AMAZONPAY_STORE_ID }) : null;
  const heidelpay = env.HEIDELPAY_PRIVATE_KEY ? heidelpayProvider({ privateKey: env.HEIDELPAY_PRIVATE_KEY, fetch: opts.fetch }) : null;
  const all: Record<ProviderName, PaymentProvider | null> = { simulated: sim, stripe, paypal, amazonpay: amazon, heidelpay };
  const simAllowed = (shopId: string | undefined) => simulatedFor === 'all' || (shopId !== undefined && simulatedFor.has(shopId));
  return {
    forMethod(method, shopId) {
      const real = realProviderOf(method);
      if (real === null) return null;
      // a shop named in production data always pays simulated; elsewhere keys win
      if (simulatedFor !== 'all' && shopId !== undefined && simulatedFor.has(shopId)) return sim;
      const provider = real === 'none' ? null : all[real.name];
      return provider ?? (simAllowed(shopId) ? sim : null);
    },
    byName: (name) => all[name] ?? null,
  };
}
