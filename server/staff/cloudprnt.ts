// Kitchen tickets on Star CloudPRNT printers (Star's "CloudPRNT Version HTTP"): the printer polls
// the server, the server never reaches into the restaurant's network.
//   POST {url}   the printer's status as JSON → { jobReady, mediaTypes, jobToken? }
//   GET  {url}?type=text/plain&token=…   the job's body in that media type (404: none, 415: type)
//   DELETE {url}?code=…&token=…          'OK' / '200 OK' (any 2xx): printed; else the print failed and
//                                        the job is offered again on the next poll (at most 5 times)
// {url} is /api/staff/{shopId}/cloudprnt/{token}: 32 random bytes per printer, stored as their
// sha-256, revoked by the owner. Jobs are plain text (every CloudPRNT device prints text/plain):
// the ticket of shared/inbox in 48 ASCII columns. Which orders print is the printer's setting:
// on accept (default: what the kitchen cooks) or on arrival; 'Bon drucken' adds a job by hand.
import { randomBytes } from 'node:crypto';
import { isToken } from '@shared/account';
import { ticketOf, ticketText, type TicketOrder } from '@shared/inbox';
import { hashToken, newToken } from '../accounts/service';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { inboxOrder } from './orders';

export const CLOUDPRNT_MEDIA_TYPE = 'text/plain';
/** failed prints of one job before it is given up (shown in the staff app) */
export const CLOUDPRNT_MAX_ATTEMPTS = 5;
/** automatic jobs look back this far (a printer that was off overnight does not print yesterday) */
const AUTO_LOOKBACK_MS = 12 * 3600_000;

export type PrintsOn = 'accept' | 'arrival';

export interface PrinterRow {
  id: string;
  shop_id: string;
  label: string;
  prints_on: PrintsOn;
  created_at: Date | string;
  revoked_at: Date | string | null;
  last_poll_at: Date | string | null;
  last_status: string | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function printerUrl(publicOrigin: string, shopId: string, token: string): string {
  return `${publicOrigin}/api/staff/${encodeURIComponent(shopId)}/cloudprnt/${token}`;
}

export async function createPrinter(q: DbQuery, shopId: string, label: string, printsOn: PrintsOn, now: Date): Promise<{ id: string; token: string }> {
  const id = randomBytes(9).toString('base64url');
  const token = newToken();
  await q.query('INSERT INTO cloudprnt_printers (id, shop_id, label, token_hash, prints_on, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id, shopId, label, hashToken(token), printsOn, now.toISOString(),
  ]);
  return { id, token };
}

export async function listPrinters(q: DbQuery, shopId: string) {
  const { rows } = await q.query<PrinterRow & { open: string; failed: string; printed: string }>(
    `SELECT p.id, p.label, p.prints_on, p.created_at, p.revoked_at, p.last_poll_at, p.last_status,
       (SELECT count(*) FROM cloudprnt_jobs j WHERE j.printer_id = p.id AND j.printed_at IS NULL AND j.failed_at IS NULL) AS open,
       (SELECT count(*) FROM cloudprnt_jobs j WHERE j.printer_id = p.id AND j.failed_at IS NOT NULL) AS failed,
       (SELECT count(*) FROM cloudprnt_jobs j WHERE j.printer_id = p.id AND j.printed_at IS NOT NULL) AS printed
     FROM cloudprnt_printers p WHERE p.shop_id = $1 ORDER BY p.created_at, p.id`,
    [shopId],
  );
  return rows.map((r) => ({
    id: r.id, label: r.label, printsOn: r.prints_on, createdAt: iso(r.created_at), revokedAt: iso(r.revoked_at),
    lastPollAt: iso(r.last_poll_at), lastStatus: r.last_status, openJobs: Number(r.open), failedJobs: Number(r.failed), printedJobs: Number(r.printed),
  }));
}

export async function revokePrinter(q: DbQuery, shopId: string, id: string, now: Date): Promise<boolean> {
  const { rows } = await q.query('UPDATE cloudprnt_printers SET revoked_at = $3 WHERE shop_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id', [shopId, id, now.toISOString()]);
  return rows.length > 0;
}

/** The shop's unrevoked printer with this token, or null. */
export async function printerOfToken(q: DbQuery, shopId: string, token: string): Promise<PrinterRow | null> {
  if (!isToken(token)) return null;
  const { rows } = await q.query<PrinterRow>(
    'SELECT id, shop_id, label, prints_on, created_at, revoked_at, last_poll_at, last_status FROM cloudprnt_printers WHERE token_hash = $1 AND shop_id = $2 AND revoked_at IS NULL',
    [hashToken(token), shopId],
  );
  return rows[0] ?? null;
}

/** A printer's status line, as reported (decoded, printable, short). */
function statusLine(s: unknown): string | null {
  if (typeof s !== 'string') return null;
  let t = s;
  try {
    t = decodeURIComponent(s);
  } catch {
    // keep it as sent
  }
  return t.replace(/[^\x20-\x7e]/g, '').slice(0, 100) || null;
}

