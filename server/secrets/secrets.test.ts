// Per-shop secrets: AES-256-GCM at rest, bound to shop and name; the store; the import from the
// data file; what production refuses.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as v from 'valibot';
import { createApp } from '../app';
import { migrate, openDb, type Db } from '../db';
import { enqueueWebhook } from '../outbox/webhooks';
import type { OrderService } from '../routes/order';
import { createTestServer } from '../testing';
import { secretKeyProblems } from '../production';
import {
  decryptSecret, DEV_SECRET_KEY, encryptSecret, importSettingsSecrets, parseSecretKey, readShopSecrets, SecretDecryptError, SecretKeyError,
  secretKeyFromEnv, ShopSecretsSchema, shopsWithSecrets, writeShopSecrets,
} from '.';

// 32 bytes written out: 0x00 … 0x1f, and 0x20 … 0x3f
const KEY_A = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const KEY_B = Buffer.from('202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f', 'hex');
const KEY_A_B64 = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

describe('secret encryption', () => {
  it('round trip; a fresh IV each time; the plain text is not in the ciphertext', () => {
    const c1 = encryptSecret(KEY_A, 'roma', 'webhookSecret', 'roma-hook-secret-123456');
    const c2 = encryptSecret(KEY_A, 'roma', 'webhookSecret', 'roma-hook-secret-123456');
    expect(c1).not.toBe(c2);
    expect(c1).not.toContain('roma-hook');
    expect(c1).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(decryptSecret(KEY_A, 'roma', 'webhookSecret', c1)).toBe('roma-hook-secret-123456');
  });
  it('another key, another shop or name, or a changed byte: refused with a reason', () => {
    const c = encryptSecret(KEY_A, 'roma', 'webhookSecret', 'roma-hook-secret-123456');
    expect(() => decryptSecret(KEY_B, 'roma', 'webhookSecret', c)).toThrow(/was encrypted with another key/);
    expect(() => decryptSecret(KEY_A, 'demo', 'webhookSecret', c)).toThrow("secret 'webhookSecret' of shop 'demo' does not decrypt (changed, or moved from another shop or name)");
    expect(() => decryptSecret(KEY_A, 'roma', 'stripeAccountId', c)).toThrow(SecretDecryptError);
    const parts = c.split('.');
    const ct = Buffer.from(parts[4], 'base64url');
    ct[0] ^= 1;
    expect(() => decryptSecret(KEY_A, 'roma', 'webhookSecret', [...parts.slice(0, 4), ct.toString('base64url')].join('.'))).toThrow(SecretDecryptError);
    expect(() => decryptSecret(KEY_A, 'roma', 'webhookSecret', 'plain text')).toThrow('unknown format');
  });
  it('TISCHLEIN_SECRET_KEY: 32 bytes base64, anything else refused with the reason', () => {
    expect(parseSecretKey(KEY_A_B64).equals(KEY_A)).toBe(true);
    expect(() => parseSecretKey('c2hvcnQ=')).toThrow('TISCHLEIN_SECRET_KEY: expected 32 bytes in base64 (e.g. from `openssl rand -base64 32`), got 5 bytes');
    expect(() => parseSecretKey('not base64 !')).toThrow(SecretKeyError);
    expect(secretKeyFromEnv({}, false)).toBe(DEV_SECRET_KEY);
    expect(secretKeyFromEnv({}, true)).toBeNull();
    expect(secretKeyFromEnv({ TISCHLEIN_SECRET_KEY: KEY_A_B64 }, true)!.equals(KEY_A)).toBe(true);
  });
  it('production: no development key, a key as soon as one shop has secrets', () => {
    expect(secretKeyProblems({}, [])).toEqual([]);
    expect(secretKeyProblems({}, ['roma', 'demo'])).toEqual([
      "TISCHLEIN_SECRET_KEY is not set, but shop 'roma', 'demo' has secrets (they are kept encrypted with it; `openssl rand -base64 32`).",
    ]);
    expect(secretKeyProblems({ TISCHLEIN_SECRET_KEY: DEV_SECRET_KEY.toString('base64') }, [])).toEqual(['TISCHLEIN_SECRET_KEY is the public development key.']);
    expect(secretKeyProblems({ TISCHLEIN_SECRET_KEY: 'abc' }, [])).toHaveLength(1);
    expect(secretKeyProblems({ TISCHLEIN_SECRET_KEY: KEY_A_B64 }, ['roma'])).toEqual([]);
  });
  it('the data file\'s secrets are checked by name and shape', () => {
    expect(v.safeParse(ShopSecretsSchema, { webhookSecret: 'x'.repeat(32), stripeAccountId: 'acct_1Abc', paypalMerchantId: 'ABCD1234EFGH' }).success).toBe(true);
    const bad = v.safeParse(ShopSecretsSchema, { webhookSecret: 'short', stripeAccountId: 'sk_live_oops', apiKey: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.issues!.map((i) => `${v.getDotPath(i)}: ${i.message}`).sort()).toEqual([
      'apiKey: Invalid key: Expected never but received "apiKey"',
      "stripeAccountId: expected a Stripe account id 'acct_…'",
      'webhookSecret: expected at least 16 characters (a random secret)',
    ]);
  });
});

describe('shop_secrets', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb();
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('written encrypted, read decrypted, per shop; null removes one; no key: a clear error', async () => {
    await writeShopSecrets(db, KEY_A, 'roma', { webhookSecret: 'roma-hook-secret-123456', stripeAccountId: 'acct_1Roma' });
    await writeShopSecrets(db, KEY_A, 'demo', { paypalMerchantId: 'DEMO1234MERCH' });
    expect(await readShopSecrets(db, KEY_A, 'roma')).toEqual({ stripeAccountId: 'acct_1Roma', webhookSecret: 'roma-hook-secret-123456' });
    expect(await readShopSecrets(db, KEY_A, 'demo')).toEqual({ paypalMerchantId: 'DEMO1234MERCH' });
    expect(await readShopSecrets(db, KEY_A, 'nobody')).toEqual({});
    const raw = (await db.query<{ ciphertext: string }>('SELECT ciphertext FROM shop_secrets')).rows.map((r) => r.ciphertext).join('\n');
    expect(raw).not.toContain('roma-hook');
    expect(raw).not.toContain('acct_1Roma');
    await writeShopSecrets(db, KEY_A, 'roma', { stripeAccountId: null });
    expect(await readShopSecrets(db, KEY_A, 'roma')).toEqual({ webhookSecret: 'roma-hook-secret-123456' });
    await expect(readShopSecrets(db, KEY_B, 'roma')).rejects.toThrow(/another key/);
    await expect(readShopSecrets(db, null, 'roma')).rejects.toThrow("shop 'roma' has secrets, but TISCHLEIN_SECRET_KEY is not set");
    expect(await readShopSecrets(db, null, 'nobody')).toEqual({});
    await expect(writeShopSecrets(db, KEY_A, 'roma', { apiKey: 'x' } as never)).rejects.toThrow("unknown secret 'apiKey'");
    // a row copied to another shop does not decrypt there
    await db.query("INSERT INTO shop_secrets (shop_id, name, ciphertext) SELECT 'evil', name, ciphertext FROM shop_secrets WHERE shop_id = 'roma'");
    await expect(readShopSecrets(db, KEY_A, 'evil')).rejects.toThrow(SecretDecryptError);
    expect(await shopsWithSecrets(db)).toEqual(['demo', 'evil', 'roma']);
  });

  it('the import takes the data file\'s secrets, encrypted, and drops the plain copy', async () => {
    const settings = [{ shopId: 'hamburg', secrets: { webhookSecret: 'hamburg-hook-secret-0001' } }, { shopId: 'plain' }];
    expect(await importSettingsSecrets(db, KEY_A, settings)).toBe(1);
    expect(settings[0]).toEqual({ shopId: 'hamburg' });
    expect(await readShopSecrets(db, KEY_A, 'hamburg')).toEqual({ webhookSecret: 'hamburg-hook-secret-0001' });
    await expect(importSettingsSecrets(db, null, [{ shopId: 'x', secrets: { webhookSecret: 'x-hook-secret-000000001' } }]))
      .rejects.toThrow("shop 'x' has secrets in the data file, but TISCHLEIN_SECRET_KEY is not set");
  });
});

