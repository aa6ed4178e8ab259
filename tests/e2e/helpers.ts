import { expect, type Page } from '@playwright/test';
import type { Bootstrap } from '../../shared/domain';
import { PAGES, SHOP } from '../../playwright.config';

export { PAGES, SHOP };

/** Fresh storage per test: the cart is persisted per shop in localStorage. */
export async function clearStorage(page: Page, origin: string) {
  await page.goto(`${origin}/__blank__`).catch(() => {});
  await page.evaluate(() => {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      /* ignore */
    }
  });
}

/**
 * The live menu is there (on a restaurant's page: the server's first view has given way to it). `timeout`: a test
 * that slows the page's CPU on purpose passes 0, and its own timeout is the bound.
 */
export async function waitForMenu(page: Page, timeout?: number) {
  await expect(page.locator('tischlein-menu .menu-dish').first()).toBeVisible({ timeout });
  await expect(page.locator('tischlein-menu [data-tl-prerender]')).toHaveCount(0, { timeout });
}

/** Counts errors printed by the page (widgets must not throw). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Tuesday 24.11.2026, 12:00 in Berlin: the demo shop is open and takes orders. */
export const TUESDAY_NOON = new Date('2026-11-24T11:00:00Z');

/**
 * The one clock of a browser test: the browser's clock starts at `at` (and runs on), and every
 * API request carries `?at=` so the server (TISCHLEIN_TEST_CLOCK=1) computes opening times,
 * delivery periods and franchise lists for the same moment. Call it after any other
 * page.route() on the API: the last registered handler runs first and hands the rewritten URL on.
 */
export async function setClock(page: Page, at: Date = TUESDAY_NOON) {
  await page.clock.install({ time: at });
  await page.route(/\/api\/(shop|platform)\//, async (route) => {
    const url = new URL(route.request().url());
    if (!url.searchParams.has('at')) url.searchParams.set('at', at.toISOString());
    await route.fallback({ url: url.href });
  });
}

/**
 * Patches the shop data in the browser: the widgets' two calls (GET …/state and …/catalog/{version})
 * and the whole bootstrap, each cut from the server's bootstrap of the same shop (and `?at=`),
 * changed by `patch`. Call it before setClock (which then runs first and adds `?at=`).
 */
export async function patchShopData(page: Page, patch: (b: Bootstrap) => void | Promise<void>) {
  await page.route(/\/api\/shop\/[^/]+\/(bootstrap|state|catalog\/[^/?]+)(\?|$)/, async (route) => {
    const url = new URL(route.request().url());
    const kind = /\/(bootstrap|state|catalog)(\/[^/]+)?$/.exec(url.pathname)![1];
    url.pathname = url.pathname.replace(/\/(bootstrap|state|catalog\/[^/]+)$/, '/bootstrap');
    const res = await route.fetch({ url: url.href, headers: { ...route.request().headers(), 'if-none-match': '' } });
    const body = (await res.json()) as Bootstrap;
    await patch(body);
    const { catalog, ...state } = body;
    const headers = { ...res.headers() };
    delete headers['etag'];
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ status: 200, headers, body: JSON.stringify(kind === 'bootstrap' ? body : kind === 'state' ? state : catalog) });
  });
}

/**
 * The positive signal before a negative check: resolves once the browser has rendered two frames
 * and then run every task queued before it (a MessageChannel message is delivered after the
 * messages posted earlier, e.g. React's scheduled effects). What the page was going to do in
 * answer to what the test saw has been done, without a fixed wait.
 */
export async function browserSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
        ),
      ),
  );
}
