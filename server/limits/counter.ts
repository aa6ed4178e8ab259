// Counting in the database, so a limit holds across server processes: one statement increments
// the (scope, key) row and returns the new count. Concurrent hits serialise on the row lock of
// INSERT … ON CONFLICT DO UPDATE, so N concurrent hits see the counts 1..N — none reads a stale count.
import { isIPv6 } from 'node:net';
import type { DbQuery } from '../db';

export interface Window {
  /** hits allowed per window */
  max: number;
  windowMs: number;
}

/**
 * Counts one hit of `key` in `scope` and returns the count in the current window (the window
 * starts with its first hit; an expired one starts again at 1).
 */
export async function countHit(q: DbQuery, scope: string, key: string, windowMs: number, now: Date): Promise<number> {
  return (await countHitWindow(q, scope, key, windowMs, now)).count;
}

/** countHit, and when the current window ends (a limiter's Retry-After / RateLimit-Reset). */
export async function countHitWindow(
  q: DbQuery, scope: string, key: string, windowMs: number, now: Date,
): Promise<{ count: number; resetTime: Date }> {
  const { rows } = await q.query<{ count: number; window_start: Date | string }>(countHitSql('$1', '$2', '$3', '$4'), [scope, key, ...countHitTimes(windowMs, now)]);
  await afterHit(q, rows[0].count, now);
  return { count: rows[0].count, resetTime: new Date(new Date(rows[0].window_start).getTime() + windowMs) };
}

/**
 * The statement that counts one hit (RETURNING count, window_start), for use on its own or as a CTE
 * of a larger statement: scope, key, now and the window's expiry as parameter references ('$1');
 * their values are [scope, key, ...countHitTimes(windowMs, now)].
 */
export function countHitSql(scope: string, key: string, now: string, expiredBefore: string): string {
  return countHitsSql(`VALUES (${scope}, ${key}, ${now}::timestamptz, 1)`, expiredBefore);
}

/**
 * Several keys' hits in one statement (RETURNING key, count, window_start): `source` a SELECT or VALUES of
 * (scope, key, now, n) rows, each key once, counted n times (the outbox worker's batch of orders:
 * server/orders/owedMails.ts). A key counted n times ends at count c: its hits were the counts
 * c-n+1 … c, as n hits of countHitSql one after the other.
 */
export function countHitsSql(source: string, expiredBefore: string): string {
  return `INSERT INTO rate_counters (scope, key, window_start, count) ${source}
     ON CONFLICT (scope, key) DO UPDATE SET
       count = CASE WHEN rate_counters.window_start <= ${expiredBefore}::timestamptz THEN EXCLUDED.count ELSE rate_counters.count + EXCLUDED.count END,
       window_start = CASE WHEN rate_counters.window_start <= ${expiredBefore}::timestamptz THEN EXCLUDED.window_start ELSE rate_counters.window_start END
     RETURNING key, count, window_start`;
}

/** countHitSql's `now` and `expiredBefore` values. */
export function countHitTimes(windowMs: number, now: Date): [string, string] {
  return [now.toISOString(), new Date(now.getTime() - windowMs).toISOString()];
}

/** Prunes the table at most once per PRUNE_EVERY_MS in this process (by the caller's clock). */
export const PRUNE_EVERY_MS = 60_000;
let lastPrune: number | null = null;

/**
 * After a hit counted with countHitSql: a new window (count 1) is the moment to drop long expired
 * rows (a bounded table without a timer) — but once a minute per process at most, not at every new
 * address (it was one more statement in most orders: each guest's first mail opens a window).
 */
export async function afterHit(q: DbQuery, count: number, now: Date): Promise<void> {
  if (count !== 1) return;
  if (lastPrune !== null && Math.abs(now.getTime() - lastPrune) < PRUNE_EVERY_MS) return;
  lastPrune = now.getTime();
  await pruneCounters(q, now);
}

/** Takes one hit back (a successful waiter login does not count against the limit). */
export async function uncountHit(q: DbQuery, scope: string, key: string): Promise<void> {
  await q.query('UPDATE rate_counters SET count = GREATEST(count - 1, 0) WHERE scope = $1 AND key = $2', [scope, key]);
}

/** Rows whose window ended more than a day ago (every window here is shorter). */
export async function pruneCounters(q: DbQuery, now: Date): Promise<void> {
  await q.query('DELETE FROM rate_counters WHERE window_start < $1', [new Date(now.getTime() - 86_400_000).toISOString()]);
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of its IPv6 address
 * (one line or household holds a whole /64, so counting single IPv6 addresses would bound nothing).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
