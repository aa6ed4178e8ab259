// The host-page suite (tests/hosts/): the widgets on small restaurant pages that reproduce the
// hazards of real websites, each page at a phone's and a desktop's width. The pages and the list
// of checks live in tests/hosts/pages.ts; this file is the Chromium driver. The pages are served
// by the suite's page server (tests/hosts/serve.ts) on an origin of their own (a framed page's
// frame from another port, another origin), the widgets come from the shop server as on any
// restaurant's page.
import { resolve } from 'node:path';
import type { Frame } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { SHOP } from './helpers';
import { patchBootstrap } from './menuHelpers';
import { CART_KEY, HOST_PAGES, HOST_VIEWPORTS, START_CART, TEST_THEME, TEST_THEME_RGB, type HostPage } from '../hosts/pages';
import { startPageServer as startHostPages, vendorFile, type PageServer } from '../hosts/serve';

let HOST = '';
let FRAME = '';
let pageServer: PageServer | null = null;
async function startPageServer(): Promise<void> {
  pageServer = await startHostPages(SHOP);
  HOST = pageServer.host;
  FRAME = pageServer.frame;
}

test.beforeAll(startPageServer);
test.afterAll(async () => {
  await pageServer?.close();
  pageServer = null;
});

async function serve(page: Page, hp: HostPage) {
  await page.addInitScript(
    ([key, cart, hosts]) => {
      try {
        if (hosts.includes(location.origin) && !localStorage.getItem(key)) localStorage.setItem(key, cart);
      } catch {
        /* no storage */
      }
    },
    [CART_KEY, JSON.stringify(START_CART), [HOST, FRAME]] as const,
  );
  await patchBootstrap(page, undefined, (b) => {
    if (hp.theme) b.config.theme = hp.theme;
  });
}

