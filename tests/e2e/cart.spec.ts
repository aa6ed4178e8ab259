// Cart widget in the browser: the cart button on the example homepage (another origin than the
// shop), the stepper, and the totals of a cart that exercises every kind of row. Every expected
// amount is worked out by hand from the demo catalog (examples/data/shops.json), never by the
// pricing engine in the test. Coupons: cart-coupons.spec.ts; a stored cart tampered with:
// cart-restore.spec.ts; offers: cart-offers.spec.ts; keyboard and axe: cart-a11y.spec.ts.
import { expect, test } from './fixtures';
import { SHOP, collectErrors, waitForMenu } from './helpers';
import { addFromMenu, cart, cartButton, dish, expectGrandTotal, extra, line, openCart, openHomepage, storedLines, totals } from './cartHelpers';

test.describe('cart button on the example homepage', () => {
  test('adding from the menu widget updates the cart button and the cart @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page);
    expect(new URL(page.url()).origin).not.toBe(SHOP);
    await waitForMenu(page);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 0 Artikel');
    await expect(cart(page).locator('.cart-count')).toHaveText('0');

    await addFromMenu(page, 'panna-cotta');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 1 Artikel, 4,50 €');
    await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '1');
    await expect(cart(page).locator('.cart-button__total')).toHaveText('4,50 €');

    await addFromMenu(page, 'gelato');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 8,40 €');
    await expect(cart(page).locator('.cart-button__total')).toHaveText('8,40 €');
    // the host page hears the cart (tischlein:cart-changed)
    await expect(page).toHaveTitle('Trattoria Tischlein (2)');

    const d = await openCart(page);
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta', 'Gelato (2 Kugeln)']);
    await expect(line(page, 'Panna cotta').locator('.cart-line__price')).toContainText('4,50 €');
    await expect(line(page, 'Gelato').locator('.cart-line__price')).toContainText('3,90 €');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 840, subtotal: 840, grandTotal: 840 });
    await expect(d.locator('.cart-total--grand')).toHaveText(/Gesamtsumme\s*8,40\s€/);
    await expect(d.getByText('Gratis Lieferung ab 20,00 €!*')).toBeVisible();

    // the cart lives in the homepage origin's storage
    expect((await storedLines(page)).map((l) => [l.dishId, l.amount])).toEqual([['panna-cotta', 1], ['gelato', 1]]);
    expect(errors).toEqual([]);
  });

  test('amounts change with the stepper (never below 1) and lines are removed', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta'), dish('gelato', null, 2)]);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 3 Artikel, 12,30 €');
    const d = await openCart(page);

    const panna = line(page, 'Panna cotta');
    const more = panna.getByRole('button', { name: 'Menge erhöhen' });
    const less = panna.getByRole('button', { name: 'Menge verringern' });
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('1');
    await expect(less).toBeDisabled();
    await more.click();
    await more.click();
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('3');
    await expect(panna).toHaveAttribute('data-payable', '1350');
    await expectGrandTotal(page, '21,30 €');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 5 Artikel, 21,30 €');
    await less.click();
    await expect(panna).toHaveAttribute('data-payable', '900');
    await expectGrandTotal(page, '16,80 €');
    expect((await storedLines(page)).map((l) => [l.dishId, l.amount])).toEqual([['panna-cotta', 2], ['gelato', 2]]);

    await d.getByRole('button', { name: 'Gelato (2 Kugeln) entfernen' }).click();
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta']);
    await expectGrandTotal(page, '9,00 €');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 9,00 €');
    expect((await storedLines(page)).map((l) => l.dishId)).toEqual(['panna-cotta']);

    await d.getByRole('button', { name: 'Panna cotta entfernen' }).click();
    await expect(d.getByText('Dein Warenkorb ist leer.')).toBeVisible();
    await expect(d.getByRole('button', { name: 'ZUR KASSE' })).toBeDisabled();
    await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '0');
    expect(await storedLines(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('totals', () => {
  test('a cart with every kind of row shows the amounts worked out by hand', async ({ page }) => {
    const errors = collectErrors(page);
    const menuSub = (slotId: string, dishId: string, sizeId: string) => ({ ...dish(dishId, sizeId), lineId: slotId, slotId });
    await openHomepage(page, [
      // 10,90 € + Extra Mozzarella 1,50 € + Salami 1,50 € (32 cm prices of the extras) = 13,90 €
      dish('pizza-margherita', 'p32', 1, { without: ['basilikum'], extras: [extra('g-veggie', 'x-mozzarella', 'Extra Mozzarella'), extra('g-fleisch', 'x-salami', 'Salami')] }),
      // 8,90 €: the cheaper pizza of '2 Pizzen zum Preis von 1' with the Margherita → free
      dish('pizza-salami', 'p26'),
      // 2 × 12,20 € = 24,40 €, 10 % lunch discount (Mon–Fri 11:00–14:30) − 2,44 € = 21,96 €
      dish('pasta-carbonara', 'gross', 2),
      // 4,90 €, fixed price 3,99 € (− 0,91 €)
      dish('tiramisu'),
      // 2 × 2,90 € = 5,80 €, deposit 2 × 0,25 €
      dish('cola', 'l05', 2),
      // Mittagsmenü 10,90 € (Tonno 26 cm + Mineralwasser 0,5 l, deposit 0,25 €)
      { kind: 'menu', lineId: 'menu1', menuId: 'menu-mittag', memberName: null, amount: 1, price: 0, deliveryType: null, promotion: null,
        subitems: [menuSub('slot-pizza', 'pizza-tonno', 'p26'), menuSub('slot-getraenk', 'wasser', 'l05')] },
    ]);
    const d = await openCart(page);
    await expect(d.locator('.cart-line')).toHaveCount(6);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('WILLKOMMEN10');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    // with two-for-one applied only the free cola is offered (it combines with two-for-one, the tiramisu does not)
    await expect(d.locator('fieldset[data-free-item]')).toHaveCount(1);
    await d.getByRole('group', { name: 'Gratis Cola 1,0 l ab 35 €: Wähle Deinen Gratisartikel' }).getByRole('radio', { name: 'Coca-Cola Zero 1,0 l' }).check();
    await expect(d.locator('[data-total^="freeItem:"]')).toHaveCount(1);

    // what each line costs, in cart order
    await expect(d.locator('.cart-line')).toHaveCount(6);
    expect(await d.locator('.cart-line').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.payable)))).toEqual([
      1390, 0, 2196, 399, 580, 1090,
    ]);
    // Summe der Artikel 13,90 + 8,90 + 24,40 + 4,90 + 5,80 + 10,90 = 68,80 €
    // Rabatte auf Artikel 2,44 + 0,91 = 3,35 €; 2 für 1 8,90 €; Zwischensumme 68,80 − 3,35 − 8,90 = 56,55 €
    // 10 % Rabatt ab 30 €: 5,655 → 5,66 €; Gutschein 10 % of 56,55 − 5,66 = 50,89 → 5,09 €
    // Pfand 0,50 (cola) + 0,25 (water) + 0,15 (free Cola Zero 1,0 l) = 0,90 €
    // Gesamtsumme 56,55 − 5,66 − 5,09 + 0,90 = 46,70 €
    expect(await totals(page)).toEqual({
      itemsNonDiscounted: 6880,
      itemDiscount: -335,
      'twoForOne:promo-2fuer1': -890,
      subtotal: 5655,
      'cartDiscount:offer-10-prozent': -566,
      'freeItem:offer-cola': 0,
      coupon: -509,
      deposit: 90,
      grandTotal: 4670,
    });
    await expect(d.locator('.cart-total dd')).toHaveText([
      '68,80 €', '−3,35 €', '−8,90 €', '56,55 €', '−5,66 €', 'gratis', '−5,09 €', '0,90 €', '46,70 €',
    ]);
    await expect(d.locator('.cart-total dt')).toHaveText([
      'Summe der Artikel', 'Rabatte auf Artikel', '2 für 1: 2 Pizzen zum Preis von 1', 'Zwischensumme',
      '10 % Rabatt ab 30 €', 'Gratisartikel: Coca-Cola Zero', 'Gutschein WILLKOMMEN10', 'Pfand', 'Gesamtsumme',
    ]);
    await expectGrandTotal(page, '46,70 €');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 8 Artikel, 46,70 €');
    await expect(cart(page).locator('.cart-button__total')).toHaveText('46,70 €');
    expect(errors).toEqual([]);
  });
});
