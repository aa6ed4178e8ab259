import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, collectErrors, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';

// The embed loader's contract with a restaurant's page (docs/embedding.md).

test('the host page hears the widgets through DOM CustomEvents @smoke', async ({ page }) => {
  await patchBootstrap(page, OPEN);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  // every cart-changed from here on, listened for before the tap (awaited: the listener is there
  // before the click); the last one is awaited, so an event of the page's start that comes late
  // cannot be mistaken for the answer to the tap
  await page.evaluate(() => {
    const w = window as unknown as { __cartChanged: { count: number; items: number }[] };
    w.__cartChanged = [];
    document.addEventListener('tischlein:cart-changed', (e) => {
      const d = (e as CustomEvent).detail;
      w.__cartChanged.push({ count: d.count, items: d.items.length });
    });
  });
  await page.locator('tischlein-menu .menu-dish').first().getByRole('button').first().click();
  await page.locator('tischlein-menu dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __cartChanged: { count: number; items: number }[] }).__cartChanged.at(-1)))
    .toEqual({ count: 1, items: 1 });
  // examples/index.html writes the count into its title from the event
  await expect(page).toHaveTitle('Trattoria Tischlein (1)');
});

test('Tischlein("mount", …) works after the loader has arrived too, and widgets can be unmounted', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${PAGES}/bare.html`);
  await waitForMenu(page);
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.id = 'late';
    document.body.appendChild(el);
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('mount', 'cart', el, { variant: 'full' });
  });
  await expect(page.locator('#late .cart-count')).toHaveAttribute('data-count', '0');
  await page.evaluate(() =>
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('unmount', document.getElementById('late')),
  );
  await expect(page.locator('#late .cart-count')).toHaveCount(0);
  // an unknown widget name is refused with a message, not a crash
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.evaluate(() =>
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('mount', 'nope', document.body),
  );
  await expect.poll(() => messages.join('\n')).toContain('unbekanntes Widget');
  expect(errors).toEqual([]);
});

test('the widget assets and the API come from the shop origin; any page may read the public shop API (CORS *, no cookies)', async ({ page }) => {
  const api: { url: string; allow: string | undefined; creds: string | undefined }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/shop/')) {
      api.push({ url: r.url(), allow: r.headers()['access-control-allow-origin'], creds: r.headers()['access-control-allow-credentials'] });
    }
  });
  await page.goto(`${PAGES}/bare.html`);
  await waitForMenu(page);
  expect(api.length).toBeGreaterThan(0);
  for (const a of api) {
    expect(a.url.startsWith(SHOP)).toBe(true);
    expect(a.allow).toBe('*');
    expect(a.creds).toBeUndefined();
  }
});

test('the loader asks for the runtime first and at high priority: its last byte bounds the live menu (issue 29)', async ({ page }) => {
  // the requests the loader starts, in the order the browser sees them (examples/index.html: menu and cart button)
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.startsWith(SHOP) && !url.endsWith('/embed.js')) asked.push(url.slice(SHOP.length).replace(/\.[0-9a-f]{10}\.js$/, '.js').replace(/\/\d+\.js$/, '/{chunk}.js'));
  });
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  expect(asked[0]).toBe('/embed/runtime.js');
  // then the first view, the menu's entry and first chunk and the state (the catalog once the state names it; the cart
  // button's entry once the runtime mounts it: the next test)
  expect(asked.slice(1, 5).sort()).toEqual(['/api/shop/demo/menu-view', '/api/shop/demo/state', '/remotes/menu/remoteEntry.js', '/remotes/menu/{chunk}.js']);
  // an async script is fetched at low priority unless it says otherwise
  expect(await page.locator('script[src*="/embed/runtime."]').evaluate((s) => (s as HTMLScriptElement).fetchPriority)).toBe('high');
});

/**
 * Records every request of the page and holds the answer to `held` until `until` is true of the requests so far (or
 * `maxMs` passed): `askedWhileHeld()` is what the page had asked for by then — what it asked for without that answer.
 */
async function holdUntilAsked(page: Page, held: RegExp | string, until: (asked: string[]) => boolean, maxMs = 10_000) {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  let whileHeld: string[] = [];
  await page.route(held, async (route) => {
    for (let waited = 0; waited < maxMs && !until(asked); waited += 50) await new Promise((r) => setTimeout(r, 50));
    whileHeld = asked.slice();
    await route.continue();
  });
  return { asked, askedWhileHeld: () => whileHeld };
}

test("on a page with the menu the loader asks for the menu's files only: the cart button's entry does not share the line with the runtime (issue 29)", async ({ page }) => {
  const cartEntry = (u: string) => /\/remotes\/cart\/remoteEntry\.[0-9a-f]{10}\.js$/.test(u);
  const menuEntry = (u: string) => /\/remotes\/menu\/remoteEntry\.[0-9a-f]{10}\.js$/.test(u);
  // the runtime held until the loader's own requests are out (the menu's entry asked, at most 10 s)
  const { asked, askedWhileHeld } = await holdUntilAsked(page, /\/embed\/runtime\.[0-9a-f]{10}\.js$/, (a) => a.some(menuEntry));
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  expect(askedWhileHeld().filter(menuEntry)).toHaveLength(1);
  expect(askedWhileHeld().filter(cartEntry)).toEqual([]);
  // the runtime asks for it when it mounts the cart button, once
  await expect(page.locator('tischlein-cart').getByRole('button', { name: /Warenkorb/ })).toBeVisible();
  expect(asked.filter(cartEntry)).toHaveLength(1);
});

test("the runtime asks for the cart button's first chunk together with its entry, not after the entry ran (issue 29)", async ({ page }) => {
  const cartChunk = (u: string) => /\/remotes\/cart\/\d+\.[0-9a-f]{10}\.js$/.test(u);
  // the cart's entry held until its first chunk is asked for too (at most 3 s): one asked only after the entry ran is not
  const { asked, askedWhileHeld } = await holdUntilAsked(page, /\/remotes\/cart\/remoteEntry\.[0-9a-f]{10}\.js$/, (a) => a.some(cartChunk), 3_000);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await expect(page.locator('tischlein-cart').getByRole('button', { name: /Warenkorb/ })).toBeVisible();
  expect(askedWhileHeld().filter(cartChunk)).toHaveLength(1);
  // and only once: the preload is what the widget's own load uses
  expect(asked.filter(cartChunk)).toHaveLength(1);
});

test('on a page without the menu the loader asks for the cart button\'s entry beside the runtime', async ({ page }) => {
  const cartEntry = (u: string) => /\/remotes\/cart\/remoteEntry\.[0-9a-f]{10}\.js$/.test(u);
  const { asked, askedWhileHeld } = await holdUntilAsked(page, /\/embed\/runtime\.[0-9a-f]{10}\.js$/, (a) => a.some(cartEntry));
  // a restaurant's page with the cart button only: the example's menu taken out as the page is parsed
  await page.addInitScript(() => {
    new MutationObserver(() => document.querySelectorAll('tischlein-menu').forEach((el) => el.remove())).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${PAGES}/bare-cart.html`);
  await expect(page.locator('tischlein-cart').getByRole('button', { name: /Warenkorb/ })).toBeVisible();
  expect(askedWhileHeld().filter(cartEntry)).toHaveLength(1);
  expect(asked.filter(cartEntry)).toHaveLength(1);
});

