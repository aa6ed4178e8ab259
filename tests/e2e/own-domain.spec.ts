// A restaurant on its own domain: the browser asks for bestellen.trattoria-tischlein.example (mapped
// to this machine by Chromium's --host-resolver-rules, so the request really carries that Host) and
// gets the demo shop's shell, menu and API from that origin; an unknown host gets the not-found page.
import { expect, test } from './fixtures';
import { SHOP, waitForMenu } from './helpers';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/server';

const PORT = new URL(SHOP).port;
const OWN = `http://bestellen.trattoria-tischlein.example:${PORT}`;
const BRANCH = `http://nord.burgerwerk.example:${PORT}`;
const UNKNOWN = `http://unbekannt.example:${PORT}`;

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP bestellen.trattoria-tischlein.example 127.0.0.1, MAP nord.burgerwerk.example 127.0.0.1, MAP unbekannt.example 127.0.0.1'],
  },
});

test('the restaurant’s own host name shows its shop: menu, pages and API on that origin', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) api.push(new URL(r.url()).origin);
  });
  await page.goto(`${OWN}/`);
  await waitForMenu(page);
  await expect(page).toHaveTitle(/Trattoria Tischlein/);
  await expect(page.locator('.shell-header h1')).toContainText('Trattoria Tischlein');
  await expect(page.locator('tischlein-menu .menu-dish').filter({ hasText: 'Pizza Margherita' }).first()).toBeVisible();
  expect(api.length).toBeGreaterThan(0);
  expect(new Set(api)).toEqual(new Set([OWN]));
  await page.getByRole('link', { name: 'Öffnungszeiten' }).click();
  await expect(page).toHaveURL(`${OWN}/oeffnungszeiten`);
  await expect(page.getByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeVisible();
});

test('a franchise branch on its own host; another restaurant is not reachable through it', async ({ page }) => {
  await page.goto(`${BRANCH}/`);
  await waitForMenu(page);
  await expect(page.locator('.shell-header h1')).toContainText('Burgerwerk');
  const other = await page.goto(`${BRANCH}/f=demo/`);
  expect(other!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.locator('tischlein-menu')).toHaveCount(0);
});

test('an unknown host gets the not-found page (404); localhost keeps the default shop', async ({ page }) => {
  const res = await page.goto(`${UNKNOWN}/`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle('Seite nicht gefunden');
  // no shop is loaded on a host nobody registered
  await expect(page.locator('.shell-header')).toHaveCount(0);
  await page.goto(`${SHOP}/`);
  await waitForMenu(page);
  await expect(page.locator('.shell-header h1')).toContainText('Trattoria Tischlein');
});
