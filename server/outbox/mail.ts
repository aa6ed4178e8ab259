// The mail outbox: messages are written to the database in the same transaction as what caused
// them, then a worker delivers them — by SMTP (nodemailer, SMTP_URL) or, without it, into a folder
// (one .eml per message). Reusable for any mail (orders now, login links later).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, DbQuery } from '../db';
import { runClaims } from './claim';
import { html, htmlText } from '../html';

export interface MailMessage {
  to: string;
  subject: string;
  /** plain-text part (always) */
  text: string;
  /** optional HTML part */
  html?: string | null;
  /** one message per key: a second enqueue with the same key is ignored */
  dedupeKey?: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'folder' | 'database';
  send(msg: { id: number; from: string; to: string; subject: string; text: string; html: string | null }): Promise<void>;
}

export const DEFAULT_FROM = 'Tischlein <bestellung@tischlein.localhost>';

/** Adds a message to the outbox (inside the caller's transaction when `q` is one). */
export async function enqueueMail(q: DbQuery, msg: MailMessage): Promise<void> {
  await q.query(mailInsertSql('VALUES ($1, $2, $3, $4, $5)'), mailValues(msg));
}

/**
 * The INSERT of one message into the outbox (once per dedupe key), its five values given by `source`:
 * 'VALUES ($1, …, $5)', or a SELECT of them (a CTE of a larger statement: server/orders/notify.ts).
 */
export function mailInsertSql(source: string): string {
  return `INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, html_body) ${source}
     ON CONFLICT (dedupe_key) DO NOTHING`;
}

/** The five values of mailInsertSql, in its order. */
export function mailValues(msg: MailMessage): [string | null, string, string, string, string | null] {
  return [msg.dedupeKey ?? null, msg.to, msg.subject, msg.text, msg.html ?? null];
}

/** SMTP through nodemailer. */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  // nodemailer waits up to 10 minutes on a silent server by default; these bound one message well
  // inside MAIL_LEASE_MS, so no other process takes the claim over while this one still sends
  const transporter = (nodemailer.default ?? nodemailer).createTransport({
    url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
    },
  };
}

/**
 * Writes each message as an RFC 822 file (`{id}.eml`) into `dir` (the demo's outbox folder).
 * The MIME builder (nodemailer's stream transport) and the folder are made once, at the first
 * message, not per message: both cost CPU on every order's mails (docs/benchmarks.md).
 */
export function folderTransport(dir: string): MailTransport {
  let ready: Promise<{ sendMail(m: object): Promise<{ message: unknown }> }> | null = null;
  const setUp = async () => {
    const nodemailer = await import('nodemailer');
    await mkdir(dir, { recursive: true });
    // nodemailer's stream transport builds the real MIME message (text + html parts, encodings)
    return (nodemailer.default ?? nodemailer).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  return {
    kind: 'folder',
    async send(m) {
      // a failed set-up (the folder cannot be made) is tried again at the next message
      ready ??= setUp().catch((e: unknown) => {
        ready = null;
        throw e;
      });
      const t = await ready;
      const info = await t.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
      const file = join(dir, `${String(m.id).padStart(6, '0')}.eml`);
      try {
        await writeFile(file, info.message as Buffer);
      } catch (e) {
        // the folder was removed while the server ran (someone emptied the outbox): made again
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
    },
  };
}

/** Keeps messages in the database only (DATA_DIR=memory, tests): the /outbox page shows them. */
export const databaseTransport: MailTransport = { kind: 'database', async send() {} };

const MAX_MAIL_ATTEMPTS = 8;

/** Mails claimed in one statement by a worker run (processMails' default limit). */
export const MAIL_BATCH = 20;

/**
 * How long a claimed mail is the sender's: longer than the SMTP transport may take for one message
 * (its timeouts below), so a living sender never loses its claim to another process mid-send.
 */
export const MAIL_LEASE_MS = 120_000;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … at most 6 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

interface MailRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

/**
 * Delivers due messages (at most `limit`): claimed together in one statement that commits first
 * (./claim.ts runClaims), sent outside any transaction, the results recorded only while the claim
 * is still ours — after each message for SMTP, in one statement for the batch for the local
 * transports (folder, database). Several server processes may run this at once; a process killed
 * mid-send leaves its claim, which another process takes over once the lease (`leaseMs`, default
 * MAIL_LEASE_MS) has run out. `beforeEach` is awaited before each message (the server's worker: the
 * orders' turn, server/outbox/turns.ts).
 */
export async function processMails(
  db: Db, transport: MailTransport,
  opts: { from?: string; limit?: number; now?: Date; leaseMs?: number; beforeEach?: () => Promise<void>; stopping?: () => boolean } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const { done } = await runClaims<MailRow>(db, 'outbox_mails', 'to_address, subject, text_body, html_body', {
    now, leaseMs: opts.leaseMs ?? MAIL_LEASE_MS, maxAttempts: MAX_MAIL_ATTEMPTS, limit: opts.limit ?? MAIL_BATCH,
    flushEvery: transport.kind === 'smtp' ? 1 : Number.POSITIVE_INFINITY, doneStatus: 'sent', doneColumn: 'sent_at',
    beforeSend: opts.beforeEach, stopping: opts.stopping,
  }, async (row) => {
    try {
      await transport.send({ id: row.id, from: opts.from ?? DEFAULT_FROM, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
      return null;
    } catch (e) {
      return { error: String((e as Error).message ?? e), backoffSeconds: backoffSeconds(row.attempts) };
    }
  });
  return done;
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
}

export async function listMails(db: Db, limit = 50): Promise<OutboxEntry[]> {
  const { rows } = await db.query<{ id: number; to_address: string; subject: string; text_body: string; status: string; created_at: Date | string }>(
    'SELECT id, to_address, subject, text_body, status, created_at FROM outbox_mails ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id), to: r.to_address, subject: r.subject, text: r.text_body, status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The /outbox page (demo): the latest messages, German, plain text shown as is. */
export function outboxPage(entries: OutboxEntry[], transportKind: string, ordersOwed = 0): string {
  const items = entries.map(
    (e) => html`<article><h2>${e.subject}</h2><p class="meta">An: ${e.to} · ${new Date(e.createdAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} · ${e.status === 'sent' ? 'versendet' : e.status === 'failed' ? 'fehlgeschlagen' : e.status === 'sending' ? 'wird versendet' : 'wartet'}</p><pre>${e.text}</pre></article>\n`,
  );
  return htmlText(html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Postausgang</title><style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-word}.meta{color:#555}</style></head>
<body><h1>Postausgang</h1><p role="note"><strong>Nur in der Entwicklung:</strong> Diese Seite zeigt allen, die sie aufrufen, die letzten E-Mails mit Anmeldelinks und Kundendaten. Im Produktionsbetrieb (<code>NODE_ENV=production</code>) gibt es sie nicht.</p><p>Hier erscheinen die E-Mails, die der Server verschicken würde (Zustellung: ${transportKind === 'folder' ? 'Ordner' : transportKind === 'smtp' ? 'SMTP' : 'nur Datenbank'}).</p>
${ordersOwed > 0 ? html`<p role="status">${ordersOwed === 1 ? '1 Bestellung wartet' : `${ordersOwed} Bestellungen warten`} noch auf ihre E-Mails.</p>\n` : ''}${items.length ? items : html`<p>Noch keine Nachrichten.</p>`}
</body></html>`);
}
