// Leases for jobs that must run once per installation, not once per server process (pruning):
// a process runs the job only while it holds the job's lease. One statement takes a free or
// expired lease (or renews our own); concurrent takers serialise on the row, so one wins.
import type { DbQuery } from '../db';

/**
 * Takes the lease `name` for `holder` until now + ttlMs when it is free, expired or already
 * `holder`'s; true when `holder` holds it now.
 */
export async function takeLease(q: DbQuery, name: string, holder: string, ttlMs: number, now: Date): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE leases.until < $4 OR leases.holder = EXCLUDED.holder
     RETURNING holder`,
    [name, holder, new Date(now.getTime() + ttlMs).toISOString(), now.toISOString()],
  );
  return rows.length === 1;
}

/** Gives the lease back early (a process that stops), so another takes it at once. */
export async function releaseLease(q: DbQuery, name: string, holder: string): Promise<void> {
  await q.query('DELETE FROM leases WHERE name = $1 AND holder = $2', [name, holder]);
}

/**
 * Runs `job` when this process holds the lease `name` (taken for `ttlMs`); returns whether it
 * ran (a job that throws rejects, the caller logs it).
 */
export async function runOnce(
  q: DbQuery, name: string, holder: string, ttlMs: number, now: Date, job: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await takeLease(q, name, holder, ttlMs, now))) return false;
  await job();
  return true;
}
