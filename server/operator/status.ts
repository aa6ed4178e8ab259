// The operator's status (GET /api/operator/status, docs/api.md "Operator calls"): the database, the
// process, and the queues that can silently stick — the outbox's mails and webhooks and the orders' owed
// mails (server/orders/owedMails.ts). Failed rows are listed so the operator can act (retry them:
// ./retry.ts), without a guest's address or name: no recipient, no body, and any e-mail address inside
// an error text is replaced.
import type { Db } from '../db';

/** Failed rows listed per queue (the newest first); the counts cover all. */
export const FAILED_LISTED = 20;
const ERROR_CHARS = 300;

export interface QueueCounts {
  waiting: number;
  sending: number;
  failed: number;
  /** seconds the oldest waiting row has waited (null: none waits) */
  oldestWaitingSeconds: number | null;
}

export interface FailedMail { id: number; kind: string; orderId: string | null; shopId: string | null; failedSince: string | null; attempts: number; lastError: string | null }
export interface FailedWebhook { id: number; shopId: string; event: string; failedSince: string | null; attempts: number; lastError: string | null }
export interface FailedOwed { orderSeq: number; orderId: string | null; shopId: string | null; failedSince: string; lastError: string | null }

export interface OperatorStatus {
  database: 'pglite' | 'postgres';
  uptimeSeconds: number;
  shops: number;
  mails: QueueCounts & { failedRows: FailedMail[] };
  webhooks: QueueCounts & { failedRows: FailedWebhook[] };
  owedMails: { waiting: number; failed: number; oldestWaitingSeconds: number | null; failedRows: FailedOwed[] };
}

/** An error text as the operator sees it: e-mail addresses replaced, bounded. */
export function operatorErrorText(text: string | null): string | null {
  if (text === null) return null;
  const clean = text.replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, '<E-Mail-Adresse>');
  return clean.length > ERROR_CHARS ? `${clean.slice(0, ERROR_CHARS - 1)}…` : clean;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const ageSeconds = (oldest: Date | string | null, now: Date): number | null =>
  oldest === null ? null : Math.max(0, Math.floor((now.getTime() - new Date(oldest).getTime()) / 1000));

interface CountRow { waiting: number; sending: number; failed: number; oldest: Date | string | null }

const countsSql = (table: 'outbox_mails' | 'webhook_deliveries') => `SELECT
    count(*) FILTER (WHERE status = 'pending')::int AS waiting,
    count(*) FILTER (WHERE status = 'sending')::int AS sending,
    count(*) FILTER (WHERE status = 'failed')::int AS failed,
    min(created_at) FILTER (WHERE status = 'pending') AS oldest
  FROM ${table} WHERE status IN ('pending', 'sending', 'failed')`;

const counts = (r: CountRow, now: Date): QueueCounts => ({
  waiting: Number(r.waiting), sending: Number(r.sending), failed: Number(r.failed), oldestWaitingSeconds: ageSeconds(r.oldest, now),
});

/** The status at `now` (ages are measured by it); `uptimeSeconds` of this process. */
export async function operatorStatus(db: Db, now: Date, uptimeSeconds = Math.floor(process.uptime())): Promise<OperatorStatus> {
  const shops = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops')).rows[0].n;
  const mailCounts = (await db.query<CountRow>(countsSql('outbox_mails'))).rows[0];
  const hookCounts = (await db.query<CountRow>(countsSql('webhook_deliveries'))).rows[0];
  // an order's mails carry its public id in their dedupe key ('order-guest:{id}', 'order-step:{id}:{step}')
  const failedMails = await db.query<{ id: number; kind: string; order_id: string | null; shop_id: string | null; failed_at: Date | string | null; attempts: number; last_error: string | null }>(
    `SELECT m.id, split_part(COALESCE(m.dedupe_key, ''), ':', 1) AS kind, o.id AS order_id, o.shop_id, m.failed_at, m.attempts, m.last_error
     FROM outbox_mails m LEFT JOIN orders o ON m.dedupe_key LIKE 'order-%' AND o.id = split_part(m.dedupe_key, ':', 2)
     WHERE m.status = 'failed' ORDER BY m.id DESC LIMIT $1`, [FAILED_LISTED]);
  const failedHooks = await db.query<{ id: number; shop_id: string; event: string; failed_at: Date | string | null; attempts: number; last_error: string | null }>(
    `SELECT id, shop_id, event, failed_at, attempts, last_error FROM webhook_deliveries WHERE status = 'failed' ORDER BY id DESC LIMIT $1`, [FAILED_LISTED]);
  const owed = (await db.query<{ waiting: number; failed: number; oldest: Date | string | null }>(
    `SELECT count(*) FILTER (WHERE failed_at IS NULL)::int AS waiting, count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
       (SELECT o.created_at FROM order_mails_owed w JOIN orders o ON o.seq = w.order_seq WHERE w.failed_at IS NULL ORDER BY w.order_seq LIMIT 1) AS oldest
     FROM order_mails_owed`)).rows[0];
  const failedOwed = await db.query<{ order_seq: string; order_id: string | null; shop_id: string | null; failed_at: Date | string; last_error: string | null }>(
    `SELECT w.order_seq, o.id AS order_id, o.shop_id, w.failed_at, w.last_error
     FROM order_mails_owed w LEFT JOIN orders o ON o.seq = w.order_seq
     WHERE w.failed_at IS NOT NULL ORDER BY w.order_seq DESC LIMIT $1`, [FAILED_LISTED]);
  return {
    database: db.kind,
    uptimeSeconds,
    shops: Number(shops),
    mails: {
      ...counts(mailCounts, now),
      failedRows: failedMails.rows.map((r) => ({
        id: Number(r.id), kind: r.kind, orderId: r.order_id, shopId: r.shop_id, failedSince: iso(r.failed_at), attempts: Number(r.attempts), lastError: operatorErrorText(r.last_error),
      })),
    },
    webhooks: {
      ...counts(hookCounts, now),
      failedRows: failedHooks.rows.map((r) => ({
        id: Number(r.id), shopId: r.shop_id, event: r.event, failedSince: iso(r.failed_at), attempts: Number(r.attempts), lastError: operatorErrorText(r.last_error),
      })),
    },
    owedMails: {
      waiting: Number(owed.waiting), failed: Number(owed.failed), oldestWaitingSeconds: ageSeconds(owed.oldest, now),
      failedRows: failedOwed.rows.map((r) => ({
        orderSeq: Number(r.order_seq), orderId: r.order_id, shopId: r.shop_id, failedSince: iso(r.failed_at)!, lastError: operatorErrorText(r.last_error),
      })),
    },
  };
}
