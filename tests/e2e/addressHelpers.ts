// Helpers of the address browser tests (address-*.spec.ts): the widget, its info dialog, axe,
// a stored cart and the switch that keeps the info dialog from opening by itself.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SHOP_IDS, skipInfoDialog } from './fixtures';

export const SHOPS = SHOP_IDS;
export { skipInfoDialog };

export const address = (page: Page) => page.locator('tischlein-address').first();
export const cart = (page: Page) => page.locator('tischlein-cart');
/** the info dialog (any of its pages), found by its open <dialog> */
export const infoDialog = (page: Page) => address(page).locator('dialog[open]');
export const field = (page: Page) => infoDialog(page).getByLabel('Dein Standort', { exact: true });


export async function expectNoAxeViolations(page: Page, include: Parameters<AxeBuilder['include']>[0] = { fromShadowDom: ['tischlein-address', 'dialog[open]'] }) {
  const result = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(['region'])
    .analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

export interface StoredLine {
  dishId: string;
  amount: number;
  sizeId?: string | null;
}

/** Cart lines in the storage format of the cart store (prices are computed by the shop). */
export function cartLines(lines: StoredLine[]) {
  return lines.map((l, i) => ({
    kind: 'dish', lineId: `l${i + 1}`, dishId: l.dishId, sizeId: l.sizeId ?? null, memberName: null, amount: l.amount, price: 0, priceNonDiscounted: 0,
    promotion: null, without: [], tags: [], slotId: null, extras: [],
  }));
}

/** Writes a stored cart of `shopId` on the page's current origin (after clearStorage). */
export async function storeCart(page: Page, shopId: string, lines: StoredLine[]) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`tischlein:cart:${shopId}`, JSON.stringify(cartLines(lines))] as const);
}

/** A remembered address in Leipzig (Augustusplatz 1, 04109) with its zone's fee, minimum and free-after (cents), on the page's current origin. */
export async function storeAddress(page: Page, shopId: string, zone: { fee: number; minimumOrderValue: number; freeAfter: number }) {
  const stored = { input: 'Augustusplatz 1, 04109 Leipzig', addr: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' }, zone };
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`tischlein:address:${shopId}`, JSON.stringify(stored)] as const);
}

/** Types into the dialog's location field and submits with Enter. */
export async function enterAddress(page: Page, location: string) {
  await field(page).fill(location);
  await field(page).press('Enter');
}
