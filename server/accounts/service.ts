// Accounts, one-time login links and sessions in the database. Tokens: 32 random bytes
// (base64url, 256 bits), stored only as their sha-256; links expire after 15 minutes and are
// used once (a conditional UPDATE … WHERE used_at IS NULL, so two clicks cannot both sign in).
import { createHash, randomBytes } from 'node:crypto';
import type { UserAddress, ShopConfig } from '@shared/domain';
import { LOGIN_LINK_TTL_MS, SESSION_TTL_MS, isToken, normaliseEmail } from '@shared/account';
import type { Db, DbQuery } from '../db';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An account belongs to the franchise of its shop, else to the shop (links are bound to it). */
export function scopeOf(config: Pick<ShopConfig, 'id' | 'franchiseId'>): string {
  return config.franchiseId ? `f:${config.franchiseId}` : `s:${config.id}`;
}

export interface AccountRow {
  id: string;
  scope: string;
  email: string;
  first_name: string;
  last_name: string;
  birthday: string | null;
  advertisement: boolean;
  address: UserAddress | null;
}

const ACCOUNT_COLUMNS = `id, scope, email, first_name, last_name, to_char(birthday, 'YYYY-MM-DD') AS birthday, advertisement, address`;

/** The user answer of GET /user/info (plus the e-mail the account is known by). */
export function userResponse(a: AccountRow) {
  return {
    id: a.id,
    email: a.email,
    firstName: a.first_name,
    lastName: a.last_name,
    birthday: a.birthday,
    advertisement: a.advertisement,
    address: a.address,
  };
}

export async function findAccount(q: DbQuery, scope: string, email: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE scope = $1 AND email = $2`, [scope, normaliseEmail(email)]);
  return rows[0] ?? null;
}

export async function accountById(q: DbQuery, id: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Creates the account (or returns the existing one of that e-mail in that scope). */
export async function ensureAccount(
  q: DbQuery, scope: string, email: string, data: { firstName: string; lastName: string; address: UserAddress | null; advertisement: boolean },
): Promise<{ account: AccountRow; created: boolean }> {
  const id = randomBytes(12).toString('base64url');
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO accounts (id, scope, email, first_name, last_name, address, advertisement) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (scope, email) DO NOTHING RETURNING id`,
    [id, scope, normaliseEmail(email), data.firstName, data.lastName, data.address ? JSON.stringify(data.address) : null, data.advertisement],
  );
  const account = (await findAccount(q, scope, email))!;
  return { account, created: rows.length > 0 };
}

/** A new one-time login link token for the account, bound to the shop and the return page. */
export async function createLoginLink(q: DbQuery, accountId: string, shopId: string, returnTo: string, now: Date): Promise<string> {
  const token = newToken();
  await q.query('INSERT INTO login_links (token_hash, account_id, shop_id, return_to, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    hashToken(token), accountId, shopId, returnTo, new Date(now.getTime() + LOGIN_LINK_TTL_MS).toISOString(), now.toISOString(),
  ]);
  return token;
}

/**
 * Uses a link: valid only unused and before its expiry (marked used in the same statement).
 * Returns a new session token and where to go, or null (unknown, expired or used).
 */
export async function useLoginLink(db: Db, token: string, now: Date): Promise<{ session: string; returnTo: string; shopId: string } | null> {
  if (!isToken(token)) return null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ account_id: string; return_to: string; shop_id: string }>(
      `UPDATE login_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING account_id, return_to, shop_id`,
      [hashToken(token), now.toISOString()],
    );
    const link = rows[0];
    if (!link) return null;
    const session = newToken();
    await tx.query('INSERT INTO account_sessions (token_hash, account_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
      hashToken(session), link.account_id, new Date(now.getTime() + SESSION_TTL_MS).toISOString(), now.toISOString(),
    ]);
    return { session, returnTo: link.return_to, shopId: link.shop_id };
  });
}

/** The account of a bearer token (unexpired session), or null. */
export async function accountOfToken(q: DbQuery, token: string | null, now: Date): Promise<AccountRow | null> {
  if (!token || !isToken(token)) return null;
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = (
       SELECT account_id FROM account_sessions WHERE token_hash = $1 AND expires_at > $2)`,
    [hashToken(token), now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function endSession(q: DbQuery, token: string): Promise<void> {
  if (isToken(token)) await q.query('DELETE FROM account_sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined | null): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}

/**
 * Deletes the account and its personal data (docs/decisions.md "Deleting an account"): the
 * account row, its sessions and links (cascade), mails to its address still in the outbox; its
 * orders stay for the restaurant's books but lose the link to it and the e-mail, phone, messages
 * and coordinates.
 */
export async function deleteAccount(db: Db, account: AccountRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE orders SET account_id = NULL, user_id = NULL, session_id = NULL,
         customer = (customer - 'email' - 'phone' - 'messageDriver' - 'messageCook' - 'latitude' - 'longitude' - 'entered')
           || '{"email": "", "phone": "", "messageDriver": "", "messageCook": ""}'::jsonb,
         updated_at = now()
       WHERE account_id = $1`,
      [account.id],
    );
    await tx.query('DELETE FROM outbox_mails WHERE lower(to_address) = $1', [account.email]);
    await tx.query('DELETE FROM accounts WHERE id = $1', [account.id]);
  });
}
