// One browser test per payment path with the simulated provider: cash, EC card, a
// Stripe-like redirect approved / declined / cancelled, PayPal-like approved and INSTRUMENT_DECLINED.
// Each ends on the right page with the right status in the database (GET /info/{id}).
import { expect, test, type Page } from '@playwright/test';
import { SHOP, collectErrors } from './helpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, orderInfo, shownOrderId, simPage, storeCart, storedCart } from './checkoutHelpers';

/** 2 × Panna cotta (4,50 €) + 1 × Gelato (3,90 €) = 12,90 €; delivery to Augustusplatz adds 1,50 €. */
const CART = [dish('panna-cotta', 2), dish('gelato', 1)];
const REMEMBERED = JSON.stringify({ ...GUEST, salutation: 'Frau', floor: '', company: '', paymentMethod: '' });

async function openCheckout(page: Page, remembered = true) {
  await storeCart(page, SHOP, CART, remembered ? { 'tischlein:checkout:demo': REMEMBERED } : {});
  await page.goto(`${SHOP}/checkout`);
  await expect(checkoutForm(page)).toBeVisible();
  return checkoutForm(page);
}

async function successPage(page: Page, total: string, paymentText: string) {
  await expect(page).toHaveURL(new RegExp(`${SHOP}/checkout/success/[A-Za-z0-9_-]+$`));
  await expect(checkout(page).getByRole('heading', { name: 'Vielen Dank für Deine Bestellung!' })).toBeVisible();
  await expect(checkout(page).getByTestId('success-total')).toHaveText(total);
  await expect(checkout(page).getByTestId('payment-status')).toHaveText(paymentText);
  const id = await shownOrderId(page);
  expect(page.url()).toContain(`/checkout/success/${id}`);
  return id;
}

test('cash: the order is confirmed at once, paid at the door; the cart is emptied @smoke', async ({ page, request }) => {
  const errors = collectErrors(page);
  const form = await openCheckout(page, false);
  await fillForm(form);
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await expect(form.getByTestId('checkout-total')).toHaveText('14,40\u00a0€');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const id = await successPage(page, '14,40\u00a0€', 'Zahlung bei Übergabe');
  await expect(checkout(page).getByTestId('order-status')).toHaveText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');
  await expect.poll(() => storedCart(page)).toEqual([]);
  expect(await orderInfo(request, id)).toMatchObject({ status: 'confirmed', paymentStatus: 'on_delivery', paymentMethod: 'offline', total: 14.4 });
  // the address is remembered for this shop, the messages are not
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('tischlein:checkout:demo') ?? '{}'));
  expect(remembered).toMatchObject({ name: GUEST.name, street: 'Augustusplatz', paymentMethod: 'offline' });
  expect(remembered).not.toHaveProperty('messageCook');
  expect(errors).toEqual([]);
});

test('EC card (pickup only): pickup with the pickup confirmation', async ({ page, request }) => {
  const form = await openCheckout(page);
  await expect(form.getByRole('radio', { name: 'EC-Karte' })).toHaveCount(0); // not for delivery
  await form.getByRole('radio', { name: 'Abholung' }).check();
  await choosePayment(form, 'EC-Karte');
  await acceptLegal(form);
  await form.getByRole('checkbox', { name: 'Ich hole meine Bestellung selbst ab.' }).check();
  await expect(form.getByTestId('checkout-total')).toHaveText('12,90\u00a0€');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const id = await successPage(page, '12,90\u00a0€', 'Zahlung bei Übergabe');
  expect(await orderInfo(request, id)).toMatchObject({ status: 'confirmed', paymentStatus: 'on_delivery', paymentMethod: 'offline_debit', deliveryType: 'pickup', total: 12.9 });
});

test('Stripe-like redirect, approved: the hosted page, back to the success page, paid', async ({ page, request }) => {
  const form = await openCheckout(page);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Zahlung bestätigen');
  const id = await successPage(page, '14,40\u00a0€', 'Bezahlt');
  await expect(checkout(page).getByTestId('order-status')).toHaveText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');
  await expect.poll(() => storedCart(page)).toEqual([]);
  expect(await orderInfo(request, id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'Stripe_card', total: 14.4 });
});

