// PostgreSQL for the server benches: DATABASE_URL (or TEST_DATABASE_URL) when set; otherwise a
// throw-away PostgreSQL cluster of Debian's postgresql package (/usr/lib/postgresql/*/bin), started
// in a temporary folder — as the postgres user when run as root, as .ci/postgres-tests.sh does —
// and removed afterwards. BENCH_PG_PORT picks its port (default: a free one). Its settings are the
// defaults (fsync and synchronous_commit on), so a commit waits for the disk as in production.
// BENCH_PG=off skips PostgreSQL. With DATABASE_URL, BENCH_PG_PID=<its postmaster's pid> (on this machine) puts
// its processes into the bench's CPU budget (tests/bench/cpuBudget.ts).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPgDatabase } from '../../server/testingPg';
import { postmasterPidOf } from './cpuBudget';
import { freePort } from '../../server/testingProcesses';

export interface BenchPostgres {
  /** postgres://… of the cluster's default database */
  url: string;
  /** how it came: 'DATABASE_URL' or 'local cluster (PostgreSQL 15.x, port …)' */
  origin: string;
  /** A new, empty database on that cluster (dropped first when it exists); its URL. */
  freshDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  /** the postmaster's pid of the throw-away cluster (for the CPU budget); with DATABASE_URL BENCH_PG_PID's or null */
  postmasterPid(): number | null;
}

function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions[versions.length - 1], 'bin') : null;
}

/** PostgreSQL for a bench, or null (with the reason printed) when there is none. */
export async function benchPostgres(): Promise<BenchPostgres | null> {
  if (process.env.BENCH_PG === 'off') return null;
  const given = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) {
    return { url: given, origin: 'DATABASE_URL', freshDatabase: (name) => freshPgDatabase(given, name), stop: async () => undefined, postmasterPid: () => (Number(process.env.BENCH_PG_PID) || null) };
  }
  const bin = pgBin();
  if (!bin) {
    console.log('(PostgreSQL: no DATABASE_URL and no /usr/lib/postgresql/*/bin/initdb — install Debian\'s postgresql package or set DATABASE_URL)');
    return null;
  }
  const root = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]) => execFileSync(root ? 'runuser' : cmd, root ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'tischlein-bench-pg-'));
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const port = Number(process.env.BENCH_PG_PORT) || (await freePort());
  const data = join(dir, 'data');
  const stop = async () => {
    try {
      asPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPg(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
    // BENCH_PG_OPTS: more settings for a diagnosis (e.g. '-c log_lock_waits=on -c deadlock_timeout=5ms'); the figures to quote run without
    asPg(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 ${process.env.BENCH_PG_OPTS ?? ''}`, 'start']);
  } catch (e) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-2000) : '';
    await stop();
    console.log(`(PostgreSQL: the local cluster did not start: ${(e as Error).message.split('\n')[0]} ${log})`);
    return null;
  }
  const version = execFileSync(join(bin, 'postgres'), ['--version']).toString().trim().split(' ').pop();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const settings = process.env.BENCH_PG_OPTS ? `settings: ${process.env.BENCH_PG_OPTS}` : 'default settings';
  return { url, origin: `local cluster, PostgreSQL ${version}, port ${port}, ${settings}`, freshDatabase: (name) => freshPgDatabase(url, name), stop, postmasterPid: () => postmasterPidOf(data) };
}