test("the menu's first chunk and the catalog do not wait for the first view's answer: the loader asks for them itself, once each (issue 29)", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  const chunk = (u: string) => /\/remotes\/menu\/\d+\.[0-9a-f]{10}\.js$/.test(u);
  const catalog = (u: string) => u.includes('/api/shop/demo/catalog/');
  // the first view's answer is held until both were asked for (at most 10 s), and the runtime until the first view
  // has its answer (else the runtime, unthrottled here, asks for them itself): before, only the first view's preloads asked
  let askedWhileHeld: string[] = [];
  let answered = () => {};
  const viewAnswered = new Promise<void>((resolve) => (answered = resolve));
  await page.route(/\/embed\/runtime\.[0-9a-f]{10}\.js$/, async (route) => {
    await viewAnswered;
    await route.continue();
  });
  await page.route(`${SHOP}/api/shop/demo/menu-view`, async (route) => {
    for (let i = 0; i < 200 && !(asked.some(chunk) && asked.some(catalog)); i++) await new Promise((r) => setTimeout(r, 50));
    askedWhileHeld = asked.filter((u) => chunk(u) || catalog(u));
    await route.continue();
    answered();
  });
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  expect(askedWhileHeld.filter(chunk)).toHaveLength(1);
  expect(askedWhileHeld.filter(catalog)).toHaveLength(1);
  // the first view's own preloads of the same files ask for nothing more
  await expect(page.locator('tischlein-menu [data-tl-prerender]')).toHaveCount(0);
  expect(asked.filter(chunk)).toHaveLength(1);
  expect(asked.filter(catalog)).toHaveLength(1);
});

