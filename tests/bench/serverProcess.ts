// A server process for the benches, started the way `npm run serve` starts it (node with the flags
// of package.json, server/main.ts), on free ports, with its own temporary folders; its output is
// kept for the error message when it does not start. BENCH_CPU_PROF=<folder> writes a V8 CPU
// profile of the server (node --cpu-prof) into that folder when it stops; BENCH_NODE_ARGS replaces
// the flags of `npm run serve` (to compare); BENCH_SERVER_LOG=<file> appends the server's output to that file.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { serveArgs, serveEnv } from '../../server/testing';
import { freePort } from '../../server/testingProcesses';

const ROOT = resolve(__dirname, '../..');

export interface BenchServer {
  base: string;
  pid: number;
  /** everything the server printed so far */
  output(): string;
  stop(): Promise<void>;
  /** BENCH_TRACE: where the server writes its trace when it stops */
  traceFile: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startBenchServer(env: Record<string, string>, startTimeoutMs = 180_000): Promise<BenchServer> {
  const tmp = mkdtempSync(join(tmpdir(), 'tischlein-bench-'));
  const port = await freePort();
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROF)] : [];
  // BENCH_TRACE=<folder>: the server records its calls into PGlite, its requests and its collections (serverTrace.cjs)
  const traceFile = process.env.BENCH_TRACE ? join(resolve(process.env.BENCH_TRACE), `trace-${Date.now()}-${port}.json`) : null;
  if (traceFile) mkdirSync(dirname(traceFile), { recursive: true });
  // BENCH_NODE_ARGS: other node flags than those of `npm run serve`, to compare
  const nodeArgs = process.env.BENCH_NODE_ARGS !== undefined ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : serveArgs().filter((a) => a !== 'server/main.ts');
  const trace = traceFile ? ['--require', join(ROOT, 'tests/bench/serverTrace.cjs')] : [];
  const child: ChildProcess = spawn(process.execPath, [...prof, ...nodeArgs, ...trace, 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, ...serveEnv(), DATABASE_URL: '', TEST_DATABASE_URL: '', ...env, PORT: String(port), EXAMPLES_PORT: String(await freePort()),
      OUTBOX_DIR: join(tmp, 'outbox'), TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'), TISCHLEIN_CACHE_DIR: process.env.TISCHLEIN_CACHE_DIR || resolve(ROOT, '.data/cache'),
      // the worker would compete with the orders for the one PGlite connection every 2 s; it is part of the load
      OUTBOX_INTERVAL_MS: env.OUTBOX_INTERVAL_MS ?? '2000',
      ...(traceFile ? { BENCH_TRACE_FILE: traceFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // BENCH_SERVER_LOG=<file>: the server's output is appended there too (e.g. with BENCH_NODE_ARGS="… --trace-gc")
  const log = process.env.BENCH_SERVER_LOG ? resolve(process.env.BENCH_SERVER_LOG) : null;
  const keep = (d: unknown) => {
    out += String(d);
    if (log) appendFileSync(log, String(d));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  const until = Date.now() + startTimeoutMs;
  while (!/outbox: /.test(out)) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`the server did not start:\n${out}`);
    }
    await sleep(100);
  }
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, output: () => out, stop, traceFile };
}

/**
 * CPU time the process has used so far, in ms (Linux /proc: utime + stime at 100 ticks per
 * second). Under a loaded machine the latency grows with the queue; the CPU time per request does not.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // after the command's ')' the fields start at the 3rd: utime is the 14th, stime the 15th
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time of the process's main thread (its event loop: the requests, the database client) so far,
 * in ms — without its other threads (V8's background GC and compiler threads, libuv's pool, the mail
 * thread of server/outbox/mailThread.ts), which cpuMs counts too.
 */
export function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** p-th percentile (nearest rank) of `xs`. */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * Runs `total` jobs with `clients` concurrent workers (each starts its next job when its last one
 * answered: a closed loop, as `clients` guests clicking at once). Returns each job's time in ms,
 * the failures (first few messages) and the wall time.
 */
export async function closedLoop(clients: number, total: number, job: (i: number) => Promise<void>): Promise<{ times: number[]; failures: string[]; failed: number; wallMs: number }> {
  const times: number[] = [];
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      try {
        await job(i);
        times.push(performance.now() - t);
      } catch (e) {
        failed++;
        if (failures.length < 3) failures.push((e as Error).message.slice(0, 300));
      }
    }
  }));
  return { times, failures, failed, wallMs: performance.now() - t0 };
}
