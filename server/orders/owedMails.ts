// An order's mails, rendered by the outbox worker (docs/decisions.md, "2026-11-27 — An order's mails
// rendered by the outbox worker"). The statement that makes an order binding records only that its
// mails are owed (order_mails_owed, migration 037: ./notify.ts orderNotifications); the worker takes
// a batch of owed rows before it claims mails, renders the guest's confirmation (./guestMail.ts) and
// the restaurant's mail (./notify.ts) from the orders and queues them in outbox_mails with the
// guest's mail limit — in ONE transaction with the rows' deletion: a crash before its commit leaves
// the rows for the next run, and two processes on one PostgreSQL take other rows (FOR UPDATE SKIP
// LOCKED), so no order is rendered twice (the mails' dedupe keys stay as a second guard).
import type { VatBreakdown } from '@shared/cartpricing';
import type { OrderStatus, PaymentStatus } from '@shared/checkout';
import type { Db, DbQuery } from '../db';
import { afterHit, countHitsSql, countHitTimes, MAIL_LIMIT_SCOPE, mailLimitKey, ORDER_MAIL_LIMIT } from '../limits';
import type { MailMessage } from '../outbox/mail';
import type { ShopRepository } from '../shops/repository';
import { guestConfirmation } from './guestMail';
import { restaurantMail, type BookedRefund } from './notify';
import { ORDER_COLUMNS, type StoredOrder } from './read';

/** Owed rows taken by one run (renderOwedMails' default limit): two mails each at most. */
export const OWED_BATCH = 20;

/** What the render needs of the server's context (ServerContext has it). */
export interface OwedContext {
  db: Db;
  shops: Pick<ShopRepository, 'getShop'>;
  now: () => Date;
}

export interface RenderOptions {
  /** rows taken at most (default OWED_BATCH) */
  limit?: number;
  /** the mail limit's clock (default ctx.now()) */
  now?: Date;
  /** an order that cannot be rendered (default console.error) */
  logError?: (message: string, e: unknown) => void;
  /**
   * awaited before the render's transaction when rows are owed (the server's worker: the orders'
   * turn, server/outbox/turns.ts — the transaction holds PGlite's one connection while it renders)
   */
  beforeRender?: () => Promise<void>;
}

type Taken = Omit<StoredOrder, 'lines' | 'seq'> & {
  seq: string | null;
  owed_seq: string;
  owed_status: OrderStatus;
  owed_payment_status: PaymentStatus;
  owed_refunds: BookedRefund[] | string | null;
  vat: VatBreakdown | string | null;
  lines: StoredOrder['lines'] | string | null;
};

/** A mail of the batch; `limitKey`: the guest's confirmation, counted against the address's limit. */
interface Queued extends MailMessage { limitKey: string | null }

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * Takes up to $1 owed rows (the oldest orders first; rows another transaction holds are skipped;
 * rows given up are left), with their orders, lines and VAT, in one statement. `only` ($2, optional):
 * just these orders (the one-by-one retry).
 */
function takeSql(only: boolean): string {
  return `WITH taken AS (
       DELETE FROM order_mails_owed WHERE order_seq IN (
         SELECT order_seq FROM order_mails_owed WHERE failed_at IS NULL${only ? ' AND order_seq = ANY($2::bigint[])' : ''}
         ORDER BY order_seq LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING order_seq AS owed_seq, status AS owed_status, payment_status AS owed_payment_status, refunds AS owed_refunds)
     SELECT taken.*, ${ORDER_COLUMNS}, pricing->'vat' AS vat,
       (SELECT json_agg(json_build_object('position', l.position, 'kind', l.kind, 'name', l.name, 'amount', l.amount,
          'unit_price', l.unit_price, 'total', l.total, 'extras', l.extras) ORDER BY l.position)
        FROM order_lines l WHERE l.order_seq = orders.seq) AS lines
     FROM taken LEFT JOIN orders ON orders.seq = taken.owed_seq
     ORDER BY taken.owed_seq`;
}

