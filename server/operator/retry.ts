// The operator puts failed rows back in their queue (POST /api/operator/owed-mails/retry, …/mails/retry,
// …/webhooks/retry): all failed ones, or the ones named. The caller kicks the outbox worker afterwards.
import type { DbQuery } from '../db';

/**
 * Failed owed rows (orders whose mails could not be rendered) back to waiting: failed_at and last_error
 * cleared, so the worker claims them again. `seqs` null: all failed ones. Returns the orders' seqs put back.
 */
export async function retryOwedMails(db: DbQuery, seqs: readonly number[] | null): Promise<number[]> {
  const { rows } = await db.query<{ order_seq: string }>(
    `UPDATE order_mails_owed SET failed_at = NULL, last_error = NULL, claimed_by = NULL, claimed_until = NULL
     WHERE failed_at IS NOT NULL AND ($1::bigint[] IS NULL OR order_seq = ANY($1::bigint[]))
     RETURNING order_seq`, [seqs ? seqs.map(String) : null]);
  return rows.map((r) => Number(r.order_seq)).sort((a, b) => a - b);
}

/**
 * Failed outbox rows (mails or webhooks that used up their attempts) back to 'pending' with their
 * attempts reset: the worker's next claim takes them at once and they get all their attempts again.
 * `ids` null: all failed ones. Returns the ids put back.
 */
export async function retryOutbox(db: DbQuery, table: 'outbox_mails' | 'webhook_deliveries', ids: readonly number[] | null): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE ${table} SET status = 'pending', attempts = 0, failed_at = NULL, last_error = NULL, claimed_by = NULL, claimed_until = NULL
     WHERE status = 'failed' AND ($1::bigint[] IS NULL OR id = ANY($1::bigint[]))
     RETURNING id`, [ids ? ids.map(String) : null]);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
