// An order's mails, rendered by the outbox worker (docs/decisions.md, "2026-11-27 — An order's mails
// rendered by the outbox worker"). The statement that makes an order binding records only that its
// mails are owed (order_mails_owed, migration 037: ./notify.ts orderNotifications). The worker, before
// it claims mails, claims a batch of owed rows with their orders in one statement that commits at once
// (claimed_by, claimed_until: a lease, as the outbox claims its rows, ../outbox/claim.ts), renders the
// guest's confirmation (./guestMail.ts) and the restaurant's mail (./notify.ts) with no transaction
// open — PGlite's one connection stays free for the orders meanwhile — and then, in ONE statement,
// deletes the rows it still holds, counts the guests' mail limit and queues the mails. A process that
// dies before that statement leaves its claim, which any process takes over once the lease has run
// out; two processes on one PostgreSQL claim other rows (FOR UPDATE SKIP LOCKED), so no order is
// rendered or counted twice (the mails' dedupe keys stay as a second guard).
import { randomUUID } from 'node:crypto';
import type { VatBreakdown } from '@shared/cartpricing';
import type { OrderStatus, PaymentStatus } from '@shared/checkout';
import type { Db, DbQuery } from '../db';
import { afterHit, countHitsSql, countHitTimes, MAIL_LIMIT_SCOPE, mailLimitKey, ORDER_MAIL_LIMIT } from '../limits';
import type { MailMessage } from '../outbox/mail';
import { PROCESS_ID } from '../outbox/claim';
import type { ShopRepository } from '../shops/repository';
import { guestConfirmation } from './guestMail';
import { restaurantMail, type BookedRefund } from './notify';
import { ORDER_COLUMNS, type StoredOrder } from './read';

/** Owed rows claimed by one run (renderOwedMails' default limit): two mails each at most. */
export const OWED_BATCH = 20;

/**
 * How long a run's claim of owed rows holds. A run renders and queues within milliseconds (it waits at
 * most the orders' turn, 100 ms, in between); the lease only matters when its process died mid-run.
 */
export const OWED_LEASE_MS = 30_000;

/** What the render needs of the server's context (ServerContext has it). */
export interface OwedContext {
  db: Db;
  shops: Pick<ShopRepository, 'getShop'>;
  now: () => Date;
}

export interface RenderOptions {
  /** rows claimed at most (default OWED_BATCH) */
  limit?: number;
  /** the claim's and the mail limit's clock (default ctx.now()) */
  now?: Date;
  /** default OWED_LEASE_MS */
  leaseMs?: number;
  /** an order that cannot be rendered (default console.error) */
  logError?: (message: string, e: unknown) => void;
  /** awaited after the claim when rows were claimed, before the render (the server's worker: the orders' turn, server/outbox/turns.ts) */
  beforeRender?: () => Promise<void>;
}

type Claimed = Omit<StoredOrder, 'lines' | 'seq'> & {
  seq: string | null;
  owed_seq: string;
  owed_status: OrderStatus;
  owed_payment_status: PaymentStatus;
  owed_refunds: BookedRefund[] | string | null;
  vat: VatBreakdown | string | null;
  lines: StoredOrder['lines'] | string | null;
};

/** A mail of the batch: its order's seq; `limitKey`: the guest's confirmation, counted against the address's limit. */
interface Queued extends MailMessage { seq: string; limitKey: string | null }

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * Claims up to $4 owed rows (the oldest orders first; rows another claim holds are skipped, rows given
 * up are left) and reads their orders, lines and VAT, in one statement ($1 now, $2 token, $3 lease in
 * seconds). An empty claim writes nothing: most runs (a kick whose order a run before took) are this one read.
 */
const CLAIM_SQL = `WITH c AS (
       UPDATE order_mails_owed SET claimed_by = $2, claimed_until = $1::timestamptz + make_interval(secs => $3)
       WHERE order_seq IN (
         SELECT order_seq FROM order_mails_owed WHERE failed_at IS NULL AND (claimed_until IS NULL OR claimed_until < $1::timestamptz)
         ORDER BY order_seq LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING order_seq AS owed_seq, status AS owed_status, payment_status AS owed_payment_status, refunds AS owed_refunds)
     SELECT c.*, ${ORDER_COLUMNS}, pricing->'vat' AS vat,
       (SELECT json_agg(json_build_object('position', l.position, 'kind', l.kind, 'name', l.name, 'amount', l.amount,
          'unit_price', l.unit_price, 'total', l.total, 'extras', l.extras) ORDER BY l.position)
        FROM order_lines l WHERE l.order_seq = orders.seq) AS lines
     FROM c LEFT JOIN orders ON orders.seq = c.owed_seq
     ORDER BY c.owed_seq`;

