// Helpers of the group browser tests (group*.spec.ts): a guest per browser context, the group
// widget and its dialogs.
import { expect, type Browser, type Page } from '@playwright/test';
import { skipInfoDialog } from './fixtures';
import { clearStorage, setClock, SHOP } from './helpers';

export const group = (page: Page) => page.locator('tischlein-group').first();
export const groupDialog = (page: Page, name: string | RegExp) => group(page).getByRole('dialog', { name });

/** A guest of their own: a browser context with its own storage, the clock pinned, the info dialog shown once. */
export async function guest(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', baseURL: SHOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SHOP });
  const page = await context.newPage();
  await skipInfoDialog(page);
  await setClock(page);
  await clearStorage(page, SHOP);
  return page;
}

/** Owner: welcome → create; answers the invitation link. */
export async function createGroupUi(page: Page, groupName = 'Büro', ownName = 'Olga'): Promise<string> {
  await group(page).getByRole('button', { name: 'Gruppenbestellung' }).click();
  const welcome = groupDialog(page, 'Gruppenbestellung');
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Neue Gruppe erstellen' }).click();
  const create = groupDialog(page, 'Neue Gruppe erstellen');
  await create.getByLabel('Name der Gruppe').fill(groupName);
  await create.getByLabel('Dein Name').fill(ownName);
  await create.getByRole('button', { name: 'Gruppe erstellen' }).click();
  await expect(group(page).getByRole('heading', { name: `Gruppenbestellung: ${groupName}` })).toBeVisible();
  const link = await group(page).getByLabel('Einladungslink').inputValue();
  expect(link).toMatch(new RegExp(`^${SHOP}/\\?gruppe=[a-z2-9]{12}$`));
  return link;
}

/** Member: opens the link, joins with their name. */
export async function joinGroupUi(page: Page, link: string, ownName: string) {
  await page.goto(link);
  const join = groupDialog(page, 'Gruppe beitreten');
  await expect(join).toBeVisible();
  await join.getByLabel('Dein Name').fill(ownName);
  await join.getByRole('button', { name: 'Beitreten' }).click();
  await expect(group(page).getByRole('heading', { name: /^Gruppenbestellung: / })).toBeVisible();
}

export const member = (page: Page, name: string) => group(page).locator(`li[data-member="${name}"]`);
