// What the main thread's tasks are made of, after the embed runtime's last byte: a Chrome trace of
// cold loads of the example homepage on Lighthouse's mobile profile (4× CPU, 150 ms, 1.6 Mbps), the
// same as `tests/bench/menu.ts`, with the categories `devtools.timeline` and `v8`. For every task of
// 30 ms or more on the page's main thread: its start (ms from the navigation), its duration, and how
// much of it is V8 compiling functions on the main thread (lazy compiles at a function's first call),
// compiling a script, running script, style and layout; then per build the medians over the loads of
// the tasks after the runtime arrived. Prints figures; not a test.
//   npx tsx tests/bench/taskTrace.ts [build dirs, default dist]   (BENCH_RUNS=n, BENCH_PORT, BENCH_TRACE_DIR=<folder> keeps the
//   traces, BENCH_STEPS=1 lists every task of the runtime: its evaluation, its start steps, React's work;
//   BENCH_PROFILE=1 samples the main thread too and prints, for each of the runtime's tasks of 20 ms or more,
//   where its time went by source file — built with TISCHLEIN_SOURCEMAP=1 the runtime's lines map to
//   their sources, e.g. node_modules/react-dom/… or shell/embed/page.ts; the sampling adds its own cost;
//   BENCH_STYLES=1 lists the load's style recalculations of 100 elements or more: start, elements, ms — a count
//   that does not depend on the machine's load, e.g. the menu's shadow tree computed anew when its sheets change)
// Several builds (e.g. `/abs/base/dist dist`) are loaded in turns, one server each, like BENCH_INTERLEAVE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { CHROMIUM } from '../support/server';
import { startServer } from './menu';

const PORT = Number(process.env.BENCH_PORT ?? 18780);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { url?: string; frame?: string; requestId?: string; finishTime?: number; columnNumber?: number; functionName?: string } & ProfileData };
}

/** V8's sampling profiler in a trace (BENCH_PROFILE=1): 'Profile' (its start), then 'ProfileChunk's. */
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples?: number[] };
  timeDeltas?: number[];
}

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The main thread's samples: time (trace µs) and the frame that was running (its own time). */
function samplesOf(ev: TraceEvent[], pid: number, tid: number): { ts: number; frame: Frame }[] {
  const start = ev.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!start) return [];
  const frames = new Map<number, Frame>();
  const parents = new Map<number, number>();
  const out: { ts: number; frame: Frame }[] = [];
  let t = start.args?.data?.startTime ?? start.ts;
  for (const c of ev.filter((e) => e.name === 'ProfileChunk' && e.id === start.id && e.pid === pid)) {
    for (const n of c.args?.data?.cpuProfile?.nodes ?? []) {
      frames.set(n.id, n.callFrame);
      if (n.parent !== undefined) parents.set(n.id, n.parent);
    }
    const samples = c.args?.data?.cpuProfile?.samples ?? [];
    const deltas = c.args?.data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      t += deltas[i] ?? 0;
      const frame = frames.get(id);
      // a browser function (appendChild, replaceSync …): which script called it
      let caller = parents.get(id);
      while (caller !== undefined && !frames.get(caller)?.url) caller = parents.get(caller);
      const by = caller === undefined ? undefined : frames.get(caller);
      if (frame) out.push({ ts: t, frame: !frame.url && by ? { ...by, functionName: `${frame.functionName} ← ${by.functionName}` } : frame });
    });
  }
  return out;
}

const maps = new Map<string, SourceMapConsumer | null>();
/** Where a frame's code comes from: its source file by the build's source map, else its script and function. */
function sourceOf(f: Frame, dist: string): string {
  if (!f.url) return f.functionName ? `(${f.functionName})` : '(native/idle)';
  const file = path.join(dist, new URL(f.url).pathname);
  if (!maps.has(file)) {
    let m: SourceMapConsumer | null = null;
    try {
      // (the map's name is on the script's last line: runtime.js.map for runtime.<hash>.js)
      const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      if (name) m = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(path.dirname(file), name), 'utf8')) as RawSourceMap);
    } catch {
      /* built without TISCHLEIN_SOURCEMAP */
    }
    maps.set(file, m);
  }
  const src = maps.get(file)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }).source;
  const native = f.functionName.includes(' ← ') ? `${f.functionName.split(' ← ')[0]} ← ` : '';
  return src ? native + src.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '') : `${f.url.replace(/^.*\//, '')} ${f.functionName || '(anonymous)'}`;
}

