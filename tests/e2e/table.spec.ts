// Table service: a guest at ?tisch=7 orders pay-later; a waiter (own browser context)
// signs in, sees the bookings, refunds part of one, the table total drops by exactly that, and
// clears the history. Plus: invalid table numbers ask for a table, the refund texts, the
// polling that stops after 5 failures, a wrong password, axe and screenshots at 360 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { addFromMenu } from './cartHelpers';
import { orderInfo, shownOrderId, simPage, storedCart } from './checkoutHelpers';
import { clearStorage, collectErrors, setClock, SHOP, waitForMenu } from './helpers';

const tableWidget = (page: Page) => page.locator('tischlein-table');
const checkoutEl = (page: Page) => page.locator('tischlein-checkout');
const history = (page: Page) => tableWidget(page).getByRole('dialog', { name: 'Tischbestell-Historie' });

async function openTable(page: Page, query: string) {
  await setClock(page);
  await clearStorage(page, SHOP);
  await page.goto(`${SHOP}/${query}`);
}

async function waiterLogin(page: Page, password = 'kellner') {
  await tableWidget(page).getByRole('button', { name: 'Kellner-Anmeldung' }).click();
  const d = tableWidget(page).getByRole('dialog', { name: 'Kellner-Anmeldung' });
  await d.getByLabel('Kellner-Passwort').fill(password);
  await d.getByRole('button', { name: 'Anmelden' }).click();
}

/** 'ZUR KASSE' in the shop's cart: the table order form. */
async function toTableCheckout(page: Page, table: number) {
  await page.locator('tischlein-cart').getByRole('button', { name: 'ZUR KASSE' }).click();
  const form = checkoutEl(page).locator('form.co-table');
  await expect(form.getByRole('heading', { name: `Bestellung für Tisch ${table}` })).toBeVisible();
  return form;
}

/** 'ZAHLUNGSPFLICHTIG BESTELLEN' (pay later), the spec's success text, the cart emptied, back to the menu. */
async function bookPayLater(page: Page, table: number) {
  const form = checkoutEl(page).locator('form.co-table');
  await expect(form.getByLabel('Später bezahlen (am Tisch)')).toBeChecked();
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const ok = checkoutEl(page).getByRole('dialog', { name: `Tisch ${table}` });
  await expect(ok.getByRole('alert')).toHaveText(`Die gewünschten Artikel wurden erfolgreich für Tisch ${table} gebucht.`);
  await expect.poll(() => storedCart(page)).toEqual([]);
  await ok.getByRole('button', { name: 'OK' }).click();
  await waitForMenu(page);
}

/** A pay-later table order straight through the API (for the tests that need a booked item). */
async function bookViaApi(request: APIRequestContext, table: number) {
  const line = { kind: 'dish', lineId: 'l1', dishId: 'tiramisu', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
  const r = await request.post(`${SHOP}/api/shop/demo/order`, {
    data: {
      formValues: {}, orderItems: [line], couponCode: null, sessionId: 'e2e-table', userId: null, groupOrderId: null, acceptAdvertising: false,
      useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
      confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], messageCook: '', paymentMethod: 'offline', table,
      idempotencyKey: `e2e-table-${table}-${Date.now()}`,
    },
  });
  expect(r.status()).toBe(201);
}