/**
 * Queues the mails of the claimed rows still ours ($1 token, $2 their seqs), counts the guests' limits
 * and deletes the rows, in one statement. The guest's confirmation goes only while the address's
 * count stays within ORDER_MAIL_LIMIT: an address with n mails here is counted n times and its i-th
 * (in order) goes when count − n + i ≤ max — what n orders one after the other counted. Rows that
 * could not be rendered ($14, $15) are kept with their error ('failed_at': never claimed again).
 */
const QUEUE_SQL = `WITH taken AS (
       DELETE FROM order_mails_owed WHERE order_seq = ANY($2::bigint[]) AND claimed_by = $1 RETURNING order_seq),
     m AS (
       SELECT u.*, row_number() OVER (PARTITION BY u.limit_key ORDER BY u.ord) AS nth, count(*) OVER (PARTITION BY u.limit_key) AS n
       FROM unnest($6::bigint[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
         WITH ORDINALITY AS u(seq, dedupe_key, to_address, subject, text_body, html_body, limit_key, ord)
       WHERE u.seq IN (SELECT order_seq FROM taken)),
     hits AS (${countHitsSql(`SELECT $3::text, m.limit_key, $4::timestamptz, count(*)::int FROM m WHERE m.limit_key IS NOT NULL GROUP BY m.limit_key`, '$5')}),
     mails AS (
       INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, html_body)
       SELECT m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body
       FROM m LEFT JOIN hits ON hits.key = m.limit_key
       WHERE m.limit_key IS NULL OR hits.count - m.n + m.nth <= $13::int
       ORDER BY m.ord
       ON CONFLICT (dedupe_key) DO NOTHING),
     failed AS (
       UPDATE order_mails_owed AS o SET failed_at = $4::timestamptz, last_error = f.error, claimed_by = NULL, claimed_until = NULL
       FROM unnest($14::bigint[], $15::text[]) AS f(seq, error)
       WHERE o.order_seq = f.seq AND o.claimed_by = $1)
     SELECT (SELECT count(*) FROM taken)::int AS taken,
       (SELECT count(*) FROM hits WHERE hits.count = (SELECT count(*) FROM m WHERE m.limit_key = hits.key))::int AS new_windows`;

/** The mails of one order (none when its shop is gone: as before, nothing to send and no one to tell). */
async function renderOne(ctx: OwedContext, c: Claimed): Promise<Queued[]> {
  const shop = await ctx.shops.getShop(c.shop_id);
  if (!shop) return [];
  const order: StoredOrder = {
    ...c, seq: c.owed_seq, status: c.owed_status, payment_status: c.owed_payment_status, lines: json(c.lines) ?? [],
  };
  const out: Queued[] = [];
  const guest = guestConfirmation(shop, order, json(c.vat));
  if (guest) out.push({ ...guest, seq: c.owed_seq, limitKey: mailLimitKey('order', guest.to) });
  const to = shop.settings?.email;
  if (to) out.push({ ...restaurantMail(order, shop.config.restaurantName ?? c.shop_id, to, json(c.owed_refunds) ?? []), seq: c.owed_seq, limitKey: null });
  return out;
}

/** PostgreSQL's data exceptions (SQLSTATE class 22) and integrity violations (23): an order's data, not the database's state. */
function isDataError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

const errorText = (e: unknown) => String((e as Error)?.message ?? e).slice(0, 500);

