// The `test` of every browser test: Playwright's, with the info dialog ('BESTELLOPTIONEN')
// already shown once in this tab for every demo shop, so it does not open over the page in tests
// about other things. Tests of the dialog itself opt in with `test.use({ infoDialog: true })`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { keys } from '../../shared/stores/storage';

const data = JSON.parse(readFileSync(resolve(__dirname, '../../examples/data/shops.json'), 'utf8')) as { shops: { config: { id: string } }[] };
export const SHOP_IDS = data.shops.map((s) => s.config.id);

export const test = base.extend<{ infoDialog: boolean }>({
  infoDialog: [false, { option: true }],
  page: async ({ page, infoDialog }, use) => {
    if (!infoDialog) {
      await page.addInitScript((keys: string[]) => {
        try {
          for (const k of keys) sessionStorage.setItem(k, '1');
        } catch {
          /* storage blocked: the dialog opens, as for a guest */
        }
      }, SHOP_IDS.map(keys.infoDialog));
    }
    await use(page);
  },
});
export { expect };
export type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
