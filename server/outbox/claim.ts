// Claims for the outbox workers (mails, webhooks): a row is claimed in one statement that commits
// at once (status 'sending', claimed_until = now + lease, claimed_by = a token of this claim); the
// sender talks to SMTP or a webhook outside any transaction and then records the result only where
// claimed_by is still its token. A process killed mid-send leaves its claim behind; when
// claimed_until has passed, any process claims the row again. No connection (and on PGlite no
// database access at all) waits for a remote server.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

export type OutboxTable = 'outbox_mails' | 'webhook_deliveries';

/** This process's name in claims and leases (pid and a random part: a reused pid differs). */
export const PROCESS_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

export interface Claim<T> {
  row: T & { id: number; attempts: number };
  /** the token the result is recorded under */
  token: string;
}

/**
 * Gives up the rows whose senders died `maxAttempts` times (left 'sending', their lease run out):
 * 'failed', not claimed again. Once per worker run, before its claims (claimNext).
 */
export async function giveUpAbandoned(db: Db, table: OutboxTable, opts: { now: Date; maxAttempts: number }): Promise<void> {
  await db.query(
    `UPDATE ${table} SET status = 'failed', claimed_by = NULL, claimed_until = NULL,
       last_error = COALESCE(last_error, 'Absender abgebrochen (Lease abgelaufen)')
     WHERE status = 'sending' AND claimed_until < $1 AND attempts >= $2`,
    [opts.now.toISOString(), opts.maxAttempts],
  );
}

/** Claims after which PGlite's statistics of an outbox table are taken again. */
export const ANALYZE_EVERY_CLAIMS = 250;
const claimCounts = new WeakMap<Db, Map<OutboxTable, number>>();

/**
 * PGlite runs no autovacuum, so the planner never learns that almost every row of an outbox table
 * is sent: it kept a bitmap scan over the due index, whose dead entries (every row was once pending
 * and sending) it visited at each claim — 7 ms per claim after 3,000 mails, growing with each order.
 * With statistics it takes the open rows' index in id order (migration 035), and that scan marks
 * the dead entries as it passes. PostgreSQL's autovacuum does this by itself.
 */
async function keepStatistics(db: Db, table: OutboxTable): Promise<void> {
  if (db.kind !== 'pglite') return;
  let counts = claimCounts.get(db);
  if (!counts) claimCounts.set(db, (counts = new Map()));
  const n = (counts.get(table) ?? 0) + 1;
  counts.set(table, n);
  // the first claim (a server's start: the history is there already) and every ANALYZE_EVERY_CLAIMS-th
  // best effort: the claim stands whatever becomes of the statistics
  if (n === 1 || n % ANALYZE_EVERY_CLAIMS === 0) await db.exec(`ANALYZE ${table}`).catch(() => undefined);
}

/**
 * The claim's statement ($1 now, $2 token, $3 lease in seconds, $4 max attempts). `status IN (…)`
 * matches PGlite's partial index of open rows (migration 035): the oldest open row is found without
 * reading the sent ones.
 */
export function claimSql(table: OutboxTable, columns: string): string {
  return `UPDATE ${table} SET status = 'sending', attempts = attempts + 1, claimed_by = $2,
       claimed_until = $1::timestamptz + make_interval(secs => $3)
     WHERE id = (
       SELECT id FROM ${table}
       WHERE status IN ('pending', 'sending')
         AND ((status = 'pending' AND (attempts = 0 OR next_attempt_at <= $1))
           OR (status = 'sending' AND claimed_until < $1 AND attempts < $4))
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, attempts, ${columns}`;
}

/**
 * Claims the oldest due row of `table`: pending and due, or left 'sending' by a sender whose lease
 * ran out (and that has attempts left: giveUpAbandoned). `attempts` counts the claim (a message
 * that crashes its sender every time still ends as 'failed'). FOR UPDATE SKIP LOCKED lets
 * concurrent workers claim different rows.
 */
export async function claimNext<T>(
  db: Db, table: OutboxTable, columns: string, opts: { now: Date; leaseMs: number; maxAttempts: number },
): Promise<Claim<T> | null> {
  const now = opts.now.toISOString();
  const token = `${PROCESS_ID}:${randomUUID()}`;
  const { rows } = await db.query<T & { id: number; attempts: number }>(claimSql(table, columns), [now, token, opts.leaseMs / 1000, opts.maxAttempts]);
  const row = rows[0];
  if (row) await keepStatistics(db, table);
  return row ? { row: { ...row, id: Number(row.id) }, token } : null;
}

/**
 * Records the outcome of a claim; false when the claim is no longer ours (its lease ran out and
 * another process claimed the row): then nothing is changed.
 */
export async function recordClaim(
  db: Db, table: OutboxTable, claim: Claim<unknown>,
  result: { ok: true; doneStatus: 'sent' | 'delivered'; doneColumn: 'sent_at' | 'delivered_at'; now: Date } | { ok: false; error: string; now: Date; maxAttempts: number; backoffSeconds: number },
): Promise<boolean> {
  const now = result.now.toISOString();
  const { rows } = result.ok
    ? await db.query(
      `UPDATE ${table} SET status = '${result.doneStatus}', ${result.doneColumn} = $3, last_error = NULL, claimed_by = NULL, claimed_until = NULL
       WHERE id = $1 AND claimed_by = $2 AND status = 'sending' RETURNING id`,
      [claim.row.id, claim.token, now],
    )
    : await db.query(
      `UPDATE ${table} SET status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END, last_error = $3,
         next_attempt_at = $5::timestamptz + make_interval(secs => $6), claimed_by = NULL, claimed_until = NULL
       WHERE id = $1 AND claimed_by = $2 AND status = 'sending' RETURNING id`,
      [claim.row.id, claim.token, result.error.slice(0, 500), result.maxAttempts, now, result.backoffSeconds],
    );
  return rows.length === 1;
}