test('Stripe-like redirect, declined: back to the form with "Die Zahlung ist fehlgeschlagen", cart kept', async ({ page, request }) => {
  const form = await openCheckout(page);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Ablehnen');
  await expect(page).toHaveURL(`${SHOP}/checkout`);
  await expect(checkoutForm(page).getByRole('alert').first()).toHaveText('Die Zahlung ist fehlgeschlagen');
  expect(await storedCart(page)).toHaveLength(2);
  await expect(checkoutForm(page).getByLabel('Straße', { exact: true })).toHaveValue('Augustusplatz');
  const attempt = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tischlein:checkoutAttempt:demo') ?? '{}'));
  expect(await orderInfo(request, attempt.orderId)).toMatchObject({ status: 'received', paymentStatus: 'failed' });
});

test('Stripe-like redirect, cancelled: /checkout/paymentCanceled with cart and form intact', async ({ page, request }) => {
  const form = await openCheckout(page);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  await form.getByLabel('Nachricht an die Küche (optional)').fill('Bitte ohne Minze');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Abbrechen');
  await expect(page).toHaveURL(new RegExp(`${SHOP}/checkout/paymentCanceled`));
  const back = checkoutForm(page);
  await expect(back.getByRole('alert').first()).toContainText('Die Zahlung wurde abgebrochen');
  await expect(back.getByLabel('Vor- und Nachname', { exact: true })).toHaveValue(GUEST.name);
  await expect(back.getByRole('radio', { name: 'Kreditkarte', exact: true })).toBeChecked();
  expect(await storedCart(page)).toHaveLength(2);
  const attempt = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tischlein:checkoutAttempt:demo') ?? '{}'));
  expect(await orderInfo(request, attempt.orderId)).toMatchObject({ paymentStatus: 'cancelled' });
  // ordering again with the same data is the same order (same idempotency key), now paid
  await acceptLegal(back);
  await back.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Zahlung bestätigen');
  const id = await successPage(page, '14,40\u00a0€', 'Bezahlt');
  expect(id).toBe(attempt.orderId);
});

test('PayPal-like buttons, approved: create → approve → capture, paid', async ({ page, request }) => {
  const form = await openCheckout(page);
  await choosePayment(form, 'PayPal Checkout');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'Mit PayPal zahlungspflichtig bestellen' }).click();
  await simPage(page, 'Zahlung bestätigen');
  const id = await successPage(page, '14,40\u00a0€', 'Bezahlt');
  expect(await orderInfo(request, id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'PayPal_Platform' });
});

test('PayPal-like buttons, INSTRUMENT_DECLINED: back to the form to choose again, no "fehlgeschlagen"', async ({ page, request }) => {
  const form = await openCheckout(page);
  await choosePayment(form, 'PayPal Checkout');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'Mit PayPal zahlungspflichtig bestellen' }).click();
  await simPage(page, 'Ablehnen');
  await expect(page).toHaveURL(`${SHOP}/checkout`);
  const back = checkoutForm(page);
  await expect(back.getByRole('alert').first()).toHaveText('PayPal hat das gewählte Zahlungsmittel abgelehnt. Bitte wähle ein anderes Zahlungsmittel.');
  await expect(back.getByText('Die Zahlung ist fehlgeschlagen')).toHaveCount(0);
  expect(await storedCart(page)).toHaveLength(2);
  const attempt = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tischlein:checkoutAttempt:demo') ?? '{}'));
  expect(await orderInfo(request, attempt.orderId)).toMatchObject({ paymentStatus: 'failed', paymentMethod: 'PayPal_Platform' });
});

test('demo at any hour: the demo shop takes orders at 03:00 and at 23:30; a franchise shop keeps its hours', async ({ request }) => {
  const period = async (shop: string, at: string) =>
    (await (await request.get(`${SHOP}/api/shop/${shop}/config/deliveryPeriod?at=${encodeURIComponent(at)}`)).json()) as { acceptOrders: boolean; allowASAP: { delivery: boolean; pickup: boolean } };
  for (const at of ['2026-11-24T03:00:00+01:00', '2026-11-29T23:30:00+01:00']) {
    expect(await period('demo', at)).toMatchObject({ acceptOrders: true, allowASAP: { delivery: true, pickup: true } });
  }
  expect((await period('burgerwerk-zentrum', '2026-11-24T03:00:00+01:00')).acceptOrders).toBe(false);
  expect((await period('burgerwerk-zentrum', '2026-11-24T12:00:00+01:00')).acceptOrders).toBe(true);
});
