// Returning guest bench (prints figures): the bytes a guest downloads from the shop's server to
// see the menu again on a restaurant's page (examples/index.html) after a first visit, in the
// same browser (its HTTP cache kept). Content-hashed files are cached for a year (immutable) and
// are not asked for again, nor is the catalog (immutable by version); embed.js, the shop's state and the
// menu's first view revalidate (ETag → 304). Goal ≤ 2 KB.
// Needs a build (`npm run build`). Run alone: `npx tsx tests/bench/returning.ts`.
// Ports: BENCH_PORT (default 18690) and BENCH_PORT + 1.
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startServer } from '../support/server';

const KB = 1024;

interface Transfer {
  url: string;
  status: number;
  bytes: number;
  cache: 'network' | 'disk cache' | 'memory cache';
}

/** One visit of the homepage in `context`: every request to the shop's origin, with the bytes it took on the wire. */
async function visit(context: BrowserContext, pageUrl: string, shopOrigin: string): Promise<Transfer[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith(shopOrigin)) byId.set(e.requestId, { url: e.request.url, status: 0, bytes: 0, cache: 'network' });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.cache = 'memory cache';
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = byId.get(e.requestId);
    if (!t) return;
    if (!t.status) t.status = e.response.status;
    if (e.response.fromDiskCache) t.cache = 'disk cache';
  });
  // a revalidated answer is reported as the cached 200; the status the server sent is here
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const t = byId.get(e.requestId);
    if (t) t.status = e.statusCode;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = byId.get(e.requestId);
    if (t && t.cache === 'network') t.bytes = e.encodedDataLength;
  });
  await page.goto(pageUrl);
  await page.locator('tischlein-menu .menu-dish').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...byId.values()];
}

function print(title: string, transfers: Transfer[]): number {
  const total = transfers.reduce((s, t) => s + t.bytes, 0);
  console.log(`${title}: ${transfers.length} requests to the shop, ${(total / KB).toFixed(2)} KB on the wire (headers included)`);
  for (const t of transfers) {
    const p = new URL(t.url);
    console.log(`  ${String(t.status).padStart(3)} ${t.cache.padEnd(12)} ${String(t.bytes).padStart(7)} B  ${p.pathname}`);
  }
  return total;
}

export async function runReturningBench(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 18690);
  const server = await startServer(port, port + 1, { PUBLIC_ORIGIN: `http://localhost:${port}` });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'de-DE' });
    const first = await visit(context, `${server.pages}/`, server.shop);
    print('first visit', first.filter((t) => !new URL(t.url).pathname.startsWith('/media/')));
    const again = await visit(context, `${server.pages}/`, server.shop);
    const total = print('returning guest (same browser, a moment later)', again);
    console.log(`returning guest downloads ${(total / KB).toFixed(2)} KB to see the menu again (goal ≤ 2 KB): ${total <= 2 * KB ? 'met' : 'NOT met'}`);
    console.log('(the state carries the delivery period, which changes each minute: a return in a later minute downloads it anew, ≈ 1.8 KB; the catalog never)');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('returning.ts')) {
  runReturningBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
