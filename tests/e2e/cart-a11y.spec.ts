// The cart widget's accessibility: axe on the button and every dialog, the focus trap, Escape
// and the return of focus, and the stepper and remove buttons by keyboard.
import { expect, test, type Page } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { cart, cartButton, cartDialog, dish, expectGrandTotal, line, openCart, openHomepage, problemsDialog } from './cartHelpers';

test.describe('accessibility', () => {
  /** Violations in the cart widget; with `dialog`, only in that open dialog (the page behind a modal is inert). */
  async function axe(page: Page, dialog?: string) {
    const result = await new AxeBuilder({ page }).include(dialog ? [['tischlein-cart', dialog]] : 'tischlein-cart').analyze();
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** Where the focus is, through shadow roots: label, text and whether it is inside the open cart dialog. */
  function focused(page: Page) {
    return page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
      const dialog = document.querySelector('tischlein-cart')?.shadowRoot?.querySelector('dialog.cart-dialog[open]') ?? null;
      return {
        label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
        line: el?.closest('.cart-line')?.querySelector('.cart-line__name')?.textContent ?? null,
        inDialog: !!dialog && !!el && dialog.contains(el),
        isCartButton: !!el?.classList.contains('cart-button'),
      };
    });
  }

  async function tabTo(page: Page, label: string, lineName: string | null = null) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (f.label === label && (lineName === null || f.line?.startsWith(lineName))) return;
    }
    throw new Error(`no focus stop '${label}'`);
  }

  test('axe finds no violation on the cart button, the cart, the problems dialog and the coupon confirm', async ({ page }) => {
    test.setTimeout(60_000); // axe runs five times
    await openHomepage(page, [dish('panna-cotta', null, 6), dish('cola', 'l05'), dish('pizza-hawaii', null, 1, { dishName: 'Pizza Hawaii' })]);
    await expect(problemsDialog(page)).toBeVisible();
    expect(await axe(page, 'dialog[open]')).toEqual([]);
    await problemsDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(problemsDialog(page)).toHaveCount(0);

    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 7 Artikel, 30,15 €');
    expect(await axe(page)).toEqual([]); // the cart button, after the cart's lazy styles came in
    expect(await cart(page).locator('.cart-button__total').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    const d = await openCart(page);
    await expect(d.locator('fieldset[data-free-item]')).toHaveCount(1);
    expect(await axe(page, 'dialog.cart-dialog[open]')).toEqual([]);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('FALSCH');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    expect(await axe(page, 'dialog.cart-dialog[open]')).toEqual([]);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('FUENFER');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Gutschein FUENFER eingelöst.');
    await d.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234567');
    await d.getByRole('button', { name: 'Reservierten Gutschein suchen' }).click();
    await expect(cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' })).toBeVisible();
    expect(await axe(page, 'dialog[open]:not(.cart-dialog)')).toEqual([]);
  });

  test('keyboard: Enter/Space open the cart, Tab stays inside, Escape closes and focus returns to the button', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta', null, 6), dish('gelato')]);
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(cartDialog(page)).toBeVisible();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');

    // forwards and backwards through every stop (more presses than stops): never outside
    const stops = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        const f = await focused(page);
        expect(f.inDialog, `${key} #${i + 1} left the dialog (focus on '${f.label}')`).toBe(true);
        stops.add(`${f.line ?? ''}/${f.label}`);
      }
    }
    expect(stops.size).toBeGreaterThan(8);

    await page.keyboard.press('Escape');
    await expect(cartDialog(page)).toHaveCount(0);
    await expect.poll(async () => (await focused(page)).isCartButton).toBe(true);
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press(' ');
    await expect(cartDialog(page)).toBeVisible();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect(cartDialog(page)).toHaveCount(0);
    await expect.poll(async () => (await focused(page)).isCartButton).toBe(true);
  });

  test('keyboard: the stepper and the remove button are reachable and work', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta'), dish('gelato', null, 2)]);
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    const d = cartDialog(page);
    await expect(d).toBeVisible();
    const panna = line(page, 'Panna cotta');

    await tabTo(page, 'Menge erhöhen', 'Panna cotta');
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');
    await page.keyboard.press(' ');
    await expect(panna).toHaveAttribute('data-payable', '1350');
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('3');
    await page.keyboard.press('Shift+Tab'); // the value is no stop: back to 'Menge verringern'
    expect(await focused(page)).toMatchObject({ label: 'Menge verringern', line: 'Panna cotta' });
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');
    await expectGrandTotal(page, '16,80 €');
    // down to 1: 'Menge verringern' is disabled there; the focus must not fall out of the cart
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '450');
    await expect(panna.getByRole('button', { name: 'Menge verringern' })).toBeDisabled();
    await expect.poll(() => focused(page)).toMatchObject({ label: 'Menge erhöhen', line: 'Panna cotta', inDialog: true });
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');

    await tabTo(page, 'Gelato (2 Kugeln) entfernen');
    await page.keyboard.press('Enter');
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta']);
    await expectGrandTotal(page, '9,00 €');
    // the focus stays in the cart
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 9,00 €');
  });
});
