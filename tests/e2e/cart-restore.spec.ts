// A stored cart that no longer fits the catalog, or was tampered with: garbage, dropped lines
// listed in 'Warenkorb Probleme' with the spec's messages, hostile keys that must not reach a
// prototype. Amounts are written out by hand from the demo catalog.
import { expect, test } from './fixtures';
import { collectErrors, waitForMenu } from './helpers';
import { CART_KEY, addFromMenu, cart, cartButton, dish, expectGrandTotal, extra, line, openCart, openHomepage, problemsDialog } from './cartHelpers';

test.describe('stored cart tampered with', () => {
  test("garbage in storage: an empty cart, no 'Warenkorb Probleme', nothing crashes", async ({ page }) => {
    test.setTimeout(60_000); // five page loads
    const errors = collectErrors(page);
    for (const garbage of ['{{nicht json', '"ein Text"', '{"items":5}', 'null', '[[[']) {
      await openHomepage(page, garbage);
      await waitForMenu(page);
      await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '0');
      await expect(problemsDialog(page)).toHaveCount(0);
    }
    // the cart still works
    await addFromMenu(page, 'panna-cotta');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 1 Artikel, 4,50 €');
    expect(errors).toEqual([]);
  });

  test("dropped lines are listed in 'Warenkorb Probleme' with the spec's messages; the rest stays", async ({ page }) => {
    const errors = collectErrors(page);
    const lines = [
      dish('panna-cotta', null, 2),
      dish('pizza-hawaii', null, 1, { dishName: 'Pizza Hawaii' }),
      dish('cola', 'l15'),
      dish('cola'),
      dish('gelato', 'l05'),
      dish('pizza-margherita', 'p26', 1, { extras: [extra('g-veggie', 'x-blattgold', 'Blattgold')] }),
      dish('pizza-salami', 'p26', 1, { extras: [extra('g-gibtsnicht', 'x-salami', 'Salami')] }),
      dish('pizza-tonno', 'p26', 1, { without: ['trueffel'] }),
      dish('pizza-margherita', 'p32', 1, { without: ['basilikum'], extras: [extra('g-veggie', 'x-mozzarella', 'Extra Mozzarella')] }),
      { kind: 'menu', lineId: 'm1', menuId: 'menu-weg', menuName: 'Wochenmenü', amount: 1, subitems: [] },
      42,
      '__HOSTILE_KEPT__',
      '__HOSTILE_DROPPED__',
    ];
    // JSON.stringify cannot write own "__proto__" keys; a hostile page or extension can.
    const stored = JSON.stringify(lines)
      .replace(
        '"__HOSTILE_KEPT__"',
        '{"kind":"dish","lineId":"h1","dishId":"gelato","sizeId":null,"amount":1,"without":[],"extras":[],' +
          '"__proto__":{"dishId":"tiramisu","amount":50,"polluted":"ja"},"constructor":{"prototype":{"polluted":"ja"}}}',
      )
      .replace('"__HOSTILE_DROPPED__"', '{"kind":"dish","lineId":"h2","__proto__":{"dishId":"tiramisu","sizeId":null,"amount":1}}');
    await openHomepage(page, stored);

    const dialog = problemsDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Diese Artikel sind nicht mehr verfügbar und wurden aus Deinem Warenkorb entfernt:');
    await expect(dialog.getByRole('list', { name: 'Nicht gefunden' }).getByRole('listitem')).toHaveText([
      'Gericht Pizza Hawaii nicht gefunden',
      'Größe l15 nicht gefunden',
      'Größe nicht gefunden',
      'Größe l05 nicht gefunden',
      'Zutat Blattgold nicht gefunden',
      'Gruppe g-gibtsnicht nicht gefunden',
      'Zutat Trüffelcreme nicht gefunden', // a known ingredient, but not one of this dish's
      'Menü Wochenmenü nicht gefunden',
      'Ungültiges Gericht',
      'Gericht ? nicht gefunden',
    ]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);

    // the rest stays: 2 × Panna cotta, Margherita 32 cm ohne Basilikum + Mozzarella, the hostile line's own Gelato
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 4 Artikel, 25,30 €');
    const d = await openCart(page);
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta', 'Pizza Margherita 32 cm', 'Gelato (2 Kugeln)']);
    const margherita = line(page, 'Pizza Margherita');
    await expect(margherita).toContainText('ohne Basilikum');
    await expect(margherita).toContainText('+ Extra Mozzarella (1,50 €)');
    await expect(margherita).toHaveAttribute('data-payable', '1240');
    await expect(line(page, 'Gelato')).toHaveAttribute('data-payable', '390');
    await expectGrandTotal(page, '25,30 €');

    // nothing reached a prototype; the cleaned cart was written back
    expect(await page.evaluate(() => [({} as Record<string, unknown>).polluted, Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')])).toEqual([undefined, false]);
    const raw = await page.evaluate((k) => localStorage.getItem(k) ?? '', CART_KEY);
    expect(raw).not.toContain('__proto__');
    expect((JSON.parse(raw) as { dishId: string; amount: number }[]).map((l) => [l.dishId, l.amount])).toEqual([
      ['panna-cotta', 2], ['pizza-margherita', 1], ['gelato', 1],
    ]);

    // dismissed problems do not come back
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 4 Artikel, 25,30 €');
    await waitForMenu(page);
    await expect(problemsDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
