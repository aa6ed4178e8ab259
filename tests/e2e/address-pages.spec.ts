// The opening-hours page (/oeffnungszeiten): opening and delivery times per weekday with today highlighted, the special
// closures still ahead, and the closed message naming the holiday with the reopening date.
// Burgerwerk Zentrum: 11:00–23:00 every day, closed 24.–26.12.2026 (Weihnachten), on vacation
// 11.–17.01.2027 and for renovation 01.–03.03.2027.
import { expect, test } from '@playwright/test';
import { SHOP, clearStorage, collectErrors, setClock } from './helpers';
import { expectNoAxeViolations, skipInfoDialog } from './addressHelpers';

const PAGE = `${SHOP}/f=burgerwerk-zentrum/oeffnungszeiten`;

test.describe('/oeffnungszeiten', () => {
  test('open on Tuesday: the week with today highlighted and the closures ahead', async ({ page }) => {
    const errors = collectErrors(page);
    await skipInfoDialog(page);
    await setClock(page);
    await clearStorage(page, SHOP);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeVisible();
    const hours = page.getByRole('table', { name: 'Öffnungszeiten' });
    await expect(hours.getByRole('row')).toHaveCount(7);
    const today = hours.locator('tr[aria-current="date"]');
    await expect(today).toHaveCount(1);
    await expect(today).toHaveText('Dienstag (heute)11:00 - 23:00');
    await expect(hours.getByRole('row').first()).toHaveText('Montag11:00 - 23:00');
    await expect(page.getByRole('table', { name: 'Lieferzeiten' })).toBeVisible();
    const closures = page.getByRole('region', { name: 'Besondere Schließzeiten' }).getByRole('listitem');
    await expect(closures).toHaveText([
      'Feiertag (Weihnachten): 24.12.2026 – 26.12.2026 (geschlossen)',
      'Betriebsurlaub: 11.01.2027 – 17.01.2027 (geschlossen)',
      'Renovierung: 01.03.2027 – 03.03.2027 (geschlossen)',
    ]);
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(page, 'main');
    expect(errors).toEqual([]);
  });

  test('on Christmas Day: the holiday is named with the reopening date; past closures are gone', async ({ page }) => {
    await skipInfoDialog(page);
    await setClock(page, new Date('2026-12-25T11:00:00Z'));
    await clearStorage(page, SHOP);
    await page.goto(PAGE);
    await expect(page.locator('.times-closed')).toHaveText('Wir haben wegen Weihnachten geschlossen. Wieder geöffnet ab 27.12.2026');
    await expect(page.locator('tr[aria-current="date"]')).toHaveCount(2); // both tables
    await expect(page.locator('tr[aria-current="date"]').first()).toContainText('Freitag (heute)');
    const current = page.locator('.times-closures li[data-current]');
    await expect(current).toHaveAttribute('data-reason', 'holiday');
  });

  test('closed until later today: the generic message with the next opening', async ({ page }) => {
    await skipInfoDialog(page);
    await setClock(page, new Date('2026-11-24T08:00:00Z')); // 09:00, opens at 11:00
    await clearStorage(page, SHOP);
    await page.goto(PAGE);
    await expect(page.locator('.times-closed')).toHaveText(/^Wir haben aktuell geschlossen\. Wieder geöffnet .*11:00/);
  });
});
