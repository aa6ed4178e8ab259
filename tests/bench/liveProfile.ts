// Where a cold load's main-thread time goes until the live menu (issue 29): a V8 CPU profile of cold loads of
// examples/index.html on Lighthouse's mobile profile (4× CPU, 150 ms, 1.6 Mbps), like tests/bench/menu.ts, summed by
// self time per file (the runtime, the menu's chunk, the entries, the stub, the host page) and native work
// (program: compile, style, layout; garbage collection), over the whole load and from the first sample in the
// runtime's file on (its evaluation) until live: there, idle time is waiting for bytes.
//   npx tsx tests/bench/liveProfile.ts [build folders, default dist] (BENCH_RUNS=n, default 3; BENCH_PORT, default 18690;
//   BENCH_MBPS, default 1.6: another line speed, e.g. 20 for a fast line with the same 150 ms round trip)
// Several folders (e.g. another checkout's /abs/dist and dist) are loaded in turns, one server each on BENCH_PORT + 2i;
// an absolute folder is served by this checkout's server (the server does not change what the stub asks for).
import path from 'node:path';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM, startServer } from '../support/server';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const PORT = Number(process.env.BENCH_PORT ?? 18690);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function fileOf(url: string, fn: string): string {
  if (fn === '(idle)') return '(idle)';
  if (fn === '(program)' || fn === '(garbage collector)') return fn;
  if (!url) return '(native / anonymous)';
  const u = new URL(url, 'http://x');
  if (Number(u.port) % 2 !== PORT % 2) return 'host page';
  return u.pathname.replace(/\.[0-9a-f]{10}\.js$/, '.js').replace(/\/\d+\.js$/, '/{chunk}.js');
}

async function main(): Promise<void> {
  const dists = process.argv.length > 2 ? process.argv.slice(2) : ['dist'];
  const servers = await Promise.all(
    dists.map((dist, i) => startServer(PORT + 2 * i, PORT + 2 * i + 1, { TISCHLEIN_DIST: path.resolve(dist), PUBLIC_ORIGIN: `http://localhost:${PORT + 2 * i}`, TISCHLEIN_TEST_CLOCK: '1' })),
  );
  const mbps = Number(process.env.BENCH_MBPS ?? 1.6);
  const lives: number[][] = dists.map(() => []);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  console.log(`${dists.join(', ')}: ${mbps} Mbps, machine ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load average ${os.loadavg()[0].toFixed(1)}`);
  try {
    for (let run = 0; run < RUNS; run++)
    for (let d = 0; d < dists.length; d++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'de-DE' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (mbps * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await page.addInitScript(`(() => { const check = () => { const r = document.querySelector('tischlein-menu')?.shadowRoot; if (r && r.querySelector('.menu-dish') && !r.querySelector('[data-tl-prerender]')) { console.debug('tischlein-bench:live ' + Math.round(performance.now())); return; } requestAnimationFrame(check); }; requestAnimationFrame(check); })();`);
      const live = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('tischlein-bench:live'), timeout: 60_000 });
      await cdp.send('Profiler.start');
      await page.goto(`http://localhost:${PORT + 2 * d + 1}/`, { waitUntil: 'commit' });
      const liveAt = (await live).text().split(' ')[1];
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const runtimeEnd = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => e.name.includes('/embed/runtime.')).map((e) => Math.round(e.responseEnd))[0]`)) as number;
      await context.close();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const whole = new Map<string, number>();
      const after = new Map<string, number>();
      let started = false;
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const f = fileOf(n.callFrame.url, n.callFrame.functionName);
        const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        whole.set(f, (whole.get(f) ?? 0) + dt);
        if (f === '/embed/runtime.js') started = true;
        if (started) after.set(f, (after.get(f) ?? 0) + dt);
      });
      const show = (m: Map<string, number>) =>
        [...m].filter(([, t]) => t >= 5).sort((a, b) => b[1] - a[1]).map(([f, t]) => `${f} ${Math.round(t)}`).join(', ');
      const total = (m: Map<string, number>, idle: boolean) => Math.round([...m].filter(([f]) => (f === '(idle)') === idle).reduce((a, [, t]) => a + t, 0));
      lives[d].push(Number(liveAt));
      console.log(`${dists[d]}, run ${run + 1}: live ${liveAt} ms, the runtime's last byte ${runtimeEnd} ms`);
      console.log(`  whole load: busy ${total(whole, false)} ms, idle ${total(whole, true)} ms: ${show(whole)}`);
      console.log(`  from the runtime's first sample to live: busy ${total(after, false)} ms, idle ${total(after, true)} ms: ${show(after)}`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (let d = 0; d < dists.length; d++) console.log(`${dists[d]}: live median ${median(lives[d])} ms (runs: ${lives[d].join(', ')})`);
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
