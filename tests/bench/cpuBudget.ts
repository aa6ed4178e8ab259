// The whole CPU budget of an order (docs/benchmarks.md, "The whole CPU budget of an order"): where the
// machine's cores went during a load run — the server process split by thread group, the bench's own
// client, PostgreSQL's processes (the throw-away cluster's postmaster and its children), the machine's
// other processes and its idle time — so that a run's figures add up to its cores × wall time.
//
// Linux only (/proc; utime + stime at USER_HZ = 100, i.e. 10 ms ticks). Node 20 names none of its
// threads (every comm is "node"), so the server's threads are told apart by what they run: at the end of
// a run, `gdb -p <pid> -batch -ex "thread apply all bt"` (a pause of ≈ 0.6 s after the measurement) —
// libuv's pool threads run `worker` of threadpool.c, V8's `PlatformWorkerThread` and the delayed-task
// scheduler, worker_threads `node::worker::Worker`. Without gdb the order in which Node 20 starts them
// is used (main; V8's scheduler and its --v8-pool-size workers; the inspector's signal thread; later
// threads: libuv's pool, worker threads).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICK_MS = 10;

/** utime + stime (ms) and, for a process, its waited-for children's (cutime + cstime) from a stat file. */
function statCpu(path: string): { self: number; children: number; ppid: number } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null; // gone
  }
  // after the command's ')' the fields start at the 3rd: ppid the 4th, utime the 14th, stime the 15th, cutime 16th, cstime 17th
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), self: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
}

/** CPU time per thread id of a process so far (ms), and the whole process's (incl. threads that ended). */
export interface ThreadSnapshot {
  total: number;
  threads: Map<number, number>;
}

export function threadSnapshot(pid: number): ThreadSnapshot {
  const threads = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    // gone
  }
  for (const tid of tids) {
    const s = statCpu(`/proc/${pid}/task/${tid}/stat`);
    if (s) threads.set(Number(tid), s.self);
  }
  return { total: statCpu(`/proc/${pid}/stat`)?.self ?? 0, threads };
}

export type NodeThreadGroup = 'main thread' | 'V8 platform (GC, compiler)' | 'libuv pool' | 'worker threads' | 'other threads';
export const NODE_GROUPS: NodeThreadGroup[] = ['main thread', 'V8 platform (GC, compiler)', 'libuv pool', 'worker threads', 'other threads'];

