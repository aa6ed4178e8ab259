// One small database interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
// Same SQL for both; migrations are plain SQL files applied in order and tracked in a table.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { types } from 'node:util';
import { lockDataDir } from './dataDirLock';
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
  /**
   * LISTEN on `channel` (PostgreSQL: a connection of its own, reconnected when lost; PGlite: in
   * process). `onNotify` gets each NOTIFY's payload; `onReset` runs when the connection was lost
   * and again once it is back (notifications in between are gone: drop or re-read what depends
   * on them). Returns stop().
   */
  listen(channel: string, onNotify: (payload: string) => void, onReset?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL: statement texts kept prepared per connection (ours are constants: a few hundred at most; past it, unnamed). */
const MAX_PREPARED = 2000;

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
  /** PostgreSQL: connections in the pool (default 10; DATABASE_POOL_MAX) */
  poolMax?: number;
  /** PostgreSQL: longest wait for a connection, new or from the pool (default 3 s) */
  connectTimeoutMs?: number;
  /** PostgreSQL: statement_timeout on the server; the client gives up 1 s later (default 5 s) */
  statementTimeoutMs?: number;
  /** Unexpected pool errors (a lost idle connection) go here (default console.error) */
  logError?: (err: unknown) => void;
  /** PGlite: its thread died (crash, out of memory); default: logged, the process ends with code 1 */
  onLost?: DbLost;
  /** PGlite data folder: how long to wait for another process's lock on it (default LOCK_WAIT_MS; 0 = refuse at once) */
  lockWaitMs?: number;
}

/**
 * The database cannot be reached right now (connection refused, lost or timed out, server
 * shutting down, statement timeout). The app answers 503 `unavailable`; the pool replaces the
 * lost connections on the next call, so the server serves again once the database is back.
 */
export class DbUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DbUnavailableError';
  }
}

// SQLSTATE: class 08 connection exception; 57P01-57P03 shutdown / cannot connect now;
// 53300 too many connections; 57014 statement timeout (a frozen or overloaded database).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// what pg and pg-pool say when a socket died or a wait timed out (they set no code)
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection closed|connection error/i;

