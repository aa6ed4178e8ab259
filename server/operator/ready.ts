// Readiness (GET /readyz): the database answers a trivial query in time and holds the newest migration
// this code knows. One check at a time, its answer kept for a second (docs/decisions.md, "2026-11-26 —
// Health, readiness and the operator's status"): a flood of probes is at most one query a second per
// process, and a probe never waits longer than the timeout, whatever the database does.
import { readdirSync } from 'node:fs';
import type { DbQuery } from '../db';
import { MIGRATIONS_DIR, migrationFiles } from '../db';

/** How long the query may take before the process counts as not ready. */
export const READY_TIMEOUT_MS = 2000;
/** How long an answer is reused. */
export const READY_CACHE_MS = 1000;

/** The newest migration file of `dir` (the schema this code needs). */
export function newestMigration(dir = MIGRATIONS_DIR): string {
  const files = migrationFiles(readdirSync(dir));
  if (!files.length) throw new Error(`no migrations in ${dir}`);
  return files[files.length - 1];
}

export interface ReadyOptions {
  timeoutMs?: number;
  cacheMs?: number;
  /** the migration that must be applied (default: the newest file of server/migrations) */
  migration?: string;
  /** monotonic milliseconds (tests) */
  clock?: () => number;
}

/**
 * A readiness check over `db`: resolves true when the database answered and has `migration`, false
 * otherwise (an error, no answer within `timeoutMs`). Never rejects.
 */
export function readinessCheck(db: DbQuery, opts: ReadyOptions = {}): () => Promise<boolean> {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS;
  const cacheMs = opts.cacheMs ?? READY_CACHE_MS;
  const migration = opts.migration ?? newestMigration();
  const clock = opts.clock ?? (() => performance.now());
  let settled: { at: number; ok: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;
  // a query that outlived its timeout (a frozen database) is not asked again until it came back
  let queryOpen = false;
  const check = async (): Promise<boolean> => {
    if (queryOpen) return false;
    queryOpen = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
    });
    const asked = db.query<{ ok: boolean }>('SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1) AS ok', [migration])
      .then((r) => r.rows[0]?.ok === true, () => false)
      .finally(() => { queryOpen = false; });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    // concurrent probes share the one check under way; a settled answer is reused for cacheMs
    if (inFlight) return inFlight;
    if (settled && clock() - settled.at < cacheMs) return Promise.resolve(settled.ok);
    inFlight = check().then((ok) => {
      settled = { at: clock(), ok };
      inFlight = null;
      return ok;
    });
    return inFlight;
  };
}
