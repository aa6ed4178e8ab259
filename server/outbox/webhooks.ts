// Signed webhooks to a shop's own system (e.g. its POS): queued in the database with the event
// that caused them, delivered by a worker, retried with exponential backoff.
//
// Signature (docs/api.md): header `Tischlein-Signature: t=<unix seconds>,v1=<hex>` where
// hex = HMAC-SHA256(secret, `${t}.${rawBody}`). A receiver recomputes it over the raw body,
// compares in constant time and rejects timestamps older than 5 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, DbQuery } from '../db';
import { runClaims } from './claim';
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

let queuedHere = 0;

/** How many webhooks this process has queued (rolled back ones too): the worker's kick after an order skips the webhooks' claim when none was. */
export function webhooksQueuedHere(): number {
  return queuedHere;
}

export async function enqueueWebhook(q: DbQuery, w: { shopId: string; url: string; event: string; payload: unknown; dedupeKey?: string }): Promise<void> {
  queuedHere++;
  await q.query(
    `INSERT INTO webhook_deliveries (dedupe_key, shop_id, url, event, body) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING`,
    [w.dedupeKey ?? null, w.shopId, w.url, w.event, JSON.stringify(w.payload)],
  );
}

interface WebhookRow {
  shop_id: string;
  url: string;
  event: string;
  body: string;
}

/** Longer than one delivery may take (timeoutMs, default 10 s): a living sender keeps its claim. */
export const WEBHOOK_LEASE_MS = 60_000;

/**
 * Sends due webhooks: each claimed and committed first (./claim.ts), POSTed outside any transaction,
 * the result recorded only while the claim is still ours (safe with several processes; a killed
 * sender's claim runs out after `leaseMs` and another process retries). Signed with the shop's own
 * secret (`secretFor`, shop_secrets) or, for a shop without one, with `secret` (ORDER_WEBHOOK_SECRET).
 */
export async function processWebhooks(
  db: Db,
  opts: {
    secret: string;
    secretFor?: (shopId: string) => Promise<string | null>;
    fetch?: typeof fetch;
    now?: Date;
    limit?: number;
    timeoutMs?: number;
    leaseMs?: number;
    /** true once the process shuts down: the delivery under way finishes, the rest is given back (runClaims) */
    stopping?: () => boolean;
  },
): Promise<{ delivered: number; failed: number }> {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? new Date();
  const timeoutMs = Math.min(opts.timeoutMs ?? 10_000, (opts.leaseMs ?? WEBHOOK_LEASE_MS) / 2);
  // a remote receiver: each result recorded at once (a process killed mid-run sends again only the one in flight)
  const { done, failed } = await runClaims<WebhookRow>(db, 'webhook_deliveries', 'shop_id, url, event, body', {
    now, leaseMs: opts.leaseMs ?? WEBHOOK_LEASE_MS, maxAttempts: MAX_WEBHOOK_ATTEMPTS, limit: opts.limit ?? 20,
    flushEvery: 1, doneStatus: 'delivered', doneColumn: 'delivered_at', stopping: opts.stopping,
  }, async (row) => {
    let error: string | null = null;
    try {
      const secret = (await opts.secretFor?.(row.shop_id)) || opts.secret;
      const res = await doFetch(row.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(secret, row.body, Math.floor(now.getTime() / 1000)),
          [EVENT_HEADER]: row.event,
        },
        body: row.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (e) {
      error = String((e as Error).message ?? e);
    }
    return error === null ? null : { error, backoffSeconds: backoffSeconds(row.attempts) };
  });
  return { delivered: done, failed };
}
