import { describe, expect, it, jest } from '@jest/globals';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isUniqueViolation, migrate, MIGRATION_LOCK, MIGRATIONS_DIR, openDb, paramText, pgliteTemplate, pruneTracking } from './db';
import { couponInstant } from './seed';
import { normalizePhone } from './phone';
import { freshPgDatabase } from './testingPg';

describe('db', () => {
  it('applies migrations once, in order, tracked in schema_migrations', async () => {
    const db = await openDb();
    // every file of server/migrations, in name order
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
    expect(files.slice(0, 3)).toEqual(['001_init.sql', '002_orders.sql', '003_pages.sql']);
    expect(await migrate(db)).toEqual(files);
    expect(await migrate(db)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'tischlein-migrations-'));
    writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (x int REFERENCES a(x));');
    writeFileSync(join(dir, '001_a.sql'), 'CREATE TABLE a (x int PRIMARY KEY);');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(await migrate(db, dir)).toEqual(['001_a.sql', '002_b.sql']);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(['001_a.sql', '002_b.sql', ...files].sort());
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a failing migration is rolled back and not recorded', async () => {
    const db = await openDb();
    const dir = mkdtempSync(join(tmpdir(), 'tischlein-migrations-'));
    writeFileSync(join(dir, '001_bad.sql'), 'CREATE TABLE ok (x int); SELECT * FROM missing_table;');
    await expect(migrate(db, dir)).rejects.toThrow(/migration 001_bad.sql failed/);
    const { rows } = await db.query("SELECT to_regclass('ok') AS t");
    expect(rows[0]).toEqual({ t: null });
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('statements on PGlite (one pipelined message each, parameters as text)', () => {
  it('parameters as node-postgres sends them: NULL, numbers, booleans, instants, bytes, arrays with quotes, JSON', () => {
    expect(paramText(null)).toBeNull();
    expect(paramText(undefined)).toBeNull();
    expect(paramText(42)).toBe('42');
    expect(paramText(false)).toBe('false');
    expect(paramText(new Date('2026-11-26T08:00:00.000Z'))).toBe('2026-11-26T08:00:00.000Z');
    expect(paramText(new Uint8Array([0, 255, 16]))).toBe('\\x00ff10');
    expect(paramText(['a', 'b "c"', 'd\\e', null])).toBe('{"a","b \\"c\\"","d\\\\e",NULL}');
    expect(paramText({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });

  it('round trips every kind of parameter and answer; errors keep their SQLSTATE; a transaction still rolls back', async () => {
    const db = await openDb();
    await db.exec('CREATE TABLE p (id bigserial PRIMARY KEY, k text UNIQUE, flag boolean, at timestamptz, doc jsonb, raw bytea, n int)');
    const at = new Date('2026-11-26T08:00:00.000Z');
    const { rows } = await db.query<{ id: number; flag: boolean; at: Date; doc: unknown; raw: Uint8Array; n: number }>(
      'INSERT INTO p (k, flag, at, doc, raw, n) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, flag, at, doc, raw, n',
      ['a "quoted" key', true, at, JSON.stringify({ x: 'ü', list: [1] }), new Uint8Array([1, 2, 3]), 7],
    );
    expect(rows[0]).toEqual({ id: 1, flag: true, at, doc: { x: 'ü', list: [1] }, raw: new Uint8Array([1, 2, 3]), n: 7 });
    await db.query('INSERT INTO p (k) VALUES ($1), ($2)', ['b', 'c,d']);
    const any = await db.query<{ k: string }>('SELECT k FROM p WHERE k = ANY($1) ORDER BY k', [['a "quoted" key', 'c,d', 'zzz']]);
    expect(any.rows.map((r) => r.k)).toEqual(['a "quoted" key', 'c,d']);
    const none = await db.query('SELECT k FROM p WHERE k = $1', ['nothing']);
    expect(none.rows).toEqual([]);
    const dup = await db.query('INSERT INTO p (k) VALUES ($1)', ['b']).catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    // the connection is usable after the error
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM p')).rows).toEqual([{ n: 3 }]);
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO p (k) VALUES ($1)', ['in-tx']);
      await tx.query('INSERT INTO p (k) VALUES ($1)', ['b']);
    })).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT k FROM p WHERE k = $1', ['in-tx'])).rows).toEqual([]);
    expect(await db.transaction(async (tx) => (await tx.query<{ k: string }>('INSERT INTO p (k) VALUES ($1) RETURNING k', ['ok'])).rows)).toEqual([{ k: 'ok' }]);
    await db.close();
  }, 60_000);

  it('parses and plans each statement text once (a named prepared statement), then only binds and executes it', async () => {
    const db = await openDb();
    // PGlite runs in its own thread: what its one connection has prepared is read from PostgreSQL itself
    const prepared = async () =>
      (await db.query<{ statement: string; runs: number }>(
        "SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO q %' ORDER BY statement",
      )).rows;
    await db.exec('CREATE TABLE q (id int PRIMARY KEY, k text UNIQUE)');
    for (let i = 1; i <= 3; i++) expect((await db.query('INSERT INTO q (id, k) VALUES ($1, $2) RETURNING id', [i, `k${i}`])).rows).toEqual([{ id: i }]);
    // one prepared statement for three executions (unnamed statements are not listed at all)
    expect(await prepared()).toEqual([{ statement: 'INSERT INTO q (id, k) VALUES ($1, $2) RETURNING id', runs: 3 }]);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO q (id, k) VALUES ($1, $2) RETURNING id', [4, 'k4']);
      await tx.query('INSERT INTO q (id, k) VALUES ($1, $2) RETURNING id', [5, 'k5']);
    });
    expect(await prepared()).toEqual([{ statement: 'INSERT INTO q (id, k) VALUES ($1, $2) RETURNING id', runs: 5 }]);
    // a statement that failed at its first execution works at its second; a wrong one keeps its error
    const first = await db.query('INSERT INTO q (id, k) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING k', [9, 'k1']).catch((e: unknown) => e);
    expect(isUniqueViolation(first)).toBe(true);
    expect((await db.query('INSERT INTO q (id, k) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING k', [9, 'k9'])).rows).toEqual([{ k: 'k9' }]);
    for (let i = 0; i < 2; i++) await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    // inside a failed transaction, then outside: the statement is still usable
    await expect(db.transaction(async (tx) => {
      await tx.query('SELECT 1 / 0');
    })).rejects.toMatchObject({ code: '22012' });
    await expect(db.transaction(async (tx) => {
      await tx.query('SELECT 1 / 0').catch(() => undefined);
      await tx.query('SELECT k FROM q WHERE id = $1', [1]);
    })).rejects.toMatchObject({ code: '25P02' });
    expect((await db.query('SELECT k FROM q WHERE id = $1', [1])).rows).toEqual([{ k: 'k1' }]);
    // a table's columns changed after 'SELECT *' was prepared: prepared again, the new columns answer
    expect((await db.query('SELECT * FROM q WHERE id = $1', [1])).rows).toEqual([{ id: 1, k: 'k1' }]);
    await db.exec('ALTER TABLE q ADD COLUMN note text');
    expect((await db.query('SELECT * FROM q WHERE id = $1', [1])).rows).toEqual([{ id: 1, k: 'k1', note: null }]);
    await db.close();
  }, 60_000);
});

describe('PGlite under load', () => {
  it('a queue of statements gives the event loop a turn every few ms (a new connection is read meanwhile)', async () => {
    const db = await openDb();
    // five callers that each send their next statement as soon as the last one answered (requests
    // in flight keep the queue full); a timer stands for the I/O of a new connection
    let statements = 0;
    let atTimer = -1;
    const timer = new Promise<void>((resolve) => setTimeout(() => {
      atTimer = statements;
      resolve();
    }, 0));
    await Promise.all(Array.from({ length: 5 }, async () => {
      while (statements < 3000) {
        await db.query('SELECT $1::int AS n', [statements]);
        statements++;
      }
    }));
    await timer;
    // before: the timer ran only after all 3,000 (the queue was one chain of microtasks)
    expect(atTimer).toBeGreaterThanOrEqual(0);
    expect(atTimer).toBeLessThan(1500);
    await db.close();
  }, 60_000);
});

describe('PGlite memory at rest', () => {
  it('small buffers and 1 MB WAL segments, from the template; a folder starts from it and opens again', async () => {
    const template = await pgliteTemplate();
    expect(template).toBeInstanceOf(Blob);
    const dir = mkdtempSync(join(tmpdir(), 'tischlein-pglite-'));
    // page checksums: kept in a data folder (they tell a damaged file), not in memory (≈ 10 % of an order's CPU)
    for (const [db, checksums] of [[await openDb(), 'off'], [await openDb({ dataDir: dir }), 'on']] as const) {
      const { rows } = await db.query<{ name: string; setting: string; unit: string | null }>(
        "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'wal_segment_size', 'max_wal_size', 'data_checksums') ORDER BY name",
      );
      expect(rows).toEqual([
        { name: 'data_checksums', setting: checksums, unit: null },
        { name: 'max_wal_size', setting: '8', unit: 'MB' },
        { name: 'shared_buffers', setting: '1024', unit: '8kB' },
        { name: 'wal_segment_size', setting: '1048576', unit: 'B' },
      ]);
      await migrate(db);
      await db.close();
    }
    // the folder keeps its data: opened again, no template, the migrations are there
    const again = await openDb({ dataDir: dir });
    expect(await migrate(again)).toEqual([]);
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('a template that others could have written is not used', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'tischlein-cache-'));
    const before = process.env.TISCHLEIN_CACHE_DIR;
    process.env.TISCHLEIN_CACHE_DIR = cache;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await pgliteTemplate()).toBeInstanceOf(Blob);
      const [file] = readdirSync(cache).filter((f) => f.endsWith('.tar.gz'));
      chmodSync(join(cache, file), 0o666);
      expect(await pgliteTemplate()).toBeUndefined();
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/is not this user's own file/);
    } finally {
      warn.mockRestore();
      if (before === undefined) delete process.env.TISCHLEIN_CACHE_DIR;
      else process.env.TISCHLEIN_CACHE_DIR = before;
      rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('postgres adapter', () => {
  it('loads pg and fails clearly when the server is unreachable', async () => {
    await expect(openDb({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  // with TEST_DATABASE_URL only (.ci/postgres-tests.sh)
  (process.env.TEST_DATABASE_URL ? it : it.skip)('prepares a statement with parameters once per connection (named), one without as text', async () => {
    const { Client, Connection } = (await import('pg')).default;
    // one connection: every statement below runs on it
    const db = await openDb({ databaseUrl: await freshPgDatabase(process.env.TEST_DATABASE_URL!, 'tischlein_db_args'), poolMax: 1 });
    const query = jest.spyOn(Client.prototype, 'query');
    const parse = jest.spyOn(Connection.prototype, 'parse');
    try {
      for (let i = 0; i < 3; i++) {
        const { rows } = await db.query<{ n: number; t: string }>('SELECT $1::int + 1 AS n, $2::text AS t', [41 + i, 'Grüße']);
        expect(rows).toEqual([{ n: 42 + i, t: 'Grüße' }]);
      }
      // parsed (and planned) once, not at each of the three calls
      expect(parse.mock.calls.filter((c) => String((c[0] as { text?: string }).text).includes('$2::text'))).toHaveLength(1);
      const { rows } = await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(rows.map((r) => r.statement)).toContain('SELECT $1::int + 1 AS n, $2::text AS t');
      // without parameters: text alone (the simple protocol), no config object for pg to copy
      const plain = query.mock.calls.filter((c) => c[0] === 'SELECT statement FROM pg_prepared_statements');
      expect(plain).toHaveLength(1);
    } finally {
      query.mockRestore();
      parse.mockRestore();
      await db.close();
    }
  }, 60_000);

  (process.env.TEST_DATABASE_URL ? it : it.skip)('a prepared statement whose table changed (another server\'s migration) is prepared again', async () => {
    const url = await freshPgDatabase(process.env.TEST_DATABASE_URL!, 'tischlein_db_changed');
    const db = await openDb({ databaseUrl: url, poolMax: 1 });
    const other = await openDb({ databaseUrl: url, poolMax: 1 });
    try {
      await db.exec("CREATE TABLE dishes (id int PRIMARY KEY, name text); INSERT INTO dishes VALUES (1, 'Soljanka')");
      expect((await db.query('SELECT * FROM dishes WHERE id = $1', [1])).rows).toEqual([{ id: 1, name: 'Soljanka' }]);
      // PostgreSQL refuses the cached plan now: "cached plan must not change result type" (0A000)
      await other.exec('ALTER TABLE dishes ADD COLUMN price_cents int NOT NULL DEFAULT 450');
      expect((await db.query('SELECT * FROM dishes WHERE id = $1', [1])).rows).toEqual([{ id: 1, name: 'Soljanka', price_cents: 450 }]);
      // and inside a transaction on the new connection too
      expect(await db.transaction(async (tx) => (await tx.query('SELECT * FROM dishes WHERE id = $1', [1])).rows)).toEqual([{ id: 1, name: 'Soljanka', price_cents: 450 }]);
    } finally {
      await db.close();
      await other.close();
    }
  }, 60_000);
});

describe('helpers', () => {
  it('normalises phone numbers', () => {
    expect(normalizePhone('0170 1234567')).toBe('01701234567');
    expect(normalizePhone('+49 (0) 170/123 45 67')).toBe('01701234567');
    expect(normalizePhone('0049 170 1234567')).toBe('01701234567');
    expect(normalizePhone('+43 660 1234567')).toBe('+436601234567');
    expect(normalizePhone('1234')).toBeNull();
    expect(normalizePhone('hallo')).toBeNull();
  });
  it('coupon dates: a date-only validUntil includes that day', () => {
    expect(couponInstant('2025-09-30', true)).toBe('2025-10-01T00:00:00.000Z');
    expect(couponInstant('2025-09-30', false)).toBe('2025-09-30T00:00:00.000Z');
    expect(couponInstant(null, true)).toBeNull();
  });

  it('two migrations at once do not race (advisory lock) and the lock is released', async () => {
    const db = await openDb();
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([...a, ...b]).toEqual(readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort());
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1",
      [MIGRATION_LOCK & 0xffffffff],
    );
    expect(rows[0].n).toBe(0);
    await db.close();
  }, 60_000);

  it('prunes tracking rows older than 90 days', async () => {
    const db = await openDb();
    await migrate(db);
    await db.query("INSERT INTO tracking_events (event, data, created_at) VALUES ('alt', '{}', now() - interval '100 days'), ('neu', '{}', now())");
    await db.query("INSERT INTO tracking_visits (id, data, last_seen_at) VALUES ('a', '{}', now() - interval '91 days'), ('b', '{}', now())");
    expect(await pruneTracking(db)).toBe(2);
    const { rows } = await db.query<{ event: string }>('SELECT event FROM tracking_events');
    expect(rows.map((r) => r.event)).toEqual(['neu']);
    await db.close();
  }, 60_000);
});