/** The queue statement for `seqs` (their mails among `mails`) and `failed`; returns the rows taken. */
async function queue(db: Db, token: string, now: Date, seqs: string[], mails: Queued[], failed: { seq: string; error: string }[]): Promise<number> {
  const own = new Set(seqs);
  const these = mails.filter((m) => own.has(m.seq));
  const [nowIso, expired] = countHitTimes(ORDER_MAIL_LIMIT.windowMs, now);
  const { rows } = await db.query<{ taken: number; new_windows: number }>(QUEUE_SQL, [
    token, seqs, MAIL_LIMIT_SCOPE, nowIso, expired,
    these.map((m) => m.seq), these.map((m) => m.dedupeKey ?? null), these.map((m) => m.to), these.map((m) => m.subject),
    these.map((m) => m.text), these.map((m) => m.html ?? null), these.map((m) => m.limitKey), ORDER_MAIL_LIMIT.max,
    failed.map((f) => f.seq), failed.map((f) => f.error),
  ]);
  // an address whose window started here (its count is this statement's own): the prune's moment (afterHit)
  if (Number(rows[0].new_windows) > 0) await afterHit(db, 1, now);
  return Number(rows[0].taken) + failed.length;
}

/**
 * The outbox worker's render step (server/routes/order.ts runOutbox, before it claims mails): claims up
 * to `limit` owed rows, renders their mails and queues them (see the head of this file). An order whose
 * mails cannot be rendered is kept as failed (failed_at, last_error) and logged; when the queue
 * statement fails as a whole, the orders are queued one by one and an order whose own statement fails
 * with a data error (SQLSTATE 22, 23) is kept as failed too — one bad order never blocks the others. Any
 * other error (the database away) gives the claim back (best effort; else its lease runs out) and is
 * thrown. Returns the rows claimed (a full batch: more may be owed).
 */
export async function renderOwedMails(ctx: OwedContext, opts: RenderOptions = {}): Promise<number> {
  const limit = opts.limit ?? OWED_BATCH;
  const now = opts.now ?? ctx.now();
  const logError = opts.logError ?? ((message: string, e: unknown) => console.error(message, e ?? ''));
  const token = `${PROCESS_ID}:${randomUUID()}`;
  const { rows } = await ctx.db.query<Claimed>(CLAIM_SQL, [now.toISOString(), token, (opts.leaseMs ?? OWED_LEASE_MS) / 1000, limit]);
  if (!rows.length) return 0;
  try {
    await opts.beforeRender?.();
    const mails: Queued[] = [];
    const failed: { seq: string; error: string }[] = [];
    const seqs: string[] = [];
    for (const c of rows) {
      c.owed_seq = String(c.owed_seq);
      if (c.seq === null) {
        // the order is gone (no foreign key: migration 037): nothing to send, the row goes
        logError(`[tischlein] owed mails of order ${c.owed_seq}: the order is gone, nothing sent`, null);
        seqs.push(c.owed_seq);
        continue;
      }
      try {
        mails.push(...(await renderOne(ctx, c)));
        seqs.push(c.owed_seq);
      } catch (e) {
        logError(`[tischlein] owed mails of order ${c.owed_seq} (${c.id}) could not be rendered; kept as failed in order_mails_owed`, e);
        failed.push({ seq: c.owed_seq, error: errorText(e) });
      }
    }
    try {
      return await queue(ctx.db, token, now, seqs, mails, failed);
    } catch (batchError) {
      if (!isDataError(batchError)) throw batchError;
      // one by one: the order whose mails the database refuses is given up alone
      let taken = failed.length ? await queue(ctx.db, token, now, [], [], failed) : 0;
      for (const seq of seqs) {
        try {
          taken += await queue(ctx.db, token, now, [seq], mails, []);
        } catch (e) {
          if (!isDataError(e)) throw e;
          logError(`[tischlein] owed mails of order ${seq} could not be queued; kept as failed in order_mails_owed`, e);
          taken += await queue(ctx.db, token, now, [], [], [{ seq, error: errorText(e) }]);
        }
      }
      return taken;
    }
  } catch (e) {
    // the rows go back at once (a database that is back takes them at the next run), or when the lease runs out
    await ctx.db.query('UPDATE order_mails_owed SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1', [token]).catch(() => undefined);
    throw e;
  }
}

/** Orders whose mails are owed and not given up (the development page /outbox shows them as waiting). */
export async function ordersOwedMails(db: DbQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_mails_owed WHERE failed_at IS NULL');
  return Number(rows[0].n);
}
