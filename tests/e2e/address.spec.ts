// Address widget in the shell: the address sets the delivery zone, the cart shows the fee row
// and the minimum order status; an address outside the zones gets notInRange. The shop is forced
// open (bootstrap patched in the browser) so the cart does not depend on the wall clock.
import { expect, test, type Page } from './fixtures';
import { SHOP, clearStorage, collectErrors, patchShopData, setClock, waitForMenu } from './helpers';
import { OPEN, closed, dialog, menu, patchBootstrap } from './menuHelpers';
import { cart, expectNoAxeViolations, skipInfoDialog } from './addressHelpers';

const address = (page: Page) => page.locator('tischlein-address');

/** Two Panna Cotta (9,00 €) in the stored cart, then the shell's home page. */
async function openShell(page: Page) {
  await patchBootstrap(page, OPEN);
  await clearStorage(page, SHOP);
  const line = {
    kind: 'dish', lineId: 'a1', dishId: 'panna-cotta', sizeId: null, memberName: null, amount: 2, price: 0, priceNonDiscounted: 0,
    promotion: null, without: [], tags: [], slotId: null, extras: [],
  };
  await page.evaluate((v) => localStorage.setItem('tischlein:cart:demo', v), JSON.stringify([line]));
  await page.goto(`${SHOP}/`);
  await expect(address(page).getByLabel('Dein Standort')).toBeVisible();
}

async function enter(page: Page, location: string) {
  const field = address(page).getByLabel('Dein Standort');
  await field.fill(location);
  await field.press('Enter');
}

test.describe('address widget in the shell', () => {
  // the field is on the info dialog's first page, which opens by itself on a first visit
  test.use({ infoDialog: true });
  test('an address in range gives the cart its delivery fee and minimum order value', async ({ page }) => {
    const errors = collectErrors(page);
    await openShell(page);
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveCount(0);
    await enter(page, 'Augustusplatz 1, 04109 Leipzig');
    await expect(address(page).getByText('Augustusplatz 1, 04109 Leipzig')).toBeVisible();
    await expect(address(page).getByText('Mindestbestellwert 12,00 €')).toBeVisible();
    await expect(address(page).getByText('Liefergebühr 1,50 €')).toBeVisible();
    const fee = cart(page).locator('[data-total="deliveryFee"]');
    await expect(fee).toHaveAttribute('data-cents', '150');
    await expect(cart(page).locator('.cart-min--missing')).toHaveAttribute('data-missing', '300');
    await expect(cart(page).locator('[data-total="grandTotal"]')).toHaveAttribute('data-cents', '1050');

    // remembered per shop: a reload restores the address and the zone
    await page.reload();
    await expect(address(page).getByText('Augustusplatz 1, 04109 Leipzig')).toBeVisible();
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveAttribute('data-cents', '150');
    expect(errors).toEqual([]);
  });

  test('an address outside the delivery zones: notInRange under the field', async ({ page }) => {
    await openShell(page);
    await enter(page, 'Miltitzer Allee 5, 04205 Leipzig');
    const alert = address(page).getByRole('alert');
    await expect(alert).toHaveText('Diese Adresse befindet sich leider nicht im Liefergebiet.');
    await expectNoAxeViolations(page, 'tischlein-address');
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveCount(0);
    // cleared on keyup other than Enter
    await address(page).getByLabel('Dein Standort').press('ArrowLeft');
    await expect(alert).toHaveCount(0);
  });
});

test.describe('franchise chooser', () => {
  test('orders closed in a franchise shop: choose another shop, the dish opens there', async ({ page }) => {
    const errors = collectErrors(page);
    await skipInfoDialog(page);
    // burgerwerk-zentrum closed, every other shop open and accepting orders
    await patchShopData(page, (body) => {
      const zentrum = body.config.id === 'burgerwerk-zentrum';
      body.deliveryPeriod = { ...body.deliveryPeriod, ...(zentrum ? closed(null, null) : OPEN) };
      body.franchise?.shops.forEach((s) => {
        s.acceptOrders = s.id !== 'burgerwerk-zentrum';
        s.insideOpenHours = s.acceptOrders;
      });
    });
    await setClock(page);
    await page.goto(`${SHOP}/f=burgerwerk-zentrum`);
    await waitForMenu(page);
    await menu(page).locator('.menu-dish').first().locator('.menu-dish__add').click();
    const chooser = address(page).getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    await expect(chooser).toBeVisible();
    await expect(chooser.getByRole('radio')).toHaveCount(3);
    await expectNoAxeViolations(page, { fromShadowDom: ['tischlein-address', 'dialog[open]'] });
    await expect(chooser.locator('[data-shop="burgerwerk-zentrum"]')).toContainText('geschlossen.');
    await chooser.locator('input[value="burgerwerk-nord"]').check();
    await chooser.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/f=burgerwerk-nord\?gericht=[^&]+$/);
    await expect(dialog(page)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('ABBRECHEN closes the chooser', async ({ page }) => {
    await skipInfoDialog(page);
    await patchBootstrap(page, OPEN, (b) => {
      b.config.flags.isFranchiseOverview = true;
    });
    await page.goto(`${SHOP}/f=burgerwerk-zentrum`);
    await waitForMenu(page);
    await menu(page).locator('.menu-dish').first().locator('.menu-dish__add').click();
    const chooser = address(page).getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    await expect(chooser).toBeVisible();
    await chooser.getByRole('button', { name: 'ABBRECHEN' }).click();
    await expect(chooser).toHaveCount(0);
    await expect(page).toHaveURL(/\/f=burgerwerk-zentrum$/);
  });
});
