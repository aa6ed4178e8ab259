// Accessibility of the menu widget: axe-core finds no violation on the menu and each dialog;
// every dialog works with the keyboard alone and gives focus back to where it was.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './fixtures';
import { PAGES, waitForMenu } from './helpers';
import { OPEN, closed, dialog, dishCard, margheritaDiscount, menu, patchBootstrap } from './menuHelpers';

/** The menu, or the open dialog only (the page behind a modal dialog is inert). */
async function axe(page: Page, what: string) {
  const open = (await dialog(page).count()) > 0;
  // colours are only final once the fade-in (300 ms) has ended
  if (open) await dialog(page).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const result = await new AxeBuilder({ page })
    .include(open ? { fromShadowDom: ['tischlein-menu', 'dialog[open]'] } : 'tischlein-menu').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).disableRules(['region']).analyze();
  const found = result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).slice(0, 3).join(' | ')}`);
  expect(found).toEqual([]);
}

/** What has focus, looking into shadow roots. */
function focused(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return { inDialog: !!el?.closest('dialog[open]'), label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '' };
  });
}

/** Opens with the keyboard from `opener`, tabs around inside, closes with Escape, checks focus came back. */
async function keyboardRoundTrip(page: Page, opener: Locator, name: string, title: string | RegExp, tabs = 12) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).locator('.tl-dialog__title')).toContainText(title);
  expect((await focused(page)).inDialog).toBe(true);
  await axe(page, name);
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog, `${name}: Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.describe('menu accessibility', () => {
  test('the menu has no axe violation', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    await axe(page, 'menu');
    await menu(page).getByRole('button', { name: 'Vegan', exact: true }).click();
    await axe(page, 'menu filtered');
  });

  test('dish info, customise dish (also with invalid groups), customise menu, offer details: axe and keyboard', async ({ page }) => {
    // four dialogs with axe runs and keyboard walks: the 60 s of the config ran out once on a loaded machine (two workers, a busy core)
    test.setTimeout(120_000);
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    const card = dishCard(page, 'Hähnchenbrust vom Grill');
    await keyboardRoundTrip(page, card.getByRole('button', { name: 'Informationen zu Hähnchenbrust vom Grill' }), 'dish info', 'Hähnchenbrust vom Grill');
    await keyboardRoundTrip(page, card.getByRole('button', { name: 'Hähnchenbrust vom Grill auswählen' }), 'customise dish', 'Hähnchenbrust vom Grill', 25);

    // invalid state ('Bitte wählen!') and the folded EXTRAS
    await card.getByRole('button', { name: 'Hähnchenbrust vom Grill auswählen' }).press('Enter');
    await dialog(page).getByRole('button', { name: 'IN DEN WARENKORB' }).press('Enter');
    await expect(dialog(page).getByRole('alert')).toHaveText('Bitte wählen!');
    await axe(page, 'customise dish invalid');
    await page.keyboard.press('Escape');
    const pizza = dishCard(page, 'Pizza nach Wunsch').getByRole('button', { name: 'Pizza nach Wunsch auswählen' });
    await pizza.press('Enter');
    await dialog(page).getByRole('button', { name: 'Mehr anzeigen' }).first().press('Enter');
    await axe(page, 'customise dish extras');
    await page.keyboard.press('Escape');
    await expect(pizza).toBeFocused();

    const family = menu(page).locator('.menu-menu').filter({ hasText: 'Familienmenü' }).getByRole('button');
    await keyboardRoundTrip(page, family, 'customise menu', 'Familienmenü');
    // tabs with arrow keys once reached
    await family.press('Enter');
    await dialog(page).getByRole('button', { name: 'WEITER' }).press('Enter');
    await expect(dialog(page).getByRole('tab', { name: '2. Pasta' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog(page).getByRole('tab', { name: '1. Große Pizza' })).toBeFocused();
    await page.keyboard.press('Escape');

    const deal = menu(page).locator('.menu-deal').first().getByRole('button');
    await keyboardRoundTrip(page, deal, 'offer details', 'Angebotsdetails', 6);
  });

  test('shop closed and age dialogs: axe and keyboard', async ({ page }) => {
    await patchBootstrap(page, closed(20, '10:20'));
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    const grappa = dishCard(page, 'Grappa').getByRole('button', { name: 'Grappa auswählen' });
    await keyboardRoundTrip(page, grappa, 'shop closed', 'Geschlossen', 4);
    await grappa.press('Enter');
    await dialog(page).getByRole('button', { name: 'Gericht/Menü trotzdem anzeigen' }).press('Enter');
    await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Ab 18 Jahren');
    await axe(page, 'age 18');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(grappa).toBeFocused();
  });

  test('two-for-one choice and dish not available: axe and keyboard', async ({ page }) => {
    await patchBootstrap(page, OPEN, margheritaDiscount);
    await page.goto(`${PAGES}/?gericht=Pizza%20Hawaii`);
    await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Gericht nicht verfügbar');
    await axe(page, 'dish not available');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);

    const add = dishCard(page, 'Pizza Margherita').getByRole('button', { name: 'Pizza Margherita auswählen' });
    await add.press('Enter');
    await dialog(page).getByRole('button', { name: 'Menge erhöhen' }).press('Enter');
    await dialog(page).getByRole('button', { name: 'IN DEN WARENKORB' }).press('Enter');
    await expect(dialog(page).locator('.tl-dialog__title')).toContainText('Wähle Deinen Rabatt');
    await axe(page, 'two-for-one');
    await dialog(page).getByRole('button', { name: 'OK' }).press('Enter');
    await axe(page, 'two-for-one error');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(add).toBeFocused();
  });
});
