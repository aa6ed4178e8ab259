// The franchise map (GET /osm/tile/{z}/{x}/{y}): Leaflet,
// 180 px high, tiles from the shop's own endpoint with the map-data attribution, no drag and no
// zoom, markers selectable by click, Space and Enter, the view fitted with 130 px above and 65 px
// at the sides; Leaflet loads only when a map is shown; /anfahrt shows the address and a map.
import { expect, test, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { SHOP, browserSettled, clearStorage, collectErrors, setClock, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';
import { address, expectNoAxeViolations, infoDialog, skipInfoDialog } from './addressHelpers';

const list = (page: Page) => address(page).getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
const map = (root: Locator) => root.locator('[data-map="franchise"]');

/**
 * Responses of JavaScript that carries Leaflet (the map chunk). `allChecked()` is the positive
 * signal before "no Leaflet": every script the page asked for has been answered and read.
 */
function leafletLoads(page: Page): Response[] & { allChecked(): Promise<void> } {
  const loads: Response[] = [];
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) open.add(r);
  });
  page.on('requestfailed', (r) => open.delete(r));
  page.on('response', async (r) => {
    if (!r.url().endsWith('.js')) return;
    const body = await r.text().catch(() => '');
    if (body.includes('leaflet-map-pane')) loads.push(r);
    open.delete(r.request());
  });
  return Object.assign(loads, {
    async allChecked() {
      await browserSettled(page);
      // a request the page starts now is seen after every one it started before
      const sentinel = page.waitForRequest((r) => r.url().includes('sentinel=leaflet'));
      await page.evaluate(() => void fetch('/favicon.ico?sentinel=leaflet', { cache: 'no-store' }).catch(() => undefined));
      await sentinel;
      await expect.poll(() => [...open].map((r) => r.url())).toEqual([]);
    },
  });
}

/** The list page of Burgerwerk Zentrum, opened from the initial page. */
async function openList(page: Page) {
  await setClock(page);
  await clearStorage(page, SHOP);
  await page.goto(`${SHOP}/f=burgerwerk-zentrum`);
  await infoDialog(page).getByRole('button', { name: 'Andere Filiale wählen' }).click();
  await expect(list(page).getByRole('radio')).toHaveCount(3);
  await expect(map(list(page)).locator('.leaflet-marker-icon')).toHaveCount(3);
}

async function tileState(m: Locator) {
  return m.evaluate((el) => ({
    pane: (el.querySelector('.leaflet-map-pane') as HTMLElement).style.transform,
    zoom: [...el.querySelectorAll('.leaflet-tile-container')].map((c) => (c as HTMLElement).style.transform).join('|'),
  }));
}

