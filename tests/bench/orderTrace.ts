// Reads a trace of the order bench's server (tests/bench/serverTrace.cjs, `BENCH_TRACE=<folder>` of
// tests/bench/orderLoad.ts) and prints, for each client count's orders as the server saw them (from
// the request's start to its answer's end): a histogram of the latencies, how busy PGlite's one
// connection and the garbage collector were, the statements per order with their mean and longest
// time, the collections by kind, and the slowest 1 %: what the connection and the collector did
// while each of them was in the server.
// On PostgreSQL (the trace has pg's statements) each order is split at its own statement: before it
// (body, checks, pricing, the wait for the event loop and a pooled connection), the statement (the
// day counter's lock, the execution, the commit's flush, and the wait until Node reads the result)
// and after it (the answer); with the server's CPU profile (BENCH_CPU_PROF) the slowest 1 % also get
// what ran on the event loop while each was in the server (main thread's samples by area).
//   npx tsx tests/bench/orderTrace.ts <trace.json> [--warmup 100] [--phases 600,600] [--labels 10,50] [--profile <file.cpuprofile>]
import { readFileSync } from 'node:fs';
import { areaOf } from './profileSummary';

type Span = [start: number, end: number, what: string | number];
/** pg: [start, end, statement, order key]; req: [start, end, url, order key] (serverTrace.cjs) */
type KeyedSpan = [start: number, end: number, what: string, key: string | null];
export interface Trace {
  db: Span[]; req: Span[]; gc: Span[];
  pg?: KeyedSpan[]; connect?: [number, number][]; mail?: Span[]; timeOrigin?: number; monoOffset?: number;
  /** the bench's client: [start, end, Idempotency-Key, written to the socket] of each order (orderLoad.ts adds them) */
  client?: [number, number, string, number?][];
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
/** V8's CPU profile (node --cpu-prof): sample times in µs of CLOCK_MONOTONIC */
export interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** The profile's samples as [epoch ms of the trace, area, duration ms] (the areas of profileSummary.ts, coarser). */
function profileSamples(profile: CpuProfile, trace: Trace): [number, string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const area = new Map<number, string>();
  for (const n of profile.nodes) {
    const a = areaOf(n.callFrame.url, n.callFrame.functionName);
    area.set(n.id, /^(nodemailer|server\/outbox)/.test(a) ? 'mail (nodemailer, outbox)'
      : /^pg/.test(a) ? 'pg' : /^(server|shared)\//.test(a) ? `${a} (orders' own code)` : a.startsWith('node: ') ? 'node internals' : a);
  }
  const toEpoch = (us: number) => (trace.timeOrigin ?? 0) + (us / 1000 - (trace.monoOffset ?? 0));
  const out: [number, string, number][] = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const d = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i];
    out.push([toEpoch(t), byId.has(id) ? area.get(id)! : '?', d / 1000]);
  });
  return out;
}

const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'minor mark-sweep', 4: 'mark-sweep-compact', 8: 'incremental marking', 16: 'weak callbacks' };

const overlapping = (spans: Span[], from: number, to: number) => spans.filter((s) => s[1] > from && s[0] < to);
const busy = (spans: Span[], from: number, to: number) => spans.reduce((sum, s) => sum + Math.max(0, Math.min(s[1], to) - Math.max(s[0], from)), 0);

function byLabel(spans: Span[]): Map<string, { n: number; ms: number; max: number }> {
  const out = new Map<string, { n: number; ms: number; max: number }>();
  for (const [start, end, what] of spans) {
    const key = typeof what === 'number' ? (GC_KINDS[what] ?? `kind ${what}`) : what;
    const e = out.get(key) ?? { n: 0, ms: 0, max: 0 };
    e.n++;
    e.ms += end - start;
    e.max = Math.max(e.max, end - start);
    out.set(key, e);
  }
  return out;
}

