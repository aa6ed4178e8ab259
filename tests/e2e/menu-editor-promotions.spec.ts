// The owner adds a discount with a schedule in the Speisekarte's 'Rabatte' tab by keyboard (issue 27):
// a range of no length is refused at its field, nothing is published; published, the guest sees the
// discounted price on the example homepage (the other origin) without a server restart. Axe, and
// screenshots at 1280 and 412 px. The test restores the demo shop's previous menu version at the end.
import { expect, test, type Locator } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PAGES, SHOP, waitForMenu } from './helpers';
import { dishCard } from './menuHelpers';
import { ownerInMenuEditor } from './staffHelpers';

async function publishedVersion(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const res = await request.get(`${SHOP}/api/shop/demo/bootstrap`);
  return ((await res.json()) as { catalogVersion: string }).catalogVersion;
}

async function messageOf(control: Locator): Promise<string> {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const ids = (await control.getAttribute('aria-describedby'))!.split(' ');
  const root = control.locator('xpath=ancestor::*[contains(@class,"me-field")][1]');
  return (await Promise.all(ids.map((id) => root.locator(`[id="${id}"]`).textContent()))).join(' ');
}

test('by keyboard: a discount with a schedule on Panna cotta, published, the guest pays 3,60 € instead of 4,50 €', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const { ctx, page: owner, app } = await ownerInMenuEditor(browser, 1280, { byKeyboard: true });
  const before = await publishedVersion(request);

  // the tabs by arrow keys: Gerichte → Menüs → Rabatte
  await app.getByRole('tab', { name: 'Gerichte' }).focus();
  await owner.keyboard.press('ArrowRight');
  await owner.keyboard.press('ArrowRight');
  const tab = app.getByRole('tab', { name: 'Rabatte' });
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = app.getByRole('tabpanel');

  await panel.getByRole('button', { name: 'Neuer Rabatt' }).press('Enter');
  const entry = panel.locator('section.me-entry').last();
  const percent = entry.getByLabel('Prozent', { exact: true });
  await percent.focus();
  await owner.keyboard.press('Control+A');
  await owner.keyboard.type('20');
  const dish = entry.getByRole('group', { name: 'Gerichte', exact: true }).getByRole('checkbox', { name: '61 Panna cotta', exact: true });
  await dish.focus();
  await owner.keyboard.press('Space');
  await expect(dish).toBeChecked();
  const scheduled = entry.getByRole('checkbox', { name: 'Nur zu bestimmten Zeiten' });
  await scheduled.focus();
  await owner.keyboard.press('Space');
  // all seven weekdays start ticked; one range of no length is a typo the checks refuse
  await expect(entry.getByRole('group', { name: 'Wochentage' }).getByRole('checkbox', { checked: true })).toHaveCount(7);
  await entry.getByRole('button', { name: 'Uhrzeit hinzufügen' }).press('Enter');
  await entry.getByLabel('Von (1)').focus();
  await owner.keyboard.type('10:00');
  await entry.getByLabel('Bis (1)').focus();
  await owner.keyboard.type('10:00');
  await app.getByRole('button', { name: 'Veröffentlichen' }).press('Enter');
  await expect(app.getByRole('alert').filter({ hasText: 'Bitte zuerst die markierten Felder korrigieren.' })).toBeVisible();
  expect(await messageOf(entry.getByLabel('Bis (1)'))).toContain('Beginn und Ende dürfen nicht gleich sein');
  expect(await publishedVersion(request)).toBe(before);
  // no range: the whole day on every weekday
  await entry.getByRole('button', { name: 'Uhrzeit 1 entfernen' }).press('Enter');
  await expect(entry.getByLabel('Von (1)')).toHaveCount(0);

  await owner.screenshot({ path: 'test-results/menu-editor-promotions-1280.png', fullPage: true });
  await entry.screenshot({ path: 'test-results/menu-editor-promotions-entry-1280.png' });
  const axe = await new AxeBuilder({ page: owner }).include('tischlein-inbox').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await owner.setViewportSize({ width: 412, height: 900 });
  await expect.poll(() => owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await owner.screenshot({ path: 'test-results/menu-editor-promotions-412.png', fullPage: true });
  await entry.screenshot({ path: 'test-results/menu-editor-promotions-entry-412.png' });
  const axe412 = await new AxeBuilder({ page: owner }).include('tischlein-inbox').analyze();
  expect(axe412.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await app.getByRole('button', { name: 'Veröffentlichen' }).press('Enter');
  await expect(app.getByRole('status').filter({ hasText: /Veröffentlicht als Version \d+\./ })).toBeVisible();
  expect(await publishedVersion(request)).not.toBe(before);

  // the guest on the example homepage: 20 % off 4,50 € is 3,60 €, labelled for today
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  const card = dishCard(page, 'Panna cotta');
  await expect(card.locator('.menu-dish__price')).toContainText('3,60\u00a0€');
  await expect(card.locator('.menu-label--discount')).toHaveText('Heute -20%');

  // back to the version before the test
  const beforeNumber = Number(before.split('-')[0]);
  owner.once('dialog', (d) => void d.accept());
  await app.locator('section.me-versions').getByRole('button', { name: `Version ${beforeNumber} wiederherstellen` }).press('Enter');
  await expect(app.getByRole('status').filter({ hasText: `Version ${beforeNumber} ist wiederhergestellt` })).toBeVisible();
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await expect(dishCard(page, 'Panna cotta').locator('.menu-dish__price')).toContainText('4,50\u00a0€');
  await ctx.close();
});
