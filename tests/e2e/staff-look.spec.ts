// 'Aussehen' in the staff app: the owner opens it by keyboard, sees the contrast warning while
// choosing a grey with too little contrast, is refused on 'Speichern' with the German message at
// the field, then saves a blue; the 'ZUR KASSE' button on the example homepage (the other origin)
// is that blue, without a server restart. The demo's colour is put back at the end. Axe on the
// section; screenshots at 1280 and 412 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { addFromMenu, openCart } from './cartHelpers';
import { clearStorage, PAGES, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';
import { openSectionByKeyboard, ownerWindow } from './staffHelpers';

/** axe's violations in the staff app, as 'rule: target' (nodes `keep` drops are left out) */
async function axe(page: Page, keep: (target: string) => boolean = () => true) {
  const result = await new AxeBuilder({ page }).include('tischlein-inbox').analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')).filter(keep).map((t) => `${v.id}: ${t}`));
}

const GREY_REFUSED =
  'Die Schrift auf der Hauptfarbe ist so schwer lesbar (Kontrast 4,47 : 1, nötig sind mindestens 4,5 : 1). Bitte eine dunklere oder kräftigere Farbe wählen.';

test('the owner sets a blue primary colour; the example homepage’s ZUR KASSE is that blue; too little contrast is refused at the field', async ({ browser, page }, info) => {
  test.setTimeout(150_000);
  const { ctx, page: staff, app, errors } = await ownerWindow(browser, { width: 1280 });
  await openSectionByKeyboard(app, 'Aussehen', 'aussehen');
  const form = app.getByRole('form', { name: 'Farben und Bilder' });
  const primary = form.getByLabel('Hauptfarbe (Knöpfe, z. B. ‚ZUR KASSE‘)', { exact: true });
  await expect(primary).toHaveValue(/^#[0-9a-f]{6}$/);
  const before = await primary.inputValue();
  try {
    // keyboard alone: type the grey, the warning follows while choosing; Enter submits and is refused
    await primary.focus();
    await staff.keyboard.press('Control+A');
    await staff.keyboard.type('#777777');
    await expect(form.locator('.look__contrast')).toHaveText(`Achtung: ${GREY_REFUSED}`);
    await staff.keyboard.press('Enter');
    await expect(form.getByRole('alert')).toHaveText(GREY_REFUSED);
    await expect(primary).toHaveAttribute('aria-invalid', 'true');
    await expect(primary).toBeFocused();

    // the preview shows the chosen colours as they are (here: the refused grey): its nodes are left out
    // while the grey is chosen; with the saved blue below the whole section must be clean
    expect(await axe(staff, (target) => !/look__accent|aria-hidden/.test(target))).toEqual([]);

    await primary.fill('#1d4ed8');
    await expect(form.locator('.look__contrast')).toHaveText('Kontrast der Schrift auf der Hauptfarbe: 6,70 : 1 — gut lesbar.');
    await expect(primary).not.toHaveAttribute('aria-invalid', 'true');
    // the preview's button has the chosen colour before saving
    await expect(app.locator('.look__sample .tl-button')).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByRole('status')).toHaveText('Gespeichert. Shop und Widgets zeigen das neue Aussehen.');
    expect(await axe(staff)).toEqual([]);
    await staff.screenshot({ path: info.outputPath('look-1280.png'), fullPage: true });
    await staff.setViewportSize({ width: 412, height: 900 });
    await staff.screenshot({ path: info.outputPath('look-412.png'), fullPage: true });

    // the guest's page on the restaurant's own origin, loaded after the save: the new blue
    await clearStorage(page, PAGES);
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    await addFromMenu(page, 'tiramisu');
    const cartDialog = await openCart(page);
    await expect(cartDialog.getByRole('button', { name: 'ZUR KASSE' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    expect(errors).toEqual([]);
  } finally {
    // the demo's colour again, for the other tests on the same server
    await primary.fill(before);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByRole('status')).toHaveText('Gespeichert. Shop und Widgets zeigen das neue Aussehen.');
    await ctx.close();
  }
});

// A 1×1 PNG (written out, not made by the code under test)
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the owner uploads a logo through the menu editor’s picture upload; a broken file gets the German message at the field', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ctx, app, errors } = await ownerWindow(browser, { width: 1280, path: '/restaurant/aussehen' });
  const form = app.getByRole('form', { name: 'Farben und Bilder' });
  const logoFile = form.getByLabel('Logo hochladen (JPEG, PNG oder WebP)');
  await logoFile.setInputFiles({ name: 'kaputt.png', mimeType: 'image/png', buffer: Buffer.from('<html>kein Bild</html>') });
  await expect(form.getByRole('alert')).toHaveText('Die Datei ist kein lesbares Bild dieses Formats.');
  await logoFile.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(form.getByRole('status').filter({ hasText: 'Logo' })).toHaveText('Logo hochgeladen. Zum Übernehmen bitte speichern.');
  const logoId = form.getByLabel('Logo (Bild-Kennung)', { exact: true });
  await expect(logoId).toHaveValue(/^u-[0-9a-f]{24}$/);
  const id = await logoId.inputValue();
  const img = app.getByRole('img', { name: 'Logo' });
  await expect(img).toHaveAttribute('src', `/media/demo/${id}/192x96.png`);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  // not saved: the demo's look stays as every guest sees it
  await ctx.close();
});
