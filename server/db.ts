// One small database interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
// Same SQL for both; migrations are plain SQL files applied in order and tracked in a table.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVER_DIR } from './here';

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` on one connection (a session: advisory locks, transactions). */
  session<T>(fn: (conn: DbSession) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` inside one transaction on one connection (BEGIN … COMMIT, ROLLBACK when it throws).
   * Row locks and conditional updates inside it see other transactions as PostgreSQL does.
   */
  transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The query part of Db (what a transaction callback gets). */
export interface DbQuery {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface DbSession extends DbQuery {
  exec(sql: string): Promise<void>;
}

export interface DbOptions {
  /** postgres://… — a real PostgreSQL through `pg` */
  databaseUrl?: string;
  /** PGlite data folder; 'memory' (or undefined) keeps everything in memory */
  dataDir?: string;
}

export async function openDb(opts: DbOptions = {}): Promise<Db> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const Pool = pg.default?.Pool ?? (pg as unknown as typeof import('pg')).Pool;
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // fail early with a clear message instead of on the first request
    await pool.query('select 1');
    return {
      kind: 'postgres',
      async query<T>(sql: string, params: unknown[] = []) {
        const r = await pool.query(sql, params as unknown[]);
        return { rows: r.rows as T[] };
      },
      async exec(sql: string) {
        await pool.query(sql);
      },
      async session<T>(fn: (conn: DbSession) => Promise<T>) {
        const client = await pool.connect();
        try {
          return await fn({
            async query<R>(sql: string, params: unknown[] = []) {
              const r = await client.query(sql, params as unknown[]);
              return { rows: r.rows as R[] };
            },
            async exec(sql: string) {
              await client.query(sql);
            },
          });
        } finally {
          client.release();
        }
      },
      async transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T> {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const tx: DbQuery = {
            async query<R>(sql: string, params: unknown[] = []) {
              const r = await client.query(sql, params as unknown[]);
              return { rows: r.rows as R[] };
            },
          };
          const out = await fn(tx);
          await client.query('COMMIT');
          return out;
        } catch (e) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw e;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = opts.dataDir && !/^memory(:(\/\/)?)?$/.test(opts.dataDir) ? opts.dataDir : undefined;
  if (dir) {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
  }
  const lite = dir ? new PGlite(dir) : new PGlite();
  await lite.waitReady;
  // PGlite is single-connection: serialise, so a transaction in exec() never interleaves with a query
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'pglite',
    query<T>(sql: string, params: unknown[] = []) {
      return serial(async () => {
        const r = await lite.query<T>(sql, params);
        return { rows: r.rows };
      });
    },
    exec(sql: string) {
      return serial(async () => {
        await lite.exec(sql);
      });
    },
    // one connection anyway: the session holds the queue
    session<T>(fn: (conn: DbSession) => Promise<T>) {
      return serial(() =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const r = await lite.query<R>(sql, params);
            return { rows: r.rows };
          },
          async exec(sql: string) {
            await lite.exec(sql);
          },
        }),
      );
    },
    transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T> {
      // the one connection is held for the whole transaction (other queries wait in the chain)
      return serial(() =>
        lite.transaction(async (t) =>
          fn({
            async query<R>(sql: string, params: unknown[] = []) {
              const r = await t.query<R>(sql, params);
              return { rows: r.rows };
            },
          }),
        ),
      );
    },
    close: () => lite.close(),
  };
}

export const MIGRATIONS_DIR = join(SERVER_DIR, 'migrations');
const MIGRATION_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

/** The advisory lock key every Tischlein server agrees on ('tisch') */
export const MIGRATION_LOCK = 0x7469736368;

/**
 * Applies every not yet applied `NNN_name.sql` of `dir` in order, each in one transaction, on
 * one connection holding a PostgreSQL advisory lock: two servers starting together do not race.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_NAME.test(f)).sort();
  return db.session(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await conn.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set((await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(join(dir, file), 'utf8');
        // the file name is checked against MIGRATION_NAME, so it is safe inside a literal
        try {
          await conn.exec(
            `BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file}') ON CONFLICT DO NOTHING;\nCOMMIT;`,
          );
        } catch (e) {
          await conn.exec('ROLLBACK').catch(() => undefined);
          throw new Error(`migration ${file} failed: ${(e as Error).message}`);
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}

/** Tracking rows and events older than `maxAgeDays` are deleted (run at start and hourly). */
export async function pruneTracking(db: Db, now = new Date(), maxAgeDays = 90): Promise<number> {
  const before = new Date(now.getTime() - maxAgeDays * 86_400_000).toISOString();
  let n = 0;
  for (const [table, column] of [
    ['tracking_visits', 'last_seen_at'],
    ['tracking_events', 'created_at'],
    ['events', 'created_at'],
  ] as const) {
    const { rows } = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE ${column} < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [before],
    );
    n += rows[0]?.n ?? 0;
  }
  return n;
}