/**
 * Queues the batch's mails and counts the guests' limits in one statement. The guest's
 * confirmation goes only while the address's count stays within ORDER_MAIL_LIMIT: an address with
 * n mails in the batch is counted n times and its i-th mail (in order) goes when count - n + i ≤ max
 * — what n orders one after the other counted. Rows that could not be rendered go back with their
 * error ('failed_at': not taken again). Returns the counted keys.
 */
const QUEUE_SQL = `WITH hits AS (${countHitsSql('$1', '$2', '$3', '$4', '$5')}),
     mails AS (
       INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, html_body)
       SELECT m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body
       FROM unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::int[], $14::int[])
         WITH ORDINALITY AS m(dedupe_key, to_address, subject, text_body, html_body, limit_key, nth, n, ord)
       LEFT JOIN hits ON hits.key = m.limit_key
       WHERE m.limit_key IS NULL OR hits.count - m.n + m.nth <= $6::int
       ORDER BY m.ord
       ON CONFLICT (dedupe_key) DO NOTHING),
     failed AS (
       INSERT INTO order_mails_owed (order_seq, status, payment_status, refunds, failed_at, last_error)
       SELECT f.seq, f.status, f.payment_status, f.refunds::jsonb, $4::timestamptz, f.error
       FROM unnest($15::bigint[], $16::text[], $17::text[], $18::text[], $19::text[]) AS f(seq, status, payment_status, refunds, error))
     SELECT hits.key, hits.count FROM hits`;

/** The mails of one order (none when its shop is gone: as before, nothing to send and no one to tell). */
async function renderOne(tx: DbQuery, ctx: OwedContext, t: Taken): Promise<Queued[]> {
  const shop = await ctx.shops.getShop(t.shop_id, tx);
  if (!shop) return [];
  const order: StoredOrder = {
    ...t, seq: t.owed_seq, status: t.owed_status, payment_status: t.owed_payment_status, lines: json(t.lines) ?? [],
  };
  const out: Queued[] = [];
  const guest = guestConfirmation(shop, order, json(t.vat));
  if (guest) out.push({ ...guest, limitKey: mailLimitKey('order', guest.to) });
  const to = shop.settings?.email;
  if (to) out.push({ ...restaurantMail(order, shop.config.restaurantName ?? t.shop_id, to, json(t.owed_refunds) ?? []), limitKey: null });
  return out;
}

/** One run's transaction: take, render, queue. Returns the rows taken. */
async function renderBatch(ctx: OwedContext, limit: number, now: Date, logError: NonNullable<RenderOptions['logError']>, only?: string[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Taken>(takeSql(!!only), only ? [limit, only] : [limit]);
    const mails: Queued[] = [];
    const failed: { seq: string; status: string; payment_status: string; refunds: string | null; error: string }[] = [];
    for (const t of rows) {
      t.owed_seq = String(t.owed_seq);
      if (t.seq === null) {
        // the order is gone (no foreign key: migration 037): nothing to send
        logError(`[tischlein] owed mails of order ${t.owed_seq}: the order is gone, nothing sent`, null);
        continue;
      }
      try {
        mails.push(...(await renderOne(tx, ctx, t)));
      } catch (e) {
        logError(`[tischlein] owed mails of order ${t.owed_seq} (${t.id}) could not be rendered; kept as failed in order_mails_owed`, e);
        const refunds = json(t.owed_refunds);
        failed.push({ seq: t.owed_seq, status: t.owed_status, payment_status: t.owed_payment_status, refunds: refunds ? JSON.stringify(refunds) : null, error: String((e as Error)?.message ?? e).slice(0, 500) });
      }
    }
    if (!mails.length && !failed.length) return rows.length;
    // each address once, with its mails' count; each guest mail its place among them
    const perKey = new Map<string, number>();
    const nth = mails.map((m) => (m.limitKey ? perKey.set(m.limitKey, (perKey.get(m.limitKey) ?? 0) + 1).get(m.limitKey)! : 0));
    const [nowIso, expired] = countHitTimes(ORDER_MAIL_LIMIT.windowMs, now);
    const hits = await tx.query<{ key: string; count: number }>(QUEUE_SQL, [
      MAIL_LIMIT_SCOPE, [...perKey.keys()], [...perKey.values()], nowIso, expired, ORDER_MAIL_LIMIT.max,
      mails.map((m) => m.dedupeKey ?? null), mails.map((m) => m.to), mails.map((m) => m.subject), mails.map((m) => m.text),
      mails.map((m) => m.html ?? null), mails.map((m) => m.limitKey), nth, mails.map((m) => (m.limitKey ? perKey.get(m.limitKey)! : 0)),
      failed.map((f) => f.seq), failed.map((f) => f.status), failed.map((f) => f.payment_status), failed.map((f) => f.refunds), failed.map((f) => f.error),
    ]);
    // a key whose window started with this batch (its count is the batch's own): the prune's moment (afterHit)
    if (hits.rows.some((h) => Number(h.count) === perKey.get(h.key))) await afterHit(tx, 1, now);
    return rows.length;
  });
}