describe('createApp in production', () => {
  it('has no development key: a shop\'s secret is never read with it, its webhook waits with the reason; the dev key is refused', async () => {
    let service!: OrderService;
    const calls: string[] = [];
    const fakeFetch = (async (url: string) => { calls.push(String(url)); return new Response('ok'); }) as unknown as typeof fetch;
    const s = await createTestServer({
      production: true, testClock: false, publicOrigin: 'https://shop.example',
      orders: { webhookSecret: 'env-hook-secret', fetch: fakeFetch }, onOrderService: (x) => { service = x; },
    });
    try {
      await writeShopSecrets(s.db, DEV_SECRET_KEY, 'demo', { webhookSecret: 'demo-own-hook-secret-0001' });
      await enqueueWebhook(s.db, { shopId: 'demo', url: 'https://pos.example/hook', event: 'order.created', payload: { order: { id: 'p1' } } });
      await service.runOutbox();
      expect(calls).toEqual([]);
      const row = (await s.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM webhook_deliveries')).rows[0];
      expect(row).toEqual({ status: 'pending', last_error: "shop 'demo' has secrets, but TISCHLEIN_SECRET_KEY is not set" });
      expect(() => createApp({
        shops: s.shops, gazetteer: s.data.gazetteer, db: s.db, production: true, publicOrigin: 'https://shop.example', orders: { webhookSecret: 'x', secretKey: DEV_SECRET_KEY },
      })).toThrow('production mode cannot use the development secret key (TISCHLEIN_SECRET_KEY)');
    } finally {
      await s.close();
    }
  }, 60_000);
});