async function axe(page: Page, include: Parameters<AxeBuilder['include']>[0]) {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a guest at table 7 orders two dishes pay-later; the waiter refunds 3,50 € of one, the table total drops by exactly 3,50 €, and clears the history @smoke', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  // the guest
  await openTable(page, '?tisch=7');
  await expect(tableWidget(page).getByRole('heading', { name: 'Tisch 7' })).toBeVisible();
  await waitForMenu(page);
  // table mode: no delivery/pickup dialog, no group functions
  await expect(page.locator('tischlein-address')).toHaveCount(0);
  await expect(page.locator('tischlein-group')).toHaveCount(0);
  await addFromMenu(page, 'pizza-margherita');
  await addFromMenu(page, 'tiramisu');
  const form = await toTableCheckout(page, 7);
  // dine-in prices: Pizza Margherita 26 cm 7,90 € − 1,00 € at the table, Tiramisu 3,99 €
  await expect(form.getByTestId('checkout-total')).toHaveText('10,89 €');
  // a table order obliges the guest to pay too (§312j(3) BGB): the lines above the button, the note and the terms beside it
  await expect(form.locator('.co-lines li')).toHaveText(['1× Pizza Margherita (26 cm)6,90 €', '1× Tiramisu3,99 €']);
  await expect(form.getByText('besteht kein Widerrufsrecht')).toBeVisible();
  await expect(form.getByRole('link', { name: /Barrierefreiheit/ })).toBeVisible();
  await form.getByLabel('Nachricht an die Küche').fill('Pizza bitte zuerst');
  await bookPayLater(page, 7);

  // the waiter, in a browser of their own
  const waiterContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const waiter = await waiterContext.newPage();
  await openTable(waiter, '?tisch=7');
  await waiterLogin(waiter);
  await expect(tableWidget(waiter).getByText('Kellner-Modus')).toBeVisible();
  const total = tableWidget(waiter).getByTestId('table-total').locator('strong');
  await expect(total).toHaveText('10,89 €');
  await tableWidget(waiter).getByRole('button', { name: 'Tischbestell-Historie' }).click();
  const dlg = history(waiter);
  await expect(dlg.getByText('Wähle einen Artikel um ihn vollständig oder teilweise zu erstatten.')).toBeVisible();
  await expect(dlg.locator('.table-item__head')).toHaveText(['1×Pizza Margherita (26 cm)6,90 €', '1×Tiramisu3,99 €']);
  await dlg.getByRole('button', { name: /Pizza Margherita/ }).click();
  const amount = dlg.getByLabel('Zu erstattender Betrag in EUR');
  await expect(amount).toHaveValue('6.90');
  await expect(amount).toHaveAttribute('min', '0.01');
  await expect(amount).toHaveAttribute('max', '6.9');
  await expect(amount).toHaveAttribute('step', '0.01');
  expect(await axe(waiter, [['tischlein-table', 'dialog[open]']])).toEqual([]);
  await amount.fill('3.50');
  await dlg.getByRole('button', { name: 'Storno in den Warenkorb legen' }).click();
  await expect(dlg).toHaveCount(0);
  // the refund line: −3,50 €, one unit, promotion 'waiter-refund'
  const lines = (await storedCart(waiter)) as unknown as { price: number; amount: number; promotion: string }[];
  expect(lines).toMatchObject([{ price: -350, amount: 1, promotion: 'waiter-refund' }]);
  await toTableCheckout(waiter, 7);
  await bookPayLater(waiter, 7);
  await expect(total).toHaveText('7,39 €');
  await tableWidget(waiter).getByRole('button', { name: 'Tischbestell-Historie' }).click();
  await expect(dlg.getByText('erstattet: 3,50 €')).toBeVisible();
  await dlg.getByRole('button', { name: 'Tischbestell-Historie löschen' }).click();
  await expect(dlg.getByText('Für diesen Tisch ist nichts gebucht.')).toBeVisible();
  await expect(dlg.getByRole('button', { name: 'Tischbestell-Historie löschen' })).toHaveCount(0);
  await dlg.getByRole('button', { name: 'zurück' }).click();
  await expect(total).toHaveText('0,00 €');
  await waiter.screenshot({ path: info.outputPath('waiter-1280.png'), fullPage: false });
  await waiterContext.close();
  expect(errors).toEqual([]);
});

test('pay now at the table goes through the payment provider and back to the order; a failed submit shows the spec’s alert and keeps the cart', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openTable(page, '?tisch=4');
  await waitForMenu(page);
  await addFromMenu(page, 'tiramisu');
  const form = await toTableCheckout(page, 4);
  // first the server fails: 'Error' / 'Error while submitting order...', the cart stays
  const orderUrl = /\/api\/shop\/demo\/order(\?|$)/;
  let failing = true;
  await page.route(orderUrl, (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }) : route.fallback()));
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const failed = checkoutEl(page).getByRole('dialog', { name: 'Error' });
  await expect(failed.getByRole('alert')).toHaveText('Error while submitting order...');
  await failed.getByRole('button', { name: 'OK' }).click();
  expect((await storedCart(page)).length).toBe(1);
  failing = false;
  // then pay now with the simulated provider
  await form.getByLabel('Jetzt online bezahlen').check();
  await form.getByLabel('Zahlungsmethode').selectOption({ label: 'Kreditkarte' });
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Zahlung bestätigen');
  const id = await shownOrderId(page);
  const order = await orderInfo(request, id);
  expect(order).toMatchObject({ paymentMethod: 'Stripe_card', paymentStatus: 'paid', total: 3.99 });
  await expect.poll(() => storedCart(page)).toEqual([]);
});

