// The first view going into the page, alone (prints figures; not a timed test). Issue 29 point 1.
// The example homepage (the other origin) at 412 px, 4× CPU, no network throttling, the embed runtime
// held (never answered), so nothing but the stub and the server's first view runs. Per load, from a
// Chrome trace (devtools.timeline): the main thread's tasks from the first view's answer on — the
// largest, and what is in it (style, layout, pre-paint and paint, parsing, script) — and the page's
// long tasks (PerformanceObserver 'longtask'). Medians over BENCH_RUNS loads (default 9) per build.
//   npx tsx tests/bench/firstView.ts                       (dist/)
//   BENCH_BUILDS=/abs/main/dist,dist npx tsx tests/bench/firstView.ts   (builds in turns, one server each)
//   BENCH_BUILDS=dist,dist#nohyphens+cv …   the same build with its first view changed in the page, to try
//   an idea without a build: warm (the first view's font sizes used once before it comes; warmsplit: one size
//   per task; warmshadow: one size per task in a shadow root with `all:initial`; warmcanvas: one size per task measured
//   on a canvas, as the stub does; BENCH_FONTS: the sizes, comma-separated), cvdishes (content-visibility on the dishes' category), nohyphens, nocontainer, font (one font
//   family), cv (content-visibility on the sections), contain (containment on dishes and tiles), noclamp, nohas. BENCH_VERBOSE=1: each load, and
//   what the largest task holds by trace event.
// BENCH_CATEGORIES: the trace's categories (e.g. add `fonts,blink` to see Chrome's font lookups in the insertion;
// with `fonts` the bench counts them: new font strikes (size × weight × style, one synchronous call to the browser
// process each on Linux) and new typefaces (weight × style) looked up in the insertion — counts the machine's load
// does not change). BENCH_DUMP=file: the insertion's trace events, one JSON array per load (BENCH_DUMP_ALL=1: the
// main thread's whole load).
// BENCH_PORT (default 18780; each build folder takes two ports).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../support/server';