/** Whether `e` means "the database is not reachable right now" (and not: this statement is wrong). */
export function isDbUnavailable(e: unknown): boolean {
  if (e instanceof DbUnavailableError) return true;
  if (!e || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return false; // any other SQLSTATE: the statement's fault
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** The connection was closed by the other side (not: timed out, refused, or this statement's fault). */
function isStaleConnection(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const code = (e as { code?: unknown }).code;
  if (code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && /Connection terminated unexpectedly|not queryable|Connection closed/i.test(message);
}

/** A prepared statement whose result columns changed (ALTER TABLE since it was prepared): prepare it again. */
function isChangedResultType(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String((e as { message?: unknown }).message));
}

/** A unique violation (SQLSTATE 23505): a concurrent insert of the same key won. */
export function isUniqueViolation(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { code?: unknown }).code === '23505';
}

const unavailable = (e: unknown): unknown => (isDbUnavailable(e) && !(e instanceof DbUnavailableError) ? new DbUnavailableError(e) : e);

/** Long enough for a migration or waiting for another server's migration lock */
const SESSION_TIMEOUT_MS = 10 * 60_000;

export async function openDb(opts: DbOptions = {}): Promise<Db> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const Pool = pg.default?.Pool ?? (pg as unknown as typeof import('pg')).Pool;
    const statementTimeout = opts.statementTimeoutMs ?? 5000;
    const logError = opts.logError ?? ((e: unknown) => console.error('[tischlein] database:', (e as Error)?.message ?? e));
    // every pooled connection can turn out closed, then a new one is made: at most poolMax + 1 tries
    const poolMax = opts.poolMax ?? 10;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: poolMax,
      // a frozen or unreachable database answers within seconds, not when the kernel gives up
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
      statement_timeout: statementTimeout,
      // the server's statement_timeout cannot fire when the server itself is frozen
      query_timeout: statementTimeout + 1000,
      idleTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // An idle connection the server closed (restart, pg_terminate_backend, network): pg-pool drops
    // it and emits 'error' on the pool; without a listener Node ends the process.
    pool.on('error', (e) => logError(e));
    // fail early with a clear message instead of on the first request
    await pool.query('select 1');

    /**
     * A checked-out connection: an 'error' event while it is ours must not end the process, and
     * a connection that failed (or whose query timed out, still running) is destroyed, not reused.
     * A pooled connection the database closed while it sat idle (restart, pg_terminate_backend)
     * can be handed out before its closing message was read: when the first statement on it fails
     * that way, nothing ran, and the work is tried again on another connection.
     */
    const withClient = async <T>(
      fn: (client: import('pg').PoolClient, ran: { statements: number }) => Promise<T>,
      onError?: (client: import('pg').PoolClient) => Promise<void>,
    ): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        let client: import('pg').PoolClient;
        try {
          client = await pool.connect();
        } catch (e) {
          throw unavailable(e);
        }
        let broken: unknown = null;
        const onClientError = (e: unknown) => {
          broken = e;
        };
        client.on('error', onClientError);
        const ran = { statements: 0 };
        let retry = false;
        try {
          return await fn(client, ran);
        } catch (e) {
          if (isDbUnavailable(e)) broken ??= e;
          else if (onError) await onError(client).catch((re: unknown) => void (broken ??= re));
          // a table's columns changed since this connection prepared a statement on it (a newer
          // server's migration): a new connection prepares it again
          if (isChangedResultType(e)) broken ??= e;
          retry = ran.statements === 0 && attempt <= poolMax && (isStaleConnection(e) || isChangedResultType(e));
          if (!retry) throw unavailable(e);
        } finally {
          client.removeListener('error', onClientError);
          client.release(broken ? (broken as Error) : undefined);
        }
      }
    };
    // Statements with parameters are named prepared statements: parsed, analysed and (after five
    // custom plans, when PostgreSQL finds a generic one as good) planned once per connection, not
    // at every call — an order's statement with its CTEs cost the backend ≈ 0.5 ms per order
    // unnamed (docs/benchmarks.md, "The whole CPU budget of an order"). The name is the text's hash,
    // so the same text is the same statement on every connection; past MAX_PREPARED texts, unnamed.
    const names = new Map<string, string>();
    const statementName = (sql: string): string | null => {
      const known = names.get(sql);
      if (known !== undefined) return known;
      if (names.size >= MAX_PREPARED) return null;
      const name = `t_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
      names.set(sql, name);
      return name;
    };
    // pg reads a per-query `query_timeout` (not in its typings' QueryConfig)
    const queryOn = (client: import('pg').PoolClient, ran: { statements: number }, timeoutMs?: number) =>
      async <R>(sql: string, params: unknown[] = []) => {
        // unnamed ones as text and values, two arguments: pg copies a config object's property
        // descriptors at every call (≈ 1 % of an order's CPU, docs/benchmarks.md) — for a named one
        // that copy is far cheaper than the parse and plan it saves
        const name = timeoutMs || !params.length ? null : statementName(sql);
        const r = timeoutMs
          ? await client.query({ text: sql, values: params, query_timeout: timeoutMs } as import('pg').QueryConfig)
          : name === null ? await client.query(sql, params) : await client.query({ name, text: sql, values: params });
        ran.statements++;
        return { rows: r.rows as R[] };
      };
    const one = <R>(sql: string, params?: unknown[]) => withClient((client, ran) => queryOn(client, ran)<R>(sql, params ?? []));
    return {
      kind: 'postgres',
      query: <T>(sql: string, params: unknown[] = []) => one<T>(sql, params),
      async exec(sql: string) {
        // several statements in one simple-protocol message (no parameters)
        await withClient(async (client, ran) => {
          await client.query(sql);
          ran.statements++;
        });
      },
      session<T>(fn: (conn: DbSession) => Promise<T>) {
        // migrations: no statement timeout (a big table may take a while; so may another server's lock)
        return withClient(async (client, ran) => {
          const query = queryOn(client, ran, SESSION_TIMEOUT_MS);
          await query('SET statement_timeout = 0');
          try {
            return await fn({ query, exec: async (sql) => void (await query(sql)) });
          } finally {
            await query(`SET statement_timeout = ${Math.trunc(statementTimeout)}`).catch(() => undefined);
          }
        });
      },
      transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T> {
        return withClient(
          async (client, ran) => {
            const query = queryOn(client, ran);
            await query('BEGIN');
            const out = await fn({ query });
            await query('COMMIT');
            return out;
          },
          async (client) => void (await client.query('ROLLBACK')),
        );
      },
      async listen(channel: string, onNotify: (payload: string) => void, onReset?: () => void) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name '${channel}'`);
        const Client = pg.default?.Client ?? (pg as unknown as typeof import('pg')).Client;
        let stopped = false;
        let client: import('pg').Client | null = null;
        let retry: NodeJS.Timeout | null = null;
        const connect = async (again = false): Promise<void> => {
          const c = new Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000, keepAlive: true });
          c.on('notification', (n) => {
            if (n.channel === channel) onNotify(n.payload ?? '');
          });
          const lost = (e?: unknown) => {
            if (client !== c || stopped) return;
            client = null;
            if (e) logError(e);
            c.end().catch(() => undefined);
            onReset?.();
            retry = setTimeout(() => void connect(true).catch(() => undefined), 1000);
            retry.unref();
          };
          c.on('error', lost);
          c.on('end', () => lost());
          client = c;
          try {
            await c.connect();
            await c.query(`LISTEN ${channel}`);
          } catch (e) {
            lost(e);
            throw unavailable(e);
          }
          // listening again: what was sent in the gap is re-read now (the inbox's streams send their list)
          if (again && client === c && !stopped) onReset?.();
        };
        await connect();
        return async () => {
          stopped = true;
          if (retry) clearTimeout(retry);
          await client?.end().catch(() => undefined);
        };
      },
      close: () => pool.end(),
    };
  }
  return openPglite(opts);
}

