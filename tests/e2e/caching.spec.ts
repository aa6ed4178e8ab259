// Caching for returning guests, on the real build: every file the menu and the shop load carries
// a content hash and is served immutable for a year, and so is the catalog (by its version); only
// embed.js, widgets.json, the shell page, the shop's state and the menu's first view revalidate
// (ETag). A second visit in the same browser asks the shop's server for nothing but those
// (tests/bench/returning.ts prints the bytes).
import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, browserSettled, waitForMenu } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /\.[0-9a-f]{8,}\.(js|css)$/;
const REVALIDATE = new Set(['/embed.js', '/widgets.json']);

/** Responses from the shop's origin while `load` runs: path → cache-control and etag. */
async function shopResponses(page: Page, load: () => Promise<void>) {
  const seen = new Map<string, { cacheControl: string | undefined; etag: string | undefined; status: number }>();
  const onResponse = async (r: import('@playwright/test').Response) => {
    const url = new URL(r.url());
    if (url.origin !== SHOP) return;
    const h = await r.allHeaders();
    seen.set(url.pathname, { cacheControl: h['cache-control'], etag: h['etag'], status: r.status() });
  };
  page.on('response', onResponse);
  await load();
  // the late requests (pictures, lazily loaded widgets) are in by the time the network rests; on
  // a busy machine that can take long — what is seen by then is checked all the same
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  page.off('response', onResponse);
  return seen;
}

test('assets and the catalog are immutable; embed.js, widgets.json, the shell page and the shop state revalidate', async ({ page, request }) => {
  const onHomepage = await shopResponses(page, async () => {
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
  });
  const inShop = await shopResponses(page, async () => {
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
  });
  const all = new Map([...onHomepage, ...inShop]);
  const assets = [...all.keys()].filter((p) => /^\/(embed|remotes|shell)\//.test(p));
  expect(assets.some((p) => p.startsWith('/embed/runtime.'))).toBe(true);
  expect(assets.some((p) => /^\/remotes\/menu\/remoteEntry\./.test(p))).toBe(true);
  expect(assets.some((p) => /^\/shell\/shell\..*\.js$/.test(p))).toBe(true);
  expect(assets.some((p) => /^\/shell\/shell\..*\.css$/.test(p))).toBe(true);
  for (const p of assets) {
    expect(p, 'a content hash in the name').toMatch(HASHED);
    expect(all.get(p)!.cacheControl, p).toBe(IMMUTABLE);
  }
  // the catalog by its version: on the homepage (the first view's preload, the runtime) and in the shop
  for (const seen of [onHomepage, inShop]) {
    const catalogs = [...seen.keys()].filter((p) => p.startsWith('/api/shop/demo/catalog/'));
    expect(catalogs).toEqual([expect.stringMatching(/^\/api\/shop\/demo\/catalog\/\d+-[0-9a-f]{12}$/)]);
    expect(seen.get(catalogs[0])!.cacheControl).toBe(IMMUTABLE);
  }
  for (const p of ['/embed.js', '/api/shop/demo/state', '/']) {
    const r = all.get(p);
    expect(r, p).toBeDefined();
    expect(r!.cacheControl, p).toBe('no-cache');
    expect(r!.etag, p).toMatch(/^(W\/)?"/);
  }
  const widgets = await request.get(`${SHOP}/widgets.json`);
  expect(widgets.headers()['cache-control']).toBe('no-cache');
  expect(widgets.headers()['etag']).toMatch(/^(W\/)?"/);
  // nothing else from the shop's origin goes without a cache rule
  for (const [p, r] of all) {
    if (p.startsWith('/media/') || p.startsWith('/api/') || REVALIDATE.has(p) || p === '/' || /^\/(embed|remotes|shell)\//.test(p)) continue;
    expect(`${p} ${r.cacheControl}`).toBe('(unexpected)');
  }
});

/** A visit of the homepage in a new tab of the same browser (same HTTP cache): what reached the shop's server. */
async function revisit(page: Page): Promise<string[]> {
  const again = await page.context().newPage();
  const cdp = await page.context().newCDPSession(again);
  await cdp.send('Network.enable');
  // requests that reached the server, with the status it sent (a revalidated response is
  // reported as the cached 200; the raw status is in responseReceivedExtraInfo)
  const urls = new Map<string, string>();
  const raw = new Map<string, number>();
  // requests still open, and those answered over the network (their raw status must be in)
  const done = new Set<string>();
  const fromCache = new Set<string>();
  const networked = new Set<string>();
  // (a data: URL reaches no server: it has no status to check)
  cdp.on('Network.requestWillBeSent', (e) => e.request.url.startsWith('data:') || urls.set(e.requestId, e.request.url));
  cdp.on('Network.responseReceivedExtraInfo', (e) => raw.set(e.requestId, e.statusCode));
  cdp.on('Network.requestServedFromCache', (e) => fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.fromDiskCache && !e.response.fromServiceWorker && !e.response.fromPrefetchCache) networked.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => done.add(e.requestId));
  cdp.on('Network.loadingFailed', (e) => done.add(e.requestId));
  await again.goto(`${PAGES}/`);
  await waitForMenu(again);
  await again.waitForLoadState('load');
  await browserSettled(again);
  // every request the visit started has finished, and each one the server answered has its status
  await expect
    .poll(() => [...urls.keys()].filter((id) => !done.has(id) || (networked.has(id) && !fromCache.has(id) && !raw.has(id))).map((id) => urls.get(id)))
    .toEqual([]);
  await again.close();
  const asked: string[] = [];
  for (const [id, status] of raw) {
    const url = new URL(urls.get(id) ?? 'about:blank');
    if (url.origin !== SHOP || url.pathname.startsWith('/media/')) continue;
    asked.push(`${url.pathname} ${status}`);
  }
  return asked.sort();
}

test("a returning guest asks the shop for embed.js, the shop state and the menu's first view only, all answered 304: the catalog comes from the browser's cache", async ({ page }) => {
  test.setTimeout(60_000);
  // the first visit fills the HTTP cache: every request it started has finished
  const open = new Set<import('@playwright/test').Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await page.waitForLoadState('load');
  await browserSettled(page);
  await expect.poll(() => [...open].map((r) => r.url())).toEqual([]);
  // The state carries the delivery period, which changes each minute (and the first view is
  // kept per minute too): when a minute turned between the visits they come anew (200), and the
  // visit after that must revalidate again. The catalog is not asked for in either.
  let asked = await revisit(page);
  if (asked.some((a) => a.endsWith(' 200'))) {
    expect(asked.some((a) => a.includes('/catalog/'))).toBe(false);
    asked = await revisit(page);
  }
  // the storefront's live state (pause, sold out) is asked every few seconds: unchanged, it is a 304 too
  expect(asked.filter((a) => a.startsWith('/api/shop/demo/live ')).every((a) => a.endsWith(' 304'))).toBe(true);
  expect(asked.filter((a) => !a.startsWith('/api/shop/demo/live '))).toEqual(['/api/shop/demo/menu-view 304', '/api/shop/demo/state 304', '/embed.js 304']);
});