/** PostgreSQL's data exceptions (SQLSTATE class 22) and integrity violations (23): an order's data, not the database's state. */
function isDataError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * The outbox worker's render step (server/routes/order.ts runOutbox, before it claims mails): takes
 * up to `limit` owed rows, renders their mails and queues them, in one transaction. When that
 * transaction fails as a whole, the rows are tried one by one: a row that fails alone with a data
 * error (SQLSTATE 22, 23) is given up (failed_at, last_error) — one bad order never blocks the
 * others; any other error (the database away) leaves the rows for the next run and is thrown.
 * Returns the rows taken (a full batch: more may be owed).
 */
export async function renderOwedMails(ctx: OwedContext, opts: RenderOptions = {}): Promise<number> {
  const limit = opts.limit ?? OWED_BATCH;
  const now = opts.now ?? ctx.now();
  const logError = opts.logError ?? ((message: string, e: unknown) => console.error(message, e ?? ''));
  // nothing owed (most runs: a kick whose orders a run before took): one small read, no transaction
  const { rows: any } = await ctx.db.query('SELECT 1 FROM order_mails_owed WHERE failed_at IS NULL LIMIT 1');
  if (!any.length) return 0;
  await opts.beforeRender?.();
  try {
    return await renderBatch(ctx, limit, now, logError);
  } catch (batchError) {
    const { rows } = await ctx.db.query<{ order_seq: string }>(
      'SELECT order_seq FROM order_mails_owed WHERE failed_at IS NULL ORDER BY order_seq LIMIT $1', [limit],
    );
    if (!rows.length) throw batchError;
    let taken = 0;
    for (const { order_seq } of rows) {
      const seq = String(order_seq);
      try {
        taken += await renderBatch(ctx, 1, now, logError, [seq]);
      } catch (e) {
        // a database that is away (or any error that is not about this order's data) is tried again next run
        if (!isDataError(e)) throw e;
        logError(`[tischlein] owed mails of order ${seq} could not be queued; kept as failed in order_mails_owed`, e);
        await ctx.db.query('UPDATE order_mails_owed SET failed_at = $2, last_error = $3 WHERE order_seq = $1 AND failed_at IS NULL', [seq, now.toISOString(), String((e as Error)?.message ?? e).slice(0, 500)]);
        taken++;
      }
    }
    return taken;
  }
}

/** Orders whose mails are owed and not given up (the development page /outbox shows them as waiting). */
export async function ordersOwedMails(db: DbQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_mails_owed WHERE failed_at IS NULL');
  return Number(rows[0].n);
}