test('a broken data-shop stops the loader with a message, and the page stays usable', async ({ page }) => {
  const errors = collectErrors(page);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`${PAGES}/gibt-es-nicht.txt`); // a page of the same origin without the loader
  await page.setContent(
    `<!doctype html><html lang="de"><head><title>x</title><script src="${SHOP}/embed.js" data-shop="../../etc"></script></head><body><p id="own">Eigene Seite</p><tischlein-menu></tischlein-menu></body></html>`,
  );
  await expect.poll(() => messages.join('\n')).toContain('data-shop fehlt oder ist ungültig');
  await expect(page.locator('#own')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('the loader when the runtime does not download', () => {
  // Both pass on either build (React or lean): tagged for `npm run test:lean`.
  test('fails twice: the page hears tischlein:error (also through a queued Tischlein("on")) and gets its space back @smoke', async ({ page }) => {
    let requests = 0;
    await page.route('**/embed/runtime*.js', (route) => {
      requests += 1;
      return route.abort('failed');
    });
    await page.addInitScript(() => {
      const w = window as unknown as { Tischlein: ((...a: unknown[]) => void) & { q?: unknown[] }; heard: unknown[] };
      w.heard = [];
      w.Tischlein = Object.assign(
        function (...a: unknown[]) {
          (w.Tischlein.q = w.Tischlein.q || []).push(a);
        },
        { q: [] as unknown[] },
      );
      w.Tischlein('on', 'error', (e: CustomEvent) => w.heard.push(['on', e.detail]));
      document.addEventListener('tischlein:error', (e) => w.heard.push(['document', (e as CustomEvent).detail]));
    });
    await page.goto(`${PAGES}/bare.html`);
    const detail = { code: 'runtime-load-failed', message: 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.' };
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([
      ['document', detail],
      ['on', detail],
    ]);
    expect(requests).toBe(2);
    // the menu's box says so, in place of the server's first view (which cannot become the menu) and of the 600 px reserved
    await expect(page.locator('tischlein-menu[role="alert"]')).toHaveText(detail.message);
    await expect(page.locator('tischlein-menu [data-tl-prerender]')).toHaveCount(0);
    await expect.poll(() => page.locator('tischlein-menu').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(100);
  });

  test('arrives but cannot start (the page broke it): tischlein:error, and the message in the menu\'s box, not a first view that looks alive @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    await page.route('**/embed/runtime*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("kaputt")' }));
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      document.addEventListener('tischlein:error', (e) => w.heard.push((e as CustomEvent).detail));
    });
    await page.goto(`${PAGES}/bare.html`);
    const detail = { code: 'runtime-start-failed', message: 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.' };
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([detail]);
    await expect(page.locator('tischlein-menu[role="alert"]')).toHaveText(detail.message);
    await expect(page.locator('tischlein-menu [data-tl-prerender]')).toHaveCount(0);
    // (the runtime's own exception, and nothing else)
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Error: kaputt');
  });

  test('fails once: the second try loads it and the menu renders @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    let requests = 0;
    await page.route('**/embed/runtime*.js', (route) => {
      requests += 1;
      return requests === 1 ? route.abort('failed') : route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('tischlein:error', () => ((window as unknown as { failed: boolean }).failed = true));
    });
    await page.goto(`${PAGES}/bare.html`);
    await waitForMenu(page);
    expect(requests).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { failed?: boolean }).failed ?? false)).toBe(false);
    expect(errors).toEqual([]);
  });
});

