// The outbox worker's cost per mail (docs/benchmarks.md): the due rows are claimed in one statement
// (the abandoned ones given up in it), a local transport's results recorded in one statement per
// run; SMTP's after each message. A claim's rows are sent only while it is young (a quarter of the
// lease), the rest is given back untried. On PGlite always; on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { freshPgDatabase } from '../testingPg';
import { enqueueMail, processMails, type MailTransport } from './mail';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];
const T0 = new Date('2026-11-26T10:00:00Z');

/** `db` with its statements counted (outside transactions: the worker uses none). */
function counting(db: Db): Db & { statements: string[] } {
  const statements: string[] = [];
  return { ...db, kind: db.kind, statements, query: (sql, params) => { statements.push(sql); return db.query(sql, params); } } as Db & { statements: string[] };
}

for (const backend of backends) {
  describe(`outbox batches on ${backend}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_outbox_batch_test'), poolMax: 4 }) : await openDb();
      await migrate(db);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.query('DELETE FROM outbox_mails');
    });
    const rows = async () =>
      (await db.query<{ subject: string; status: string; attempts: number; claimed_by: string | null }>('SELECT subject, status, attempts, claimed_by FROM outbox_mails ORDER BY id')).rows;

    it('five mails through a local transport: one claim statement, one record statement, each mail once', async () => {
      for (let i = 1; i <= 5; i++) await enqueueMail(db, { to: `gast${i}@example.org`, subject: `Mail ${i}`, text: '…' });
      const sent: string[] = [];
      const transport: MailTransport = { kind: 'database', async send(m) { sent.push(m.subject); } };
      const c = counting(db);
      expect(await processMails(c, transport, { now: T0 })).toBe(5);
      expect(sent).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
      expect(c.statements.filter((s) => !/^ANALYZE/.test(s))).toHaveLength(2);
      expect(await rows()).toEqual([1, 2, 3, 4, 5].map((i) => ({ subject: `Mail ${i}`, status: 'sent', attempts: 1, claimed_by: null })));
      // nothing due: one statement (the claim finds nothing, nothing to record)
      const again = counting(db);
      expect(await processMails(again, transport, { now: T0 })).toBe(0);
      expect(again.statements).toHaveLength(1);
    });

    it('a failure in a batch: that mail waits for its backoff, the others are sent', async () => {
      for (let i = 1; i <= 3; i++) await enqueueMail(db, { to: `gast${i}@example.org`, subject: `Mail ${i}`, text: '…' });
      const transport: MailTransport = { kind: 'folder', async send(m) { if (m.subject === 'Mail 2') throw new Error('Platte voll'); } };
      expect(await processMails(db, transport, { now: T0 })).toBe(2);
      const failed = (await db.query<{ status: string; attempts: number; last_error: string; next_attempt_at: Date }>(
        "SELECT status, attempts, last_error, next_attempt_at FROM outbox_mails WHERE subject = 'Mail 2'")).rows[0];
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Platte voll' });
      expect(new Date(failed.next_attempt_at).toISOString()).toBe('2026-11-26T10:00:30.000Z');
      expect((await rows()).map((r) => r.status)).toEqual(['sent', 'pending', 'sent']);
    });

    it('a slow transport: the mails not started within a quarter of the lease go back untried (attempt not counted)', async () => {
      for (let i = 1; i <= 3; i++) await enqueueMail(db, { to: `gast${i}@example.org`, subject: `Mail ${i}`, text: '…' });
      const sent: string[] = [];
      // lease 400 ms: a send may start up to 100 ms after the claim; the first one takes 150 ms
      const slow: MailTransport = { kind: 'database', async send(m) { sent.push(m.subject); await new Promise((r) => setTimeout(r, 150)); } };
      expect(await processMails(db, slow, { now: T0, leaseMs: 400 })).toBe(1);
      expect(sent).toEqual(['Mail 1']);
      expect(await rows()).toEqual([
        { subject: 'Mail 1', status: 'sent', attempts: 1, claimed_by: null },
        { subject: 'Mail 2', status: 'pending', attempts: 0, claimed_by: null },
        { subject: 'Mail 3', status: 'pending', attempts: 0, claimed_by: null },
      ]);
      // the next run takes them (at once: they were never tried, no backoff)
      expect(await processMails(db, slow, { now: T0, leaseMs: 60_000 })).toBe(2);
      expect(sent).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
    });

    it('SMTP: each result is recorded before the next mail goes out (a sender killed mid-run repeats only the mail in flight)', async () => {
      for (let i = 1; i <= 2; i++) await enqueueMail(db, { to: `gast${i}@example.org`, subject: `Mail ${i}`, text: '…' });
      let release!: () => void;
      let secondStarted!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      const started = new Promise<void>((r) => { secondStarted = r; });
      const smtp: MailTransport = { kind: 'smtp', async send(m) { if (m.subject === 'Mail 2') { secondStarted(); await gate; } } };
      const run = processMails(db, smtp, { now: T0 });
      await started;
      expect((await rows()).map((r) => [r.subject, r.status])).toEqual([['Mail 1', 'sent'], ['Mail 2', 'sending']]);
      release();
      expect(await run).toBe(2);
    });
  });
}
