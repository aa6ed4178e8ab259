// Orders under concurrent load: a server process started as `npm run serve` starts it, on PGlite
// in memory and on PostgreSQL (tests/bench/postgres.ts: DATABASE_URL, or a throw-away local
// cluster), takes delivery orders of 10 lines (the demo shop, cash) over HTTP on loopback from 10
// and from 50 concurrent clients (closed loop: each client sends its next order when the last one
// was answered); each guest has an e-mail address of their own, so every order queues two mails
// (the guest's and the restaurant's), sent by the server's outbox worker as part of the load.
// Prints p50/p99/max, orders per second, the server's CPU time per order and the failures. Goal (10 clients): p99 ≤
// 50 ms on PGlite, ≤ 30 ms on PostgreSQL, no failure.
//   npx tsx tests/bench/orderLoad.ts [--orders N] [--warmup N] [--warm N] [--only pglite|postgres] [--processes N] [--client http|fetch]   (also in `npm run bench`)
// After each client count it waits until the outbox has sent the run's mails (/outbox, development) and prints,
// beside p50/p99, the whole machine's CPU per order by process and thread group, during the load and for that
// tail (tests/bench/cpuBudget.ts).
// --processes N (PostgreSQL only, default 1): N server processes on the one database, as the product runs
// several (LISTEN/NOTIFY); the clients take them in turn, the CPU per order is that of all of them.
// BENCH_CPU_PROF=<folder> writes the server's CPU profile there (node --cpu-prof); tests/bench/profileSummary.ts
// sums it by area and function. BENCH_TRACE=<folder> traces the server (tests/bench/serverTrace.cjs) and
// prints per client count the latencies' histogram, the statements per order and what happened while the
// slowest 1 % waited (tests/bench/orderTrace.ts): on PGlite the connection's and the collector's share, on
// PostgreSQL (one server process) each order split at its own statement, the mails and outbox statements
// beside it and, with BENCH_CPU_PROF too, what ran on the event loop meanwhile.
// The load client shares the machine with the server (2 cores here): its own CPU per order is printed
// beside the server's. It sends over node:http with a keep-alive Agent (one socket per client); --client
// fetch sends with fetch (undici's web streams: ≈ 3× the client's CPU, docs/benchmarks.md) to compare.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import http from 'node:http';
import os from 'node:os';
import { TEN_LINES } from './order';
import { describeTrace, type CpuProfile, type Trace } from './orderTrace';
import { budgetProbe, printBudgets, untilMailsSent, type CpuBudget } from './cpuBudget';
import { benchPostgres } from './postgres';
import { closedLoop, cpuMs, mainThreadCpuMs, pct, startBenchServer, type BenchServer } from './serverProcess';
import { serveArgs } from '../../server/testing';

/**
 * CPU time of each thread of a process so far (ms, by thread id; /proc). On PGlite the busiest thread besides
 * the main one is PGlite's (server/pgliteWorker.cjs): Node 20 cannot name a worker thread, so it is found by its time.
 */
