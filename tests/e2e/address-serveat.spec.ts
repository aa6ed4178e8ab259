// The order time (serveAt): the select in
// the cart and in the franchise dialog, ASAP when the shop is open, pre-orders when it is closed
// but takes them, a chosen time that passes is replaced by the next valid one (with a message),
// and the delivery period is reloaded every 5 minutes.
import { expect, test, type Page } from '@playwright/test';
import { SHOP, TUESDAY_NOON, clearStorage, collectErrors, setClock } from './helpers';
import { OPEN, patchBootstrap, type BootPatch } from './menuHelpers';
import { address, cart, infoDialog, skipInfoDialog, storeCart } from './addressHelpers';

const select = (page: Page) => cart(page).getByLabel('Bestellzeit');
const options = (page: Page) => select(page).locator('option');
const MINUTE = 60_000;
/** the message under the select (role status) */
const notice = (page: Page) => cart(page).locator('.tl-serveat').getByRole('status');

async function openDemo(page: Page, ...patches: BootPatch[]) {
  await skipInfoDialog(page);
  await patchBootstrap(page, OPEN, ...patches);
  await clearStorage(page, SHOP);
  await storeCart(page, 'demo', [{ dishId: 'panna-cotta', amount: 2 }]);
  await page.goto(`${SHOP}/`);
  await expect(select(page)).toBeVisible();
}

/** The delivery-period reloads ask the server for the browser's current moment. */
async function followBrowserClock(page: Page, periods: string[]) {
  await page.route('**/config/deliveryPeriod*', async (route) => {
    const now = await page.evaluate(() => Date.now());
    const url = new URL(route.request().url());
    url.searchParams.set('at', new Date(now).toISOString());
    periods.push(url.searchParams.get('at')!);
    await route.fallback({ url: url.href });
  });
}

