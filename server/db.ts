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

/** Applies every not yet applied `NNN_name.sql` of `dir` in order, each in one transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  const files = (await readdir(dir)).filter((f) => MIGRATION_NAME.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    // the file name is checked against MIGRATION_NAME, so it is safe inside a literal
    try {
      await db.exec(
        `BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file}') ON CONFLICT DO NOTHING;\nCOMMIT;`,
      );
    } catch (e) {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`migration ${file} failed: ${(e as Error).message}`);
    }
    applied.push(file);
  }
  return applied;
}
