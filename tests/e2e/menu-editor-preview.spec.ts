// The menu editor's 'Vorschau' (issue 27, point 2): the DRAFT in the real menu and cart widgets.
// The owner changes a price in the draft (not published), opens 'Vorschau', opens the dish's dialog
// in the widget and sees the new price, adds it to the preview's cart; the checkout is refused with
// the German note, and the preview's cart is not the shop's real cart on this origin. Guests keep
// the published price. axe on the preview; screenshots at 412 and 1280 px.
// The test changes the demo shop's draft only, and discards it at the end.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PAGES, SHOP, waitForMenu } from './helpers';
import { ownerInMenuEditor } from './staffHelpers';
import { dialog, openCustomise } from './menuHelpers';

const CHICKEN = 'Hähnchenbrust vom Grill';
const NO_ORDER = 'Vorschau – hier kann nicht bestellt werden. Gäste bestellen erst, wenn die Speisekarte veröffentlicht ist.';

/** The chicken's dialog in `where` (a page or the preview frame): size 'Klein' (no discount on it), side 'Reis'. */
async function chickenLarge(where: Page | FrameLocator) {
  const menu = where.locator('tischlein-menu');
  await expect(menu.locator('.menu-dish').first()).toBeVisible();
  const card = menu.locator('.menu-dish').filter({ has: where.getByRole('heading', { name: CHICKEN }) });
  await card.getByRole('button', { name: `${CHICKEN} auswählen` }).click();
  const d = menu.locator('dialog[open]');
  await expect(d.locator('.tl-dialog__title')).toContainText(CHICKEN);
  await d.getByLabel(/Klein/).check();
  await d.getByLabel('Reis', { exact: true }).check();
  return d;
}

test("'Vorschau' shows the draft in the real menu widget: dialog, sizes, cart at the draft's price; ordering refused; guests keep the published price", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const owner = await ownerInMenuEditor(browser, 1280);
  const { app, errors } = owner;

  // the draft: 'Klein' of the chicken from 11,90 € to 12,70 € — saved by 'Vorschau', not published
  await app.locator('.me-cat .me-pick', { hasText: 'Hauptgerichte' }).click();
  await app.locator('.me-dishlist .me-pick', { hasText: CHICKEN }).click();
  const price = app.locator('form.me-dish').getByRole('group', { name: 'Größen und Preise' }).getByLabel('Preis Klein', { exact: true });
  await expect(price).toHaveValue('11,90');
  await price.fill('12,70');
  await app.getByRole('button', { name: 'Vorschau', exact: true }).click();
  // full screen above the editor, the focus on its close button
  await expect(app.getByRole('dialog', { name: 'Vorschau der Speisekarte' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Vorschau schließen' })).toBeFocused();

  const preview = owner.page.frameLocator('tischlein-inbox iframe[title="Vorschau der Speisekarte"]');
  await expect(preview.getByText('Vorschau – so sehen Gäste die Speisekarte nach dem Veröffentlichen.', { exact: false })).toBeVisible();
  // the real widget: the dish's dialog with its sizes and sides, at the draft's price
  const d = await chickenLarge(preview);
  await expect(d.getByText('12,70\u00a0€', { exact: true }).first()).toBeVisible();
  await d.getByRole('button', { name: 'IN DEN WARENKORB' }).click();
  await expect(d).toHaveCount(0);
  const line = preview.locator('tischlein-cart .cart-line').filter({ hasText: CHICKEN });
  await expect(line).toHaveAttribute('data-payable', '1270');
  await expect(line.locator('.cart-line__price')).toContainText('12,70\u00a0€');

  // ordering: refused with the note, no checkout opens
  await preview.locator('tischlein-cart').getByRole('button', { name: 'ZUR KASSE' }).click();
  const refused = preview.getByRole('alert').filter({ hasText: NO_ORDER });
  await expect(refused).toBeVisible();
  await expect(preview.locator('.preview-refused')).toBeFocused();
  await expect(preview.locator('tischlein-checkout')).toHaveCount(0);
  await owner.page.screenshot({ path: 'test-results/menu-editor-preview-1280-refused.png' });
  const editorAxe = await new AxeBuilder({ page: owner.page }).include('tischlein-inbox').analyze();
  expect(editorAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // the preview's cart lives under its own keys: the shop's real cart on this origin is untouched
  const stored = await owner.page.evaluate(() => ({ guest: localStorage.getItem('tischlein:cart:demo'), preview: localStorage.getItem('tischlein-vorschau:tischlein:cart:demo') }));
  expect(stored.guest).toBeNull();
  expect(JSON.parse(stored.preview!)).toHaveLength(1);

  // guests: still the published 11,90 € (the draft is not published)
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  const g = await chickenLarge(page);
  await expect(g.getByText('11,90\u00a0€', { exact: true }).first()).toBeVisible();
  await expect(g.getByText('12,70\u00a0€', { exact: true })).toHaveCount(0);
  await expect(dialog(page)).toHaveCount(1);

  // the preview page itself at a phone's and a laptop's width: axe, screenshots, nothing sideways
  for (const width of [412, 1280]) {
    const p = await owner.ctx.newPage();
    await p.setViewportSize({ width, height: 900 });
    await p.goto(`${SHOP}/api/staff/demo/menu/preview`);
    await expect(p.locator('tischlein-menu .menu-dish').first()).toBeVisible();
    // the preview's cart of the frame, kept under the preview's keys (a phone shows it as the cart bar)
    await expect(p.locator('tischlein-cart .cart-count').first()).toHaveAttribute('data-count', '1');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await p.screenshot({ path: `test-results/menu-editor-preview-${width}.png` });
    const axe = await new AxeBuilder({ page: p }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    if (width === 412) {
      // the dish's dialog at 412 px too
      await openCustomise(p, CHICKEN);
      await expect(dialog(p).getByText(/12,70\u00a0€/).first()).toBeVisible();
      await p.screenshot({ path: 'test-results/menu-editor-preview-412-dialog.png' });
      await dialog(p).getByRole('button', { name: 'ABBRECHEN' }).click();
      // on a phone: the cart bar, its dialog, 'ZUR KASSE' — refused, the note has the focus
      await p.locator('tischlein-cart').locator('button.cart-button').click();
      await p.locator('tischlein-cart').getByRole('dialog', { name: 'Warenkorb' }).getByRole('button', { name: 'ZUR KASSE' }).click();
      await expect(p.getByRole('alert').filter({ hasText: NO_ORDER })).toBeVisible();
      await expect(p.locator('.preview-refused')).toBeFocused();
      await expect(p.locator('tischlein-checkout')).toHaveCount(0);
      await p.screenshot({ path: 'test-results/menu-editor-preview-412-refused.png' });
    }
    await p.close();
  }
  expect(errors).toEqual([]);

  // the preview closes (Escape, as 'Vorschau schließen'): the focus is back on 'Vorschau'
  await expect(app.getByRole('dialog', { name: 'Vorschau der Speisekarte' })).toBeVisible();
  await app.getByRole('button', { name: 'Vorschau schließen' }).focus();
  await owner.page.keyboard.press('Escape');
  await expect(app.getByRole('dialog', { name: 'Vorschau der Speisekarte' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Vorschau', exact: true })).toBeFocused();

  // back to the published menu: the draft is discarded
  owner.page.once('dialog', (x) => void x.accept());
  await app.getByRole('button', { name: 'Entwurf verwerfen' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Der Entwurf ist verworfen' })).toBeVisible();
  await owner.ctx.close();
});
