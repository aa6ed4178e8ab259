// Checkout where the guest is: on the example homepage (another origin than the shop)
// 'ZUR KASSE' opens the checkout as a sheet on that page, the simulated provider's page returns
// to it, and the cart stays on that page all the way; moving on to the full shop carries the cart
// in the hand-over hash. Plus keyboard, axe and the phone layout of the checkout.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PAGES, SHOP, collectErrors, waitForMenu } from './helpers';
import {
  acceptLegal, checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, orderInfo, shownOrderId, simPage, storeCart, storedCart,
} from './checkoutHelpers';

const cart = (page: Page) => page.locator('tischlein-cart');

/** Adds a dish from the menu widget: its add control, then 'IN DEN WARENKORB' if the dialog opens. */
async function addFromMenu(page: Page, dishId: string) {
  const menu = page.locator('tischlein-menu');
  const card = menu.locator(`.menu-dish[data-dish-id="${dishId}"]`);
  await card.scrollIntoViewIfNeeded();
  const before = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
  await card.locator('.menu-dish__add').click();
  const add = menu.locator('dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' });
  await expect(async () => {
    const now = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
    if (now > before) return;
    expect(await add.isVisible()).toBe(true);
  }).toPass();
  if (await add.isVisible()) await add.click();
  await expect(menu.locator('dialog[open]')).toHaveCount(0);
}

async function toCheckoutFromCartButton(page: Page) {
  await cart(page).locator('button.cart-button').click();
  await cart(page).getByRole('dialog', { name: 'Warenkorb' }).getByRole('button', { name: 'ZUR KASSE' }).click();
  const sheet = checkout(page).getByRole('dialog', { name: 'Kasse' });
  await expect(sheet).toBeVisible();
  await expect(checkoutForm(page)).toBeVisible();
  return sheet;
}

test('example homepage: add dishes, ZUR KASSE opens the checkout on the page, pay with the simulated provider, confirmation — the cart stays on the page @smoke', async ({ page, request }) => {
  test.setTimeout(90_000); // two trips to the payment page and back
  const errors = collectErrors(page);
  await storeCart(page, PAGES, []);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await addFromMenu(page, 'panna-cotta');
  await addFromMenu(page, 'panna-cotta');
  await addFromMenu(page, 'gelato');
  const units = async (id: string) => (await storedCart(page)).filter((l) => l.dishId === id).reduce((n, l) => n + l.amount, 0);
  await expect.poll(() => units('panna-cotta')).toBe(2);
  await expect.poll(() => units('gelato')).toBe(1);

  await toCheckoutFromCartButton(page);
  expect(new URL(page.url()).origin).toBe(PAGES); // no trip to the shop origin
  const form = checkoutForm(page);
  await fillForm(form);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  // 2 × 4,50 € + 3,90 € + 1,50 € delivery (zone 1, Augustusplatz)
  await expect(form.getByTestId('checkout-total')).toHaveText('14,40\u00a0€');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();

  // first the guest cancels on the provider's page: back on the homepage, everything kept
  await simPage(page, 'Abbrechen');
  await expect(page).toHaveURL(new RegExp(`^${PAGES}/`));
  await expect(checkout(page).getByRole('dialog', { name: 'Kasse' })).toBeVisible();
  await expect(form.getByRole('alert').first()).toContainText('Die Zahlung wurde abgebrochen');
  await expect(form.getByLabel('Vor- und Nachname', { exact: true })).toHaveValue(GUEST.name);
  expect(await units('panna-cotta')).toBe(2);
  expect(await units('gelato')).toBe(1);
  // the return address carried the payment markers; the page removes them once the form shows (awaited: page.url() follows by an event)
  await expect.poll(() => new URL(page.url()).searchParams.has('payment')).toBe(false);
  // the order of the cancelled payment (its lines came from the menu, unpriced; the reload restored them priced)
  const cancelledId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tischlein:checkoutAttempt:demo') ?? '{}') as { orderId?: string }).orderId);
  expect(cancelledId).toBeTruthy();
  expect(await orderInfo(request, cancelledId!)).toMatchObject({ paymentStatus: 'cancelled' });

  // then pays
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Zahlung bestätigen');
  await expect(page).toHaveURL(new RegExp(`^${PAGES}/\\?tl_checkout=success`));
  const sheet = checkout(page).getByRole('dialog', { name: 'Kasse' });
  await expect(sheet.getByRole('heading', { name: 'Vielen Dank für Deine Bestellung!' })).toBeVisible();
  const id = await shownOrderId(page);
  await expect(sheet.getByTestId('success-total')).toHaveText('14,40\u00a0€');
  await expect(sheet.getByTestId('payment-status')).toHaveText('Bezahlt');
  await expect(sheet.getByTestId('order-status')).toHaveText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');
  await expect(sheet.getByText(/Panna cotta/).first()).toBeVisible();
  await expect(sheet.getByText('1× Gelato (2 Kugeln)')).toBeVisible();
  // confirmed and paid: now the cart is emptied
  await expect.poll(() => storedCart(page)).toEqual([]);
  const stored = await orderInfo(request, id);
  expect(stored).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'Stripe_card', total: 14.4, deliveryType: 'delivery' });
  // one order for the two presses of the same checkout (same idempotency key): the cancelled one is paid
  expect(id).toBe(cancelledId);
  expect(errors).toEqual([]);
});