for (const bad of ['abc', '0', '-1']) {
  test(`?tisch=${bad} asks for a table`, async ({ page }) => {
    await openTable(page, `?tisch=${bad}`);
    const d = tableWidget(page).getByRole('dialog', { name: 'Wähle einen Tisch' });
    await expect(d).toBeVisible();
    const input = d.getByLabel('Tischnummer');
    await expect(input).toHaveAttribute('min', '1');
    await input.fill('0');
    await d.getByRole('button', { name: 'OK' }).click();
    await expect(d.getByRole('alert')).toHaveText('Bitte gib eine Tischnummer ab 1 ein.');
    await input.fill('5');
    await d.getByRole('button', { name: 'OK' }).click();
    await expect(tableWidget(page).getByRole('heading', { name: 'Tisch 5' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('tisch')).toBe('5');
  });
}

test('refund 0 and refund over the price give the spec’s texts; a wrong password is refused', async ({ page, request }) => {
  await bookViaApi(request, 9);
  await openTable(page, '?tisch=9');
  await waiterLogin(page, 'falsch');
  const login = tableWidget(page).getByRole('dialog', { name: 'Kellner-Anmeldung' });
  await expect(login.getByRole('alert')).toHaveText('Das Passwort ist falsch.');
  await login.getByLabel('Kellner-Passwort').fill('kellner');
  await login.getByRole('button', { name: 'Anmelden' }).click();
  await tableWidget(page).getByRole('button', { name: 'Tischbestell-Historie' }).click();
  const dlg = history(page);
  await dlg.getByRole('button', { name: /Tiramisu/ }).first().click();
  const amount = dlg.getByLabel('Zu erstattender Betrag in EUR').first();
  await amount.fill('0');
  await dlg.getByRole('button', { name: 'Storno in den Warenkorb legen' }).click();
  await expect(dlg.getByRole('alert')).toHaveText('Der zu erstattende Wert muss größer als 0 sein.');
  await amount.fill('99');
  await dlg.getByRole('button', { name: 'Storno in den Warenkorb legen' }).click();
  await expect(dlg.getByRole('alert')).toHaveText('Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.');
  expect(await storedCart(page)).toEqual([]);
  await dlg.getByRole('button', { name: 'zurück' }).click();
  await expect(dlg).toHaveCount(0);
});

test('the table data is polled every 5 s and polling stops after 5 failures in a row', async ({ page }) => {
  let calls = 0;
  await openTable(page, '?tisch=11');
  await page.route(/\/api\/shop\/demo\/dineintable\/11(\?|$)/, async (route) => {
    calls += 1;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
  });
  await waiterLogin(page);
  await expect.poll(() => calls).toBe(1);
  for (let i = 0; i < 8; i++) await page.clock.runFor(5000);
  await expect(tableWidget(page).getByRole('alert')).toContainText('Die Aktualisierung ist angehalten.');
  expect(calls).toBe(5);
  await page.clock.runFor(30_000);
  expect(calls).toBe(5);
  // 'Erneut laden' starts again
  await page.unroute(/\/api\/shop\/demo\/dineintable\/11(\?|$)/);
  await tableWidget(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(tableWidget(page).getByTestId('table-total')).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`table mode at ${width} px: no sideways scroll, axe clean, screenshots`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 800 });
    await openTable(page, '?tisch=3');
    await expect(tableWidget(page).getByRole('heading', { name: 'Tisch 3' })).toBeVisible();
    await waitForMenu(page);
    expect(await axe(page, 'tischlein-table')).toEqual([]);
    await waiterLogin(page);
    await expect(tableWidget(page).getByTestId('table-total')).toBeVisible();
    expect(await axe(page, 'tischlein-table')).toEqual([]);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`table-${width}.png`) });
    await tableWidget(page).getByRole('button', { name: 'Tisch wechseln' }).click();
    const d = tableWidget(page).getByRole('dialog', { name: 'Wähle einen Tisch' });
    await expect(d).toBeVisible();
    expect(await axe(page, [['tischlein-table', 'dialog[open]']])).toEqual([]);
    await page.screenshot({ path: info.outputPath(`table-switch-${width}.png`) });
    // touch targets
    const small = await tableWidget(page).locator('button:visible, a:visible').evaluateAll((els) =>
      els.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent),
    );
    expect(small).toEqual([]);
  });
}