/** Errors on the console or uncaught, from every frame. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Where the widgets are: the page, or the frame of a framed page. */
async function widgetsIn(page: Page, hp: HostPage): Promise<Frame> {
  if (!hp.frame) return page.mainFrame();
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${FRAME}/`))).toBe(true);
  return page.frames().find((f) => f.url().startsWith(`${FRAME}/`))!;
}

async function stickyBottom(frame: Frame): Promise<number> {
  return frame.evaluate(() => {
    const el = document.querySelector('[data-tl-sticky]');
    return el ? Math.max(0, el.getBoundingClientRect().bottom) : 0;
  });
}

async function cartUnits(frame: Frame): Promise<number> {
  return frame.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { amount: number }[]).reduce((n, l) => n + l.amount, 0), CART_KEY);
}

for (const hp of HOST_PAGES) {
  for (const vp of HOST_VIEWPORTS) {
    test(`host page ${hp.file} at ${vp.width} px — ${hp.hazard}: the widget stays in its box, a dish can be added, the checkout opens at its start, no console error`, async ({ page }) => {
      const missing = Object.values(hp.vendor ?? {}).filter((c) => !vendorFile(c));
      test.skip(missing.length > 0, `not installed: ${missing.map((c) => c[0].split('/')[0]).join(', ')} (devDependency of the host-page suite)`);
      const errors = watchErrors(page);
      await page.setViewportSize(vp);
      await serve(page, hp);
      await page.goto(`${HOST}/${hp.file}`);
      const f = await widgetsIn(page, hp);
      const menu = f.locator('tischlein-menu');
      await expect(menu.locator('.menu-dish').first()).toBeVisible();
      await expect(menu.locator('[data-tl-prerender]')).toHaveCount(0);

      // box: inside its parent, no sideways scroll of the page (nor of the frame)
      const box = await menu.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const p = el.closest('[data-tl-box]')!.getBoundingClientRect();
        const d = document.documentElement;
        return { left: r.left - p.left, right: p.right - r.right, overflow: d.scrollWidth - d.clientWidth };
      });
      expect(box.left, 'menu starts inside its box').toBeGreaterThanOrEqual(-0.5);
      expect(box.right, 'menu ends inside its box').toBeGreaterThanOrEqual(-0.5);
      expect(box.overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      const shot = async (name: string) => {
        // HOSTS_SCREENSHOTS=<folder>: pictures of each page (menu, checkout) to look at
        if (process.env.HOSTS_SCREENSHOTS) await page.screenshot({ path: resolve(process.env.HOSTS_SCREENSHOTS, `${hp.file.replace('.html', '')}-${vp.width}-${name}.png`) });
      };
      await menu.locator('.menu-category h2').first().scrollIntoViewIfNeeded();
      await shot('menu');

      // add: the first dish's '+' (Playwright taps only what is not covered, e.g. by the sticky category bar)
      const before = await cartUnits(f);
      await menu.locator('.menu-dish__add').first().click();
      const dialog = menu.locator('dialog[open]');
      const add = dialog.getByRole('button', { name: 'IN DEN WARENKORB' });
      // a dish with choices opens its dialog (lazily loaded), one without goes straight into the cart
      await expect(async () => {
        if ((await cartUnits(f)) > before) return;
        expect(await add.isVisible()).toBe(true);
      }).toPass();
      if (await add.isVisible()) {
        await shot('dialog');
        if (hp.extra?.includes('dialog-in-visible-part')) {
          // the button lies in the top window's visible part, not somewhere in the tall frame
          const frameTop = await page.locator('iframe').evaluate((el) => el.getBoundingClientRect().top);
          await expect
            .poll(async () => {
              const b = await add.boundingBox();
              // boundingBox() of an element in a frame is in the top page's coordinates
              return b ? b.y >= 0 && b.y + b.height <= vp.height : false;
            }, { message: `'IN DEN WARENKORB' within the window (frame starts at ${frameTop})` })
            .toBe(true);
        }
        if (hp.extra?.includes('light-colours')) {
          const radio = dialog.locator('input[type="radio"]').first();
          if (await radio.count()) expect(await radio.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('light');
          expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
        }
        await add.click();
        await expect(dialog).toHaveCount(0);
      }
      await expect.poll(() => cartUnits(f)).toBe(before + 1);

      if (hp.extra?.includes('light-colours')) {
        const colours = await menu.evaluate((el) => {
          const root = el.shadowRoot!;
          const h2 = root.querySelector('.menu-category h2')!;
          const search = root.querySelector('.menu-search input')!;
          const menuRoot = root.querySelector('.tl-menu')!;
          return {
            heading: getComputedStyle(h2).color,
            menuBg: getComputedStyle(menuRoot).backgroundColor,
            searchBg: getComputedStyle(search).backgroundColor,
            searchScheme: getComputedStyle(search).colorScheme,
          };
        });
        expect(colours).toEqual({ heading: 'rgb(34, 34, 34)', menuBg: 'rgb(255, 255, 255)', searchBg: 'rgb(255, 255, 255)', searchScheme: 'light' });
      }

      if (hp.extra?.includes('policy-own-folder')) {
        // what the page's scripts can reach of the policy: script URLs below the loader's folder only
        const urls = await page.evaluate((shop) => {
          const url = (window as unknown as { __tischlein: { url(u: string): unknown } }).__tischlein.url;
          return [String(url('https://evil.example/x.js')), String(url(`${shop}/embed/x.js`)), typeof (window as unknown as { trustedTypes?: unknown }).trustedTypes];
        }, SHOP);
        expect(urls).toEqual(['', `${SHOP}/embed/x.js`, 'object']);
      }

      if (hp.extra?.includes('theme')) {
        const add = menu.locator('.menu-dish__add').first();
        expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEST_THEME_RGB);
        const cartButton = f.locator('tischlein-cart').locator('.cart-checkout, .cart-bar').first();
        await expect.poll(() => cartButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEST_THEME_RGB);
      }

      if (hp.extra?.includes('sticky-below-header')) {
        // scrolled into the menu: its category bar sticks right below the page's header
        await menu.locator('.menu-category').nth(2).scrollIntoViewIfNeeded();
        await f.evaluate(() => window.scrollBy(0, 200));
        const header = await stickyBottom(f);
        await expect
          .poll(() => menu.locator('.menu-nav').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
          .toBeGreaterThanOrEqual(Math.floor(header) - 1);
        expect(await menu.locator('.menu-nav').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(Math.ceil(header) + 1);
      }

      // checkout: 'ZUR KASSE' (inline in the full cart; on phones and on the cart button in the cart's dialog)
      const cart = f.locator('tischlein-cart');
      const inline = cart.locator('.cart-full').getByRole('button', { name: 'ZUR KASSE' });
      if (await inline.isVisible()) await inline.click();
      else {
        await cart.locator('button.cart-button').click();
        await cart.getByRole('dialog', { name: 'Warenkorb' }).getByRole('button', { name: 'ZUR KASSE' }).click();
      }
      const checkout = f.locator('tischlein-checkout:not([data-sheet])');
      const street = checkout.getByLabel('Straße', { exact: true });
      await expect(street).toBeVisible();
      if (!hp.frame) {
        const top = await stickyBottom(f);
        await expect
          .poll(async () =>
            checkout.evaluate((el, top) => {
              const t = el.getBoundingClientRect().top;
              const atEnd = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 1;
              // at its start below the header (or as far as the page can scroll, with its start not passed)
              return Math.abs(t - top) <= 2 || (atEnd && t >= top - 2);
            }, top),
          )
          .toBe(true);
        const field = await street.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        expect(field.top, "'Straße' below the page's sticky header").toBeGreaterThanOrEqual(top - 1);
        // (above the phones' cart bar, where there is one)
        const bar = f.locator('tischlein-cart .cart-bar');
        const barTop = (await bar.isVisible()) ? await bar.evaluate((el) => el.getBoundingClientRect().top) : vp.height;
        expect(field.bottom, "'Straße' within the window").toBeLessThanOrEqual(barTop);
      }

      if (hp.extra?.includes('checkout-one-column') && vp.width >= 900) {
        const layout = await checkout.evaluate((el) => {
          const root = el.shadowRoot!;
          const cols = root.querySelector('.co-columns')!;
          const lines = (n: Element) => {
            const r = document.createRange();
            r.selectNodeContents(n);
            return new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size;
          };
          return {
            direction: getComputedStyle(cols).flexDirection,
            // every price on one line, every dish name on one line or at least 120 px wide (not broken into syllables;
            // a short name is as wide as its text: '2× Panna cotta' is 107 px in WebKit)
            amountsOnOneLine: Array.from(root.querySelectorAll('.co-amount')).every((a) => lines(a) === 1),
            namesWhole: Array.from(root.querySelectorAll('.co-lines li > span:first-child')).every((n) => lines(n) === 1 || n.getBoundingClientRect().width >= 120),
          };
        });
        expect(layout.direction).toBe('column');
        expect(layout.amountsOnOneLine).toBe(true);
        expect(layout.namesWhole).toBe(true);
      }

      await shot('checkout');

      // bar space: at the end of the page the phones' cart bar does not cover the page's footer
      const bar = f.locator('tischlein-cart .cart-bar');
      if ((await bar.isVisible()) && (await f.locator('footer').count())) {
        const footerBelowBar = () =>
          f.evaluate(() => {
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
            const footer = Array.from(document.querySelectorAll('footer')).pop()!.getBoundingClientRect();
            const bar = document.querySelector('tischlein-cart')!.shadowRoot!.querySelector('.cart-bar')!.getBoundingClientRect();
            return footer.bottom - bar.top;
          });
        await expect.poll(footerBelowBar, { message: 'footer bottom above the cart bar' }).toBeLessThanOrEqual(1);
      }
      expect(errors).toEqual([]);
    });
  }
}

test("the shop itself takes the shop data's theme too: its header and the widgets' buttons", async ({ page }) => {
  await patchBootstrap(page, undefined, (b) => {
    b.config.theme = TEST_THEME;
  });
  await page.goto(`${SHOP}/`);
  const add = page.locator('tischlein-menu .menu-dish__add').first();
  await expect(add).toBeVisible();
  await expect.poll(() => add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEST_THEME_RGB);
  expect(await page.locator('.shell-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TEST_THEME_RGB);
});