test.describe('franchise map', () => {
  test('tiles come from the shop’s own endpoint, 180 px high, with the attribution', async ({ page }) => {
    const errors = collectErrors(page);
    const tiles: Response[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/osm/tile/')) tiles.push(r);
    });
    await openList(page);
    const m = map(list(page));
    await expect(m.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    const srcs = await m.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(src).toMatch(new RegExp(`^${SHOP}/api/shop/burgerwerk-zentrum/osm/tile/\\d+/\\d+/\\d+(\\?|$)`));
    expect(tiles.length).toBeGreaterThan(0);
    for (const t of tiles) {
      expect(t.status()).toBe(200);
      expect(t.headers()['content-type']).toBe('image/png');
    }
    // every tile request went to the shop, none elsewhere
    expect(tiles.every((t) => t.url().startsWith(SHOP))).toBe(true);
    const loaded = await m.locator('img.leaflet-tile-loaded').first().evaluate((i) => (i as HTMLImageElement).naturalWidth);
    expect(loaded).toBe(256);
    expect((await m.boundingBox())!.height).toBe(180);
    await expect(m.locator('.leaflet-control-attribution')).toHaveText('© OpenStreetMap-Mitwirkende');
    await expect(m.locator('.leaflet-control-zoom')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('no dragging and no zoom: drag, wheel, double click and +/- leave the view as it is', async ({ page }) => {
    await openList(page);
    const m = map(list(page));
    await expect(m.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    const before = await tileState(m);
    // keys go to whatever has focus (the map itself takes none): the window sees them all
    await page.evaluate(() => window.addEventListener('keydown', (e) => ((window as unknown as { __lastKey?: string }).__lastKey = e.key), true));
    const box = (await m.boundingBox())!;
    // a spot without a marker
    const x = box.x + 20;
    const y = box.y + 20;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y + 80, { steps: 8 });
    await page.mouse.up();
    await page.mouse.wheel(0, -600);
    await page.mouse.dblclick(x + 30, y + 30);
    await m.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    // the positive signal: the last key was dispatched, and the frames a pan or zoom animation
    // would have changed have been drawn
    await expect.poll(() => page.evaluate(() => (window as unknown as { __lastKey?: string }).__lastKey)).toBe('ArrowLeft');
    await browserSettled(page);
    expect(await tileState(m)).toEqual(before);
  });

  test('markers: focusable named buttons; Space, Enter and click select the shop; the chosen one is larger with a white dot', async ({ page }) => {
    await openList(page);
    const m = map(list(page));
    const sued = m.getByRole('button', { name: 'Burgerwerk Süd auswählen' });
    const nord = m.getByRole('button', { name: 'Burgerwerk Nord auswählen' });
    const zentrum = m.getByRole('button', { name: 'Burgerwerk Zentrum auswählen' });
    await expect(zentrum).toHaveAttribute('aria-pressed', 'true');
    await expect(zentrum.locator('.tl-marker--active')).toHaveCount(1);
    expect((await zentrum.boundingBox())!.width).toBe(44);
    expect((await sued.boundingBox())!.width).toBe(30);
    // the pins are painted at their size (a 44 px square turned by 45°: about 62 px across)
    expect((await zentrum.locator('.tl-marker').boundingBox())!.height).toBeGreaterThan(58);
    expect((await sued.locator('.tl-marker').boundingBox())!.height).toBeGreaterThan(40);

    // keyboard only: Tab reaches the markers
    await zentrum.focus();
    await page.keyboard.press('Tab');
    const focusedShop = await m.evaluate((el) => ((el.getRootNode() as ShadowRoot).activeElement as HTMLElement | null)?.dataset.marker ?? null);
    expect(['burgerwerk-sued', 'burgerwerk-nord']).toContain(focusedShop);

    await sued.focus();
    await page.keyboard.press('Space');
    await expect(list(page).getByRole('radio', { name: /Burgerwerk Süd/ })).toBeChecked();
    await expect(m.getByRole('button', { name: 'Burgerwerk Süd auswählen' })).toHaveAttribute('aria-pressed', 'true');
    await expect(m.locator('[data-marker="burgerwerk-sued"] .tl-marker--active')).toHaveCount(1);
    // the marker keeps the focus after it was drawn anew
    await expect(m.getByRole('button', { name: 'Burgerwerk Süd auswählen' })).toBeFocused();

    await nord.focus();
    await page.keyboard.press('Enter');
    await expect(list(page).getByRole('radio', { name: /Burgerwerk Nord/ })).toBeChecked();
    // Enter on a marker selects; it does not submit the dialog
    await expect(list(page)).toBeVisible();

    await m.getByRole('button', { name: 'Burgerwerk Zentrum auswählen' }).click();
    await expect(list(page).getByRole('radio', { name: /Burgerwerk Zentrum/ })).toBeChecked();

    // colours: shops in the primary colour, the home marker (suggested page) in the accent colour
    const colour = await m.locator('[data-marker="burgerwerk-sued"] .tl-marker').evaluate((el) => getComputedStyle(el).backgroundColor);
    const primary = await m.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = getComputedStyle(el).getPropertyValue('--tl-primary') || '#b1361e';
      el.appendChild(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    expect(colour).toBe(primary);
    await expectNoAxeViolations(page);
  });

  test('the view is fitted with 130 px above and 65 px at the sides', async ({ page }) => {
    await openList(page);
    const m = map(list(page));
    const box = (await m.boundingBox())!;
    // each marker's tip (bottom centre of its icon) lies inside the padded area
    for (const icon of await m.locator('.leaflet-marker-icon').all()) {
      const r = (await icon.boundingBox())!;
      const tipX = r.x + r.width / 2 - box.x;
      const tipY = r.y + r.height - box.y;
      expect(tipX).toBeGreaterThanOrEqual(65 - 1);
      expect(tipX).toBeLessThanOrEqual(box.width - 65 + 1);
      expect(tipY).toBeGreaterThanOrEqual(130 - 1);
      expect(tipY).toBeLessThanOrEqual(box.height + 1);
    }
  });

  for (const width of [360, 412]) {
    test(`the list page with its map at ${width} px: no sideways scroll, 44 px targets`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 800 });
      await openList(page);
      const d = list(page);
      expect((await map(d).boundingBox())!.width).toBeLessThanOrEqual(width);
      expect(await d.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      for (const b of await d.locator('.info-actions button, .franchise-shop label').all()) {
        expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: info.outputPath(`list-${width}.png`) });
    });
  }

  test('Leaflet loads only when a map is shown', async ({ page }) => {
    const loads = leafletLoads(page);
    await skipInfoDialog(page);
    await patchBootstrap(page, OPEN);
    await clearStorage(page, SHOP);
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    await address(page).getByRole('button', { name: 'Adresse eingeben' }).click();
    await expect(infoDialog(page)).toBeVisible();
    await loads.allChecked();
    expect(loads).toHaveLength(0);
    await page.goto(`${SHOP}/anfahrt`);
    await expect(page.locator('tischlein-address').locator('[data-map="franchise"] .leaflet-marker-icon')).toHaveCount(1);
    await expect.poll(() => loads.length).toBeGreaterThan(0);
  });
});

test.describe('/anfahrt', () => {
  for (const width of [360, 1280]) {
    test(`the address and a map with the restaurant at ${width} px`, async ({ page }, info) => {
      const errors = collectErrors(page);
      await page.setViewportSize({ width, height: 800 });
      await patchBootstrap(page, OPEN);
      await clearStorage(page, SHOP);
      await page.goto(`${SHOP}/anfahrt`);
      await expect(page.getByRole('heading', { name: 'Anfahrt' })).toBeVisible();
      const addr = page.locator('address');
      await expect(addr).toContainText('Trattoria Tischlein');
      await expect(addr).toContainText('Gottschedstraße 12');
      await expect(addr).toContainText('04109 Leipzig');
      const m = page.locator('tischlein-address').locator('[data-map="franchise"]');
      await expect(m).toHaveAttribute('aria-label', 'Karte: Trattoria Tischlein');
      await expect(m.locator('.leaflet-marker-icon')).toHaveCount(1);
      await expect(m.getByRole('img', { name: 'Trattoria Tischlein' })).toBeVisible();
      expect((await m.locator('.tl-marker').boundingBox())!.height).toBeGreaterThan(58);
      await expect(m.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      const src = await m.locator('img.leaflet-tile').first().getAttribute('src');
      expect(src).toMatch(new RegExp(`^${SHOP}/api/shop/demo/osm/tile/\\d+/\\d+/\\d+`));
      expect((await m.boundingBox())!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // the page never opens the info dialog by itself
      await expect(page.locator('tischlein-address').locator('dialog[open]')).toHaveCount(0);
      await expectNoAxeViolations(page, { fromShadowDom: ['tischlein-address', '[data-map]'] });
      await page.screenshot({ path: info.outputPath(`anfahrt-${width}.png`) });
      expect(errors).toEqual([]);
    });
  }
});
