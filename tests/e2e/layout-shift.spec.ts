// The example homepage does not jump while the widgets load (issue 29): the browser's own measure of what the guest
// sees move, `layout-shift` entries summed (a geometric quantity, not a timing), from the navigation until the live
// cart button and the live menu are there. The page follows the embedding guide (examples/homepage.css reserves the
// widgets' boxes, docs/embedding.md "Space kept while the widgets load"); the loader arrives after the page's first
// paint, as on a phone's line. Runs in both builds (@smoke: `npm run test:lean` too).
import { expect, test } from './fixtures';
import { PAGES, collectErrors } from './helpers';
import { OPEN, menu, patchBootstrap } from './menuHelpers';

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
    // every layout shift from the document's start, with what moved (for the message when it fails)
    await page.addInitScript(() => {
      const w = window as unknown as { __tlShifts: string[]; __tlShift: number };
      w.__tlShifts = [];
      w.__tlShift = 0;
      new PerformanceObserver((l) => {
        type Rect = { x: number; y: number; width: number; height: number };
        const box = (r: Rect) => `${r.x},${r.y} ${r.width}×${r.height}`;
        for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources: { node?: Node; previousRect: Rect; currentRect: Rect }[] }[]) {
          if (e.hadRecentInput) continue;
          w.__tlShift += e.value;
          const moved = e.sources.map((s) => {
            const n = s.node;
            const name = n instanceof Element ? n.localName + (n.className ? `.${n.className}` : '') + (n.getRootNode() instanceof ShadowRoot ? ` in ${(n.getRootNode() as ShadowRoot).host.localName}` : '') : String(n?.nodeName);
            return `${name} ${box(s.previousRect)} → ${box(s.currentRect)}`;
          });
          w.__tlShifts.push(`${e.value.toFixed(3)} at ${e.startTime.toFixed(0)} ms: ${moved.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // the loader (async) comes after the page has painted, as on a slow line
    await page.route(/\/embed\.js(\?|$)/, async (route) => {
      // (its whole document parsed and two frames rendered from it: the header is laid out without the widgets)
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
    if (late)
      await page.route(/\/menu-view(\?|$)/, async (route) => {
        await page.evaluate(() => customElements.whenDefined('tischlein-menu')).catch(() => {});
        await route.continue().catch(() => {});
      });
    await page.goto(`${PAGES}/`, { waitUntil: 'commit' });
    await expect(page.locator('tischlein-cart').getByRole('button', { name: /Warenkorb/ })).toBeVisible();
    await expect(menu(page).locator('.menu-dish').first()).toBeVisible();
    await expect(menu(page).locator('[data-tl-prerender]')).toHaveCount(0);
    // two frames more: the last frame's shifts are reported
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { sum, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __tlShifts: string[]; __tlShift: number };
      return { sum: w.__tlShift, shifts: w.__tlShifts };
    });
    expect(sum, `layout shifts: ${shifts.join(' | ') || 'none'}`).toBeLessThan(0.05);
    expect(errors).toEqual([]);
  });
}