// The loader runs without "use strict" (docs/decisions.md, issue 29 point 4): a write the page made
// impossible is skipped, not thrown. What the guest then gets is what docs/embedding.md says.
test.describe('a page that froze window.Tischlein before the loader ran', () => {
  const MESSAGE = 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.';

  test('a frozen queue function: the loader does not throw, the widgets load and the call queued on it runs', async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      const q: unknown[][] = [];
      const queue = Object.freeze(Object.assign((...a: unknown[]) => void q.push(a), { q }));
      (window as unknown as { Tischlein: unknown }).Tischlein = queue;
      const el = document.createElement('div');
      el.id = 'queued-cart';
      document.addEventListener('DOMContentLoaded', () => document.body.appendChild(el));
      queue('mount', 'cart', el, { variant: 'full' });
    });
    await page.goto(`${PAGES}/bare.html`);
    await waitForMenu(page);
    await expect(page.locator('#queued-cart .cart-count')).toHaveAttribute('data-count', '0');
    // the runtime's own function took the (writable) property over
    expect(await page.evaluate(() => Object.isFrozen((window as unknown as { Tischlein: unknown }).Tischlein))).toBe(false);
    expect(errors).toEqual([]);
  });

  test('a read-only, non-configurable Tischlein: the loader does not throw; the runtime cannot take it over, so the page hears runtime-start-failed (also through the call queued on it) and the box says so', async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      const q: unknown[][] = [];
      const queue = Object.freeze(Object.assign((...a: unknown[]) => void q.push(a), { q }));
      Object.defineProperty(window, 'Tischlein', { value: queue, writable: false, configurable: false });
      queue('on', 'error', (e: CustomEvent) => w.heard.push(['on', e.detail]));
      document.addEventListener('tischlein:error', (e) => w.heard.push(['document', (e as CustomEvent).detail]));
    });
    await page.goto(`${PAGES}/bare.html`);
    const detail = { code: 'runtime-start-failed', message: MESSAGE };
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([
      ['document', detail],
      ['on', detail],
    ]);
    await expect(page.locator('tischlein-menu[role="alert"]')).toHaveText(MESSAGE);
    await expect(page.locator('tischlein-menu [data-tl-prerender]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('failures after the runtime started reach the page too', () => {
  test("a widget whose code does not load: its box says so and the page hears 'widget-load-failed'", async ({ page }) => {
    await page.route('**/remotes/menu/remoteEntry*.js', (route) => route.abort('failed'));
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      document.addEventListener('tischlein:error', (e) => w.heard.push((e as CustomEvent).detail));
    });
    await page.goto(`${PAGES}/bare.html`);
    const message = 'Dieser Bereich konnte nicht geladen werden. Bitte lade die Seite neu.';
    await expect(page.locator('tischlein-menu').getByRole('alert')).toHaveText(message);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([{ code: 'widget-load-failed', message }]);
  });

  test("shop data that cannot be loaded: the menu says so and the page hears 'shop-load-failed'", async ({ page }) => {
    await page.route('**/api/shop/demo/state*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      document.addEventListener('tischlein:error', (e) => w.heard.push((e as CustomEvent).detail));
    });
    await page.goto(`${PAGES}/bare.html`);
    await expect(page.locator('tischlein-menu').getByText('Die Speisekarte konnte nicht geladen werden.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
      .toEqual([{ code: 'shop-load-failed', message: 'Die Speisekarte konnte nicht geladen werden.' }]);
  });
});
