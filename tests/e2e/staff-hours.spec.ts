// 'Öffnungszeiten' in the staff app: bad input is refused at its field with the German message
// (a closure ending before it starts, a postal code of four digits) and nothing is saved; then a
// closure is saved and shows the reopening day. Axe on the form; screenshot at 412 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { collectErrors, SHOP } from './helpers';
import { openAsOwner, sectionLink } from './staffHelpers';

test('closure ending before it starts and a four-digit postal code are refused at the field; nothing half-saved', async ({ page }, info) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 412, height: 900 });
  const app = await openAsOwner(page);
  // a phone: the navigation's 'Menü' opens the groups first
  await (await sectionLink(app, 'Öffnungszeiten')).click();
  await expect(page).toHaveURL(`${SHOP}/restaurant/oeffnungszeiten`);
  const form = app.getByRole('form', { name: 'Öffnungszeiten und Lieferung' });
  await expect(form.getByRole('button', { name: 'Speichern' })).toBeVisible();
  const saved = { puts: 0 };
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/settings/hours')) saved.puts++;
  });

  // delivery times: 'Wie Öffnungszeiten' by default (they follow); own ones start from the opening times
  const delivery = form.getByRole('group', { name: 'Lieferzeiten' });
  await expect(delivery.getByRole('radio', { name: 'Wie Öffnungszeiten' })).toBeChecked();
  await expect(delivery.getByText('Geliefert wird, solange geöffnet ist. Änderst du die Öffnungszeiten, ändern sich die Lieferzeiten mit.')).toBeVisible();
  await expect(delivery.getByLabel('Montag von')).toHaveCount(0);
  await delivery.getByRole('radio', { name: 'Eigene Lieferzeiten' }).check();
  await expect(delivery.getByLabel('Montag von')).toHaveValue('00:00');
  await expect(delivery.getByLabel('Montag bis')).toHaveValue('24:00');
  await delivery.getByRole('radio', { name: 'Wie Öffnungszeiten' }).check();
  await expect(delivery.getByLabel('Montag von')).toHaveCount(0);

  await form.getByRole('button', { name: 'Schließung hinzufügen' }).click();
  const from = form.getByLabel('Erster geschlossener Tag').last();
  const until = form.getByLabel('Letzter geschlossener Tag').last();
  await from.fill('2027-02-10');
  await until.fill('2027-02-01');
  await form.getByRole('button', { name: 'Zone hinzufügen' }).click();
  await form.getByLabel('Name der Zone').last().fill('Testzone');
  await form.getByLabel('Postleitzahlen').last().fill('1067');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(until).toHaveAttribute('aria-invalid', 'true');
  await expect(until).toBeFocused();
  await expect(page.locator(`[id="${await until.getAttribute('id')}-error"]`)).toHaveText(
    'Die Schließung endet vor ihrem Beginn. Bitte ein Enddatum am oder nach dem ersten Tag wählen.',
  );
  const codes = form.getByLabel('Postleitzahlen').last();
  await expect(codes).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${await codes.getAttribute('id')}-error"]`)).toHaveText('„1067“ ist keine Postleitzahl: Bitte fünf Ziffern angeben, z. B. 01067.');
  expect(saved.puts).toBe(0);
  expect((await new AxeBuilder({ page }).include('tischlein-inbox').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: info.outputPath('hours-412.png'), fullPage: true });

  // fixed, the closure shows the day the guest may order again; the test zone goes again
  await until.fill('2027-02-14');
  await expect(form.getByText('Gäste sehen: Wieder geöffnet ab Montag, 15. Februar 2027.')).toBeVisible();
  expect(errors).toEqual([]);
});
