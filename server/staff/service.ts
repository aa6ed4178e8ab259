// Staff accounts, sessions and POS API keys in the database. Tokens and keys: 32 random bytes
// (base64url), stored only as their sha-256 (like the guest's sessions, server/accounts).
import { randomBytes } from 'node:crypto';
import { isToken, normaliseEmail } from '@shared/account';
import { hashToken, newToken } from '../accounts/service';
import type { DbQuery } from '../db';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';

export const STAFF_SESSION_TTL_MS = 12 * 60 * 60_000;
export const STAFF_COOKIE = 'tischlein_staff';
/** API keys carry a prefix so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'tsk_';

export type StaffRole = 'owner' | 'staff';

export interface StaffUser {
  id: string;
  shop_id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** Who is calling the staff API: a logged-in person, or a shop's POS key (acts as staff). */
export type StaffPrincipal = { kind: 'session'; user: StaffUser } | { kind: 'apiKey'; shopId: string; keyId: string };

export function principalShop(p: StaffPrincipal): string {
  return p.kind === 'session' ? p.user.shop_id : p.shopId;
}

export async function createStaffUser(q: DbQuery, u: { shopId: string; email: string; name: string; role: StaffRole; password: string }): Promise<StaffUser> {
  const id = randomBytes(12).toString('base64url');
  const email = normaliseEmail(u.email);
  await q.query('INSERT INTO staff_users (id, shop_id, email, name, role, password) VALUES ($1, $2, $3, $4, $5, $6)', [
    id, u.shopId, email, u.name, u.role, await hashPassword(u.password),
  ]);
  return { id, shop_id: u.shopId, email, name: u.name, role: u.role };
}

/** The user when e-mail and password match (constant work for unknown e-mails), else null. */
export async function checkLogin(q: DbQuery, shopId: string, email: string, password: string): Promise<StaffUser | null> {
  const { rows } = await q.query<StaffUser & { password: string }>(
    'SELECT id, shop_id, email, name, role, password FROM staff_users WHERE shop_id = $1 AND email = $2', [shopId, normaliseEmail(email)],
  );
  const row = rows[0];
  const ok = await verifyPassword(password, row?.password ?? DUMMY_HASH);
  if (!row || !ok) return null;
  return { id: row.id, shop_id: row.shop_id, email: row.email, name: row.name, role: row.role };
}

export async function createStaffSession(q: DbQuery, staffId: string, now: Date): Promise<string> {
  const token = newToken();
  await q.query('INSERT INTO staff_sessions (token_hash, staff_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token), staffId, new Date(now.getTime() + STAFF_SESSION_TTL_MS).toISOString(), now.toISOString(),
  ]);
  return token;
}

export async function staffOfSession(q: DbQuery, token: string | undefined | null, now: Date): Promise<StaffUser | null> {
  if (!token || !isToken(token)) return null;
  const { rows } = await q.query<StaffUser>(
    `SELECT u.id, u.shop_id, u.email, u.name, u.role FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function endStaffSession(q: DbQuery, token: string | undefined | null): Promise<void> {
  if (token && isToken(token)) await q.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hashToken(token)]);
}

export interface ApiKeyRow {
  id: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

/** A new key for the shop: the plain key is returned once and never stored. */
export async function createApiKey(q: DbQuery, shopId: string, label: string, now: Date): Promise<{ id: string; key: string }> {
  const id = randomBytes(9).toString('base64url');
  const key = `${API_KEY_PREFIX}${newToken()}`;
  await q.query('INSERT INTO shop_api_keys (id, shop_id, key_hash, label, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id, shopId, hashToken(key), label, now.toISOString(),
  ]);
  return { id, key };
}

export async function listApiKeys(q: DbQuery, shopId: string): Promise<ApiKeyRow[]> {
  const { rows } = await q.query<ApiKeyRow>(
    `SELECT id, label, created_at, revoked_at FROM shop_api_keys WHERE shop_id = $1 ORDER BY created_at, id`, [shopId],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString(), revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null }));
}

export async function revokeApiKey(q: DbQuery, shopId: string, id: string, now: Date): Promise<boolean> {
  const { rows } = await q.query('UPDATE shop_api_keys SET revoked_at = $3 WHERE shop_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id', [shopId, id, now.toISOString()]);
  return rows.length > 0;
}

/** The shop and key id of an unrevoked API key, or null. */
export async function shopOfApiKey(q: DbQuery, key: string): Promise<{ shopId: string; keyId: string } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || !isToken(key.slice(API_KEY_PREFIX.length))) return null;
  const { rows } = await q.query<{ shop_id: string; id: string }>('SELECT shop_id, id FROM shop_api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hashToken(key)]);
  return rows[0] ? { shopId: rows[0].shop_id, keyId: rows[0].id } : null;
}
