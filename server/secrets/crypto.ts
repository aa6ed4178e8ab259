// Secrets at rest: AES-256-GCM (node:crypto) with the server key TISCHLEIN_SECRET_KEY (32 bytes,
// base64). Each ciphertext is bound to its shop and name (authenticated data), so a row copied to
// another shop or name does not decrypt; it names the key it was made with (the first 8 hex
// digits of the key's SHA-256), so a wrong key is reported as such and not as tampering.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The development key: public (it is in this file), used only outside production so `npm start`
 * works without configuration. Production refuses to start with it (server/production.ts).
 */
export const DEV_SECRET_KEY: Buffer = createHash('sha256').update('tischlein DEVELOPMENT secret key - public, never for production').digest();

export class SecretKeyError extends Error {}
export class SecretDecryptError extends Error {}

/** TISCHLEIN_SECRET_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function parseSecretKey(value: string): Buffer {
  const v = value.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) ? Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : Buffer.alloc(0);
  if (key.length !== 32) {
    throw new SecretKeyError(`TISCHLEIN_SECRET_KEY: expected 32 bytes in base64 (e.g. from \`openssl rand -base64 32\`), got ${key.length ? `${key.length} bytes` : 'no base64'}`);
  }
  return key;
}

/** The key's id in ciphertexts (not secret: a hash prefix). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

const aad = (shopId: string, name: string) => Buffer.from(`tischlein-secret\n${shopId}\n${name}`, 'utf8');

/** 'v1.<key id>.<iv>.<tag>.<ciphertext>' (base64url parts). */
export function encryptSecret(key: Buffer, shopId: string, name: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(shopId, name));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', keyId(key), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, shopId: string, name: string, ciphertext: string): string {
  const [version, kid, iv, tag, ct] = ciphertext.split('.');
  if (version !== 'v1' || ct === undefined) throw new SecretDecryptError(`secret '${name}' of shop '${shopId}': unknown format`);
  if (kid !== keyId(key)) {
    throw new SecretDecryptError(`secret '${name}' of shop '${shopId}' was encrypted with another key (${kid}, TISCHLEIN_SECRET_KEY is ${keyId(key)})`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(shopId, name));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptError(`secret '${name}' of shop '${shopId}' does not decrypt (changed, or moved from another shop or name)`);
  }
}
