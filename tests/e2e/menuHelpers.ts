// Test data situations for the menu widget: the bootstrap answer is patched in the browser
// (page.route), so tests do not depend on the wall clock or change the demo data.
import { expect, type Page } from '@playwright/test';
import type { Bootstrap, DeliveryPeriod } from '../../shared/domain';
import { patchShopData, setClock } from './helpers';

export type BootPatch = (b: Bootstrap) => void;

/** Tuesday 12:00, open, orders accepted. */
export const OPEN: Partial<DeliveryPeriod> = {
  insideOpenHours: true, acceptOrders: true, allowOrders: true, allowDelivery: true, allowPickup: true,
  dayIndex: 1, minOffset: 720, time: '12:00', openInMinutes: null, openAt: null,
};

/** Closed now; no order possible today. `openInMinutes`/`openAt` pick the wording. */
export function closed(openInMinutes: number | null, openAt: string | null): Partial<DeliveryPeriod> {
  return {
    insideOpenHours: false, acceptOrders: false, allowOrders: false, allowDelivery: false, allowPickup: false,
    dayIndex: 1, minOffset: 600, time: '10:00', openInMinutes, openAt, validServeTimes: { delivery: [], pickup: [] },
  };
}

/** The shop data (the state, the catalog, the bootstrap) with `period` and `patches` applied. */
export async function patchBootstrap(page: Page, period: Partial<DeliveryPeriod> = OPEN, ...patches: BootPatch[]) {
  await patchShopData(page, (body) => {
    body.deliveryPeriod = { ...body.deliveryPeriod, ...period };
    for (const p of patches) p(body);
  });
  // browser and server at Tuesday 12:00 (the patched period is the same moment)
  await setClock(page);
}

/** Hähnchenbrust vom Grill with one free extra: sizes, a removal, a mandatory side, sauces. */
export const oneFreeExtra: BootPatch = (b) => {
  const d = b.catalog.dishes.find((x) => x.id === 'haehnchen-grill')!;
  d.freeIngredients = 1;
};

/** A 10 % discount on Pizza Margherita: the two-for-one choice can then be offered. */
export const margheritaDiscount: BootPatch = (b) => {
  b.catalog.discounts.push({
    id: 'disc-test-margherita', kind: 'percent', value: 10,
    appliesTo: { categories: [], dishesWithSizes: [{ dishId: 'pizza-margherita', sizeId: null }], menus: [] },
    schedule: null, channel: 'all',
  });
};

export function menu(page: Page) {
  return page.locator('tischlein-menu');
}

export function dishCard(page: Page, name: string) {
  return menu(page).locator('.menu-dish').filter({ has: page.getByRole('heading', { name, exact: false }) });
}

export async function openCustomise(page: Page, name: string) {
  await dishCard(page, name).getByRole('button', { name: `${name} auswählen` }).click();
}

export function dialog(page: Page) {
  return menu(page).locator('dialog[open]');
}

export async function expectDialogTitle(page: Page, title: string | RegExp) {
  await expect(dialog(page).locator('.tl-dialog__title')).toContainText(title);
}
