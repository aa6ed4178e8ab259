// Waiter sessions: the shop's password (stored as an scrypt hash in the shop settings, never sent
// to a browser) is exchanged for a random token in an HttpOnly cookie, valid until the end of the
// shop's day. The database keeps only the token's hash.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { nextMidnight } from '@shared/time/clock';
import { TABLE_TEXTS } from '@shared/table/texts';
import { getShop, type ServerContext } from '../context';
import { HttpError } from '../http';
import { countHit, uncountHit } from '../limits/counter';

const LOGIN_SCOPE = 'waiter-login';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

export const WAITER_COOKIE = 'tischlein_waiter';
/** login attempts per shop and client within the window before 429 (a correct one does not count) */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** 'scrypt:<salt hex>:<hash hex>' (the shop data format). */
export async function hashWaiterPassword(password: string, salt = randomBytes(16)): Promise<string> {
  const hash = await scrypt(password.normalize('NFC'), salt, 64);
  return `scrypt:${salt.toString('hex')}:${hash.toString('hex')}`;
}

export async function verifyWaiterPassword(password: string, stored: string): Promise<boolean> {
  const m = /^scrypt:([0-9a-f]{32}):([0-9a-f]{128})$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[2], 'hex');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(m[1], 'hex'), 64);
  return timingSafeEqual(actual, expected);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function cookiePath(shopId: string): string {
  return `/api/shop/${encodeURIComponent(shopId)}`;
}

export async function createWaiterSession(ctx: ServerContext, shopId: string): Promise<{ token: string; until: Date }> {
  const shop = await getShop(ctx, shopId);
  const token = randomBytes(32).toString('base64url');
  // the waiter session lasts for the shop's day
  const until = nextMidnight(ctx.now(), shop.config.timeZone);
  await ctx.db.query('DELETE FROM waiter_sessions WHERE expires_at < $1', [ctx.now().toISOString()]);
  await ctx.db.query('INSERT INTO waiter_sessions (token_hash, shop_id, expires_at) VALUES ($1, $2, $3)', [sha256(token), shopId, until.toISOString()]);
  return { token, until };
}

export type WaiterCheck = { ok: true; until: Date } | { ok: false; status: 401 | 403 };

/** The request's waiter session for this shop: 401 without a valid one, 403 when it is another shop's. */
export async function checkWaiter(ctx: ServerContext, c: Context, shopId: string): Promise<WaiterCheck> {
  const token = getCookie(c, WAITER_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, status: 401 };
  const { rows } = await ctx.db.query<{ shop_id: string; expires_at: Date | string }>(
    'SELECT shop_id, expires_at FROM waiter_sessions WHERE token_hash = $1',
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= ctx.now().getTime()) return { ok: false, status: 401 };
  if (row.shop_id !== shopId) return { ok: false, status: 403 };
  return { ok: true, until: new Date(row.expires_at) };
}

export async function requireWaiter(ctx: ServerContext, c: Context, shopId: string): Promise<Date> {
  const w = await checkWaiter(ctx, c, shopId);
  if (w.ok) return w.until;
  if (w.status === 403) throw new HttpError(403, 'waiter_other_shop', 'Diese Kellner-Anmeldung gilt für einen anderen Shop.');
  throw new HttpError(401, 'waiter_required', 'Bitte melde dich als Kellner an.');
}

export async function endWaiterSession(ctx: ServerContext, c: Context): Promise<void> {
  const token = getCookie(c, WAITER_COOKIE);
  if (token) await ctx.db.query('DELETE FROM waiter_sessions WHERE token_hash = $1', [sha256(token)]);
}

/**
 * Counts this login attempt before the password is checked (one statement in the database:
 * concurrent guesses each get their own count, across processes) and refuses with 429 once the
 * client has used up its attempts in the window — scrypt never runs for a refused attempt.
 */
export async function countLoginAttempt(ctx: ServerContext, shopId: string, client: string): Promise<void> {
  const n = await countHit(ctx.db, LOGIN_SCOPE, `${shopId}\n${client}`, LOGIN_FAILURE_WINDOW_MS, ctx.now());
  if (n > LOGIN_FAILURE_LIMIT) throw new HttpError(429, 'too_many_requests', TABLE_TEXTS.waiterTooMany);
}

/** A correct password does not count against the limit. */
export async function loginSucceeded(ctx: ServerContext, shopId: string, client: string): Promise<void> {
  await uncountHit(ctx.db, LOGIN_SCOPE, `${shopId}\n${client}`);
}

// the rule for new waiter passwords lives in shared/ (the staff app checks it as you type too)
export { WAITER_PASSWORD_MIN_LENGTH, waiterPasswordProblem } from '@shared/table/manage';