/** What happens when the PGlite thread dies (crash, out of memory): the default logs it and ends the process. */
export type DbLost = (err: Error) => void;

/**
 * PGlite's thread died: every call fails with DbUnavailableError (503 `unavailable`) and the process ends
 * with exit code 1 after a second (the 503s go out), so its supervisor starts it again. Its data cannot be
 * served without a restart: in memory it is gone, a data folder is opened (and recovered) by the new
 * process (docs/decisions.md, "PGlite in a worker thread").
 */
const exitWhenLost: DbLost = (err) => {
  console.error(`[tischlein] database: PGlite's thread ended (${err.message}); the process ends so it is started again`);
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 1000).unref();
};

/**
 * Node's options for PGlite's thread: of the process's only the profilers' (--cpu-prof, --heap-prof and their
 * folder, name, interval: the thread writes a profile of its own). Its file is plain CommonJS: no `--require tsx/cjs`
 * (tsx in it would cost time and memory); V8's flags (--liftoff-only, --max-semi-space-size, --expose-gc) are the
 * process's anyway, and Node refuses them here.
 */
export function pgliteWorkerArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i];
    if (/^--(cpu|heap)-prof$/.test(arg) || /^--(cpu|heap)-prof-(dir|name|interval)=/.test(arg)) out.push(arg);
    else if (/^--(cpu|heap)-prof-(dir|name|interval)$/.test(arg) && i + 1 < execArgv.length) out.push(arg, execArgv[++i]);
  }
  return out;
}

/** PGlite's thread (server/pgliteWorker.cjs), for the crash test only: not part of Db. */
export const PGLITE_WORKER = Symbol('pgliteWorker');

interface WorkerError {
  name?: string;
  message?: string;
  stack?: string;
  props?: Record<string, unknown>;
}

/** An error from the thread as an Error again, with every field callers read (code, detail, constraint, …). */
function errorIn(e: WorkerError): Error {
  const err = new Error(e.message ?? 'PGlite error');
  Object.assign(err, e.props ?? {});
  if (e.name) err.name = e.name;
  if (e.stack) err.stack = `${e.stack}\n    at (PGlite's thread)`;
  return err;
}