/** Task of the main thread: start and duration (ms), and its parts (ms). */
interface Task {
  start: number;
  dur: number;
  /** V8 compiling on the main thread (lazy function compiles and script compiles not streamed) */
  compile: number;
  /** running script, less the compiles inside it */
  script: number;
  /** style recalculation and layout */
  layout: number;
  /** the script(s) it ran */
  urls: string[];
}

// (V8's own trace events: a lazy compile at a function's first call is V8.CompileLazy /
// V8.CompileCode; DevTools shows v8.compile as "Compile script" and V8.CompileCode as "Compile code")
const COMPILE = new Set(['V8.CompileLazy', 'V8.CompileCode', 'v8.compile', 'V8.CompileFullCode', 'V8.ParseFunction', 'V8.ParseProgram', 'V8.CompileIgnition', 'v8.compileModule', 'V8.CompileEval']);
const SCRIPT = new Set(['FunctionCall', 'v8.callFunction', 'EvaluateScript', 'v8.evaluateModule', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.run']);
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'ParseAuthorStyleSheet']);

// V8 collecting source positions (it compiled without them) re-parses a function: the trace's own
// stack captures ask for it, a page without tracing does not. Counted apart from the compiles.
const POSITIONS = new Set(['V8.CollectSourcePositions']);
const COMPILE_OR_POSITIONS = new Set([...COMPILE, ...POSITIONS]);
/** Main-thread compile time inside [a, b], without what collecting source positions re-parsed. */
const compileIn = (events: TraceEvent[], a: number, b: number) => covered(events, COMPILE_OR_POSITIONS, a, b) - covered(events, POSITIONS, a, b);