/** Each live thread's group, from its stack (gdb) or, without gdb, from the order Node 20 starts them in. */
export function classifyNodeThreads(pid: number, v8PoolSize: number): Map<number, NodeThreadGroup> {
  const groups = new Map<number, NodeThreadGroup>();
  let bt = '';
  try {
    bt = execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 30'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000, maxBuffer: 64 * 1024 * 1024 }).toString();
  } catch {
    bt = '';
  }
  const blocks = bt.split(/\n(?=Thread \d+ \(Thread )/).map((b) => ({ lwp: Number(/\(LWP (\d+)\)/.exec(b)?.[1]), text: b })).filter((b) => b.lwp > 0);
  if (blocks.length) {
    for (const { lwp, text } of blocks) {
      if (lwp === pid) groups.set(lwp, 'main thread');
      else if (/deps\/uv\/src\/threadpool\.c/.test(text)) groups.set(lwp, 'libuv pool');
      else if (/PlatformWorkerThread|DelayedTaskScheduler|WorkerThreadsTaskRunner/.test(text)) groups.set(lwp, 'V8 platform (GC, compiler)');
      else if (/node::worker::Worker/.test(text)) groups.set(lwp, 'worker threads');
      else groups.set(lwp, 'other threads');
    }
    return groups;
  }
  const tids = [...threadSnapshot(pid).threads.keys()].sort((a, b) => a - b);
  tids.forEach((tid, i) => {
    if (tid === pid) groups.set(tid, 'main thread');
    else if (i <= 1 + v8PoolSize) groups.set(tid, 'V8 platform (GC, compiler)');
    else if (i === 2 + v8PoolSize) groups.set(tid, 'other threads'); // the inspector's signal thread
    else groups.set(tid, 'libuv pool'); // may include worker threads: only gdb tells them apart
  });
  return groups;
}

/** The V8 pool size the node flags ask for (Node's default: 4). */
export function v8PoolSize(nodeArgs: string[]): number {
  const a = nodeArgs.find((x) => x.startsWith('--v8-pool-size='));
  return a ? Number(a.split('=')[1]) : 4;
}

/** The server's CPU between two snapshots by thread group (ms); threads that ended count as 'other threads'. */
export function nodeBudget(before: ThreadSnapshot, after: ThreadSnapshot, groups: Map<number, NodeThreadGroup>): Map<NodeThreadGroup, number> {
  const out = new Map<NodeThreadGroup, number>(NODE_GROUPS.map((g) => [g, 0]));
  let live = 0;
  for (const [tid, ms] of after.threads) {
    const d = ms - (before.threads.get(tid) ?? 0);
    live += d;
    const g = groups.get(tid) ?? 'other threads';
    out.set(g, out.get(g)! + d);
    // BENCH_THREADS=1: each thread's share (to check the grouping)
    if (process.env.BENCH_THREADS) console.log(`  thread ${tid}: ${g}, ${d} ms`);
  }
  // the process's total counts threads that ended in between too
  out.set('other threads', out.get('other threads')! + Math.max(0, after.total - before.total - live));
  return out;
}

export type PgGroup = 'backends' | 'walwriter' | 'checkpointer, bgwriter' | 'other (postmaster, launchers, ended children)';
export const PG_GROUPS: PgGroup[] = ['backends', 'walwriter', 'checkpointer, bgwriter', 'other (postmaster, launchers, ended children)'];

/** CPU (ms) of a PostgreSQL cluster's processes so far: the postmaster, its live children by kind, its ended children. */
export function pgSnapshot(postmasterPid: number): Map<string, number> {
  const out = new Map<string, number>();
  const pm = statCpu(`/proc/${postmasterPid}/stat`);
  if (!pm) return out;
  out.set('postmaster', pm.self);
  out.set('ended children', pm.children); // autovacuum workers, backends that closed: counted at their exit
  for (const c of postmasterChildren(postmasterPid)) out.set(`${c.pid} ${c.cmd}`, c.self);
  return out;
}

/** The live children of a PostgreSQL postmaster: pid, command line (spaces for NULs) and CPU so far (ms). */
function postmasterChildren(postmasterPid: number): { pid: number; cmd: string; self: number }[] {
  const out: { pid: number; cmd: string; self: number }[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    const s = statCpu(`/proc/${p}/stat`);
    if (!s || s.ppid !== postmasterPid) continue;
    try {
      out.push({ pid: Number(p), cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ').trim(), self: s.self });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

export function pgBudget(before: Map<string, number>, after: Map<string, number>): Map<PgGroup, number> {
  const out = new Map<PgGroup, number>(PG_GROUPS.map((g) => [g, 0]));
  for (const [key, ms] of after) {
    const d = ms - (before.get(key) ?? 0);
    const g: PgGroup = /^\d+ postgres: walwriter/.test(key) ? 'walwriter'
      : /^\d+ postgres: (checkpointer|background writer)/.test(key) ? 'checkpointer, bgwriter'
        : /^\d+ postgres: (autovacuum|logical replication|stats|archiver|walsender|walreceiver|startup)/.test(key) || !/^\d+ /.test(key) ? 'other (postmaster, launchers, ended children)'
          : 'backends';
    out.set(g, out.get(g)! + d);
  }
  return out;
}

/** How long a thread has waited on a run queue so far (ms: runnable, no core free; /proc/…/schedstat's second field), 0 when gone. */
export function runQueueMs(path: string): number {
  try {
    return Number(readFileSync(path, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/** The run-queue waits of a cluster's backends so far (ms), by pid (the postmaster's children that are not its helpers). */
function backendsRunQueue(postmasterPid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of postmasterChildren(postmasterPid)) {
    if (/postgres: (walwriter|checkpointer|background writer|autovacuum|logical replication|stats|archiver)/.test(c.cmd)) continue;
    out.set(c.pid, runQueueMs(`/proc/${c.pid}/schedstat`));
  }
  return out;
}

/** The machine's CPU time so far (ms over all cores): busy and idle (incl. iowait), from /proc/stat. */
export function machineSnapshot(): { busy: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are in user and nice already)
  const idle = (line[3] + line[4]) * TICK_MS;
  const busy = (line[0] + line[1] + line[2] + line[5] + line[6] + line[7]) * TICK_MS;
  return { busy, idle };
}

/** A load run's CPU budget: everything measured over one client count. */
export interface CpuBudget {
  /** ms per order by part; the parts plus 'other processes' and 'idle' add up to cores × wall ÷ orders */
  parts: [string, number][];
  otherProcesses: number;
  idle: number;
  /** cores × wall time ÷ orders */
  capacity: number;
  /** ms per order that a thread waited for a core (runnable, both busy): the server's main thread, the client, the backends */
  runQueue: [string, number][];
}

export interface BudgetProbe {
  /** call right before the measured run */
  start(): void;
  /** call right after it: the budget per order */
  stop(orders: number): CpuBudget;
}

/**
 * Measures the server processes (by thread group), the client (this process), PostgreSQL (when its
 * postmaster's pid is known) and the machine over one run.
 */
export function budgetProbe(serverPids: number[], nodeArgs: string[], postmasterPid: number | null): BudgetProbe {
  let t0 = 0;
  let srv0: ThreadSnapshot[] = [];
  let pg0 = new Map<string, number>();
  let client0 = 0;
  let m0 = machineSnapshot();
  let rq0: number[] = [];
  let client0Rq = 0;
  let pgRq0 = new Map<number, number>();
  const mainRq = () => serverPids.map((pid) => runQueueMs(`/proc/${pid}/task/${pid}/schedstat`));
  const clientRq = () => runQueueMs(`/proc/${process.pid}/task/${process.pid}/schedstat`);
  const clientMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  return {
    start() {
      srv0 = serverPids.map(threadSnapshot);
      pg0 = postmasterPid ? pgSnapshot(postmasterPid) : new Map();
      client0 = clientMs();
      m0 = machineSnapshot();
      rq0 = mainRq();
      client0Rq = clientRq();
      pgRq0 = postmasterPid ? backendsRunQueue(postmasterPid) : new Map();
      t0 = performance.now();
    },
    stop(orders) {
      const wall = performance.now() - t0;
      const rq1 = mainRq();
      const client1Rq = clientRq();
      const pgRq1 = postmasterPid ? backendsRunQueue(postmasterPid) : new Map<number, number>();
      const m1 = machineSnapshot();
      const client = clientMs() - client0;
      const pg1 = postmasterPid ? pgSnapshot(postmasterPid) : new Map<string, number>();
      const srv1 = serverPids.map(threadSnapshot);
      const parts: [string, number][] = [];
      const node = new Map<NodeThreadGroup, number>(NODE_GROUPS.map((g) => [g, 0]));
      serverPids.forEach((pid, i) => {
        const b = nodeBudget(srv0[i], srv1[i], classifyNodeThreads(pid, v8PoolSize(nodeArgs)));
        for (const g of NODE_GROUPS) node.set(g, node.get(g)! + b.get(g)!);
      });
      for (const g of NODE_GROUPS) parts.push([`server: ${g}`, node.get(g)! / orders]);
      parts.push(['client (the bench)', client / orders]);
      if (postmasterPid) {
        const pg = pgBudget(pg0, pg1);
        for (const g of PG_GROUPS) parts.push([`PostgreSQL: ${g}`, pg.get(g)! / orders]);
      }
      const busy = (m1.busy - m0.busy) / orders;
      const measured = parts.reduce((s, [, v]) => s + v, 0);
      const runQueue: [string, number][] = [
        ['server: main thread', rq1.reduce((sum, v, i) => sum + v - rq0[i], 0) / orders],
        ['client (the bench)', (client1Rq - client0Rq) / orders],
        ...(postmasterPid ? [['PostgreSQL: backends', [...pgRq1].reduce((sum, [pid, v]) => sum + v - (pgRq0.get(pid) ?? 0), 0) / orders] as [string, number]] : []),
      ];
      return { parts, otherProcesses: Math.max(0, busy - measured), idle: (m1.idle - m0.idle) / orders, capacity: (wall * os.cpus().length) / orders, runQueue };
    },
  };
}

/** The budget of each row as a table: ms per order, one column per row. */
export function printBudgets(rows: { label: string; budget: CpuBudget }[]): void {
  if (!rows.length) return;
  console.log(`CPU per order by process and thread group (ms; /proc, 10 ms ticks; the column adds up to ${os.cpus().length} cores × wall time ÷ orders):`);
  console.log(`| Part | ${rows.map((r) => r.label).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---:').join('|')}|`);
  const names = [...new Set(rows.flatMap((r) => r.budget.parts.map(([n]) => n)))];
  const cell = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)}`);
  for (const n of names) console.log(`| ${n} | ${rows.map((r) => cell(r.budget.parts.find(([k]) => k === n)?.[1])).join(' | ')} |`);
  const sum = (r: CpuBudget) => r.parts.reduce((s, [, v]) => s + v, 0);
  console.log(`| **measured, in all** | ${rows.map((r) => `**${sum(r.budget).toFixed(2)}**`).join(' | ')} |`);
  console.log(`| the machine's other processes | ${rows.map((r) => cell(r.budget.otherProcesses)).join(' | ')} |`);
  console.log(`| idle | ${rows.map((r) => cell(r.budget.idle)).join(' | ')} |`);
  console.log(`| cores × wall time | ${rows.map((r) => cell(r.budget.capacity)).join(' | ')} |`);
  // not CPU: the time a thread was ready to run and waited for a core (/proc/…/schedstat)
  const waits = [...new Set(rows.flatMap((r) => r.budget.runQueue.map(([n]) => n)))];
  for (const n of waits) console.log(`| waited for a core: ${n} | ${rows.map((r) => cell(r.budget.runQueue.find(([k]) => k === n)?.[1])).join(' | ')} |`);
}

/** The postmaster's pid of a data folder (its postmaster.pid's first line), or null. */
export function postmasterPidOf(dataDir: string): number | null {
  const f = `${dataDir}/postmaster.pid`;
  if (!existsSync(f)) return null;
  const pid = Number(readFileSync(f, 'utf8').split('\n')[0]);
  return pid > 0 ? pid : null;
}

/**
 * Waits until the server's outbox has sent every mail the load queued: its development page /outbox
 * lists the newest 50 mails, claimed in id order, so none of them 'wartet' / 'wird versendet' means
 * none is left. Returns the ms waited, or null when mails were still queued after `maxMs`.
 */
export async function untilMailsSent(base: string, maxMs = 60_000): Promise<number | null> {
  const t0 = performance.now();
  for (;;) {
    const page = await (await fetch(`${base}/outbox`)).text();
    // 'wartet'/'warten': a mail not yet sent, or an order whose mails the worker has not yet rendered
    if (!/wartet|warten noch auf ihre E-Mails|wird versendet/.test(page)) return performance.now() - t0;
    if (performance.now() - t0 > maxMs) return null;
    // not more often: each look renders the page in the server (its CPU counts in the tail)
    await new Promise((r) => setTimeout(r, 500));
  }
}
