// Production mode (NODE_ENV=production): the server refuses to start, one line per problem, with
// any development default — an origin guessed from the port, a payment method that would fall
// back to the simulated provider, a public development secret, no real mail transport, the
// browser tests' movable clock. `npm start` (development) needs none of it.
import type { PaymentMethod } from '@shared/domain';
import type { LoadedShop } from './data/load';

/** What the start-up checks read of the shops (ShopData, or the configs from the database). */
export interface ShopConfigs {
  shops: ReadonlyMap<string, Pick<LoadedShop, 'config' | 'simulatedPayments'>>;
  /** a data file's private settings: shops that bring secrets need TISCHLEIN_SECRET_KEY (main.ts asks the database too) */
  settings?: ReadonlyMap<string, { shopId: string; secrets?: Record<string, unknown> }>;
}
import { DEV_WEBHOOK_SECRET } from './outbox/webhooks';
import { OPERATOR_TOKEN_MIN } from './operator/token';
import { realProviderOf, type PaymentEnv } from './payments';
import { DEV_SECRET_KEY, parseSecretKey } from './secrets/crypto';

export function isProduction(env: PaymentEnv): boolean {
  return env.NODE_ENV === 'production';
}

/** The shops whose data names the simulated provider (`simulatedPayments: true`). */
export function simulatedShops(data: ShopConfigs): Set<string> {
  return new Set([...data.shops.values()].filter((s) => s.simulatedPayments).map((s) => s.config.id));
}

/** An http(s) origin without path, user or trailing slash: 'https://shop.example'. */
export function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
}

/** What stops a production start; empty = safe to start. */
export function productionProblems(env: PaymentEnv, data: ShopConfigs): string[] {
  const problems: string[] = [];
  const origin = env.PUBLIC_ORIGIN;
  if (!origin) {
    problems.push('PUBLIC_ORIGIN is not set: links in e-mails and payment return addresses need the public origin (e.g. https://shop.example).');
  } else if (!isOrigin(origin)) {
    problems.push(`PUBLIC_ORIGIN '${origin}' is not an origin like https://shop.example (no path, no trailing slash).`);
  }
  const sim = simulatedShops(data);
  for (const shop of data.shops.values()) {
    if (sim.has(shop.config.id)) continue;
    for (const method of shop.config.paymentMethods as PaymentMethod[]) {
      const real = realProviderOf(method);
      if (real === null) continue;
      if (real === 'none') {
        problems.push(`shop '${shop.config.id}': payment method ${method} has no real provider; remove it, or name the simulated provider in the shop's data (simulatedPayments: true).`);
        continue;
      }
      const missing = real.env.filter((name) => !env[name]);
      if (missing.length) {
        problems.push(`shop '${shop.config.id}': payment method ${method} needs ${missing.join(', ')} (or the shop's data names the simulated provider: simulatedPayments: true).`);
      }
    }
  }
  const hook = env.ORDER_WEBHOOK_SECRET;
  if (!hook) problems.push('ORDER_WEBHOOK_SECRET is not set: shop webhooks would be signed with the public development secret.');
  else if (hook === DEV_WEBHOOK_SECRET) problems.push('ORDER_WEBHOOK_SECRET is the public development secret.');
  if (sim.size > 0 && !env.SIMULATED_PAYMENT_SECRET) {
    problems.push(`SIMULATED_PAYMENT_SECRET is not set, but shop ${[...sim].map((id) => `'${id}'`).join(', ')} names the simulated provider (its webhooks need a secret shared by all server processes).`);
  }
  problems.push(...secretKeyProblems(env, [...(data.settings?.values() ?? [])].filter((st) => st.secrets && Object.keys(st.secrets).length).map((st) => st.shopId)));
  const operator = env.OPERATOR_TOKEN;
  if (operator && operator.length < OPERATOR_TOKEN_MIN) {
    problems.push(`OPERATOR_TOKEN is shorter than ${OPERATOR_TOKEN_MIN} characters: it guards the operator's calls (/api/operator/…); use a long random one (\`openssl rand -base64 32\`) or leave it unset (those calls off).`);
  }
  if (!env.SMTP_URL) problems.push('SMTP_URL is not set: no mail transport (the outbox folder and /outbox exist in development only).');
  if (env.TISCHLEIN_TEST_CLOCK === '1') problems.push("TISCHLEIN_TEST_CLOCK=1 is for the browser tests only: it lets any request move the server's clock.");
  if (env.TISCHLEIN_DEVICE_WATCH === '0') problems.push('TISCHLEIN_DEVICE_WATCH=0 is for the browser tests only: a shop without a staff device would keep taking orders nobody sees (switch it off per shop in the staff app instead).');
  return problems;
}

/**
 * The server key of the shops' secrets (TISCHLEIN_SECRET_KEY): never the public development key;
 * required as soon as one shop has secrets (`shopsWithSecrets`: in the data file or the database).
 */
export function secretKeyProblems(env: PaymentEnv, shopsWithSecrets: readonly string[]): string[] {
  const value = env.TISCHLEIN_SECRET_KEY;
  if (!value) {
    return shopsWithSecrets.length
      ? [`TISCHLEIN_SECRET_KEY is not set, but shop ${shopsWithSecrets.map((id) => `'${id}'`).join(', ')} has secrets (they are kept encrypted with it; \`openssl rand -base64 32\`).`]
      : [];
  }
  try {
    return parseSecretKey(value).equals(DEV_SECRET_KEY) ? ['TISCHLEIN_SECRET_KEY is the public development key.'] : [];
  } catch (e) {
    return [(e as Error).message];
  }
}
