import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, collectErrors, waitForMenu } from './helpers';
import { OPEN, dialog, expectDialogTitle, oneFreeExtra, openCustomise, patchBootstrap } from './menuHelpers';

const CHICKEN = 'Hähnchenbrust vom Grill';

/** Size, removal, mandatory group ('Bitte wählen!' then fixed), 2 sauces with 1 free, x3. */
async function customiseChicken(page: Page) {
  await openCustomise(page, CHICKEN);
  const d = dialog(page);
  await expectDialogTitle(page, CHICKEN);
  await d.getByLabel(/Groß/).check();
  await d.getByLabel('Knoblauch').check();
  await expect(d.locator('.dish-sub__components del')).toHaveText(/Knoblauch/i);
  await d.getByLabel('Aioli', { exact: true }).check();
  await d.getByLabel('BBQ-Soße', { exact: true }).check();
  await expect(d.locator('[data-extra="s-aioli"] .extra__price')).toHaveText('inklusive');
  await expect(d.locator('[data-extra="s-bbq"] .extra__price')).toHaveText('+0,80 €');
  await d.getByRole('button', { name: 'Menge erhöhen' }).click();
  await d.getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(d.locator('.dish-footer .tl-stepper__value')).toHaveText('x3');
  // mandatory side left empty
  await d.getByRole('button', { name: 'IN DEN WARENKORB' }).click();
  const side = d.locator('[data-group="g-beilage"]');
  await expect(side.getByRole('alert')).toHaveText('Bitte wählen!');
  // exactly one side dish must be picked: a radio group
  await expect(side.getByRole('radio').first()).toBeFocused();
  await side.getByLabel('Reis', { exact: true }).check();
  await expect(side.getByRole('alert')).toHaveCount(0);
  // engine: Groß 14,90 − 1,00 € = 13,90 + BBQ 0,80 (Aioli free) = 14,70 × 3
  await expect(d.locator('.dish-sub__price')).toContainText('44,10 €');
  await d.getByRole('button', { name: 'IN DEN WARENKORB' }).click();
  await expect(d).toHaveCount(0);
}

test.describe('customise a dish', () => {
  test('on the example homepage: the cart widget shows the line and the engine price; edit with SPEICHERN', async ({ page }) => {
    const errors = collectErrors(page);
    await patchBootstrap(page, OPEN, oneFreeExtra);
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    await customiseChicken(page);
    const cart = page.locator('tischlein-cart');
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '3');
    await expect(cart.locator('.cart-button__total')).toBeVisible();
    await cart.locator('.cart-button').click();
    const line = cart.locator('.cart-line').filter({ hasText: CHICKEN });
    await expect(line).toHaveAttribute('data-payable', '4410');
    await expect(line.locator('.cart-line__price')).toContainText('44,10 €');
    // edit from the cart: the menu opens the line in edit mode
    await line.getByRole('button', { name: `${CHICKEN} bearbeiten` }).click();
    const d = dialog(page);
    await expectDialogTitle(page, CHICKEN);
    await expect(d.getByLabel(/Groß/)).toBeChecked();
    await expect(d.getByLabel('Reis', { exact: true })).toBeChecked();
    await expect(d.locator('.dish-footer .tl-stepper__value')).toHaveText('x3');
    await d.getByRole('button', { name: 'Menge verringern' }).click();
    await d.getByRole('button', { name: 'SPEICHERN' }).click();
    await expect(d).toHaveCount(0);
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '2');
    expect(errors).toEqual([]);
  });

  test('in the shell', async ({ page }) => {
    await patchBootstrap(page, OPEN, oneFreeExtra);
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    await customiseChicken(page);
    const line = page.locator('tischlein-cart .cart-line').filter({ hasText: CHICKEN });
    await expect(line).toHaveAttribute('data-payable', '4410');
  });

  test('extras fold after 3 per marker; unavailable extras are struck through; popular combination', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    await openCustomise(page, 'Pizza nach Wunsch');
    const d = dialog(page);
    await expect(d.getByRole('heading', { name: 'EXTRAS' })).toBeVisible();
    const veggie = d.locator('fieldset').filter({ has: page.locator('legend', { hasText: 'Vegetarische Extras' }) });
    await expect(veggie.locator('.extra')).toHaveCount(3);
    await veggie.getByRole('button', { name: 'Mehr anzeigen' }).click();
    await expect(veggie.locator('.extra')).toHaveCount(6);
    await expect(veggie.locator('[data-extra="x-bueffel"] s')).toBeVisible();
    await expect(veggie.locator('[data-extra="x-bueffel"] .extra__price')).toHaveText('In der Größe nicht verfügbar');
    await expect(veggie.getByLabel(/Büffelmozzarella/)).toBeDisabled();
    await veggie.getByRole('button', { name: 'Weniger anzeigen' }).click();
    await expect(veggie.locator('.extra')).toHaveCount(3);
    await d.getByLabel(/Beliebte Kombination/).check();
    await expect(d.getByLabel('Salami', { exact: true })).toBeChecked();
    await d.getByLabel('Individuelle Kombination').check();
    await expect(d.getByLabel('Salami', { exact: true })).not.toBeChecked();
  });
});
