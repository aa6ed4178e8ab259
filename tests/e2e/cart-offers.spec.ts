// Offers in the cart: the free-delivery banner at its thresholds and a free item offered,
// chosen, kept across a reload and dropped below its threshold.
import { expect, test, type Page } from './fixtures';
import { collectErrors } from './helpers';
import { cartButton, cartDialog, dish, line, openCart, openHomepage, totals } from './cartHelpers';

test.describe('offers in the cart', () => {
  const banner = (page: Page) => cartDialog(page).locator('.cart-banner');

  test('the free-delivery banner at its three thresholds (20 € offer; "Noch …" within 10 €)', async ({ page }) => {
    const errors = collectErrors(page);
    // Pizzabrötchen 4,50 € + Rotwein 0,2 l 5,50 € (no deposit) = 10,00 €: exactly 10 € missing
    await openHomepage(page, [dish('pizzabroetchen'), dish('rotwein', 'l02')]);
    const d = await openCart(page);
    await expect(banner(page)).toHaveText('Noch 10,00 € bis zur kostenlosen Lieferung!*');
    await expect(d.locator('.cart-offers .cart-hint').first()).toHaveText('* In allen Liefergebieten');

    const wine = line(page, 'Montepulciano');
    await d.getByRole('button', { name: 'Pizzabrötchen mit Aioli entfernen' }).click(); // 5,50 €
    await expect(banner(page)).toHaveText('Gratis Lieferung ab 20,00 €!*');
    await expect(d.locator('[data-free-delivery]')).toHaveAttribute('data-free-delivery', 'open');

    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 11,00 €
    await expect(banner(page)).toHaveText('Noch 9,00 € bis zur kostenlosen Lieferung!*');
    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 16,50 €
    await expect(banner(page)).toHaveText('Noch 3,50 € bis zur kostenlosen Lieferung!*');
    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 22,00 €
    await expect(banner(page)).toHaveText('Deine Lieferung ist kostenlos!*');
    await expect(d.locator('[data-free-delivery]')).toHaveAttribute('data-free-delivery', 'reached');
    await wine.getByRole('button', { name: 'Menge verringern' }).click(); // 16,50 €
    await expect(banner(page)).toHaveText('Noch 3,50 € bis zur kostenlosen Lieferung!*');
    expect(errors).toEqual([]);
  });

  test('a free item is offered when its threshold is reached and dropped below it', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta', null, 5)]); // 22,50 €
    const d = await openCart(page);
    const panna = line(page, 'Panna cotta');
    const offer = d.locator('[data-free-item="offer-tiramisu"]');
    await expect(offer).toHaveAttribute('data-state', 'nearly-reached');
    await expect(offer).toHaveText('Nur noch 2,50 € bis: Gratis Tiramisu ab 25 €!');

    await panna.getByRole('button', { name: 'Menge erhöhen' }).click(); // 27,00 €
    const choice = d.getByRole('group', { name: 'Gratis Tiramisu ab 25 €: Wähle Deinen Gratisartikel' });
    await expect(choice).toBeVisible();
    await expect(offer).toHaveAttribute('data-state', 'reached');
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).not.toBeChecked();
    await choice.getByRole('radio', { name: 'Tiramisu' }).check();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveText(/Gratisartikel: Tiramisu\s*gratis/);
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2700, subtotal: 2700, 'freeItem:offer-tiramisu': 0, grandTotal: 2700 });

    // the choice stays with the cart across a reload
    await page.reload();
    await expect(cartButton(page)).toBeVisible();
    await openCart(page);
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).toBeChecked();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveText(/Gratisartikel: Tiramisu\s*gratis/);

    // below 25 €: the choice and the free item go
    await panna.getByRole('button', { name: 'Menge verringern' }).click(); // 22,50 €
    await expect(choice).toHaveCount(0);
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveCount(0);
    await expect(offer).toHaveText('Nur noch 2,50 € bis: Gratis Tiramisu ab 25 €!');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2250, subtotal: 2250, grandTotal: 2250 });

    // reached again: the old choice does not come back by itself
    await panna.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).not.toBeChecked();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
