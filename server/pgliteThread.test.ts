// PGlite runs in a worker thread (server/pgliteWorker.cjs): what crosses between the threads keeps what
// callers read — values as PGlite's parsers give them, errors with their SQLSTATE and fields, notifications —
// and a thread that dies or was closed fails every call with DbUnavailableError instead of hanging it.
import { describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { DbUnavailableError, isDbUnavailable, isUniqueViolation, openDb, PGLITE_WORKER, pgliteWorkerArgv, type Db } from './db';

/** Waits (2 s at most) until `cond` holds: notifications come as messages of their own. */
async function until(cond: () => boolean): Promise<void> {
  for (const end = Date.now() + 2000; !cond() && Date.now() < end;) await new Promise((r) => setTimeout(r, 5));
}

const workerOf = (db: Db) => (db as unknown as Record<symbol, Worker>)[PGLITE_WORKER];

describe("PGlite's thread", () => {
  it('values cross as PGlite parses them: instants as Date, numbers, text, JSON, bytes, arrays, NULL', async () => {
    const db = await openDb();
    try {
      const { rows } = await db.query(
        `SELECT $1::timestamptz AS at, 42::int AS i, 9007199254740993::int8 AS big, 12::int8 AS small, 3.50::numeric AS dec,
                'ä "x"'::text AS t, true AS b, $2::jsonb AS doc, '\\x0aff'::bytea AS raw, ARRAY[1, 2]::int[] AS list,
                NULL::text AS nothing, '2026-11-26'::date AS day`,
        [new Date('2026-11-26T08:15:00.000Z'), { name: 'Pizza', lines: [1, 2], none: null }],
      );
      expect(rows).toEqual([{
        at: new Date('2026-11-26T08:15:00.000Z'),
        i: 42,
        big: 9007199254740993n,
        small: 12,
        dec: '3.50',
        t: 'ä "x"',
        b: true,
        doc: { name: 'Pizza', lines: [1, 2], none: null },
        raw: new Uint8Array([10, 255]),
        list: [1, 2],
        nothing: null,
        day: new Date('2026-11-26T00:00:00.000Z'),
      }]);
      expect(Object.prototype.toString.call(rows[0].at)).toBe('[object Date]');
      // a row's instant goes back as a parameter unchanged
      expect((await db.query('SELECT $1::timestamptz = $2::timestamptz AS same', [rows[0].at, '2026-11-26T08:15:00Z'])).rows).toEqual([{ same: true }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("errors keep their fields (a unique violation's code, detail, constraint, severity); the connection goes on", async () => {
    const db = await openDb();
    try {
      await db.exec('CREATE TABLE u (id int PRIMARY KEY, k text CONSTRAINT u_k_key UNIQUE)');
      await db.query('INSERT INTO u (id, k) VALUES ($1, $2)', [1, 'a']);
      const dup = (await db.query('INSERT INTO u (id, k) VALUES ($1, $2)', [2, 'a']).catch((e: unknown) => e)) as Record<string, unknown>;
      expect(dup).toBeInstanceOf(Error);
      expect(isUniqueViolation(dup)).toBe(true);
      expect(isDbUnavailable(dup)).toBe(false);
      expect(dup).toMatchObject({
        code: '23505',
        message: 'duplicate key value violates unique constraint "u_k_key"',
        detail: 'Key (k)=(a) already exists.',
        constraint: 'u_k_key',
        table: 'u',
        severity: 'ERROR',
      });
      // a changed result type (0A000) inside a transaction reaches the caller; outside, the statement is prepared again
      await db.query('SELECT * FROM u WHERE id = $1', [1]);
      await db.exec('ALTER TABLE u ADD COLUMN note text');
      await expect(db.transaction((tx) => tx.query('SELECT * FROM u WHERE id = $1', [1]))).rejects.toMatchObject({
        code: '0A000',
        message: 'cached plan must not change result type',
      });
      expect((await db.query('SELECT * FROM u WHERE id = $1', [1])).rows).toEqual([{ id: 1, k: 'a', note: null }]);
      // a syntax error from exec
      await expect(db.exec('SELEC 1')).rejects.toMatchObject({ code: '42601', severity: 'ERROR' });
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM u')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a transaction holds the one connection and rolls back when its function throws (the same error object)', async () => {
    const db = await openDb();
    try {
      await db.exec('CREATE TABLE t (k text PRIMARY KEY)');
      const thrown = new Error('the order was refused');
      const seen: string[] = [];
      let outside: Promise<unknown> = Promise.resolve();
      const tx = db.transaction(async (q) => {
        await q.query('INSERT INTO t (k) VALUES ($1)', ['in-tx']);
        // sent while the transaction is open: it runs after the ROLLBACK and does not see the row
        outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((r) => seen.push(`outside ${r.rows[0].n}`));
        await new Promise((r) => setTimeout(r, 30));
        seen.push('inside');
        throw thrown;
      });
      await expect(tx).rejects.toBe(thrown);
      await outside;
      expect(seen).toEqual(['inside', 'outside 0']);
      // a statement's error inside rolls back what ran before it
      await expect(db.transaction(async (q) => {
        await q.query('INSERT INTO t (k) VALUES ($1)', ['first']);
        await q.query('INSERT INTO t (k) VALUES ($1)', ['first']);
      })).rejects.toMatchObject({ code: '23505' });
      // an error caught inside leaves the transaction aborted: COMMIT rolls back (PGlite's 25P02)
      await expect(db.transaction(async (q) => {
        await q.query('INSERT INTO t (k) VALUES ($1)', ['second']);
        await q.query('SELECT 1 / 0').catch(() => undefined);
      })).rejects.toMatchObject({ code: '25P02' });
      expect((await db.query('SELECT k FROM t ORDER BY k')).rows).toEqual([]);
      expect(await db.transaction(async (q) => (await q.query<{ k: string }>('INSERT INTO t (k) VALUES ($1) RETURNING k', ['kept'])).rows)).toEqual([{ k: 'kept' }]);
      expect((await db.query('SELECT k FROM t ORDER BY k')).rows).toEqual([{ k: 'kept' }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a notification reaches the listener after its commit has answered (as on PostgreSQL), not after a rollback; stop() ends it', async () => {
    const db = await openDb();
    try {
      const got: string[] = [];
      const stop = await db.listen('order_events', (payload) => got.push(payload));
      let committed = false;
      const seenAtNotify: boolean[] = [];
      const stop2 = await db.listen('order_events', () => seenAtNotify.push(committed));
      await db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('order_events', $1)", ['{"order":"A-1"}']);
      });
      committed = true;
      // the caller of the COMMIT goes on first (server/staff/ops.ts drops its cache there), then the listeners run
      await until(() => got.length > 0);
      expect(got).toEqual(['{"order":"A-1"}']);
      expect(seenAtNotify).toEqual([true]);
      await stop2();
      await db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('order_events', $1)", ['gone']);
        throw new Error('rolled back');
      }).catch(() => undefined);
      await db.query("SELECT pg_notify('other', 'x')");
      await db.query("SELECT pg_notify('order_events', 'B-2')");
      await until(() => got.length > 1);
      await stop();
      await db.query("SELECT pg_notify('order_events', 'after stop')");
      await db.query('SELECT 1');
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual(['{"order":"A-1"}', 'B-2']);
      await expect(db.listen('Bad-Channel', () => undefined)).rejects.toThrow(/bad channel name/);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('after close every call fails with DbUnavailableError (503); the thread has ended', async () => {
    const db = await openDb();
    const stop = await db.listen('x', () => undefined);
    const worker = workerOf(db);
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    await db.close();
    await exited;
    const after = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(after).toBeInstanceOf(DbUnavailableError);
    expect(isDbUnavailable(after)).toBe(true);
    await expect(db.exec('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
    await expect(db.transaction(async () => 1)).rejects.toBeInstanceOf(DbUnavailableError);
    await stop(); // stopping a listener after close is quiet
    await db.close(); // twice: nothing
  }, 60_000);

  it('close() lets a transaction in progress finish (its statements, its COMMIT); a new call is refused meanwhile', async () => {
    const db = await openDb();
    await db.exec('CREATE TABLE c (k text)');
    let closed: Promise<void> = Promise.resolve();
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO c (k) VALUES ($1)', ['a']);
      // a request that ends while a fire-and-forget transaction is under way (server/shops/embed.ts)
      closed = db.close();
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
      return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM c')).rows;
    });
    expect(await tx).toEqual([{ n: 1 }]);
    await closed;
  }, 60_000);

  it('a thread that dies fails the waiting calls and every later one with DbUnavailableError, and says so once', async () => {
    const lost = jest.fn();
    const db = await openDb({ onLost: lost });
    await db.exec('CREATE TABLE d (k text)');
    // a statement that is running (WASM) and one waiting behind it when the thread ends
    const running = db.query('SELECT pg_sleep(3)').catch((e: unknown) => e);
    const waiting = db.query('SELECT 1').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    const at = Date.now();
    await workerOf(db).terminate();
    expect(await running).toBeInstanceOf(DbUnavailableError);
    expect(await waiting).toBeInstanceOf(DbUnavailableError);
    expect(Date.now() - at).toBeLessThan(2000);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(String((lost.mock.calls[0][0] as Error).message)).toMatch(/PGlite's thread exited/);
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
    await expect(db.transaction(async () => 1)).rejects.toBeInstanceOf(DbUnavailableError);
    await db.close();
    expect(lost).toHaveBeenCalledTimes(1);
  }, 60_000);

  it("the thread gets of the process's node options only the profilers' (no tsx, no V8 flags: Node refuses those)", () => {
    expect(pgliteWorkerArgv(['--require', 'tsx/cjs', '--expose-gc', '--liftoff-only', '-r', 'x.cjs', '--import=tsx/esm', '--max-semi-space-size=2', '--cpu-prof', '--cpu-prof-dir', '/tmp/prof', '--cpu-prof-name=a.cpuprofile']))
      .toEqual(['--cpu-prof', '--cpu-prof-dir', '/tmp/prof', '--cpu-prof-name=a.cpuprofile']);
  });

  it('by default a dead thread ends the process with code 1; an open database alone does not keep it alive', async () => {
    const run = (script: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) =>
        execFile(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: join(__dirname, '..'), timeout: 30_000 }, (e, _out, stderr) =>
          resolve({ code: e ? ((e as { code?: number }).code ?? null) : 0, stderr }),
        ),
      );
    const open = `const { openDb, PGLITE_WORKER } = require('./server/db');`;
    // the thread is ended while the server (here: a timer) runs on
    const crash = await run(`${open} openDb().then(async (db) => { setInterval(() => undefined, 1000);
      await db.query('SELECT 1'); await db[PGLITE_WORKER].terminate(); console.error('query:', (await db.query('SELECT 1').catch((e) => e)).name); });`);
    expect(crash.code).toBe(1);
    expect(crash.stderr).toMatch(/PGlite's thread ended/);
    expect(crash.stderr).toMatch(/query: DbUnavailableError/);
    // a script that forgets close() still ends when its work is done
    const forgot = await run(`${open} openDb().then(async (db) => { await db.query('SELECT 1'); console.error('done'); });`);
    expect(forgot).toEqual({ code: 0, stderr: 'done\n' });
  }, 60_000);
});