/** Adds the automatic jobs the printer has not had yet (one per order; ON CONFLICT: never twice). */
async function addAutoJobs(q: DbQuery, p: PrinterRow, now: Date): Promise<void> {
  const since = new Date(Math.max(new Date(p.created_at).getTime(), now.getTime() - AUTO_LOOKBACK_MS)).toISOString();
  const column = p.prints_on === 'accept' ? 'accepted_at' : 'inbox_at';
  await q.query(
    `INSERT INTO cloudprnt_jobs (printer_id, order_seq, auto, created_at)
     SELECT $1, o.seq, true, $3 FROM orders o
     WHERE o.shop_id = $2 AND o.inbox_at IS NOT NULL AND o.inbox_at >= $5 AND o.${column} >= $4
     ORDER BY o.${column}, o.seq
     ON CONFLICT (printer_id, order_seq) WHERE auto DO NOTHING`,
    // inbox_at bounds the scan (orders_inbox index): an order is accepted within hours of arriving
    [p.id, p.shop_id, now.toISOString(), since, new Date(now.getTime() - 2 * AUTO_LOOKBACK_MS).toISOString()],
  );
}

interface JobRow {
  id: string;
  order_seq: string;
}

/** The job with this token (or, from firmware without tokens, the oldest open one). */
async function openJob(q: DbQuery, p: PrinterRow, token: string | undefined): Promise<JobRow | null> {
  if (token !== undefined) {
    const m = /^j(\d{1,18})$/.exec(token);
    if (!m) return null;
    const { rows } = await q.query<JobRow>('SELECT id, order_seq FROM cloudprnt_jobs WHERE id = $1 AND printer_id = $2 AND printed_at IS NULL AND failed_at IS NULL', [m[1], p.id]);
    return rows[0] ?? null;
  }
  const { rows } = await q.query<JobRow>('SELECT id, order_seq FROM cloudprnt_jobs WHERE printer_id = $1 AND printed_at IS NULL AND failed_at IS NULL ORDER BY id LIMIT 1', [p.id]);
  return rows[0] ?? null;
}

export interface PollAnswer {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
}

/** The printer's poll: its status is kept, its automatic jobs added, the next job offered. */
export async function poll(q: DbQuery, p: PrinterRow, body: { statusCode?: unknown; printingInProgress?: unknown }, now: Date): Promise<PollAnswer> {
  await q.query('UPDATE cloudprnt_printers SET last_poll_at = $2, last_status = $3 WHERE id = $1', [p.id, now.toISOString(), statusLine(body.statusCode)]);
  await addAutoJobs(q, p, now);
  // busy printing: nothing new until it is done (the protocol's own flag)
  if (body.printingInProgress === true) return { jobReady: false };
  const job = await openJob(q, p, undefined);
  return job ? { jobReady: true, mediaTypes: [CLOUDPRNT_MEDIA_TYPE], jobToken: `j${job.id}` } : { jobReady: false };
}

/** The job's body (the ticket as text), or why not: 'none' (404) / 'type' (415). No side effects (the protocol's GET). */
export async function jobBody(ctx: ServerContext, p: PrinterRow, token: string | undefined, type: string | undefined): Promise<string | 'none' | 'type'> {
  if ((type ?? '').split(';')[0].trim().toLowerCase() !== CLOUDPRNT_MEDIA_TYPE) return 'type';
  const job = await openJob(ctx.db, p, token);
  if (!job) return 'none';
  const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM orders WHERE seq = $1 AND shop_id = $2', [job.order_seq, p.shop_id]);
  if (!rows[0]) return 'none';
  const o = await inboxOrder(ctx, p.shop_id, rows[0].id);
  return ticketText(ticketOf({ ...o, type: o.type as TicketOrder['type'] }));
}

/** Whether a confirmation code says printed: 'OK', '200 OK', any 2xx. */
export function printedOk(code: string): boolean {
  return /^(ok\b|2\d\d\b)/i.test(code.trim());
}

/** The printer's DELETE: printed (done), or failed (offered again; given up after MAX attempts). */
export async function confirm(q: DbQuery, p: PrinterRow, token: string | undefined, code: string, now: Date): Promise<'printed' | 'retry' | 'given_up' | 'none'> {
  const job = await openJob(q, p, token);
  if (!job) return 'none';
  const c = statusLine(code) ?? '';
  if (printedOk(c)) {
    await q.query('UPDATE cloudprnt_jobs SET printed_at = $2, last_code = $3 WHERE id = $1', [job.id, now.toISOString(), c]);
    return 'printed';
  }
  const { rows } = await q.query<{ attempts: number }>(
    `UPDATE cloudprnt_jobs SET attempts = attempts + 1, last_code = $2,
       failed_at = CASE WHEN attempts + 1 >= $3 THEN $4::timestamptz ELSE NULL END
     WHERE id = $1 RETURNING attempts`,
    [job.id, c, CLOUDPRNT_MAX_ATTEMPTS, now.toISOString()],
  );
  return Number(rows[0]?.attempts) >= CLOUDPRNT_MAX_ATTEMPTS ? 'given_up' : 'retry';
}

/** 'Bon drucken' on the shop's printers: one manual job per unrevoked printer; returns how many. */
export async function queueManualJobs(q: DbQuery, shopId: string, orderSeq: string, now: Date): Promise<number> {
  const { rows } = await q.query(
    `INSERT INTO cloudprnt_jobs (printer_id, order_seq, auto, created_at)
     SELECT id, $2, false, $3 FROM cloudprnt_printers WHERE shop_id = $1 AND revoked_at IS NULL RETURNING id`,
    [shopId, orderSeq, now.toISOString()],
  );
  return rows.length;
}
