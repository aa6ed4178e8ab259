// Phones first: at 360, 412, 768 and 1280 px no page of the shell, no widget and no
// open dialog scrolls sideways or sticks out of the viewport; on phones the visible buttons of the
// main page are touch targets of at least 44 × 44 px. One page per width; a screenshot per width
// and page goes into the report and into test-results/viewport/.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from './fixtures';
import { PAGES, SHOP, clearStorage, patchShopData, waitForMenu } from './helpers';
import { OPEN, dialog, menu, openCustomise } from './menuHelpers';

const WIDTHS = [360, 412, 768, 1280];
const PHONE = 1024; // mobile means below md
const SHOTS = 'test-results/viewport';

const ROUTES = [
  '/s/AB12',
  '/checkout',
  '/checkout/paymentCanceled',
  '/checkout/success/1',
  '/checkout/holding',
  '/oeffnungszeiten',
  '/anfahrt',
  '/ueber-uns',
  '/static/impressum',
  '/tisch-reservieren',
  '/tr/1/x',
  '/feedback/1',
  '/abmelden/x/y',
  '/reservieren/1',
  '/f/1',
  '/gibt-es-nicht',
  '/f=burgerwerk-nord',
  '/f=burgerwerk-nord/oeffnungszeiten',
];

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  outside: string[];
}

/**
 * The page's scroll width and every rendered element (light DOM and the widgets' shadow roots,
 * dialogs in the top layer included) whose visible box reaches past the viewport's left or right
 * edge. Content clipped by a scroll container (the category bar) counts only as far as it shows.
 */
async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const outside: string[] = [];
    const describe = (el: Element) => {
      const host = (el.getRootNode() as ShadowRoot).host;
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${host ? `${host.localName} ` : ''}${el.localName}${cls}`;
    };
    const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) continue; // visually hidden, empty
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.position === 'fixed' && r.width < 2) continue;
        let left = r.left;
        let right = r.right;
        for (let p = parentOf(el); p; p = parentOf(p)) {
          const ps = getComputedStyle(p);
          if (ps.overflowX !== 'visible') {
            const pr = p.getBoundingClientRect();
            left = Math.max(left, pr.left);
            right = Math.min(right, pr.right);
          }
          if (ps.position === 'fixed') break;
        }
        if (right <= left) continue;
        if (right > vw + 0.5 || left < -0.5) outside.push(`${describe(el)} [${Math.round(left)}, ${Math.round(right)}]`);
      }
    };
    visit(document);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, outside: outside.slice(0, 10) };
  });
}

async function shot(page: Page, testInfo: TestInfo, width: number, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${width}-${name}.png`;
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`${width}-${name}`, { path, contentType: 'image/png' });
}

async function expectFits(page: Page, testInfo: TestInfo, width: number, name: string) {
  await shot(page, testInfo, width, name);
  const o = await overflow(page);
  expect.soft(o.scrollWidth, `${name}: page scroll width at ${width} px`).toBeLessThanOrEqual(o.innerWidth);
  expect.soft(o.outside, `${name}: elements beyond the viewport at ${width} px`).toEqual([]);
}

