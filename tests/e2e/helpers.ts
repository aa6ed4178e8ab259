import { expect, type Page } from '@playwright/test';
import { PAGES, SHOP } from '../../playwright.config';

export { PAGES, SHOP };

/** Fresh storage per test: the cart is persisted per shop in localStorage. */
export async function clearStorage(page: Page, origin: string) {
  await page.goto(`${origin}/__blank__`).catch(() => {});
  await page.evaluate(() => {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      /* ignore */
    }
  });
}

export async function waitForMenu(page: Page) {
  await expect(page.locator('tischlein-menu .menu-dish').first()).toBeVisible();
}

/** Counts errors printed by the page (widgets must not throw). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
