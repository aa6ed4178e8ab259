// The example pages do not jump while the widgets load (issue 29): the browser's own measure of what the guest
// sees move, `layout-shift` entries summed (a geometric quantity, not a timing), from the navigation until the live
// widgets are there. The pages follow the embedding guide (examples/homepage.css reserves the widgets' boxes,
// docs/embedding.md "Space kept while the widgets load"); the loader arrives after the page's first paint, as on a
// phone's line. Runs in both builds (@smoke: `npm run test:lean` too).
import { expect, test, type Page } from './fixtures';
import { PAGES, clearStorage, collectErrors } from './helpers';
import { OPEN, menu, patchBootstrap } from './menuHelpers';
import { CART_KEY, dish } from './cartHelpers';

/** Every layout shift from the document's start is summed, with what moved (for the message when it fails). */
async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tlShifts: string[]; __tlShift: number; __tlHeaderShift: number };
    w.__tlShifts = [];
    w.__tlShift = 0;
    w.__tlHeaderShift = 0;
    new PerformanceObserver((l) => {
      type Rect = { x: number; y: number; width: number; height: number };
      const box = (r: Rect) => `${r.x},${r.y} ${r.width}×${r.height}`;
      for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources: { node?: Node; previousRect: Rect; currentRect: Rect }[] }[]) {
        if (e.hadRecentInput) continue;
        w.__tlShift += e.value;
        // (a shift of the page's header: its cart button grew or shrank)
        if (e.sources.some((s) => s.node instanceof Element && s.node.closest('header'))) w.__tlHeaderShift += e.value;
        const moved = e.sources.map((s) => {
          const n = s.node;
          const name = n instanceof Element ? n.localName + (n.className ? `.${n.className}` : '') + (n.getRootNode() instanceof ShadowRoot ? ` in ${(n.getRootNode() as ShadowRoot).host.localName}` : '') : String(n?.nodeName);
          return `${name} ${box(s.previousRect)} → ${box(s.currentRect)}`;
        });
        w.__tlShifts.push(`${e.value.toFixed(3)} at ${e.startTime.toFixed(0)} ms: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The loader (async) comes after the page has painted, as on a slow line. */
async function loaderAfterFirstPaint(page: Page) {
  await page.route(/\/embed\.js(\?|$)/, async (route) => {
    // (its whole document parsed and two frames rendered from it: the page is laid out without the widgets)
    await page
      .evaluate(
        () =>
          new Promise((painted) => {
            const frames = () => requestAnimationFrame(() => requestAnimationFrame(painted));
            if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', frames);
            else frames();
          }),
      )
      .catch(() => {});
    await route.continue().catch(() => {});
  });
}

/** The shifts summed once the live widgets are drawn (two frames more: the last frame's shifts are reported). */
async function shiftsSoFar(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const w = window as unknown as { __tlShifts: string[]; __tlShift: number; __tlHeaderShift: number };
    return { sum: w.__tlShift, header: w.__tlHeaderShift, shifts: w.__tlShifts };
  });
}

const CASES = [
  { width: 412, late: false },
  { width: 1280, late: false },
  // the runtime defines the elements before the menu's first view is there: the menu's loading box keeps the reservation
  { width: 1280, late: true },
];

for (const { width, late } of CASES) {
  test(`the example homepage does not move while the widgets load (${width} px${late ? ', the first view after the runtime' : ''}) @smoke`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width, height: 823 });
    await patchBootstrap(page, OPEN);
    await observeShifts(page);
    await loaderAfterFirstPaint(page);
    if (late)
      await page.route(/\/menu-view(\?|$)/, async (route) => {
        await page.evaluate(() => customElements.whenDefined('tischlein-menu')).catch(() => {});
        await route.continue().catch(() => {});
      });
    await page.goto(`${PAGES}/`, { waitUntil: 'commit' });
    await expect(page.locator('tischlein-cart').getByRole('button', { name: /Warenkorb/ })).toBeVisible();
    await expect(menu(page).locator('.menu-dish').first()).toBeVisible();
    await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
    const { sum, shifts } = await shiftsSoFar(page);
    expect(sum, `layout shifts: ${shifts.join(' | ') || 'none'}`).toBeLessThan(0.05);
    expect(errors).toEqual([]);
  });
}

// The delivery page (examples/liefern.html): the address widget above the menu, in the box the page reserved for it
// (154 px: the loader's reservation, its loading box and the live widget's first view are as high), and a tight header
// (the restaurant's name and the cart button in one row).
const ADDRESS_CASES = [
  { width: 412, infoDialog: false },
  { width: 1280, infoDialog: false },
  // a first visit: the info dialog opens by itself over the page
  { width: 412, infoDialog: true },
];

for (const { width, infoDialog } of ADDRESS_CASES) {
  test.describe(() => {
    test.use({ infoDialog });
    test(`the delivery page with the address widget does not move while the widgets load (${width} px${infoDialog ? ', the info dialog opens' : ''}) @smoke`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.setViewportSize({ width, height: 823 });
      await patchBootstrap(page, OPEN);
      await observeShifts(page);
      await loaderAfterFirstPaint(page);
      await page.goto(`${PAGES}/liefern.html`, { waitUntil: 'commit' });
      const address = page.locator('tischlein-address');
      await expect(address.locator('button[data-action="enter-address"]')).toBeVisible();
      await expect(page.locator('tischlein-cart button.cart-button')).toBeVisible();
      await expect(menu(page).locator('.menu-dish').first()).toBeVisible();
      await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
      if (infoDialog) await expect(address.getByRole('dialog', { name: 'BESTELLOPTIONEN' })).toBeVisible();
      const { sum, shifts } = await shiftsSoFar(page);
      expect(sum, `layout shifts: ${shifts.join(' | ') || 'none'}`).toBeLessThan(0.05);
      // the live widget in the box the page reserved
      expect((await address.boundingBox())?.height).toBe(154);
      expect(errors).toEqual([]);
    });
  });
}

// A returning guest's cart button (stored lines: the count and the total) keeps the empty button's 90 × 44 px box, the
// one the page and the loader reserved: the tight header does not move, and the count and the total are inside it,
// whole. Totals written out from the demo catalog: 12 × Panna Cotta (4,50 €) = 54,00 € − 10 % ('10 % Rabatt ab 30 €',
// more than '5 € Rabatt ab 40 €') = 48,60 €; 99 × Montepulciano 0,75 l (19,90 €) = 1.970,10 € − 197,01 € = 1.773,09 €.
const CARTS = [
  { lines: [dish('panna-cotta', null, 12)], count: '12', total: '48,60 €' },
  { lines: [dish('rotwein', 'l075', 99)], count: '99', total: '1.773,09 €' },
];

for (const width of [412, 1280]) {
  test(`a returning guest's cart button keeps its 90 × 44 px box in a tight header (${width} px) @smoke`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width, height: 823 });
    await patchBootstrap(page, OPEN);
    await observeShifts(page);
    await loaderAfterFirstPaint(page);
    // the header's boxes in every frame from the first paint on (the page's stylesheet there: rendering waits for it)
    await page.addInitScript(() => {
      const w = window as unknown as { __tlHeader: Set<string> };
      w.__tlHeader = new Set();
      const sample = () => {
        const cart = document.querySelector('tischlein-cart');
        const h1 = document.querySelector('header h1');
        if (cart && h1 && document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')?.sheet) {
          const r = (e: Element) => {
            const b = e.getBoundingClientRect();
            return `${b.x},${b.y} ${b.width}×${b.height}`;
          };
          w.__tlHeader.add(`cart ${r(cart)}, name ${r(h1)}, slot ${r(cart.parentElement!)}`);
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    for (const { lines, count, total } of CARTS) {
      await clearStorage(page, PAGES);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, JSON.stringify(lines)] as const);
      await page.goto(`${PAGES}/liefern.html`, { waitUntil: 'commit' });
      const button = page.locator('tischlein-cart button.cart-button');
      await expect(button).toHaveAccessibleName(`Warenkorb, ${count} Artikel, ${total}`);
      await expect(button.locator('.cart-count')).toHaveText(count);
      await expect(button.locator('.cart-button__total')).toHaveText(total);
      await expect(menu(page).locator('.menu-dish').first()).toBeVisible();
      await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
      const { sum, header, shifts } = await shiftsSoFar(page);
      expect(header, `layout shifts: ${shifts.join(' | ') || 'none'}`).toBe(0);
      expect(sum, `layout shifts: ${shifts.join(' | ') || 'none'}`).toBeLessThan(0.05);
      // one box from the first paint to the live button: the page's reservation
      const boxes = await page.evaluate(() => [...(window as unknown as { __tlHeader: Set<string> }).__tlHeader]);
      expect(boxes, boxes.join(' | ')).toHaveLength(1);
      expect(boxes[0]).toMatch(/^cart [\d.]+,[\d.]+ 90×44,/);
      // the button fills that box (a touch target of 90 × 44 px); its count and total are inside it, not cut off
      const fit = await button.evaluate((b) => {
        const host = b.getRootNode() instanceof ShadowRoot ? (b.getRootNode() as ShadowRoot).host : b;
        const outer = host.getBoundingClientRect();
        const r = b.getBoundingClientRect();
        const inner = { left: r.left + b.clientLeft, right: r.left + b.clientLeft + b.clientWidth, top: r.top + b.clientTop, bottom: r.top + b.clientTop + b.clientHeight };
        const inside = (e: Element) => {
          const t = e.getBoundingClientRect();
          return t.width > 0 && t.left >= inner.left && t.right <= inner.right && t.top >= inner.top && t.bottom <= inner.bottom && e.scrollWidth <= Math.ceil(t.width);
        };
        return {
          button: [r.width, r.height],
          inHost: r.left >= outer.left && r.right <= outer.right && r.top >= outer.top && r.bottom <= outer.bottom,
          overflows: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight,
          count: inside(b.querySelector('.cart-count')!),
          total: inside(b.querySelector('.cart-button__total')!),
          icon: inside(b.querySelector('.cart-button__icon')!),
        };
      });
      expect(fit).toEqual({ button: [90, 44], inHost: true, overflows: false, count: true, total: true, icon: true });
    }
    expect(errors).toEqual([]);
  });
}
