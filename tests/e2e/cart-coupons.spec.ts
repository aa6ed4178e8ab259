// Coupons in the cart: valid, unknown, expired and below-minimum codes, and the reserved coupon
// found by phone number. Amounts are written out by hand from the demo catalog.
import { expect, test, type Page } from './fixtures';
import { collectErrors } from './helpers';
import { COUPON_KEY, cart, cartButton, cartDialog, dish, expectGrandTotal, line, openCart, openHomepage, problemsDialog, totals } from './cartHelpers';

test.describe('coupons', () => {
  const couponField = (page: Page) => cartDialog(page).getByRole('textbox', { name: 'Gutscheincode' });
  async function redeem(page: Page, code: string) {
    await couponField(page).fill(code);
    await cartDialog(page).getByRole('button', { name: 'Einlösen' }).click();
  }
  const couponState = (page: Page) => cartDialog(page).locator('.cart-coupon__state');

  test('a valid code, an invalid one, an expired one and one below its minimum order value', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta', null, 2)]); // 9,00 €
    const d = await openCart(page);

    await redeem(page, 'willkommen10');
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    await expect(d.locator('[data-total="coupon"]')).toHaveText(/Gutschein WILLKOMMEN10\s*−0,90\s€/);
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 900, subtotal: 900, coupon: -90, grandTotal: 810 });
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 8,10 €');
    await d.getByRole('button', { name: 'Gutschein entfernen' }).click();
    await expectGrandTotal(page, '9,00 €');
    await expect(d.locator('[data-total="coupon"]')).toHaveCount(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), COUPON_KEY)).toBeNull();

    await redeem(page, 'GIBTSNICHT');
    await expect(couponState(page)).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    await expect(d.locator('.cart-coupon')).toHaveAttribute('data-coupon-state', 'invalid');
    await expectGrandTotal(page, '9,00 €');

    await redeem(page, 'SOMMER2025'); // expired
    await expect(d.locator('.cart-coupon')).toHaveAttribute('data-coupon-state', 'invalid');
    await expect(couponState(page)).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    await expectGrandTotal(page, '9,00 €');

    // 5 € from 20 €: accepted, but not applied below the minimum order value
    await redeem(page, 'FUENFER');
    await expect(couponState(page)).toHaveText('Gutschein FUENFER gilt ab einem Bestellwert von 20,00 €.');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 900, subtotal: 900, grandTotal: 900 });
    // 5 × 4,50 € = 22,50 €: now it counts
    const more = line(page, 'Panna cotta').getByRole('button', { name: 'Menge erhöhen' });
    for (let i = 0; i < 3; i++) await more.click();
    await expect(couponState(page)).toHaveText('Gutschein FUENFER eingelöst.');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2250, subtotal: 2250, coupon: -500, grandTotal: 1750 });
    expect(errors).toEqual([]);
  });

  test("the reserved coupon asks 'Neuer Gutscheincode' while another code is set; reload keeps cart and coupon", async ({ page }) => {
    const errors = collectErrors(page);
    // 8 × 4,50 € = 36,00 €; '10 % Rabatt ab 30 €' → 32,40 €: above TREUE15's 30 €
    await openHomepage(page, [dish('panna-cotta', null, 8)]);
    const d = await openCart(page);
    await redeem(page, 'WILLKOMMEN10');
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    await expect(d.locator('[data-total="coupon"]')).toHaveAttribute('data-cents', '-324');

    const phone = d.getByRole('textbox', { name: 'Telefonnummer' });
    const search = d.getByRole('button', { name: 'Reservierten Gutschein suchen' });
    await phone.fill('0170 9999999');
    await search.click();
    await expect(d.getByText('Für diese Telefonnummer ist kein Gutschein reserviert.')).toBeVisible();

    // keep the current code
    await phone.fill('0170 1234567');
    await search.click();
    let confirm = cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' });
    await expect(confirm).toContainText('Für Dich wurde ein reservierter Gutschein gefunden! TREUE15, 15%. Möchtest Du wechseln?');
    await confirm.getByRole('button', { name: 'BEHALTEN' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');

    // switch
    await search.click();
    confirm = cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' });
    await expect(confirm).toContainText('Für Dich wurde ein reservierter Gutschein gefunden! TREUE15, 15%. Möchtest Du wechseln?');
    await confirm.getByRole('button', { name: 'WECHSELN' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    const expected = { itemsNonDiscounted: 3600, subtotal: 3600, 'cartDiscount:offer-10-prozent': -360, coupon: -486, grandTotal: 2754 };
    expect(await totals(page)).toEqual(expected);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 8 Artikel, 27,54 €');

    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 8 Artikel, 27,54 €');
    await openCart(page);
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    await expect(line(page, 'Panna cotta').getByRole('group', { name: 'Menge Panna cotta' })).toContainText('8');
    expect(await totals(page)).toEqual(expected);
    await expect(problemsDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('without a code set, the reserved coupon applies at once', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta', null, 8)]);
    const d = await openCart(page);
    await d.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234567');
    await d.getByRole('button', { name: 'Reservierten Gutschein suchen' }).click();
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    await expect(cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' })).toHaveCount(0);
    await expectGrandTotal(page, '27,54 €');
  });
});