/** Visible buttons, links in lists and option rows of the page and the widgets smaller than 44 × 44 px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) visit(el.shadowRoot);
      for (const el of Array.from(root.querySelectorAll('button, [role="button"], li a, label:has(input[type="radio"]), label:has(input[type="checkbox"])'))) {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('[aria-hidden="true"]')) continue;
        if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
          const host = (el.getRootNode() as ShadowRoot).host;
          small.push(`${host ? `${host.localName} ` : ''}${el.localName} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
      }
    };
    visit(document);
    return [...new Set(small)].slice(0, 15);
  });
}

/** Open at Tuesday 12:00; `overview` turns the franchise shop into an overview (the chooser opens). */
async function patch(page: Page, state: { overview: boolean }) {
  await patchShopData(page, (body) => {
    body.deliveryPeriod = { ...body.deliveryPeriod, ...OPEN };
    if (state.overview && body.config.franchiseId) body.config.flags.isFranchiseOverview = true;
  });
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

const openDialogs = (page: Page) => page.locator('tischlein-menu, tischlein-cart, tischlein-address').locator('dialog[open]');

for (const width of WIDTHS) {
  test(`${width} px: no sideways scrolling, nothing cut off`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const state = { overview: false };
    await patch(page, state);
    await clearStorage(page, SHOP);

    // the main page, its dialogs
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    await expectFits(page, testInfo, width, 'main');
    if (width < PHONE) expect.soft(await smallTargets(page), `touch targets at ${width} px`).toEqual([]);
    await menu(page).locator('.menu-dish').first().scrollIntoViewIfNeeded();
    await expectFits(page, testInfo, width, 'main-dishes');

    await menu(page).locator('.menu-dish__info').first().click();
    await expect(dialog(page)).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-dish-info');
    await closeDialog(page);

    await openCustomise(page, 'Hähnchenbrust vom Grill');
    await expect(dialog(page)).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-customise-dish');
    if (width < PHONE) expect.soft(await smallTargets(page), `dialog touch targets at ${width} px`).toEqual([]);
    await closeDialog(page);

    await menu(page).locator('.menu-menu').filter({ hasText: 'Familienmenü' }).getByRole('button').click();
    await expect(dialog(page)).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-customise-menu');
    await closeDialog(page);

    await menu(page).locator('.menu-deal').first().getByRole('button').click();
    await expect(dialog(page)).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-offer');
    await closeDialog(page);

    // a dish in the cart: the phones' cart bar opens the cart as a sheet
    await openCustomise(page, 'Panna cotta');
    await dialog(page).getByRole('button', { name: 'IN DEN WARENKORB' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const cart = page.locator('tischlein-cart');
    await expect(cart.locator('.cart-count').first()).toHaveAttribute('data-count', '1');
    if (width < PHONE) {
      const bar = cart.locator('.cart-bar');
      await expect(bar).toBeVisible();
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(800, 0);
      expect(box.width).toBeGreaterThan(width - 1);
      await expect(bar).toContainText('1');
      await expect(cart.getByRole('button', { name: 'Warenkorb 1 Artikel, 4,50 €', exact: true })).toBeVisible();
      await expectFits(page, testInfo, width, 'main-cart-bar');
      await bar.click();
      const sheet = cart.getByRole('dialog', { name: 'Warenkorb' });
      await expect(sheet.locator('.cart-panel')).toBeVisible();
      const sheetBox = (await sheet.boundingBox())!;
      expect(sheetBox.width).toBeGreaterThan(width - 1);
      expect(sheetBox.height).toBeGreaterThan(799);
      await expectFits(page, testInfo, width, 'dialog-cart-sheet');
      await closeDialog(page);
    } else {
      await expect(cart.locator('.cart-bar')).toHaveCount(0);
      await expect(cart.locator('.cart-full .cart-panel')).toBeVisible();
    }

    // every route of the shell
    for (const path of ROUTES) {
      await page.goto(`${SHOP}${path}`);
      await expect(page.locator('main#main')).toBeVisible();
      await expect(page.locator('#main :is(h2, .menu-dish, tischlein-checkout)').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFits(page, testInfo, width, `route${path.replace(/[^a-z0-9=-]+/gi, '_')}`);
    }

    // the franchise chooser
    state.overview = true;
    await page.goto(`${SHOP}/f=burgerwerk-zentrum`);
    await waitForMenu(page);
    await menu(page).locator('.menu-dish').first().locator('.menu-dish__add').click();
    const chooser = page.locator('tischlein-address').getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    await expect(chooser).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-franchise-chooser');
    await closeDialog(page);
    state.overview = false;

    // the example homepage on the second origin: the cart button, its cart dialog, the coupon question
    await clearStorage(page, PAGES);
    await page.evaluate(() =>
      localStorage.setItem(
        'tischlein:cart:demo',
        JSON.stringify([{ kind: 'dish', lineId: 'v1', dishId: 'panna-cotta', sizeId: null, memberName: null, amount: 8, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] }]),
      ),
    );
    await page.goto(`${PAGES}/`);
    const button = page.locator('tischlein-cart button.cart-button');
    await expect(button).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFits(page, testInfo, width, 'homepage');
    await button.click();
    const d = page.locator('tischlein-cart').getByRole('dialog', { name: 'Warenkorb' });
    await expect(d.locator('.cart-panel')).toBeVisible();
    await expectFits(page, testInfo, width, 'homepage-cart-dialog');
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('WILLKOMMEN10');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    await d.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234567');
    await d.getByRole('button', { name: 'Reservierten Gutschein suchen' }).click();
    const confirm = page.locator('tischlein-cart').getByRole('dialog', { name: 'Neuer Gutscheincode' });
    await expect(confirm).toBeVisible();
    await expectFits(page, testInfo, width, 'dialog-coupon-confirm');
    await expect(openDialogs(page)).toHaveCount(2);
  });
}
