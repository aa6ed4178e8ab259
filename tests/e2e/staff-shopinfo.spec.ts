// 'Zahlung & Seiten' in the staff app, by keyboard: a malformed pickup minimum and an emptied
// Impressum are refused on 'Speichern' with the German message at the field (the first one gets the
// focus); nothing is saved (the demo shop stays as every guest sees it). Axe; screenshots 1280 / 412 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { openSectionByKeyboard, ownerWindow } from './staffHelpers';

test('the owner’s payment minimum and empty Impressum are refused at the field; nothing is saved', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { ctx, page: staff, app, errors } = await ownerWindow(browser, { width: 1280 });
  await openSectionByKeyboard(app, 'Zahlung & Seiten', 'zahlung-seiten');
  const form = app.getByRole('form', { name: 'Zahlung und Seiten' });
  const impressumBefore = await form.getByLabel('Impressum', { exact: true }).inputValue();
  expect(impressumBefore).toContain('Trattoria Tischlein GmbH');

  // keyboard: 'Barzahlung' for pickup only, a malformed minimum, the Impressum emptied
  await form.getByLabel('Barzahlung', { exact: true }).selectOption('pickup');
  const minimum = form.getByLabel('Mindestwert bei Abholung (€)').first();
  await minimum.focus();
  await staff.keyboard.type('12,345');
  await form.getByLabel('Impressum', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Speichern' }).focus();
  await staff.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText([
    'Bitte einen Betrag in Euro angeben, z. B. 10,00 (leer oder 0: kein Mindestwert).',
    'Das Impressum ist Pflicht: Bitte Anbieter, Anschrift und Kontakt angeben.',
  ]);
  await expect(minimum).toHaveAttribute('aria-invalid', 'true');
  await expect(minimum).toBeFocused();
  await expect(form.getByLabel('Impressum', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  const saved = await staff.evaluate(async () => (await (await fetch('/api/shop/demo/bootstrap')).json()).config.pages.find((p: { id: string }) => p.id === 'impressum').body.join('\n\n'));
  expect(saved).toBe(impressumBefore);

  const result = await new AxeBuilder({ page: staff }).include('tischlein-inbox').analyze();
  expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
  await staff.screenshot({ path: info.outputPath('shopinfo-1280.png'), fullPage: true });
  await staff.setViewportSize({ width: 412, height: 900 });
  await staff.screenshot({ path: info.outputPath('shopinfo-412.png'), fullPage: true });
  expect(errors).toEqual([]);
  await ctx.close();
});