function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** The most CPU time one thread other than the main one used between two threadCpuMs readings (ms). */
function busiestOtherThreadMs(pid: number, before: Map<number, number>, after: Map<number, number>): number {
  let most = 0;
  for (const [tid, ms] of after) if (tid !== pid) most = Math.max(most, ms - (before.get(tid) ?? 0));
  return most;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const FORM = {
  salutation: '', name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'bench@example.de',
  phone: '0341 1', messageDriver: '', messageCook: '', floor: '', company: '', paymentMethod: 'offline', isPickup: false, serveAt: '',
};

export interface LoadRow {
  database: string;
  clients: number;
  /** the server had taken this many orders before the measured ones (--warm: a server that has run for a while) */
  after?: number;
  orders: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
  /** the server process's CPU time per order (ms): stable under the machine's other load */
  cpuPerOrder: number;
  /** of it, the main thread's (the event loop that answers the requests; mainThreadCpuMs) */
  mainCpuPerOrder: number;
  /** of it, the busiest other thread's (on PGlite: PGlite's thread, server/pgliteWorker.cjs) */
  otherThreadCpuPerOrder: number;
  /** the bench's own (the load client's) CPU time per order (ms): it runs on the same machine */
  clientCpuPerOrder: number;
  failed: number;
  failures: string[];
  /** the whole machine's CPU over the run by process and thread group (tests/bench/cpuBudget.ts) */
  budget?: CpuBudget;
  /** the same from the run's end until its mails were sent (per order of the run), and how long that took (null: not within 60 s) */
  mailTail?: { budget: CpuBudget; ms: number | null };
}

type Client = 'http' | 'fetch';

function orderBody(run: string, i: number): string {
  // each guest an address of their own: each order queues the guest's confirmation and the restaurant's mail
  return JSON.stringify({ formValues: { ...FORM, email: `gast-${run}-${i}@example.de` }, orderItems: TEN_LINES, sessionId: `bench-${run}-${i}`, legalAccepted: true });
}

/** One order over HTTP with fetch; throws unless 201. */
async function placeOneFetch(base: string, run: string, i: number): Promise<void> {
  const res = await fetch(`${base}/api/shop/demo/order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${run}-${i}` },
    body: orderBody(run, i),
    // a server that stops answering is a failure here, not a bench that waits for ever
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`HTTP ${res.status} ${text.slice(0, 200)}`);
}

/** One order over node:http on a kept-alive socket of `agent`; throws unless 201. */
function placeOneHttp(agent: http.Agent, base: string, run: string, i: number, onSent?: () => void): Promise<void> {
  const body = orderBody(run, i);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/shop/demo/order`, {
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Idempotency-Key': `bench-${run}-${i}` },
      // a server that stops answering is a failure here, not a bench that waits for ever
      timeout: 30_000,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode === 201) resolve();
        else reject(new Error(`HTTP ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    // the request handed to the kernel (BENCH_TRACE: the client's own delay before it)
    if (onSent) req.on('finish', onSent);
    req.on('error', reject);
    req.end(body);
  });
}

/** The client's CPU time so far (user + system, ms). */
const clientCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** --warmup N: orders before the measured ones (default 100). */
const warmupOrders = (): number => Number(argValue('warmup')) || 100;

/**
 * --warm N (default 3000, 0: none): after the client counts, N more orders at 10 clients, their mails sent,
 * then 10 clients measured again — the server as it runs after a while: V8 compiles the order's path with
 * TurboFan over its first ≈ 3,000–4,000 orders (docs/benchmarks.md, "A fresh server and a warm one").
 */
const warmOrders = (): number => {
  const v = argValue('warm');
  return v === undefined ? 3000 : Math.max(0, Number(v) || 0);
};

/** The node flags the bench servers run with (BENCH_NODE_ARGS or those of `npm run serve`). */
const benchNodeArgs = (): string[] => (process.env.BENCH_NODE_ARGS !== undefined ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : serveArgs());

/** BENCH_TRACE: [start, end, Idempotency-Key, written to the socket] of every order the client placed */
const clientSpans: [number, number, string, number][] = [];