const PORT = Number(process.env.BENCH_PORT ?? 18780);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ROOT = path.resolve(__dirname, '../..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer(dist: string, port: number): Promise<ChildProcess> {
  const shop = `http://localhost:${port}`;
  try {
    await fetch(`${shop}/api/shop/demo/state`);
    throw new Error(`port ${port} is taken: another server would be measured`);
  } catch (e) {
    if ((e as Error).message.startsWith('port')) throw e;
  }
  // an absolute build folder (another checkout's dist/): that checkout's server serves it
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: path.isAbsolute(dist) ? path.dirname(dist) : ROOT,
    env: { ...process.env, PORT: String(port), EXAMPLES_PORT: String(port + 1), DATA_DIR: 'memory://', PUBLIC_ORIGIN: shop, TISCHLEIN_DIST: dist },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${shop}/api/shop/demo/state`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string }; name?: string };
}

/** What one load's largest task after the first view's answer holds (ms). */
interface Load {
  largest: number;
  style: number;
  layout: number;
  paint: number;
  parse: number;
  script: number;
  /** the task with the longest layout after the answer (the first view's insertion), and that layout */
  insertion: number;
  insertionLayout: number;
  /** in the insertion: Chrome's font lookups (FontCache::GetFontPlatformData; only with BENCH_CATEGORIES naming `fonts`) */
  fonts: number;
  /** in the insertion: new font strikes and new typefaces looked up (only with BENCH_CATEGORIES naming `fonts`) */
  strikes: number;
  typefaces: number;
  /** the tasks before the insertion in which fonts were looked up (e.g. a warm-up's), ms (only with `fonts`) */
  fontTasks: number[];
  /** every task of ≥ 20 ms after the first view's answer */
  tasks: number[];
  /** the page's long tasks (> 50 ms) from the navigation on */
  longTasks: number[];
}

const KINDS: Record<string, keyof Pick<Load, 'style' | 'layout' | 'paint' | 'parse' | 'script'>> = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  FunctionCall: 'script',
  TimerFire: 'script',
  EvaluateScript: 'script',
};

async function load(browser: Browser, pages: string, variant: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  // the runtime never comes: only the stub and the first view run
  if (variant) await page.route(/\/menu-view/, async (route) => {
    const r = await route.fetch();
    let body = await r.text();
    for (const v of variant.split('+')) {
      if (v === 'nohyphens') body = body.replace(/hyphens:auto/g, '');
      if (v === 'nocontainer') body = body.replace(/container-type:inline-size/g, '');
      if (v === 'font') body = body.replace(/font-family:system-ui[^;}]*/g, 'font-family:sans-serif');
      if (v === 'cv') body = body.replace('</style>', '.menu-section,.menu-category{content-visibility:auto;contain-intrinsic-size:auto 500px}</style>');
      if (v === 'contain') body = body.replace('</style>', '.menu-dish,.menu-tile{contain:layout paint style}</style>');
      if (v === 'noclamp') body = body.replace(/-webkit-line-clamp:3;line-clamp:3;/g, '');
      // the first view's dishes (below the first screen on a phone) not laid out until near the screen, in the first view only
      if (v === 'cvdishes') body = body.replace('</style>', '[data-tl-prerender] .menu-category{content-visibility:auto;contain-intrinsic-size:auto 1200px}</style>');
      if (v === 'nohas') body = body.replace(/:has\(>\.menu-dish__pic\)/g, '');
    }
    await route.fulfill({ response: r, body });
  });
  await page.route(/\/embed\/runtime\.[0-9a-f]+\.js$/, () => undefined);
  // `warm`: the first view's font sizes and weights (and German hyphenation) used once at DOMContentLoaded, in a
  // task of their own before the first view comes: what the insertion costs when Chrome's font lookups are done
  // `warmsplit`: the same, one size per task (what a warm-up in the stub would do); `warmshadow`: one size per
  // task, in a shadow root whose host has `all:initial` (as the first view's), with the widget's font family
  const warm = variant.split('+').find((v) => v.startsWith('warm'));
  // (tsx compiles a named function in a function given to the page with a call of its `__name` helper, which
  // the page lacks: without this the warm-up threw and never ran — the figures of 2026-11-26, 16:35–16:41)
  if (warm) await page.addInitScript({ content: 'self.__name=self.__name||(f=>f)' });
  if (warm)
    await page.addInitScript(
      ([split, shadow, canvas, fonts]: [boolean, boolean, boolean, string[]]) =>
        document.addEventListener('DOMContentLoaded', () => {
          const d = document.createElement('div');
          d.lang = 'de';
          d.style.cssText = 'position:absolute;visibility:hidden;hyphens:auto;width:5em';
          let into: Element | ShadowRoot = d;
          if (shadow) {
            const root = d.attachShadow({ mode: 'open' });
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(':host{all:initial;position:absolute;visibility:hidden;hyphens:auto;width:5em}');
            root.adoptedStyleSheets = [sheet];
            into = root;
          }
          const use = (f: string) => {
            const s = into.appendChild(document.createElement('span'));
            s.style.font = `${f} sans-serif`;
            // (the example page sets every element's family with !important)
            s.style.setProperty('font-family', shadow ? 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif' : 'system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif', 'important');
            s.textContent = 'Tomatensauce Mozzarella 12,50 € ';
            document.body.append(d);
            void d.offsetHeight;
            d.remove();
          };
          if (canvas) {
            const c = document.createElement('canvas').getContext('2d')!;
            fonts.forEach((f, i) =>
              setTimeout(() => {
                c.font = `${f} system-ui`;
                c.measureText('€');
              }, i),
            );
          } else if (split) fonts.forEach((f, i) => setTimeout(() => use(f), i));
          else fonts.forEach(use);
        }),
      // (the sizes and weights: BENCH_FONTS, comma-separated; by default the first view's of 2026-11-26 afternoon)
      [warm !== 'warm', warm === 'warmshadow', warm === 'warmcanvas', (process.env.BENCH_FONTS ?? '16px,14px,bold 19.2px,bold 24px,bold 16px,14.4px,12px,bold 12.8px,13.6px,bold 20.8px,italic bold 16px').split(',')] as [boolean, boolean, boolean, string[]],
    );
  await page.addInitScript(() => {
    const w = window as unknown as { __lt: number[] };
    w.__lt = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__lt.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  // a script error in the page (e.g. in a variant's warm-up) would go unseen: say it
  page.on('pageerror', (e) => console.error(`page error (${variant || 'no variant'}): ${e.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: process.env.BENCH_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(`${pages}/`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => !!document.querySelector('tischlein-menu')?.shadowRoot?.querySelector('.menu-dish'), undefined, { polling: 100 });
  // two frames after the dishes are there, then a second of quiet
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 1000)))));
  const ended = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await ended;
  const longTasks = (await page.evaluate('window.__lt')) as number[];
  await context.close();
  // the renderer's main thread (CrRendererMain) of the process that asked for the first view
  const asked = events.filter((e) => e.name === 'ResourceSendRequest' && /menu-view/.test(e.args?.data?.url ?? ''));
  const start = Math.min(...asked.map((e) => e.ts));
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const pid = asked[0]?.pid;
  const onMain = events.filter((e) => e.pid === pid && mains.has(`${e.pid}:${e.tid}`) && e.ts >= start);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= 20_000).sort((a, b) => b.dur! - a.dur!);
  const top = tasks[0];
  // the insertion: the task around the longest layout (the largest task can be another's on a loaded machine)
  const layouts = onMain.filter((e) => e.name === 'Layout' && e.ph === 'X').sort((a, b) => b.dur! - a.dur!);
  const around = layouts[0] && onMain.find((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts <= layouts[0].ts && e.ts + e.dur! >= layouts[0].ts + layouts[0].dur!);
  const inside = (e: TraceEvent) => !!around && e.ph === 'X' && e.ts >= around.ts && e.ts < around.ts + around.dur!;
  const fonts = onMain.filter((e) => e.name === 'FontCache::GetFontPlatformData' && inside(e)).reduce((a, e) => a + e.dur! / 1000, 0);
  // BENCH_DUMP=file: the insertion's own events (with the trace's arguments) appended to a file, one JSON array per load
  if (process.env.BENCH_DUMP) appendFileSync(process.env.BENCH_DUMP, `${JSON.stringify(events.filter((e) => e.pid === pid && e.tid === around?.tid && (process.env.BENCH_DUMP_ALL || inside(e))))}\n`);
  const count = (name: string) => onMain.filter((e) => e.name === name && inside(e)).length;
  const strikes = count('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike');
  const typefaces = count('FontDataManager::onMatchFamilyStyle');
  // (the page's own text — the example page's first layout — is in these too)
  const lookups = events.filter((e) => e.pid === pid && e.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike' && (!around || e.ts < around.ts));
  const fontTasks = [...new Set(lookups.map((l) => events.find((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === l.tid && e.pid === l.pid && e.ts <= l.ts && e.ts + e.dur! >= l.ts)).filter((t) => !!t))].map((t) => t!.dur! / 1000);
  const out: Load = { fonts, strikes, typefaces, fontTasks, insertion: (around?.dur ?? 0) / 1000, insertionLayout: (layouts[0]?.dur ?? 0) / 1000, largest: 0, style: 0, layout: 0, paint: 0, parse: 0, script: 0, tasks: tasks.map((t) => t.dur! / 1000).sort((a, b) => a - b), longTasks };
  if (!top) return out;
  out.largest = top.dur! / 1000;
  if (process.env.BENCH_VERBOSE) {
    const by = new Map<string, number>();
    for (const e of onMain) if (e.ph === 'X' && e.ts >= top.ts && e.ts < top.ts + top.dur! && e.name !== 'RunTask') by.set(e.name, (by.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    console.log([...by].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 12)).map(([n, d]) => `${n} ${d.toFixed(1)}`).join(', '));
  }
  for (const e of onMain) {
    const kind = KINDS[e.name];
    if (!kind || e.ph !== 'X' || e.ts < top.ts || e.ts >= top.ts + top.dur!) continue;
    out[kind] += (e.dur ?? 0) / 1000;
  }
  return out;
}

async function main() {
  const dirs = (process.env.BENCH_BUILDS ?? 'dist').split(',');
  const servers: ChildProcess[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    // `dir#variant`: the same build's first view changed in the page (the variants above)
    const uniq = [...new Set(dirs.map((d) => d.split('#')[0]))];
    for (const [i, d] of uniq.entries()) servers.push(await startServer(d, PORT + 2 * i));
    const pagesOf = (d: string) => `http://localhost:${PORT + 2 * uniq.indexOf(d.split('#')[0]) + 1}`;
    const loads: Load[][] = dirs.map(() => []);
    // the builds in turns: a change of the machine's load hits each alike
    for (let r = 0; r < RUNS; r++)
      for (const [i] of dirs.entries()) {
        const l = await load(browser, pagesOf(dirs[i]), dirs[i].split('#')[1] ?? '');
        loads[i].push(l);
        if (process.env.BENCH_VERBOSE) console.log(dirs[i], JSON.stringify(l));
      }
    const f = (x: number) => x.toFixed(0);
    for (const [i, d] of dirs.entries()) {
      const ls = loads[i];
      const m = (k: keyof Omit<Load, 'tasks' | 'longTasks' | 'fontTasks'>) => f(median(ls.map((l) => l[k])));
      console.log(`${d}: the largest task after the first view's answer: median ${m('largest')} ms (runs: ${ls.map((l) => f(l.largest)).join(', ')})`);
      console.log(`   the insertion (the task around the longest layout): median ${m('insertion')} ms, its layout ${m('insertionLayout')} ms, font lookups ${m('fonts')} ms, new strikes / typefaces ${m('strikes')} / ${m('typefaces')} (runs: ${ls.map((l) => `${f(l.insertion)}/${f(l.insertionLayout)}`).join(', ')})`);
      if (ls.some((l) => l.fontTasks.length)) console.log(`   tasks with font lookups before the insertion (the page's own and a warm-up's), per load: ${ls.map((l) => `[${l.fontTasks.map(f).join(' ')}]`).join(' ')}`);
      console.log(`   in it (medians): style ${m('style')}, layout ${m('layout')}, pre-paint/paint ${m('paint')}, parse ${m('parse')}, script ${m('script')} ms`);
      console.log(`   long tasks of the page (> 50 ms), sum: median ${f(median(ls.map((l) => l.longTasks.reduce((a, b) => a + b, 0))))} ms; largest: median ${f(median(ls.map((l) => Math.max(0, ...l.longTasks))))} ms`);
      console.log(`   tasks ≥ 20 ms after the answer, per load: ${ls.map((l) => `[${l.tasks.map(f).join(' ')}]`).join(' ')}`);
    }
  } finally {
    await browser.close();
    for (const s of servers) {
      try {
        if (s.pid) process.kill(-s.pid);
      } catch {
        /* gone */
      }
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
