// The cart widget on the example homepage (another origin than the shop), for the cart-*.spec.ts
// files. The shop is forced open at Tuesday 12:00 (bootstrap patched in the browser, browser and
// server clocks set to the same moment), so prices and time-bound discounts do not depend on the
// wall clock. Expected amounts in the tests are written out by hand from the demo catalog.
import { expect, type Locator, type Page } from '@playwright/test';
import { PAGES, clearStorage } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';

export const CART_KEY = 'tischlein:cart:demo';
export const COUPON_KEY = 'tischlein:coupon:demo';

let seq = 0;
/** A stored dish line as the menu widget writes it (prices are recomputed by the restore). */
export function dish(dishId: string, sizeId: string | null = null, amount = 1, more: Record<string, unknown> = {}) {
  seq += 1;
  return {
    kind: 'dish', lineId: `t${seq}`, dishId, sizeId, memberName: null, amount, price: 0, priceNonDiscounted: 0,
    promotion: null, without: [], tags: [], slotId: null, extras: [], ...more,
  };
}

/** A stored extra ingredient of a dish line. */
export const extra = (groupId: string, itemId: string, itemName: string) => ({ groupId, itemId, itemName, promotion: null, amount: 1, type: 'ingredient' });

/** Fresh storage on the homepage's origin, the stored cart (lines or a raw string), then the homepage. */
export async function openHomepage(page: Page, stored?: unknown) {
  await patchBootstrap(page, OPEN);
  await clearStorage(page, PAGES);
  if (stored !== undefined) {
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [CART_KEY, typeof stored === 'string' ? stored : JSON.stringify(stored)] as const,
    );
  }
  await page.goto(`${PAGES}/`);
  await expect(cartButton(page)).toBeVisible();
}

export const cart = (page: Page) => page.locator('tischlein-cart');
export const cartButton = (page: Page) => cart(page).locator('button.cart-button');
export const cartDialog = (page: Page) => cart(page).getByRole('dialog', { name: 'Warenkorb' });
export const problemsDialog = (page: Page) => cart(page).getByRole('dialog', { name: 'Warenkorb Probleme' });
export const line = (page: Page, name: string) =>
  cartDialog(page).locator('.cart-line').filter({ has: page.locator('.cart-line__name', { hasText: name }) });

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const d = cartDialog(page);
  await expect(d).toBeVisible();
  await expect(d.locator('.cart-panel')).toBeVisible();
  return d;
}

/** The rows of the totals: key → cents (deductions negative). */
export async function totals(page: Page): Promise<Record<string, number>> {
  return cartDialog(page).locator('[data-total]').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [(el as HTMLElement).dataset.total!, Number((el as HTMLElement).dataset.cents)])),
  );
}

/** The grand total as the guest reads it, e.g. '21,30 €' (toHaveText folds the no-break space). */
export async function expectGrandTotal(page: Page, text: string) {
  await expect(cartDialog(page).locator('.cart-total--grand dd')).toHaveText(text);
}

export async function storedLines(page: Page): Promise<{ dishId?: string; amount: number }[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CART_KEY);
}

/** Adds a dish from the menu widget: its add control, then 'IN DEN WARENKORB' if the customise dialog opens. */
export async function addFromMenu(page: Page, dishId: string) {
  const menu = page.locator('tischlein-menu');
  const card = menu.locator(`.menu-dish[data-dish-id="${dishId}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.locator('.menu-dish__add').click();
  const add = menu.locator('dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' });
  const count = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
  // Either the dish went straight into the cart or the customise dialog asks.
  await expect(async () => {
    const now = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
    if (now > count) return;
    expect(await add.isVisible()).toBe(true);
  }).toPass();
  if (await add.isVisible()) await add.click();
  await expect(menu.locator('dialog[open]')).toHaveCount(0);
}
