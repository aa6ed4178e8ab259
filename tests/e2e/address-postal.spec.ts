// A shop outside the gazetteer's city: the demo's Schanzenküche in Hamburg delivers by postal code.
// A guest gives a Hamburg address the gazetteer (Leipzig's streets) does not
// have; the address dialog shows the zone of its postal code, and the delivery order goes through
// with that zone's fee. The address field's example is the shop's own address.
import { expect, test } from '@playwright/test';
import { SHOP, clearStorage, collectErrors } from './helpers';
import { address, enterAddress, expectNoAxeViolations, field, infoDialog, storeCart } from './addressHelpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, fillForm, shownOrderId } from './checkoutHelpers';

const HAMBURG = `${SHOP}/f=schanzenkueche`;

test('a Hamburg shop with postal-code zones takes a delivery order for a Hamburg address the gazetteer does not have', async ({ page, request }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await clearStorage(page, SHOP);
  await storeCart(page, 'schanzenkueche', [{ dishId: 'panna-cotta', amount: 4 }]);
  await page.goto(HAMBURG);

  // the dialog opens by itself on a first visit; its example is in Hamburg, not Leipzig
  const dialog = address(page).getByRole('dialog', { name: 'BESTELLOPTIONEN' });
  await expect(dialog).toBeVisible();
  await expect(field(page)).toHaveAttribute('placeholder', 'z. B. Schulterblatt 58, 20357 Hamburg');
  await expectNoAxeViolations(page);

  // a code none of the shop's zones names: found, but not delivered to
  await enterAddress(page, 'Cuxhavener Straße 300, 21149 Hamburg');
  await expect(infoDialog(page).getByRole('alert')).toHaveText('Diese Adresse befindet sich leider nicht im Liefergebiet.');

  // 20357 is in the zone 'Sternschanze, St. Pauli, Altona-Nord': 1,90 €, at least 15,00 €, free from 35,00 €
  await enterAddress(page, 'Schanzenstraße 10, 20357 Hamburg');
  const widget = address(page);
  await expect(widget.getByText('Schanzenstraße 10, 20357 Hamburg').first()).toBeVisible();
  await expect(widget.getByText('Liefergebühr 1,90\u00a0€').first()).toBeVisible();
  await expect(widget.getByText('Mindestbestellwert 15,00\u00a0€').first()).toBeVisible();
  await expect(widget.getByText('kostenfrei ab 35,00\u00a0€').first()).toBeVisible();

  // the checkout of the full shop: 4 × Panna cotta 4,50 € + 1,90 € delivery
  await page.goto(`${HAMBURG}/checkout`);
  const form = checkoutForm(page);
  await expect(form).toBeVisible();
  await fillForm(form, { name: 'Hein Mück', street: 'Schanzenstraße', streetNumber: '10', zip: '20357', city: 'Hamburg', email: 'hein@example.org', phone: '040 123456' });
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await expect(form.getByTestId('checkout-total')).toHaveText('19,90\u00a0€');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const sheet = checkout(page);
  await expect(sheet.getByRole('heading', { name: 'Vielen Dank für Deine Bestellung!' })).toBeVisible();
  const id = await shownOrderId(page);

  // as the server stored it: a delivery to Hamburg, priced with the zone's fee
  const res = await request.get(`${SHOP}/api/shop/schanzenkueche/info/${id}`);
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { order: unknown }).order).toMatchObject({ deliveryType: 'delivery', paymentMethod: 'offline', total: 19.9 });
  expect(errors).toEqual([]);
});