/**
 * PGlite in a worker thread (server/pgliteWorker.cjs): its statements run on another core while this
 * thread serves requests (docs/benchmarks.md, "PGlite in a worker thread"). One connection as before:
 * statements run one at a time in the order they are sent; a transaction (BEGIN … COMMIT/ROLLBACK) or a
 * session holds it — its `fn` runs here, its statements go to the thread, other statements wait there.
 * Parameters go as text (paramText), so a statement is one pipelined protocol message in the thread.
 */
async function openPglite(opts: DbOptions): Promise<Db> {
  const dir = opts.dataDir && !/^memory(:(\/\/)?)?$/.test(opts.dataDir) ? opts.dataDir : undefined;
  // one process per data folder: a second one would overwrite this one's writes (server/dataDirLock.ts)
  let unlock: (() => Promise<void>) | undefined;
  if (dir) {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    unlock = await lockDataDir(dir, { waitMs: opts.lockWaitMs });
  }
  const releaseDir = () => {
    const release = unlock;
    unlock = undefined;
    return release ? release().catch(() => undefined) : Promise.resolve();
  };
  try {
    return await openPgliteThread(opts, dir, releaseDir);
  } catch (e) {
    await releaseDir();
    throw e;
  }
}

async function openPgliteThread(opts: DbOptions, dir: string | undefined, releaseDir: () => Promise<void>): Promise<Db> {
  // A new database starts from the template cluster (made once, in a child process): initdb in
  // PGlite's thread would leave ~300 MB behind for good (docs/decisions.md "Memory at rest").
  const fresh = !dir || !existsSync(join(dir, 'PG_VERSION'));
  const cluster: PgliteCluster = dir ? 'folder' : 'memory';
  // the thread reads the file itself: its bytes are never copied in this thread
  const template = fresh ? await pgliteTemplateFile(cluster) : undefined;
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(join(SERVER_DIR, 'pgliteWorker.cjs'), {
    execArgv: pgliteWorkerArgv(process.execArgv),
    workerData: { dataDir: dir ?? null, options: { postgresqlconf: PGLITE_CONF, initDbStartParams: pgliteInitdb(cluster) }, template: template ?? null },
  });
  const onLost = opts.onLost ?? exitWhenLost;

  type Pending = { resolve: (rows: unknown) => void; reject: (e: unknown) => void };
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, (payload: string) => void>();
  let ids = 0;
  let owners = 0;
  let lost: Error | null = null;
  let closing = false;
  let ready!: () => void;
  let failedToStart!: (e: unknown) => void;
  const started = new Promise<void>((res, rej) => {
    ready = res;
    failedToStart = rej;
  });

  // the thread keeps the process alive only while a call waits for it (as PGlite in process did not at all)
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };
  // the thread ended: whatever still waits fails (after close() too: a statement sent during it)
  const fail = (err: Error) => {
    if (!lost) {
      lost = err;
      failedToStart(err);
      if (!closing) onLost(err);
    }
    for (const p of pending.values()) p.reject(new DbUnavailableError(err));
    pending.clear();
  };
  worker.on('message', (m: { id?: number; rows?: unknown[]; error?: WorkerError; lid?: number; payload?: string; ready?: boolean; fatal?: WorkerError }) => {
    if (m.id !== undefined) {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      settle();
      if (m.error) p.reject(errorIn(m.error));
      else p.resolve(m.rows);
    } else if (m.lid !== undefined) {
      listeners.get(m.lid)?.(m.payload ?? '');
    } else if (m.ready) {
      ready();
    } else if (m.fatal) {
      failedToStart(errorIn(m.fatal));
    }
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => {
    fail(new Error(`PGlite's thread exited (code ${code})`));
    // the thread writes the folder no more: the next process may have it
    void releaseDir();
  });
  try {
    await started;
  } catch (e) {
    closing = true;
    await worker.terminate();
    throw e;
  }
  settle();

  // transactions and sessions begun: their statements still go after close() was called (as PGlite's own close
  // waits for the transaction in progress); anything new is refused then
  const held = new Set<number>();
  const call = <R>(message: { op: string; owner?: number; [key: string]: unknown }): Promise<R> => {
    if (closing && !(message.owner !== undefined && held.has(message.owner))) return Promise.reject(new DbUnavailableError(new Error('PGlite is closed')));
    if (lost) return Promise.reject(new DbUnavailableError(lost));
    const id = ++ids;
    if (pending.size === 0) worker.ref();
    return new Promise<R>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (rows: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const statement = <R>(sql: string, params: unknown[], owner?: number) =>
    call<R[]>({ op: 'query', sql, params: params.map(paramText), tx: owner !== undefined, owner }).then((rows) => ({ rows }));

  const db: Db & { [PGLITE_WORKER]: unknown } = {
    kind: 'pglite',
    query<T>(sql: string, params: unknown[] = []) {
      return statement<T>(sql, params);
    },
    exec(sql: string) {
      return call<void>({ op: 'exec', sql });
    },
    // one connection anyway: the session holds it
    async session<T>(fn: (conn: DbSession) => Promise<T>) {
      const owner = ++owners;
      await call({ op: 'hold', owner });
      held.add(owner);
      try {
        return await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return { rows: await call<R[]>({ op: 'squery', sql, params, owner }) };
          },
          async exec(sql: string) {
            await call({ op: 'exec', sql, owner });
          },
        });
      } finally {
        await call({ op: 'release', owner }).catch(() => undefined);
        held.delete(owner);
      }
    },
    async transaction<T>(fn: (tx: DbQuery) => Promise<T>): Promise<T> {
      // the one connection is held for the whole transaction (other statements wait in the thread)
      const owner = ++owners;
      await call({ op: 'begin', owner });
      held.add(owner);
      try {
        let out: T;
        try {
          out = await fn({ query: <R>(sql: string, params: unknown[] = []) => statement<R>(sql, params, owner) });
        } catch (e) {
          await call({ op: 'rollback', owner }).catch(() => undefined);
          throw e;
        }
        await call({ op: 'commit', owner });
        return out;
      } finally {
        held.delete(owner);
      }
    },
    async listen(channel: string, onNotify: (payload: string) => void) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name '${channel}'`);
      const lid = ++ids;
      listeners.set(lid, onNotify);
      try {
        await call({ op: 'listen', channel, lid });
      } catch (e) {
        listeners.delete(lid);
        throw e;
      }
      return async () => {
        listeners.delete(lid);
        await call({ op: 'unlisten', lid }).catch((e: unknown) => {
          if (!(e instanceof DbUnavailableError)) throw e;
        });
      };
    },
    async close() {
      if (closing) return;
      if (lost) {
        closing = true;
        return;
      }
      const exited = new Promise<void>((res) => worker.once('exit', () => res()));
      const closeCall = call({ op: 'close' });
      closing = true;
      try {
        await closeCall;
      } finally {
        // the thread ends by itself once PGlite is closed; not within 5 s: ended
        const timer = setTimeout(() => void worker.terminate(), 5000);
        await exited;
        clearTimeout(timer);
        await releaseDir();
      }
    },
    [PGLITE_WORKER]: worker,
  };
  return db;
}

/**
 * A query parameter as PostgreSQL text, the way node-postgres sends it (so PGlite and PostgreSQL
 * get the same values): null stays NULL, a Date its ISO instant, bytes hex, an array an array
 * literal, another object its JSON.
 */
export function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // util.types: also a Date or bytes of another realm (rows of PGlite's thread seen inside Jest's sandbox)
  if (types.isDate(value)) return value.toISOString();
  if (types.isUint8Array(value)) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${paramText(v)!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/**
 * The embedded PostgreSQL's settings: one connection and small buffers (the default 128 MB of
 * shared buffers is memory the reference server keeps at rest; a shop's data is a few MB).
 */
export const PGLITE_CONF = [
  'shared_buffers = 8MB',
  'wal_buffers = 1MB',
  'max_connections = 5',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  // WAL in 1 MB segments (PGLITE_INITDB), at most a few kept: in memory every segment is RAM
  'min_wal_size = 2MB',
  'max_wal_size = 8MB',
];
/** initdb's arguments: 1 MB WAL segments instead of 16 MB */
export const PGLITE_INITDB = ['--wal-segsize=1'];

/** A PGlite cluster in a data folder (kept) or in memory (gone with the process). */
export type PgliteCluster = 'folder' | 'memory';

/**
 * initdb's arguments for a new cluster. PGlite's PostgreSQL 18 computes a checksum of every data page
 * it writes and verifies it at every read (initdb's default since 18). A data folder keeps them: they
 * tell a damaged file from a good one. In memory there is no disk to fail, and with 8 MB of shared
 * buffers the pages of a busy outbox and order tables go out and in again all the time: ≈ 10 % of an
 * order's CPU (docs/benchmarks.md, 2026-11-26 — the database side of an order). Fixed at initdb: a
 * folder made before keeps what it has.
 */
export function pgliteInitdb(cluster: PgliteCluster): string[] {
  return cluster === 'memory' ? [...PGLITE_INITDB, '--no-data-checksums'] : PGLITE_INITDB;
}

/**
 * A freshly initialised PGlite cluster as a gzip tarball (PGlite's dumpDataDir), made once in a
 * child process and kept in the cache folder (TISCHLEIN_CACHE_DIR, default .data/cache of the
 * project) under the PGlite version and the settings (one for data folders, one for memory:
 * pgliteInitdb). undefined when it cannot be made: PGlite
 * then runs initdb itself (in its thread) as before.
 */
export async function pgliteTemplate(cluster: PgliteCluster = 'folder'): Promise<Blob | undefined> {
  const file = await pgliteTemplateFile(cluster);
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** pgliteTemplate's file (made when missing; undefined when it cannot be made or is not ours). */
async function pgliteTemplateFile(cluster: PgliteCluster): Promise<string | undefined> {
  try {
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
    const initdb = pgliteInitdb(cluster);
    const key = createHash('sha256').update(JSON.stringify([PGLITE_CONF, initdb])).digest('hex').slice(0, 12);
    const dir = process.env.TISCHLEIN_CACHE_DIR || join(SERVER_DIR, '..', '.data', 'cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `tischlein-pglite-${pkg.version}-${key}.tar.gz`);
    if (existsSync(file)) {
      // a database planted by someone else must not become ours: our file, writable by us only
      const st = statSync(file);
      if ((process.getuid && st.uid !== process.getuid()) || (st.mode & 0o022) !== 0) throw new Error(`${file} is not this user's own file`);
    } else {
      const part = `${file}.${process.pid}.${Date.now()}.part`;
      const script = `const { PGlite } = require(${JSON.stringify(entry)}); const fs = require('node:fs');
        (async () => { const p = new PGlite({ postgresqlconf: ${JSON.stringify(PGLITE_CONF)}, initDbStartParams: ${JSON.stringify(initdb)} }); await p.waitReady;
          const tar = await p.dumpDataDir('gzip'); fs.writeFileSync(${JSON.stringify(part)}, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
          await p.close(); fs.renameSync(${JSON.stringify(part)}, ${JSON.stringify(file)}); })().catch((e) => { console.error(e); process.exit(1); });`;
      const { execFile } = await import('node:child_process');
      await new Promise<void>((res, rej) =>
        execFile(process.execPath, ['-e', script], { timeout: 120_000 }, (e, _out, err) => (e ? rej(new Error(`${e.message} ${err}`)) : res())),
      );
    }
    return file;
  } catch (e) {
    console.warn(`[tischlein] no PGlite template (initdb runs in PGlite's thread): ${(e as Error).message}`);
    return undefined;
  }
}

/** DATA_DIR: 'memory' ('memory:', 'memory://') keeps everything in memory, else a folder (default `fallback`). */
export function dataDirOf(value: string | undefined, fallback: string): string {
  return /^memory(:(\/\/)?)?$/.test(value ?? '') ? 'memory' : resolve(value || fallback);
}

export const MIGRATIONS_DIR = join(SERVER_DIR, 'migrations');
const MIGRATION_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

/** The migration files among `names` (a folder's entries), in the order they are applied. */
export function migrationFiles(names: readonly string[]): string[] {
  return names.filter((f) => MIGRATION_NAME.test(f)).sort();
}

/** The advisory lock key every Tischlein server agrees on ('tisch') */
export const MIGRATION_LOCK = 0x7469736368;

/**
 * Applies every not yet applied `NNN_name.sql` of `dir` in order, each in one transaction, on
 * one connection holding a PostgreSQL advisory lock: two servers starting together do not race.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(await readdir(dir));
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
