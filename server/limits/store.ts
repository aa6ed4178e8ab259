// hono-rate-limiter with its counts in the database (rate_counters, ./counter.ts) instead of one
// process's memory: a limit holds across every server process, and a restart does not reset it.
// One UPSERT per counted request (docs/decisions.md: the cost, measured).
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import type { Db } from '../db';
import { countHitWindow, uncountHit } from './counter';

/** A hono-rate-limiter store over rate_counters; `scope` keeps the limiters' keys apart. */
export function dbRateLimitStore(db: Db, scope: string, windowMs: number, now: () => Date): Store {
  return {
    prefix: `${scope}:`,
    localKeys: false,
    async increment(key) {
      const { count, resetTime } = await countHitWindow(db, scope, key, windowMs, now());
      return { totalHits: count, resetTime };
    },
    async decrement(key) {
      await uncountHit(db, scope, key);
    },
    async resetKey(key) {
      await db.query('DELETE FROM rate_counters WHERE scope = $1 AND key = $2', [scope, key]);
    },
  };
}

export interface DbLimitOptions {
  db: Db;
  /** the counter's scope in rate_counters (one per limiter) */
  scope: string;
  limit: number;
  windowMs: number;
  now: () => Date;
  key: (c: Context) => string | Promise<string>;
  handler: (c: Context) => Response | Promise<Response>;
}

/** A rate limit counted in the database, with the standard RateLimit headers (draft-6). */
export function dbRateLimiter(o: DbLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-6',
    keyGenerator: o.key,
    handler: o.handler,
    store: dbRateLimitStore(o.db, o.scope, o.windowMs, o.now),
  });
}
