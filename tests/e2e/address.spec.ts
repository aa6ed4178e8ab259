// Address widget in the shell: the address sets the delivery zone, the cart shows the fee row
// and the minimum order status; an address outside the zones gets notInRange. The shop is forced
// open (bootstrap patched in the browser) so the cart does not depend on the wall clock.
import { expect, test, type Page } from '@playwright/test';
import { SHOP, clearStorage, collectErrors } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';

const address = (page: Page) => page.locator('tischlein-address');
const cart = (page: Page) => page.locator('tischlein-cart');

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
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveCount(0);
    // cleared on keyup other than Enter
    await address(page).getByLabel('Dein Standort').press('ArrowLeft');
    await expect(alert).toHaveCount(0);
  });
});
