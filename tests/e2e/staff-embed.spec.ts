// 'Einbinden' in the staff app: the owner opens it by keyboard, copies the menu widget's code (the
// clipboard has the script tag with the server's public origin and the element, 'Kopiert' is
// announced), sees the live preview of the menu, is refused a website with a path at the field, and
// checks a pasted page: an origin never seen is 'Noch nicht gesehen', the example homepage's origin
// is seen after the homepage was opened (its widgets' own calls; the server opens no URL). Then a
// broken data file is imported: one German line per problem with its path, and nothing changed.
// Axe on the section; screenshots at 1280 and 412 px. In the 'exclusive' project: the import writes
// the demo shop as every guest sees it (when a file were good).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { clearStorage, PAGES, SHOP, waitForMenu } from './helpers';
import { openSectionByKeyboard, ownerWindow } from './staffHelpers';

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).include('tischlein-inbox').analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('the owner copies the menu code, checks that the example homepage loads the widgets, and a broken import changes nothing', async ({ browser, page }, info) => {
  test.setTimeout(150_000);
  const { ctx, page: staff, app, errors } = await ownerWindow(browser, { width: 1280, permissions: ['clipboard-read', 'clipboard-write'] });
  await openSectionByKeyboard(app, 'Einbinden', 'einbinden');

  // copy by keyboard: the menu's 'Code kopieren' (described by its heading 'Speisekarte')
  const menuItem = app.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: 'Speisekarte', exact: true }) });
  const copy = menuItem.getByRole('button', { name: 'Code kopieren' });
  await copy.focus();
  await staff.keyboard.press('Enter');
  await expect(menuItem.getByRole('status')).toHaveText('Kopiert');
  const menuCode = `<script src="${SHOP}/embed.js" data-shop="demo" async></script>\n<tischlein-menu></tischlein-menu>`;
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(menuCode);
  await expect(menuItem.locator('pre')).toHaveText(menuCode);

  // the live preview: the real menu widget with the pasted code
  await app.getByRole('button', { name: 'Vorschau der Speisekarte zeigen' }).click();
  const preview = staff.frameLocator('iframe[title="Vorschau: die Speisekarte als Widget"]');
  await expect(preview.locator('tischlein-menu')).toContainText('Tiramisu', { timeout: 30_000 });

  // a website with a path is refused at the field, nothing saved
  const sites = app.getByRole('form', { name: 'Ihre Websites' });
  await sites.getByRole('button', { name: 'Website hinzufügen' }).click();
  const site = sites.getByLabel('Website 1', { exact: true });
  await site.fill(`${PAGES}/speisekarte`);
  await sites.getByRole('button', { name: 'Speichern' }).click();
  await expect(sites.getByRole('alert')).toHaveText(`Bitte nur die Adresse der Website ohne Pfad angeben: ${PAGES}`);
  await expect(site).toBeFocused();
  await expect(site).toHaveAttribute('aria-invalid', 'true');

  // the check: an origin never seen; then the example homepage, opened by a guest
  const check = app.getByRole('form', { name: 'Lädt meine Seite die Widgets?' });
  const pageField = check.getByLabel('Adresse Ihrer Seite');
  await pageField.fill('https://www.noch-nie-gesehen.example/karte');
  await check.getByRole('button', { name: 'Prüfen' }).click();
  await expect(check.getByRole('status')).toHaveText(
    'Noch nicht gesehen auf https://www.noch-nie-gesehen.example. Bitte die Seite mit dem eingefügten Code einmal öffnen und dann erneut prüfen.',
  );
  await clearStorage(page, PAGES);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await pageField.fill(`${PAGES}/`);
  await expect(async () => {
    await check.getByRole('button', { name: 'Prüfen' }).click();
    await expect(check.getByRole('status')).toHaveText(new RegExp(`^Zuletzt geladen auf ${PAGES} um \\d\\d:\\d\\d$`), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // a broken file: the export with a four-digit postal code and a closure ending before it starts
  const exported = await staff.evaluate(async () => (await fetch('/api/staff/demo/settings/export', { credentials: 'same-origin' })).json());
  const nameBefore = exported.shops[0].config.restaurantName as string;
  exported.shops[0].config.restaurantName = 'Darf nicht ankommen';
  exported.shops[0].config.restaurantZip = '0106';
  exported.shops[0].config.specialOpeningTimes = [{ reason: 'vacation', name: 'Ferien', from: '2027-07-14', until: '2027-07-01', openingTimes: [] }];
  const data = app.getByRole('form', { name: 'Sichern und übertragen' });
  await data.getByLabel('Datei importieren').setInputFiles({ name: 'kaputt.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
  await data.getByRole('button', { name: 'Importieren', exact: true }).click();
  const alert = data.getByRole('alert');
  await expect(alert.locator('p')).toHaveText('Nichts importiert: 2 Probleme in der Datei.');
  await expect(alert.getByRole('listitem')).toHaveText([
    'shops[0].config.restaurantZip: Ungültiger Wert (expected a postal code of 5 digits).',
    "shops[0].config.specialOpeningTimes[0].until: Ungültiger Wert (expected 'until' (the last closed day) on or after 'from').",
  ]);
  const after = await staff.evaluate(async () => (await fetch('/api/shop/demo/bootstrap')).json());
  expect(after.config.restaurantName).toBe(nameBefore);

  expect(await axe(staff)).toEqual([]);
  await staff.screenshot({ path: info.outputPath('embed-1280.png'), fullPage: true });
  await staff.setViewportSize({ width: 412, height: 900 });
  await staff.screenshot({ path: info.outputPath('embed-412.png'), fullPage: true });
  expect(errors).toEqual([]);
  await ctx.close();
});