test('moving on to the full shop carries cart, delivery type and serve time in the hand-over hash', async ({ page }) => {
  await storeCart(page, PAGES, [dish('panna-cotta', 2), dish('gelato', 1)]);
  await page.goto(`${PAGES}/`);
  await toCheckoutFromCartButton(page);
  await checkoutForm(page).getByRole('radio', { name: 'Abholung' }).check();
  await checkout(page).getByRole('button', { name: 'Im Shop weiter bestellen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SHOP}/`));
  // the shop read the hash (and removed it) and has the cart in its own storage
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
  await expect
    .poll(() => storedCart(page))
    .toEqual([expect.objectContaining({ dishId: 'panna-cotta', amount: 2 }), expect.objectContaining({ dishId: 'gelato', amount: 1 })]);
  await expect(page.locator('tischlein-cart .cart-line')).toHaveCount(2);
});

test('the sheet is keyboard-usable and axe-clean; no sideways scroll at 360 px; targets ≥ 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await storeCart(page, PAGES, [dish('panna-cotta', 3)]);
  await page.goto(`${PAGES}/`);
  await toCheckoutFromCartButton(page);
  const form = checkoutForm(page);
  // keyboard only: the name field is reachable with Tab and takes input
  await form.getByLabel('Vor- und Nachname', { exact: true }).focus();
  await page.keyboard.type('Kim Tastatur');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Augustusplatz');
  await expect(form.getByLabel('Straße', { exact: true })).toHaveValue('Augustusplatz');
  const a11y = await new AxeBuilder({ page }).include('tischlein-checkout').analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
  const small = await form.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('input,select,button,.co-radio,.co-check,textarea'))
      .filter((el) => !(el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')))
      .filter((el) => el.getBoundingClientRect().height > 0 && el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName}.${el.className} ${el.getBoundingClientRect().height}`),
  );
  expect(small).toEqual([]);
  // Escape closes the sheet; the cart is still there
  await page.keyboard.press('Escape');
  await expect(checkout(page)).toHaveCount(0);
  expect(await storedCart(page)).toHaveLength(1);
});

for (const width of [360, 412, 1280]) {
  test(`screenshot of the checkout at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await storeCart(page, SHOP, [dish('panna-cotta', 3), dish('tiramisu', 1)]);
    await page.goto(`${SHOP}/checkout`);
    await expect(checkoutForm(page)).toBeVisible();
    await page.screenshot({ path: `test-results/checkout-${width}.png`, fullPage: true });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
  });
}