export async function loadOrders(server: BenchServer | BenchServer[], database: string, clientCounts: number[], orders: number, client: Client = 'http', postmasterPid: number | null = null, warm = 0): Promise<LoadRow[]> {
  const servers = Array.isArray(server) ? server : [server];
  const base = (i: number) => servers[i % servers.length].base;
  const cpu = () => servers.reduce((sum, s) => sum + cpuMs(s.pid), 0);
  const mainCpu = () => servers.reduce((sum, s) => sum + mainThreadCpuMs(s.pid), 0);
  const run = `${process.pid}-${Date.now()}`;
  // at most one socket per client and server: each client's orders go one after the other on its own
  const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Math.max(...clientCounts, 10) });
  let agent = newAgent();
  const send = (b: string, r: string, i: number, onSent?: () => void) => (client === 'fetch' ? placeOneFetch(b, r, i) : placeOneHttp(agent, b, r, i, onSent));
  // BENCH_TRACE: each order as the client saw it (epoch ms, as the server's trace), to split its time outside the server
  const placeOne = !process.env.BENCH_TRACE ? send : async (b: string, r: string, i: number) => {
    const start = performance.timeOrigin + performance.now();
    let sent = NaN;
    await send(b, r, i, () => (sent = performance.timeOrigin + performance.now()));
    clientSpans.push([start, performance.timeOrigin + performance.now(), `bench-${r}-${i}`, sent]);
  };
  try {
    // warm-up: lazy modules, caches, the JIT, the connection pool (of every process); --warmup N (default
    // 100): V8 still compiles the order's path with TurboFan for the next ≈ 3,000 orders (docs/benchmarks.md)
    await closedLoop(10, warmupOrders() * servers.length, (i) => placeOne(base(i), `${run}-w`, i));
    const rows: LoadRow[] = [];
    let placed = warmupOrders() * servers.length;
    const measure = async (clients: number, after?: number) => {
      const probe = budgetProbe(servers.map((s) => s.pid), benchNodeArgs(), postmasterPid);
      probe.start();
      const cpu0 = cpu();
      const main0 = mainCpu();
      const threads0 = servers.map((s) => threadCpuMs(s.pid));
      const client0 = clientCpuMs();
      const r = await closedLoop(clients, orders, (i) => placeOne(base(i), `${run}-${clients}${after ? '-warm' : ''}`, i));
      placed += orders;
      const budget = probe.stop(orders);
      const cpuPerOrder = (cpu() - cpu0) / orders;
      const mainCpuPerOrder = (mainCpu() - main0) / orders;
      const otherThreadCpuPerOrder = servers.reduce((sum, s, n) => sum + busiestOtherThreadMs(s.pid, threads0[n], threadCpuMs(s.pid)), 0) / orders;
      const clientCpuPerOrder = (clientCpuMs() - client0) / orders;
      // the mails the run queued and the outbox had not sent yet: their CPU belongs to these orders too
      const tail = budgetProbe(servers.map((s) => s.pid), benchNodeArgs(), postmasterPid);
      tail.start();
      const tailMs = await untilMailsSent(servers[0].base);
      const mailTail = { budget: tail.stop(orders), ms: tailMs };
      // the server closes sockets idle for 5 s (keepAliveTimeout): a socket reused as it closes is a 'socket hang up'
      agent.destroy();
      agent = newAgent();
      rows.push({
        database, clients, after, orders, cpuPerOrder, mainCpuPerOrder, otherThreadCpuPerOrder, clientCpuPerOrder, failed: r.failed, failures: r.failures, budget, mailTail,
        p50: pct(r.times, 50), p99: pct(r.times, 99), max: Math.max(...r.times), perSecond: (r.times.length / r.wallMs) * 1000,
      });
    };
    for (const clients of clientCounts) await measure(clients);
    if (warm > 0) {
      // the server keeps taking orders (not measured), sends their mails, and is measured again at 10 clients
      await closedLoop(10, warm, (i) => placeOne(base(i), `${run}-warm`, i));
      placed += warm;
      await untilMailsSent(servers[0].base);
      agent.destroy();
      agent = newAgent();
      await measure(10, placed);
    }
    return rows;
  } finally {
    agent.destroy();
  }
}

