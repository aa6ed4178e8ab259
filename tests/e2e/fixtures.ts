// The `test` of every browser test: Playwright's, with the info dialog ('BESTELLOPTIONEN')
// already shown once in this tab for every demo shop, so it does not open over the page in tests
// about other things. Tests of the dialog itself opt in with `test.use({ infoDialog: true })`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { keys } from '../../shared/stores/storage';

const data = JSON.parse(readFileSync(resolve(__dirname, '../../examples/data/shops.json'), 'utf8')) as { shops: { config: { id: string } }[] };
export const SHOP_IDS = data.shops.map((s) => s.config.id);

/** The info dialog opens at most once per tab and shop; marking it as shown keeps it closed. */
export async function skipInfoDialog(page: Page) {
  await page.addInitScript((marks: string[]) => {
    try {
      for (const k of marks) sessionStorage.setItem(k, '1');
    } catch {
      /* storage blocked: the dialog opens, as for a guest */
    }
  }, SHOP_IDS.map(keys.infoDialog));
}

export const test = base.extend<{ infoDialog: boolean }>({
  infoDialog: [false, { option: true }],
  page: async ({ page, infoDialog }, use) => {
    if (!infoDialog) await skipInfoDialog(page);
    await use(page);
    // a route handler still fetching when the test ends must not fail it ('Response has been disposed')
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
});
export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
