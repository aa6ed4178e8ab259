// The outbox workers claim a row, commit, send outside any transaction and record the result only
// while the claim is theirs (./claim.ts). On PGlite always; on PostgreSQL too when TEST_DATABASE_URL
// is set (.ci/postgres-tests.sh).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { freshPgDatabase } from '../testingPg';
import { claimSql } from './claim';
import { enqueueMail, processMails, type MailTransport } from './mail';
import { enqueueWebhook, processWebhooks, verifyWebhookSignature } from './webhooks';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];
const T0 = new Date('2026-11-26T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

type Sent = { id: number; to: string; subject: string };
function recording(): MailTransport & { log: Sent[] } {
  const log: Sent[] = [];
  return { kind: 'database', log, async send(m) { log.push({ id: m.id, to: m.to, subject: m.subject }); } };
}
/** A transport that never answers until released (a sender stuck at the SMTP server, or killed). */
function hanging() {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const called = new Promise<void>((r) => { started = r; });
  const t: MailTransport = { kind: 'smtp', async send() { started(); await gate; } };
  return { t, release, called };
}

for (const backend of backends) {
  describe(`outbox claims on ${backend}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_outbox_test'), poolMax: 6 }) : await openDb();
      await migrate(db);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.query('DELETE FROM outbox_mails');
      await db.query('DELETE FROM webhook_deliveries');
    });
    const mailRow = async (subject: string) =>
      (await db.query<{ status: string; attempts: number; claimed_by: string | null }>('SELECT status, attempts, claimed_by FROM outbox_mails WHERE subject = $1', [subject])).rows[0];

    it('the outbox survives a sender killed mid-send: the claim runs out, another worker sends the mail once, later', async () => {
      await enqueueMail(db, { to: 'gast@example.org', subject: 'Bestellung A1', text: 'Danke.' });
      const stuck = hanging();
      // process 1 claims the mail and hangs at the SMTP server (then it is killed: it never records)
      const first = processMails(db, stuck.t, { now: at(0), leaseMs: 120_000 });
      await stuck.called;
      expect(await mailRow('Bestellung A1')).toMatchObject({ status: 'sending', attempts: 1 });

      // while process 1 talks to SMTP, the database answers everyone else (no transaction is held open)
      const other = recording();
      expect(await processMails(db, other, { now: at(30) })).toBe(0); // the claim is still alive: not sent twice
      expect(other.log).toEqual([]);

      // the lease has run out: process 2 claims it again and sends it
      expect(await processMails(db, other, { now: at(121) })).toBe(1);
      expect(other.log.map((m) => m.subject)).toEqual(['Bestellung A1']);
      expect(await mailRow('Bestellung A1')).toMatchObject({ status: 'sent', attempts: 2, claimed_by: null });
      expect(await processMails(db, other, { now: at(600) })).toBe(0);
      expect(other.log).toHaveLength(1);

      // process 1 was only slow and comes back: its claim is gone, its result is not recorded
      stuck.release();
      expect(await first).toBe(0);
      expect(await mailRow('Bestellung A1')).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('a failed send is recorded under its claim and retried after the backoff', async () => {
      await enqueueMail(db, { to: 'gast@example.org', subject: 'Bestellung B2', text: 'Danke.' });
      const failing: MailTransport = { kind: 'smtp', async send() { throw new Error('421 try again later'); } };
      expect(await processMails(db, failing, { now: at(0) })).toBe(0);
      const row = (await db.query<{ status: string; attempts: number; last_error: string; next_attempt_at: Date }>(
        'SELECT status, attempts, last_error, next_attempt_at FROM outbox_mails WHERE subject = $1', ['Bestellung B2'])).rows[0];
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later' });
      expect(new Date(row.next_attempt_at).toISOString()).toBe('2026-11-26T10:00:30.000Z');
      const ok = recording();
      expect(await processMails(db, ok, { now: at(29) })).toBe(0);
      expect(await processMails(db, ok, { now: at(30) })).toBe(1);
      expect(ok.log.map((m) => m.subject)).toEqual(['Bestellung B2']);
    });

    it('a mail whose senders die 8 times is given up (failed), not claimed forever', async () => {
      await enqueueMail(db, { to: 'gast@example.org', subject: 'Bestellung C3', text: 'Danke.' });
      await db.query(`UPDATE outbox_mails SET status = 'sending', attempts = 8, claimed_by = 'dead', claimed_until = $1`, [at(0).toISOString()]);
      const ok = recording();
      expect(await processMails(db, ok, { now: at(1) })).toBe(0);
      expect(ok.log).toEqual([]);
      expect(await mailRow('Bestellung C3')).toMatchObject({ status: 'failed', claimed_by: null });
    });

    it('two workers at once: every mail is sent exactly once', async () => {
      for (let i = 1; i <= 12; i++) await enqueueMail(db, { to: `gast${i}@example.org`, subject: `Mail ${i}`, text: '…' });
      const a = recording();
      const b = recording();
      const [na, nb] = await Promise.all([processMails(db, a, { now: at(0) }), processMails(db, b, { now: at(0) })]);
      expect(na + nb).toBe(12);
      const subjects = [...a.log, ...b.log].map((m) => m.subject).sort((x, y) => Number(x.slice(5)) - Number(y.slice(5)));
      expect(subjects).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5', 'Mail 6', 'Mail 7', 'Mail 8', 'Mail 9', 'Mail 10', 'Mail 11', 'Mail 12']);
    });

    it('webhooks: a killed sender\'s claim runs out, the next worker delivers once, signed with the shop\'s own secret', async () => {
      await enqueueWebhook(db, { shopId: 'roma', url: 'https://pos.example/hook', event: 'order.created', payload: { order: { id: 'o1' } } });
      await enqueueWebhook(db, { shopId: 'demo', url: 'https://pos.example/hook', event: 'order.created', payload: { order: { id: 'o2' } } });
      let started!: () => void;
      const called = new Promise<void>((r) => { started = r; });
      const stuckFetch = (() => { started(); return new Promise<Response>(() => undefined); }) as unknown as typeof fetch;
      void processWebhooks(db, { secret: 'env-secret', fetch: stuckFetch, now: at(0), limit: 1, leaseMs: 60_000, timeoutMs: 10_000 });
      await called;
      const seen: { body: string; signature: string | null }[] = [];
      const okFetch = (async (_url: string, init: RequestInit) => {
        seen.push({ body: String(init.body), signature: new Headers(init.headers).get('tischlein-signature') });
        return new Response('ok', { status: 200 });
      }) as unknown as typeof fetch;
      const secretFor = async (shopId: string) => (shopId === 'roma' ? 'roma-own-secret' : null);
      // o1 is claimed by the stuck sender: only o2 goes now, with the installation's secret (demo has none of its own)
      expect(await processWebhooks(db, { secret: 'env-secret', secretFor, fetch: okFetch, now: at(5) })).toEqual({ delivered: 1, failed: 0 });
      expect(seen.map((s) => JSON.parse(s.body).order.id)).toEqual(['o2']);
      const nowSec = Math.floor(at(5).getTime() / 1000);
      expect(verifyWebhookSignature('env-secret', seen[0].signature, seen[0].body, nowSec)).toBe(true);
      // after the lease: o1, once, signed with roma's own secret and not with the installation's
      expect(await processWebhooks(db, { secret: 'env-secret', secretFor, fetch: okFetch, now: at(61) })).toEqual({ delivered: 1, failed: 0 });
      expect(await processWebhooks(db, { secret: 'env-secret', secretFor, fetch: okFetch, now: at(300) })).toEqual({ delivered: 0, failed: 0 });
      expect(seen.map((s) => JSON.parse(s.body).order.id)).toEqual(['o2', 'o1']);
      const nowSec2 = Math.floor(at(61).getTime() / 1000);
      expect(verifyWebhookSignature('roma-own-secret', seen[1].signature, seen[1].body, nowSec2)).toBe(true);
      expect(verifyWebhookSignature('env-secret', seen[1].signature, seen[1].body, nowSec2)).toBe(false);
    });

    // PGlite only: PostgreSQL's autovacuum keeps the due index clean (migration 035)
    (backend === 'pglite' ? it : it.skip)('a claim reads the open rows only, not the outbox\'s history of sent mails (migration 035, statistics on PGlite)', async () => {
      // 1,200 mails go out the way the worker sends them (each pending → sending → sent); before, a
      // claim then read every one of them again (on PGlite after 3,000 mails ≈ 7–12 ms per claim,
      // growing with every order: the tail of the order load bench)
      const sender = recording();
      for (let i = 0; i < 60; i++) {
        // an order mail's size (text ≈ 1 KB, HTML ≈ 2 KB, not compressible): a few mails per page
        for (let k = 0; k < 20; k++) await enqueueMail(db, { to: `gast${i}-${k}@example.org`, subject: `alt ${i}-${k}`, text: randomBytes(500).toString('hex'), html: randomBytes(1000).toString('hex') });
        await processMails(db, sender, { now: at(i) });
      }
      expect(sender.log).toHaveLength(1200);
      await enqueueMail(db, { to: 'neu@example.org', subject: 'Bestellung neu', text: 'Danke.' });
      type PlanNode = { 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
      const mostFiltered = (n: PlanNode): number => Math.max(n['Rows Removed by Filter'] ?? 0, ...(n.Plans ?? []).map(mostFiltered));
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${claimSql('outbox_mails', 'subject')}`,
        [at(100).toISOString(), 'explain-token', 120, 8],
      );
      const raw = rows[0]['QUERY PLAN'];
      const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
      // rows read and thrown away: before, all 1,200 sent ones (and 353 pages read; now ≈ 30, the
      // claim's own update of the row and its indexes)
      expect(mostFiltered(plan)).toBeLessThan(10);
      // EXPLAIN ANALYZE ran the statement: the pending mail is claimed
      expect(await mailRow('Bestellung neu')).toMatchObject({ status: 'sending', attempts: 1, claimed_by: 'explain-token' });
    }, 60_000);
  });
}
