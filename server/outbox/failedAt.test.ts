// When an outbox row is given up its failed_at is set (migration 038; the operator's status shows it,
// server/operator/status.ts): by the outcome of its last attempt, and by the give-up of a row whose
// senders died — once, and not for rows that are retried or sent.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { processMails, type MailTransport } from './mail';

const NOW = new Date('2026-11-24T11:00:00Z');
const failing: MailTransport = { kind: 'smtp', async send() { throw new Error('421 try again later'); } };

describe('outbox rows given up get failed_at', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb();
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });
  const row = async (key: string) => (await db.query<{ status: string; attempts: number; failed_at: Date | null; last_error: string | null }>(
    'SELECT status, attempts, failed_at, last_error FROM outbox_mails WHERE dedupe_key = $1', [key])).rows[0];

  it('the last attempt failing: failed with failed_at = the run\'s time; an earlier failed attempt: pending, no failed_at', async () => {
    await db.query(`INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, status, attempts, next_attempt_at) VALUES
      ('last', 'a@example.de', 'A', 'a', 'pending', 7, '2026-11-24T10:00:00Z'), ('early', 'b@example.de', 'B', 'b', 'pending', 2, '2026-11-24T10:00:00Z')`);
    await processMails(db, failing, { now: NOW });
    expect(await row('last')).toEqual({ status: 'failed', attempts: 8, failed_at: new Date('2026-11-24T11:00:00Z'), last_error: '421 try again later' });
    expect(await row('early')).toEqual({ status: 'pending', attempts: 3, failed_at: null, last_error: '421 try again later' });
  });

  it('a row whose senders died as often as it may be tried: failed with failed_at = the giving-up run\'s time', async () => {
    await db.query(`INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, status, attempts, claimed_by, claimed_until) VALUES
      ('dead', 'c@example.de', 'C', 'c', 'sending', 8, 'dead-process', '2026-11-24T10:30:00Z')`);
    await processMails(db, failing, { now: new Date('2026-11-24T11:05:00Z') });
    expect(await row('dead')).toEqual({ status: 'failed', attempts: 8, failed_at: new Date('2026-11-24T11:05:00Z'), last_error: 'Absender abgebrochen (Lease abgelaufen)' });
    // given up once: a later run leaves it as it was
    await processMails(db, failing, { now: new Date('2026-11-24T12:00:00Z') });
    expect((await row('dead')).failed_at).toEqual(new Date('2026-11-24T11:05:00Z'));
  });
});
