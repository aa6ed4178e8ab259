// Reads a trace of the order bench's server (tests/bench/serverTrace.cjs, `BENCH_TRACE=<folder>` of
// tests/bench/orderLoad.ts) and prints, for each client count's orders as the server saw them (from
// the request's start to its answer's end): a histogram of the latencies, how busy PGlite's one
// connection and the garbage collector were, the statements per order with their mean and longest
// time, the collections by kind, and the slowest 1 %: what the connection and the collector did
// while each of them was in the server.
//   npx tsx tests/bench/orderTrace.ts <trace.json> [--warmup 100] [--phases 600,600] [--labels 10,50]
import { readFileSync } from 'node:fs';

type Span = [start: number, end: number, what: string | number];
export interface Trace { db: Span[]; req: Span[]; gc: Span[] }

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

/** The report for each client count of a bench run: `phases` orders each, after `warmup` orders. */
export function describeTrace(trace: Trace, warmup: number, phases: number[], labels: string[]): string[] {
  const orders = trace.req.filter((r) => String(r[2]).endsWith('/order')).sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let at = warmup;
  phases.forEach((n, i) => {
    const part = orders.slice(at, at + n);
    at += n;
    if (part.length) out.push(...describePhase(trace, part, labels[i] ?? `phase ${i + 1}`));
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
  const lines = describeTrace(trace, Number(arg('warmup', '100')), arg('phases', '1000,1000').split(',').map(Number), arg('labels', '10,50').split(',').map((c) => `${c} clients`));
  console.log(lines.join('\n'));
}
