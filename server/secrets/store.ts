// A shop's own secrets in shop_secrets (migration 014), encrypted with ./crypto.ts. Read by the
// outbox (the webhook secret) and the payments (the shop's connected accounts); written by the
// import (the data file's shopSettings[].secrets). Never part of an answer to a browser.
import * as v from 'valibot';
import type { DbQuery } from '../db';
import { decryptSecret, DEV_SECRET_KEY, encryptSecret, parseSecretKey, SecretKeyError } from './crypto';

/** The secrets a shop may have (docs/data-format.md, shopSettings[].secrets). */
export const SECRET_NAMES = [
  /** signs the shop's order webhooks instead of ORDER_WEBHOOK_SECRET */
  'webhookSecret',
  /** Stripe Connect: the shop's connected account (acct_…); the platform's STRIPE_SECRET_KEY acts for it */
  'stripeAccountId',
  /** PayPal: the shop's merchant id, the payee of its orders on the platform's PAYPAL_CLIENT_ID */
  'paypalMerchantId',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
export type ShopSecrets = Partial<Record<SecretName, string>>;

const value = v.pipe(v.string('expected a string'), v.minLength(1, 'expected a non-empty string'), v.maxLength(500, 'expected at most 500 characters'));
/** The data file's `secrets` object (also the import's check). */
export const ShopSecretsSchema = v.strictObject({
  webhookSecret: v.optional(v.pipe(value, v.minLength(16, 'expected at least 16 characters (a random secret)'))),
  stripeAccountId: v.optional(v.pipe(value, v.regex(/^acct_[A-Za-z0-9]+$/, "expected a Stripe account id 'acct_…'"))),
  paypalMerchantId: v.optional(v.pipe(value, v.regex(/^[A-Z0-9]{8,20}$/, 'expected a PayPal merchant id (8-20 capital letters and digits)'))),
});

/** The shop's secrets, decrypted (throws SecretDecryptError with the shop and name when one does not decrypt). */
export async function readShopSecrets(q: DbQuery, key: Buffer | null, shopId: string): Promise<ShopSecrets> {
  const { rows } = await q.query<{ name: string; ciphertext: string }>('SELECT name, ciphertext FROM shop_secrets WHERE shop_id = $1 ORDER BY name', [shopId]);
  const out: ShopSecrets = {};
  if (rows.length && !key) throw new SecretKeyError(`shop '${shopId}' has secrets, but TISCHLEIN_SECRET_KEY is not set`);
  for (const r of rows) {
    if ((SECRET_NAMES as readonly string[]).includes(r.name)) out[r.name as SecretName] = decryptSecret(key!, shopId, r.name, r.ciphertext);
  }
  return out;
}

/**
 * Sets the given secrets of a shop (encrypted); a name given as null is removed, a name not given
 * stays as it is. Call it inside the import's transaction to make it all-or-nothing.
 */
export async function writeShopSecrets(q: DbQuery, key: Buffer, shopId: string, secrets: Partial<Record<SecretName, string | null>>): Promise<void> {
  for (const [name, plain] of Object.entries(secrets)) {
    if (!(SECRET_NAMES as readonly string[]).includes(name)) throw new Error(`unknown secret '${name}' (expected one of ${SECRET_NAMES.join(', ')})`);
    if (plain === undefined) continue;
    if (plain === null) {
      await q.query('DELETE FROM shop_secrets WHERE shop_id = $1 AND name = $2', [shopId, name]);
      continue;
    }
    await q.query(
      `INSERT INTO shop_secrets (shop_id, name, ciphertext, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (shop_id, name) DO UPDATE SET ciphertext = EXCLUDED.ciphertext, updated_at = now()`,
      [shopId, name, encryptSecret(key, shopId, name, plain)],
    );
  }
}

/** The shops that have any secret (production refuses to start without a key of its own when there is one). */
export async function shopsWithSecrets(q: DbQuery): Promise<string[]> {
  const { rows } = await q.query<{ shop_id: string }>('SELECT DISTINCT shop_id FROM shop_secrets ORDER BY shop_id');
  return rows.map((r) => r.shop_id);
}

/**
 * The data file's secrets (shopSettings[].secrets) into shop_secrets, encrypted, in one transaction;
 * then they are dropped from the loaded settings, so no plain copy stays in the process.
 */
export async function importSettingsSecrets(
  db: { transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T> }, key: Buffer | null,
  settings: Iterable<{ shopId: string; secrets?: ShopSecrets }>,
): Promise<number> {
  const withSecrets = [...settings].filter((s) => s.secrets && Object.keys(s.secrets).length > 0);
  if (withSecrets.length === 0) return 0;
  if (!key) throw new SecretKeyError(`shop ${withSecrets.map((s) => `'${s.shopId}'`).join(', ')} has secrets in the data file, but TISCHLEIN_SECRET_KEY is not set`);
  await db.transaction(async (tx) => {
    for (const s of withSecrets) await writeShopSecrets(tx, key, s.shopId, s.secrets!);
  });
  for (const s of withSecrets) delete s.secrets;
  return withSecrets.length;
}

/**
 * The server key from the environment: TISCHLEIN_SECRET_KEY, else (not in production) the public
 * development key; null in production without one (main.ts refuses to start when a shop has secrets).
 */
export function secretKeyFromEnv(env: Record<string, string | undefined>, production: boolean): Buffer | null {
  if (env.TISCHLEIN_SECRET_KEY) return parseSecretKey(env.TISCHLEIN_SECRET_KEY);
  return production ? null : DEV_SECRET_KEY;
}