/** The report for the orders `orders` (spans of the order requests of one client count). */
export function describePhase(trace: Trace, orders: Span[], label: string): string[] {
  const out: string[] = [];
  const from = Math.min(...orders.map((o) => o[0]));
  const to = Math.max(...orders.map((o) => o[1]));
  const wall = to - from;
  const times = orders.map((o) => o[1] - o[0]).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))];
  out.push(`${label}: ${orders.length} orders in ${(wall / 1000).toFixed(1)} s; in the server p50 ${pct(50).toFixed(1)} ms, p90 ${pct(90).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
  const step = Math.max(5, Math.ceil(pct(99) / 20 / 5) * 5);
  const buckets = new Map<number, number>();
  for (const t of times) buckets.set(Math.floor(t / step) * step, (buckets.get(Math.floor(t / step) * step) ?? 0) + 1);
  out.push(`  histogram (${step} ms buckets: from → orders): ${[...buckets].sort((a, b) => a[0] - b[0]).map(([b, n]) => `${b}→${n}`).join(' ')}`);
  const db = overlapping(trace.db, from, to);
  const gc = overlapping(trace.gc, from, to);
  out.push(`  PGlite's connection busy ${((busy(db, from, to) / wall) * 100).toFixed(1)} % of the time, garbage collection ${((busy(gc, from, to) / wall) * 100).toFixed(1)} %`);
  out.push('  statements (per order × mean, longest):');
  for (const [k, e] of [...byLabel(db)].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
    out.push(`    ${(e.n / orders.length).toFixed(2)} × ${(e.ms / e.n).toFixed(2)} ms (longest ${e.max.toFixed(1)}) = ${(e.ms / orders.length).toFixed(2)} ms per order  ${k}`);
  }
  out.push(`  collections: ${[...byLabel(gc)].map(([k, e]) => `${k} ${e.n}× ${(e.ms / e.n).toFixed(1)} ms (longest ${e.max.toFixed(1)})`).join(', ')}`);
  const worst = [...orders].sort((a, b) => (b[1] - b[0]) - (a[1] - a[0])).slice(0, Math.max(1, Math.ceil(orders.length / 100)));
  out.push('  the slowest 1 %: latency | connection busy | collections | the longest calls into PGlite meanwhile');
  for (const [start, end] of worst) {
    const d = overlapping(trace.db, start, end);
    const g = overlapping(trace.gc, start, end);
    const longest = d.map((s) => [s[1] - s[0], String(s[2])] as const).sort((a, b) => b[0] - a[0]).slice(0, 3).map(([ms, what]) => `${ms.toFixed(1)} ms ${what.slice(0, 45)}`).join(' · ');
    const gcs = [...byLabel(g)].map(([k, e]) => `${e.n} ${k} ${e.ms.toFixed(1)} ms`).join(', ') || 'none';
    out.push(`    ${(end - start).toFixed(1)} ms | ${busy(d, start, end).toFixed(1)} ms | ${gcs} | ${longest}`);
  }
  return out;
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const ms = (x: number) => `${x.toFixed(1)}`;

/**
 * PostgreSQL: each order split at its own statement (the one that carries its key), the statements of
 * the outbox and the mails beside them, and for the slowest 1 % what overlapped them.
 */
export function describePgPhase(trace: Trace, orders: KeyedSpan[], label: string, samples: [number, string, number][] | null): string[] {
  const out: string[] = [];
  const from = Math.min(...orders.map((o) => o[0]));
  const to = Math.max(...orders.map((o) => o[1]));
  const wall = to - from;
  const pg = (trace.pg ?? []).filter((q) => q[1] > from && q[0] < to);
  const own = new Map<string, KeyedSpan>();
  for (const q of pg) if (q[3] && !own.has(q[3])) own.set(q[3], q);
  const clientOf = new Map((trace.client ?? []).map((c) => [c[2], c]));
  const split = orders.map((o) => {
    const q = o[3] ? own.get(o[3]) : undefined;
    const c = o[3] ? clientOf.get(o[3]) : undefined;
    // to the server: from the client's send to the server's parsed request; back: from the answer's write to the client's read
    const [toServer, back] = c ? [o[0] - c[0], c[1] - o[1]] : [NaN, NaN];
    // of the way to the server, the client's own part: until its request was written to the socket
    const inClient = c?.[3] !== undefined && c[3] !== null ? c[3] - c[0] : NaN;
    return q ? { o, toServer, inClient, before: q[0] - o[0], statement: q[1] - q[0], after: o[1] - q[1], back } : { o, toServer, inClient, before: NaN, statement: NaN, after: NaN, back };
  }).filter((x) => !Number.isNaN(x.before));
  const withClient = split.filter((x) => !Number.isNaN(x.toServer));
  const times = orders.map((o) => o[1] - o[0]);
  out.push(`${label}: ${orders.length} orders in ${(wall / 1000).toFixed(1)} s; in the server p50 ${ms(quantile(times, 50))} ms, p90 ${ms(quantile(times, 90))} ms, p99 ${ms(quantile(times, 99))} ms, max ${ms(Math.max(...times))} ms`);
  const step = Math.max(2, Math.ceil(quantile(times, 99) / 20));
  const buckets = new Map<number, number>();
  for (const t of times) buckets.set(Math.floor(t / step) * step, (buckets.get(Math.floor(t / step) * step) ?? 0) + 1);
  out.push(`  histogram (${step} ms buckets: from → orders): ${[...buckets].sort((a, b) => a[0] - b[0]).map(([b, n]) => `${b}→${n}`).join(' ')}`);
  if (withClient.length) {
    const total = withClient.map((x) => x.back + x.o[1] - x.o[0] + x.toServer);
    out.push(`  as the client saw them: p50 ${ms(quantile(total, 50))} ms, p99 ${ms(quantile(total, 99))} ms, max ${ms(Math.max(...total))} ms`);
  }
  const parts = { inClient: 'in the client until its request was written', toServer: 'from the client to the server (the client\'s part above, then the server\'s event loop reading the request)', before: 'before its statement (body, checks, pricing, event loop, pool)', statement: 'its statement (lock, execution, flush, until Node reads the result)', after: 'after it (the answer)', back: 'back to the client (its event loop reading the answer)' };
  for (const [part, text] of Object.entries(parts) as [keyof typeof parts, string][]) {
    const xs = (part === 'toServer' || part === 'back' || part === 'inClient' ? withClient : split).map((x) => x[part]).filter((x) => !Number.isNaN(x));
    if (xs.length) out.push(`  ${text}: mean ${ms(mean(xs))}, p50 ${ms(quantile(xs, 50))}, p99 ${ms(quantile(xs, 99))}, max ${ms(Math.max(...xs))} ms`);
  }
  const others = pg.filter((q) => !q[3]);
  const groups = new Map<string, number[]>();
  for (const q of others) groups.set(q[2], [...(groups.get(q[2]) ?? []), q[1] - q[0]]);
  out.push('  other statements (per order × mean, longest):');
  for (const [k, xs] of [...groups].sort((a, b) => b[1].length - a[1].length).slice(0, 6)) {
    out.push(`    ${(xs.length / orders.length).toFixed(2)} × ${ms(mean(xs))} ms (longest ${ms(Math.max(...xs))})  ${k.slice(0, 60)}`);
  }
  const mails = (trace.mail ?? []).filter((m) => m[1] > from && m[0] < to);
  const connects = (trace.connect ?? []).filter((c) => c[1] > from && c[0] < to).map((c) => c[1] - c[0]);
  const gc = overlapping(trace.gc, from, to);
  out.push(`  mails sent meanwhile: ${mails.length} (${(mails.length / orders.length).toFixed(2)} per order; nodemailer's sendMail mean ${ms(mean(mails.map((m) => m[1] - m[0])))} ms of wall time); pool waits p99 ${ms(quantile(connects, 99))} ms, max ${ms(Math.max(0, ...connects))} ms`);
  out.push(`  garbage collection ${((busy(gc, from, to) / wall) * 100).toFixed(1)} % of the time: ${[...byLabel(gc)].map(([k, e]) => `${k} ${e.n}× ${ms(e.ms / e.n)} ms (longest ${ms(e.max)})`).join(', ')}`);
  const inWindow = (a: number, b: number) => {
    const by = new Map<string, number>();
    for (const [t, area, d] of samples ?? []) if (t >= a && t < b) by.set(area, (by.get(area) ?? 0) + d);
    return by;
  };
  if (samples) {
    const all = inWindow(from, to);
    const total = [...all.values()].reduce((x, y) => x + y, 0);
    out.push(`  the event loop over the phase (profile, % of wall time): ${[...all].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${((v / total) * 100).toFixed(0)} %`).join(', ')}`);
  }
  // the slowest as the client saw them (when the trace has the client's side), otherwise in the server
  const latency = (x: (typeof split)[number]) => x.o[1] - x.o[0] + (Number.isNaN(x.toServer) ? 0 : x.toServer + x.back);
  const worst = [...split].sort((a, b) => latency(b) - latency(a)).slice(0, Math.max(1, Math.ceil(orders.length / 100)));
  out.push(`  the slowest 1 %${withClient.length ? ' (as the client saw them)' : ''}: in the server = before + statement + after${withClient.length ? ' (+ to the server, back to the client)' : ''} | mails sent meanwhile | outbox statements meanwhile | collections${samples ? ' | the event loop meanwhile (ms by area)' : ''}`);
  for (const { o: [start, end], before, statement, after, toServer, inClient, back } of worst) {
    const m = mails.filter((x) => x[1] > start && x[0] < end).length;
    const box = others.filter((q) => q[1] > start && q[0] < end && /outbox/.test(q[2])).length;
    const gcs = [...byLabel(overlapping(trace.gc, start, end))].map(([k, e]) => `${e.n} ${k} ${ms(e.ms)} ms`).join(', ') || 'none';
    // from the client's send on: the event loop's work before it read the request counts too
    const loopFrom = Number.isNaN(toServer) ? start : start - toServer;
    const loop = samples ? ` | ${[...inWindow(loopFrom, end)].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}` : '';
    const outside = Number.isNaN(toServer) ? '' : ` (+ ${ms(toServer)}${Number.isNaN(inClient) ? '' : ` of it ${ms(inClient)} in the client`}, ${ms(back)})`;
    out.push(`    ${ms(end - start)} = ${ms(before)} + ${ms(statement)} + ${ms(after)} ms${outside} | ${m} | ${box} | ${gcs}${loop}`);
  }
  return out;
}

/** The report for each client count of a bench run: `phases` orders each, after `warmup` orders. */
export function describeTrace(trace: Trace, warmup: number, phases: number[], labels: string[], profile: CpuProfile | null = null): string[] {
  const orders = trace.req.filter((r) => String(r[2]).endsWith('/order')).sort((a, b) => a[0] - b[0]);
  const postgres = (trace.pg ?? []).length > 0;
  const samples = profile ? profileSamples(profile, trace) : null;
  const out: string[] = [];
  let at = warmup;
  phases.forEach((n, i) => {
    const part = orders.slice(at, at + n);
    at += n;
    if (!part.length) return;
    if (postgres) out.push(...describePgPhase(trace, part as unknown as KeyedSpan[], labels[i] ?? `phase ${i + 1}`, samples));
    else out.push(...describePhase(trace, part, labels[i] ?? `phase ${i + 1}`));
  });
  return out;
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx tests/bench/orderTrace.ts <trace.json> [--warmup 100] [--phases 600,600] [--labels 10,50]');
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const trace = JSON.parse(readFileSync(file, 'utf8')) as Trace;
  const profileFile = arg('profile', '');
  const profile = profileFile ? (JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile) : null;
  const lines = describeTrace(trace, Number(arg('warmup', '100')), arg('phases', '1000,1000').split(',').map(Number), arg('labels', '10,50').split(',').map((c) => `${c} clients`), profile);
  console.log(lines.join('\n'));
}
