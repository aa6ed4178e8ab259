// Signed webhooks to a shop's own system (e.g. its POS): queued in the database with the event
// that caused them, delivered by a worker, retried with exponential backoff.
//
// Signature (docs/api.md): header `Tischlein-Signature: t=<unix seconds>,v1=<hex>` where
// hex = HMAC-SHA256(secret, `${t}.${rawBody}`). A receiver recomputes it over the raw body,
// compares in constant time and rejects timestamps older than 5 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, DbQuery } from '../db';
import { backoffSeconds } from './mail';

export const SIGNATURE_HEADER = 'Tischlein-Signature';
export const EVENT_HEADER = 'Tischlein-Event';
export const DEV_WEBHOOK_SECRET = 'tischlein-dev-webhook-secret';
const MAX_WEBHOOK_ATTEMPTS = 10;

export function signWebhook(secret: string, body: string, timestamp: number): string {
  const hex = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${hex}`;
}

/** Verifies a `t=…,v1=…` header over the raw body (what a receiver does). */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function enqueueWebhook(q: DbQuery, w: { shopId: string; url: string; event: string; payload: unknown; dedupeKey?: string }): Promise<void> {
  await q.query(
    `INSERT INTO webhook_deliveries (dedupe_key, shop_id, url, event, body) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING`,
    [w.dedupeKey ?? null, w.shopId, w.url, w.event, JSON.stringify(w.payload)],
  );
}

interface WebhookRow {
  id: number;
  url: string;
  event: string;
  body: string;
  attempts: number;
}

/** Sends due webhooks; each claimed with FOR UPDATE SKIP LOCKED (safe with several processes). */
export async function processWebhooks(
  db: Db,
  opts: { secret: string; fetch?: typeof fetch; now?: Date; limit?: number; timeoutMs?: number },
): Promise<{ delivered: number; failed: number }> {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? new Date();
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < (opts.limit ?? 20); i++) {
    const r = await db.transaction(async (tx) => {
      const { rows } = await tx.query<WebhookRow>(
        `SELECT id, url, event, body, attempts FROM webhook_deliveries
         WHERE status = 'pending' AND (attempts = 0 OR next_attempt_at <= $1) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      );
      const row = rows[0];
      if (!row) return null;
      let error: string | null = null;
      try {
        const res = await doFetch(row.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(opts.secret, row.body, Math.floor(now.getTime() / 1000)),
            [EVENT_HEADER]: row.event,
          },
          body: row.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
      } catch (e) {
        error = String((e as Error).message ?? e);
      }
      const attempts = row.attempts + 1;
      if (!error) {
        await tx.query(`UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, delivered_at = $3, last_error = NULL WHERE id = $1`, [row.id, attempts, now.toISOString()]);
        return true;
      }
      await tx.query(
        `UPDATE webhook_deliveries SET attempts = $2, last_error = $3, status = $4, next_attempt_at = $5::timestamptz + make_interval(secs => $6) WHERE id = $1`,
        [row.id, attempts, error.slice(0, 500), attempts >= MAX_WEBHOOK_ATTEMPTS ? 'failed' : 'pending', now.toISOString(), backoffSeconds(attempts)],
      );
      return false;
    });
    if (r === null) break;
    if (r) delivered++;
    else failed++;
  }
  return { delivered, failed };
}