/** Sums events of `names` inside [a, b] on one thread, counting nested ones of the same set once. */
function covered(events: TraceEvent[], names: Set<string>, a: number, b: number): number {
  const spans = events.filter((e) => names.has(e.name) && e.ts >= a && e.ts < b).map((e) => [e.ts, Math.min(b, e.ts + (e.dur ?? 0))] as const);
  spans.sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

export function analyse(trace: { traceEvents: TraceEvent[] }, dist = 'dist'): { tasks: Task[]; runtimeEnd: number; names: Map<string, number>; steps: Step[] } {
  const ev = trace.traceEvents;
  const mains = ev.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // the page's main thread: the one that ran the most script
  let best: TraceEvent | undefined;
  let bestN = -1;
  for (const m of mains) {
    const n = ev.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FunctionCall').length;
    if (n > bestN) [best, bestN] = [m, n];
  }
  if (!best) throw new Error('no renderer main thread in the trace');
  const main = ev.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
  const nav = ev.find((e) => e.name === 'navigationStart' && e.pid === best.pid)?.ts ?? main[0].ts;
  // the runtime's last byte: its ResourceFinish (by the request's id)
  const send = ev.find((e) => e.name === 'ResourceSendRequest' && /\/embed\/runtime\.[0-9a-f]+\.js$/.test(e.args?.data?.url ?? ''));
  const finish = send && ev.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === send.args?.data?.requestId);
  const runtimeEnd = finish ? (finish.args!.data!.finishTime! * 1e6 - nav) / 1000 : NaN;
  const tasks: Task[] = [];
  const names = new Map<string, number>();
  for (const t of main) {
    if (t.name !== 'RunTask' || (t.dur ?? 0) < 30_000) continue;
    const a = t.ts;
    const b = t.ts + t.dur!;
    const inside = main.filter((e) => e.ts >= a && e.ts < b && e !== t);
    for (const e of inside) names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    const compile = compileIn(inside, a, b);
    tasks.push({
      start: (a - nav) / 1000,
      dur: t.dur! / 1000,
      compile: compile / 1000,
      script: Math.max(0, covered(inside, SCRIPT, a, b) - compile) / 1000,
      layout: covered(inside, LAYOUT, a, b) / 1000,
      urls: [...new Set(inside.filter((e) => e.name === 'EvaluateScript' || e.name === 'FunctionCall').map((e) => (e.args?.data?.url ?? '').replace(/^.*\//, '')).filter(Boolean))],
    });
  }
  // the runtime's own tasks in order (every task whose script call is into the runtime, any length):
  // its evaluation, then one task per start step (shell/embed/boot.ts), then React's work
  const steps: Step[] = [];
  const samples = samplesOf(ev, best.pid, best.tid);
  for (const t of main) {
    if (t.name !== 'RunTask') continue;
    const call = main.find((e) => e.ts >= t.ts && e.ts < t.ts + t.dur! && (e.name === 'FunctionCall' || e.name === 'EvaluateScript') && /\/embed\/runtime\./.test(e.args?.data?.url ?? ''));
    if (!call) continue;
    const inside = main.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur! && e !== t);
    const data = call.args!.data!;
    // where the task's time went, by source (sampled; each sample stands for the time to the next)
    const by = new Map<string, number>();
    const mine = samples.filter((s) => s.ts >= t.ts && s.ts < t.ts + t.dur!);
    mine.forEach((s, i) => {
      const next = mine[i + 1]?.ts ?? t.ts + t.dur!;
      const key = sourceOf(s.frame, dist);
      by.set(key, (by.get(key) ?? 0) + (next - s.ts) / 1000);
    });
    const sources = [...by].sort((x, y) => y[1] - x[1]).slice(0, 8);
    steps.push({ start: (t.ts - nav) / 1000, dur: t.dur! / 1000, compile: compileIn(inside, t.ts, t.ts + t.dur!) / 1000, what: call.name === 'EvaluateScript' ? 'evaluate' : `${data.functionName || 'fn'}@${data.columnNumber}`, sources });
  }
  return { tasks, runtimeEnd, names, steps };
}

/** One task of the runtime: start, duration, compile (ms) and the function it called. */
interface Step {
  start: number;
  dur: number;
  compile: number;
  what: string;
  /** BENCH_PROFILE=1: the task's time (ms) by source file, largest first */
  sources: [string, number][];
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'blink.user_timing', 'loading', ...(process.env.BENCH_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : [])];

async function tracedLoad(browser: Browser, pages: string, file: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(`(() => { const check = () => { const r = document.querySelector('tischlein-menu')?.shadowRoot; if (r && r.querySelector('.menu-dish') && !r.querySelector('[data-tl-prerender]')) { window.__menuLive = performance.now(); console.debug('tischlein-bench:live'); return; } requestAnimationFrame(check); }; requestAnimationFrame(check); })();`);
  // waiting on the probe's console message: no script of the test runs in the page while it loads (it
  // would be in the trace: Playwright's injected script alone compiles for ≈ 20 ms)
  const isLive = page.waitForEvent('console', { predicate: (m) => m.text() === 'tischlein-bench:live', timeout: 60_000 });
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  await page.goto(`${pages}/`, { waitUntil: 'commit' });
  await isLive;
  // the steps after live (the rest of the menu)
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await browser.stopTracing();
  const live = (await page.evaluate('window.__menuLive')) as number;
  await context.close();
  return live;
}

/** The style recalculations (`UpdateLayoutTree`) of ≥ 100 elements on the thread that has most of them: start (ms from the trace's first event), elements, ms. */
function styleRecalcs(ev: TraceEvent[]): { start: number; elements: number; ms: number }[] {
  const all = ev.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X');
  const perThread = new Map<string, number>();
  for (const e of all) perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const t0 = Math.min(...ev.filter((e) => e.ts > 0).map((e) => e.ts));
  return all
    .filter((e) => `${e.pid}:${e.tid}` === main)
    .map((e) => ({ start: (e.ts - t0) / 1000, elements: Number((e.args as { elementCount?: number } | undefined)?.elementCount ?? 0), ms: (e.dur ?? 0) / 1000 }))
    .filter((x) => x.elements >= 100);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const r = (x: number) => Math.round(x);

async function main() {
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['dist'];
  const keep = process.env.BENCH_TRACE_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tischlein-trace-'));
  fs.mkdirSync(dir, { recursive: true });
  console.log(`machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load average ${os.loadavg()[0].toFixed(1)}`);
  const servers = await Promise.all(dirs.map((d, i) => startServer(d, PORT + 2 * i)));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const perBuild = dirs.map(() => ({ after: [] as number[], largest: [] as number[], count: [] as number[], compile: [] as number[], live: [] as number[], runtimeEnd: [] as number[] }));
  try {
    for (let run = 0; run < RUNS; run++)
      for (let i = 0; i < dirs.length; i++) {
        const file = path.join(dir, `trace-${i}-${run}.json`);
        const live = await tracedLoad(browser, `http://localhost:${PORT + 2 * i + 1}`, file);
        const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
        const { tasks, runtimeEnd, steps } = analyse(trace, path.resolve(dirs[i]));
        if (!keep) fs.unlinkSync(file);
        const after = tasks.filter((t) => t.start >= runtimeEnd - 1);
        const long = after.filter((t) => t.dur > 50);
        const b = perBuild[i];
        b.after.push(long.reduce((s, t) => s + t.dur, 0));
        b.largest.push(Math.max(0, ...after.map((t) => t.dur)));
        b.count.push(long.length);
        b.compile.push(after.reduce((s, t) => s + t.compile, 0));
        b.live.push(live);
        b.runtimeEnd.push(runtimeEnd);
        console.log(`${dirs[i]} #${run + 1}: runtime's last byte ${r(runtimeEnd)}, live ${r(live)}; tasks ≥ 30 ms (start+duration: compile / script / style+layout):`);
        if (process.env.BENCH_STEPS) console.log(`   the runtime's tasks (start+duration, compile, function@column): ${steps.slice(0, 16).map((t) => `${r(t.start)}+${r(t.dur)} (${r(t.compile)}) ${t.what}`).join(', ')}`);
        if (process.env.BENCH_PROFILE)
          for (const t of steps.filter((x) => x.dur >= 20)) console.log(`   ${r(t.start)}+${r(t.dur)} ${t.what}: ${t.sources.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}`);
        if (process.env.BENCH_STYLES) {
          const recalcs = styleRecalcs(trace.traceEvents);
          console.log(`   style recalculations of ≥ 100 elements: ${recalcs.length} (start:elements/ms) ${recalcs.map((x) => `${r(x.start)}:${x.elements}/${x.ms.toFixed(1)}`).join(' ')}`);
        }
        for (const t of tasks) console.log(`   ${t.start >= runtimeEnd - 1 ? '*' : ' '} ${r(t.start)}+${r(t.dur)}: ${r(t.compile)} / ${r(t.script)} / ${r(t.layout)}  ${t.urls.slice(0, 3).join(' ')}`);
      }
  } finally {
    await browser.close();
    for (const s of servers)
      try {
        if (s.pid) process.kill(-s.pid);
      } catch {
        /* gone already */
      }
  }
  console.log(`\nmedians of ${RUNS} (* = tasks starting after the runtime's last byte), load average ${os.loadavg()[0].toFixed(1)}:`);
  dirs.forEach((d, i) => {
    const b = perBuild[i];
    console.log(`${d}: runtime's last byte ${r(median(b.runtimeEnd))}, live ${r(median(b.live))}; after the runtime: tasks over 50 ms ${median(b.count)}, their sum ${r(median(b.after))}, largest task ${r(median(b.largest))}, main-thread compile in tasks ≥ 30 ms ${r(median(b.compile))} ms`);
  });
}

if (process.argv[1]?.endsWith('taskTrace.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