test.describe('order time in the cart', () => {
  test('open shop: ASAP first, then the serve times from the delivery period', async ({ page }) => {
    const errors = collectErrors(page);
    await openDemo(page);
    await expect(select(page)).toHaveValue('asap');
    await expect(options(page).first()).toHaveText('So schnell wie möglich');
    // 12:00 + 45 min delivery lead time: the first slot is 12:45, every 15 minutes
    await expect(options(page).nth(1)).toHaveText('12:45 Uhr');
    await expect(options(page).nth(2)).toHaveText('13:00 Uhr');
    await select(page).selectOption('13:30');
    await page.reload();
    await expect(select(page)).toHaveValue('13:30'); // kept for the session
    // pickup has its own times (20 min lead time)
    await address(page).getByRole('button', { name: 'Abholung' }).click();
    await expect(options(page).nth(1)).toHaveText('12:30 Uhr');
    await expect(select(page)).toHaveValue('13:30');
    expect(errors).toEqual([]);
  });

  test('closed shop that takes pre-orders: "bitte wählen", then the times after opening', async ({ page }) => {
    const errors = collectErrors(page);
    // Burgerwerk Zentrum opens at 11:00; Tuesday 09:00 in Berlin
    await skipInfoDialog(page);
    await setClock(page, new Date('2026-11-24T08:00:00Z'));
    await clearStorage(page, SHOP);
    await storeCart(page, 'burgerwerk-zentrum', [{ dishId: 'bw-chicken', amount: 2 }]);
    await page.goto(`${SHOP}/f=burgerwerk-zentrum`);
    await expect(select(page)).toBeVisible();
    await expect(options(page).first()).toHaveText('bitte wählen');
    await expect(select(page)).toHaveValue('');
    const first = await options(page).nth(1).textContent();
    expect(first).toMatch(/^1[12]:\d\d Uhr$/);
    await select(page).selectOption({ index: 1 });
    await expect(select(page)).toHaveValue(first!.replace(' Uhr', ''));
    // the franchise dialog offers the same, with the hint
    await address(page).getByRole('button', { name: 'Adresse eingeben' }).click();
    const d = infoDialog(page);
    await expect(d.getByLabel('Bestellzeit').locator('option').first()).toHaveText('bitte wählen');
    await expect(d.getByLabel('Bestellzeit')).toHaveValue(first!.replace(' Uhr', ''));
    await expect(d.getByText('Du kannst dies später ändern.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('closed without pre-orders: no select', async ({ page }) => {
    await skipInfoDialog(page);
    await patchBootstrap(page, OPEN, (b) => {
      Object.assign(b.deliveryPeriod, { allowASAP: { delivery: false, pickup: false }, enablePreOrder: false });
    });
    await clearStorage(page, SHOP);
    await storeCart(page, 'demo', [{ dishId: 'panna-cotta', amount: 2 }]);
    await page.goto(`${SHOP}/`);
    await expect(cart(page).locator('[data-total="subtotal"]')).toBeVisible();
    await expect(select(page)).toHaveCount(0);
  });
});

test.describe('a chosen time that passes', () => {
  test('is replaced by the next valid one with a message (the shop clock runs minute by minute)', async ({ page }) => {
    // a slot at 12:30 before the server's first (12:45): when the shop clock passes it, it leaves the
    // list, which shows that the select has been drawn again at the new time
    await openDemo(page, (b) => {
      b.deliveryPeriod.validServeTimes.delivery = ['12:30', ...b.deliveryPeriod.validServeTimes.delivery];
    });
    // no period reloads in this test: the clock alone moves the time on
    await page.route('**/config/deliveryPeriod*', (route) => route.abort());
    await select(page).selectOption('12:45');
    await expect(options(page).nth(1)).toHaveText('12:30 Uhr');
    await page.clock.runFor(44 * MINUTE); // 12:44
    // first the proof that the page has caught up with 12:44, then that the choice stands without a message
    await expect(options(page).nth(1)).toHaveText('12:45 Uhr');
    await expect(select(page)).toHaveValue('12:45');
    await expect(notice(page)).toHaveCount(0);
    await page.clock.runFor(1 * MINUTE); // 12:45
    await expect(select(page)).toHaveValue('13:00');
    await expect(notice(page)).toHaveText('Die gewählte Zeit 12:45 Uhr ist nicht mehr möglich. Neue Zeit: 13:00 Uhr.');
    await expect(options(page).nth(1)).toHaveText('13:00 Uhr');
    // a new choice clears the message
    await select(page).selectOption('13:15');
    await expect(notice(page)).toHaveCount(0);
  });

  test('the delivery period is reloaded every 5 minutes and re-validates the choice', async ({ page }) => {
    const periods: string[] = [];
    await openDemo(page);
    await followBrowserClock(page, periods);
    await select(page).selectOption('12:45');
    await page.clock.runFor(4 * MINUTE);
    expect(periods).toHaveLength(0);
    await page.clock.runFor(1 * MINUTE + 1000);
    await expect.poll(() => periods.length).toBe(1);
    // asked for 12:05 → the server's first delivery slot is now 13:00 (12:05 + 45 min lead time)
    expect(new Date(periods[0]).getTime() - TUESDAY_NOON.getTime()).toBeGreaterThanOrEqual(5 * MINUTE);
    await expect(options(page).nth(1)).toHaveText('13:00 Uhr');
    await expect(select(page)).toHaveValue('13:00');
    await expect(notice(page)).toHaveText('Die gewählte Zeit 12:45 Uhr ist nicht mehr möglich. Neue Zeit: 13:00 Uhr.');
    await page.clock.runFor(5 * MINUTE);
    await expect.poll(() => periods.length).toBe(2);
  });

  test('ASAP no longer possible (closing): the first pre-order time, with a message', async ({ page }) => {
    await openDemo(page);
    await expect(select(page)).toHaveValue('asap');
    // the next reload says: closed now, pre-orders from 13:00
    await page.route('**/config/deliveryPeriod*', async (route) => {
      const res = await route.fetch();
      const p = await res.json();
      Object.assign(p, { insideOpenHours: false, allowASAP: { delivery: false, pickup: false }, enablePreOrder: true, minOffset: 725, validServeTimes: { delivery: ['13:00', '13:15'], pickup: ['13:00'] } });
      await route.fulfill({ response: res, json: p });
    });
    await page.clock.runFor(5 * MINUTE + 1000);
    await expect(options(page).first()).toHaveText('bitte wählen');
    await expect(select(page)).toHaveValue('13:00');
    await expect(notice(page)).toHaveText('Eine Lieferung so schnell wie möglich ist nicht mehr möglich. Neue Zeit: 13:00 Uhr.');
  });
});
