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
 * The claim's statement ($1 now, $2 token, $3 lease in seconds, $4 max attempts; `limit`: how many
 * rows, a number or a parameter reference). `status IN (…)` matches PGlite's partial index of open
 * rows (migration 035): the oldest open rows are found without reading the sent ones.
 */
export function claimSql(table: OutboxTable, columns: string, limit = '1'): string {
  return `UPDATE ${table} SET status = 'sending', attempts = attempts + 1, claimed_by = $2,
       claimed_until = $1::timestamptz + make_interval(secs => $3)
     WHERE id IN (
       SELECT id FROM ${table}
       WHERE status IN ('pending', 'sending')
         AND ((status = 'pending' AND (attempts = 0 OR next_attempt_at <= $1))
           OR (status = 'sending' AND claimed_until < $1 AND attempts < $4))
       ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
     RETURNING id, attempts, ${columns}`;
}

/**
 * The rows whose senders died `maxAttempts` times (left 'sending', their lease run out) are given
 * up: 'failed', never claimed again ($1 now, $4 max attempts). A CTE of the claim (claimBatchSql):
 * the claim takes only rows with attempts left, so the two never touch the same row.
 */
function giveUpSql(table: OutboxTable): string {
  return `UPDATE ${table} SET status = 'failed', claimed_by = NULL, claimed_until = NULL, failed_at = $1::timestamptz,
       last_error = COALESCE(last_error, 'Absender abgebrochen (Lease abgelaufen)')
     WHERE status IN ('pending', 'sending') AND status = 'sending' AND claimed_until < $1 AND attempts >= $4`;
}

/** One statement per worker run: give up the abandoned rows, claim up to $5 due ones. */
export function claimBatchSql(table: OutboxTable, columns: string): string {
  return `WITH gave_up AS (${giveUpSql(table)})
     ${claimSql(table, columns, '$5')}`;
}

/** What became of one claimed row. */
export type Outcome =
  | { id: number; ok: true }
  | { id: number; ok: false; error: string; backoffSeconds: number }
  /** not tried (the batch's time ran out): back to 'pending', the claim's attempt not counted */
  | { id: number; release: true };

/**
 * Records the outcomes of one claim (token) in one statement; only rows whose claim is still ours
 * (claimed_by = token: a row whose lease ran out and that another process claimed is left alone).
 * Returns the ids recorded.
 */
export async function recordOutcomes(
  db: Db, table: OutboxTable, token: string, outcomes: Outcome[],
  opts: { doneStatus: 'sent' | 'delivered'; doneColumn: 'sent_at' | 'delivered_at'; now: Date; maxAttempts: number },
): Promise<Set<number>> {
  if (!outcomes.length) return new Set();
  const kind = (o: Outcome) => ('release' in o ? 'release' : o.ok ? 'ok' : 'fail');
  const { rows } = await db.query<{ id: number }>(
    `UPDATE ${table} AS t SET
       status = CASE r.outcome WHEN 'ok' THEN '${opts.doneStatus}' WHEN 'release' THEN 'pending' ELSE CASE WHEN t.attempts >= $4 THEN 'failed' ELSE 'pending' END END,
       ${opts.doneColumn} = CASE WHEN r.outcome = 'ok' THEN $3::timestamptz ELSE t.${opts.doneColumn} END,
       last_error = CASE r.outcome WHEN 'ok' THEN NULL WHEN 'release' THEN t.last_error ELSE r.error END,
       next_attempt_at = CASE WHEN r.outcome = 'fail' THEN $3::timestamptz + make_interval(secs => r.backoff) ELSE t.next_attempt_at END,
       attempts = CASE WHEN r.outcome = 'release' THEN t.attempts - 1 ELSE t.attempts END,
       failed_at = CASE WHEN r.outcome = 'fail' AND t.attempts >= $4 THEN $3::timestamptz ELSE t.failed_at END,
       claimed_by = NULL, claimed_until = NULL
     FROM unnest($1::bigint[], $5::text[], $6::text[], $7::int[]) AS r(id, outcome, error, backoff)
     WHERE t.id = r.id AND t.claimed_by = $2 AND t.status = 'sending'
     RETURNING t.id`,
    [
      outcomes.map((o) => o.id), token, opts.now.toISOString(), opts.maxAttempts, outcomes.map(kind),
      outcomes.map((o) => ('error' in o ? o.error.slice(0, 500) : null)), outcomes.map((o) => ('backoffSeconds' in o ? Math.round(o.backoffSeconds) : 0)),
    ],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * One worker run over `table`: gives up the abandoned rows and claims up to `limit` due ones in one
 * statement (committed at once: the sends happen outside any transaction), sends them one by one
 * and records the outcomes in one statement per `flushEvery` sends (a remote transport: 1, so a
 * process killed mid-run sends again only the row it was sending; a local one: all at the end).
 * A row after the first is sent only while the claim is young (a quarter of the lease: every send is
 * bounded by half of it), so each result is recorded while the claim is still ours; the rest is
 * given back untried.
 * Several processes may run this at once (FOR UPDATE SKIP LOCKED: each claims other rows); a
 * process killed mid-send leaves its claim, which another process takes over once the lease has
 * run out. Returns the rows recorded as done and as failed.
 */
export async function runClaims<T>(
  db: Db, table: OutboxTable, columns: string,
  opts: {
    now: Date; leaseMs: number; maxAttempts: number; limit: number; flushEvery: number; doneStatus: 'sent' | 'delivered'; doneColumn: 'sent_at' | 'delivered_at';
    /** awaited before each send (the order route's turn: server/outbox/turns.ts); its wait counts into the claim's age */
    beforeSend?: () => Promise<void>;
  },
  send: (row: T & { id: number; attempts: number }) => Promise<{ error: string; backoffSeconds: number } | null>,
): Promise<{ done: number; failed: number }> {
  const token = `${PROCESS_ID}:${randomUUID()}`;
  const claimedAt = performance.now();
  const { rows } = await db.query<T & { id: number; attempts: number }>(
    claimBatchSql(table, columns), [opts.now.toISOString(), token, opts.leaseMs / 1000, opts.maxAttempts, opts.limit],
  );
  const claimed = rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  let done = 0;
  let failed = 0;
  let pending: Outcome[] = [];
  const flush = async () => {
    const recorded = await recordOutcomes(db, table, token, pending, opts);
    for (const o of pending) {
      if (!recorded.has(o.id) || 'release' in o) continue;
      if (o.ok) done++;
      else failed++;
    }
    pending = [];
  };
  for (const [i, row] of claimed.entries()) {
    await opts.beforeSend?.();
    // the first row goes whatever the time (as a claim of one row did); the others while the claim is young
    if (i > 0 && performance.now() - claimedAt > opts.leaseMs / 4) {
      pending.push({ id: row.id, release: true });
      continue;
    }
    const problem = await send(row);
    pending.push(problem ? { id: row.id, ok: false, ...problem } : { id: row.id, ok: true });
    if (pending.length >= opts.flushEvery) await flush();
  }
  await flush();
  // after the sends: the statistics never delay a message
  if (claimed.length) await keepStatistics(db, table);
  return { done, failed };
}