export function printLoadRows(rows: LoadRow[]): void {
  console.log('| Database | Clients | Orders | p50 | p99 | max | orders/s | server CPU per order | of it main thread | busiest other thread | client CPU per order | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.database} | ${r.clients}${r.after ? ` (warm: after ${r.after.toLocaleString('en')} orders)` : ''} | ${r.orders} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.perSecond.toFixed(0)} | ${r.cpuPerOrder.toFixed(1)} ms | ${r.mainCpuPerOrder.toFixed(1)} ms | ${r.otherThreadCpuPerOrder.toFixed(1)} ms | ${r.clientCpuPerOrder.toFixed(1)} ms | ${r.failed} |`);
  }
  for (const r of rows) for (const f of r.failures) console.log(`  failure (${r.database}, ${r.clients} clients): ${f}`);
  printBudgets(rows.flatMap((r) => {
    const label = `${r.database.replace(/ \(.*/, '')}, ${r.clients} clients${r.after ? ', warm' : ''}`;
    return [
      ...(r.budget ? [{ label, budget: r.budget }] : []),
      ...(r.mailTail ? [{ label: `${label}: after the load, until its mails were sent (${r.mailTail.ms === null ? 'not within 60 s' : `${(r.mailTail.ms / 1000).toFixed(1)} s`})`, budget: r.mailTail.budget }] : []),
    ];
  }));
}

/** The trace of a stopped bench server (BENCH_TRACE), with its CPU profile when BENCH_CPU_PROF wrote one. */
function printTrace(s: BenchServer, what: string, orders: number): void {
  if (!s.traceFile || !existsSync(s.traceFile)) return;
  const dir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;
  const file = dir && existsSync(dir) ? readdirSync(dir).find((f) => f.includes(`.${s.pid}.`) && f.endsWith('.cpuprofile')) : undefined;
  const profile = file ? (JSON.parse(readFileSync(join(dir!, file), 'utf8')) as CpuProfile) : null;
  console.log(`trace of the ${what} server (${s.traceFile}${file ? `, profile ${file}` : ''}):`);
  const trace = JSON.parse(readFileSync(s.traceFile, 'utf8')) as Trace;
  trace.client = clientSpans.splice(0);
  console.log(describeTrace(trace, warmupOrders(), [orders, orders], ['10 clients', '50 clients'], profile).join('\n'));
}

export async function runOrderLoadBench(): Promise<void> {
  const orders = Number(argValue('orders')) || 1000;
  const only = argValue('only');
  const processes = Math.max(1, Number(argValue('processes')) || 1);
  const client: Client = argValue('client') === 'fetch' ? 'fetch' : 'http';
  console.log(`machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
  console.log(`orders of 10 lines (delivery, cash) over HTTP on loopback (client: ${client === 'fetch' ? 'fetch' : 'node:http, keep-alive'}), ${orders} per client count after ${warmupOrders()} warm-up orders${warmOrders() ? `, then ${warmOrders()} more and 10 clients again (a warm server)` : ''}; goal at 10 clients: p99 ≤ 50 ms (PGlite), ≤ 30 ms (PostgreSQL), none failed`);
  const rows: LoadRow[] = [];
  if (only !== 'postgres') {
    const s = await startBenchServer({ DATA_DIR: 'memory' });
    try {
      rows.push(...(await loadOrders(s, 'PGlite (memory)', [10, 50], orders, client, null, warmOrders())));
    } finally {
      await s.stop();
    }
    printTrace(s, 'PGlite', orders);
  }
  if (only !== 'pglite') {
    const pg = await benchPostgres();
    if (pg) {
      try {
        const url = await pg.freshDatabase('tischlein_bench_orders');
        // one after the other: the first migrates and seeds the empty database
        const servers: BenchServer[] = [];
        try {
          for (let n = 0; n < processes; n++) servers.push(await startBenchServer({ DATABASE_URL: url }));
          rows.push(...(await loadOrders(servers, `PostgreSQL (${pg.origin})${processes > 1 ? `, ${processes} server processes` : ''}`, [10, 50], orders, client, pg.postmasterPid(), warmOrders())));
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }
        if (servers.length === 1) printTrace(servers[0], 'PostgreSQL', orders);
      } finally {
        await pg.stop();
      }
    }
  }
  printLoadRows(rows);
  console.log(`load at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

if (require.main === module) {
  runOrderLoadBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
