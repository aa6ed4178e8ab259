// The ten checkout submit checks in the browser, in their
// order (the first failing one is the one shown), field errors of a 400 on the form, and the
// 409 code 2 address correction 'Adresse korrigiert' ('JA, STIMMT' / 'ANPASSEN').
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHOP } from './helpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, orderInfo, shownOrderId, storeCart } from './checkoutHelpers';

async function open(page: Page, lines: unknown[]) {
  await storeCart(page, SHOP, lines);
  await page.goto(`${SHOP}/checkout`);
  await expect(checkoutForm(page)).toBeVisible();
  return checkoutForm(page);
}

/** Presses the order button and expects the alert `title` / `text`; closes it with OK. */
async function expectCheck(page: Page, form: Locator, title: string, text: string, button = /BESTELLEN/) {
  await form.getByRole('button', { name: button }).click();
  const alert = checkout(page).getByRole('dialog', { name: title });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(text);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
}

test('the checks run in the spec order: each fixed one uncovers the next, then the order goes through', async ({ page, request }) => {
  test.setTimeout(90_000); // nine round trips through the form
  // 1 × Gelato (3,90 €): below the delivery minimum (12 €) and the card's pickup minimum (10 €)
  const form = await open(page, [dish('gelato', 1)]);
  await fillForm(form, { ...GUEST, street: 'Miltitzer Allee', zip: '04205', email: 'erika@' });
  await form.getByRole('checkbox', { name: 'Konto erstellen' }).check();
  // 1. PayPal platform, but the order button instead of the PayPal button
  await choosePayment(form, 'PayPal Checkout');
  await expectCheck(page, form, 'Fehler', 'Bitte nutze den PayPal Button unter den Zahlungsmitteln um deine Bestellung abzuschließen.');
  // 2. outside the delivery area (about 7,5 km)
  await choosePayment(form, 'Barzahlung');
  await expectCheck(page, form, 'Liefergebiet', 'Die Adresse befindet sich nicht im Liefergebiet');
  // 3. minimum order value (zone 1: 12,00 €)
  await fillForm(form, { street: 'Augustusplatz', zip: '04109' });
  await expectCheck(page, form, 'Mindestbestellwert', 'Du hast den Mindestbestellwert noch nicht erreicht.');
  // 4. legal acceptance (pickup has no minimum order value)
  await form.getByRole('radio', { name: 'Abholung' }).check();
  await expectCheck(page, form, 'Bedingungen', 'Bitte akzeptiere die Allgemeinen Bestellbedingungen und die Datenschutzerklärung.');
  // 5. e-mail
  await acceptLegal(form);
  await expectCheck(page, form, 'Fehler', 'Bitte gib eine gültige Email Adresse ein.');
  // 7. pickup minimum of the card (10,00 €)
  await form.getByLabel('E-Mail', { exact: true }).fill(GUEST.email);
  await choosePayment(form, 'Kreditkarte');
  await expectCheck(page, form, 'Mindestbestellwert', 'Mit dieser Zahlungsmethode beträgt der Mindestbestellwert bei Abholung 10,00\u00a0€.');
  // 8. an account needs the advertising consent
  await choosePayment(form, 'Barzahlung');
  await expectCheck(page, form, 'Fehler', 'Wir benötigen deine Zustimmung um dir den vollen Funktionsumfang des Kontos bieten zu können.');
  // 9. pickup confirmation
  await form.locator('#co-field-acceptAdvertising input').check();
  await expectCheck(page, form, 'Bestätigung', 'Bitte bestätige, dass Du Deine Bestellung selbst abholst.');
  // all fine: the order goes through
  await form.getByRole('checkbox', { name: 'Ich hole meine Bestellung selbst ab.' }).check();
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const id = await shownOrderId(page);
  expect(await orderInfo(request, id)).toMatchObject({ deliveryType: 'pickup', paymentMethod: 'offline', total: 3.9 });
});

test('6. no payment method chosen', async ({ page }) => {
  const form = await open(page, [dish('panna-cotta', 3)]);
  await fillForm(form);
  await acceptLegal(form);
  await expectCheck(page, form, 'Fehler', 'Bitte wähle eine Zahlungsmethode.');
  await expect(form.getByRole('radio', { name: 'Barzahlung' })).not.toBeChecked();
});

/** A Mittagsmenü line bound to delivery (a menu offered for one delivery type only). */
function deliveryMenu() {
  const sub = (dishId: string, sizeId: string, slotId: string) => ({ ...dish(dishId, 1, sizeId), slotId });
  return {
    kind: 'menu', lineId: 'menu-line-1', menuId: 'menu-mittag', memberName: null, amount: 1, price: 0, deliveryType: 'delivery',
    subitems: [sub('pizza-margherita', 'p26', 'slot-pizza'), sub('wasser', 'l05', 'slot-getraenk')], promotion: null,
  };
}

async function pickupReady(form: Locator) {
  await form.getByRole('radio', { name: 'Abholung' }).check();
  await fillForm(form);
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await form.getByRole('checkbox', { name: 'Ich hole meine Bestellung selbst ab.' }).check();
}

test('10. items not suited to the delivery type: "Leerer Warenkorb" when none remain', async ({ page }) => {
  const form = await open(page, [deliveryMenu()]);
  await pickupReady(form);
  await expectCheck(page, form, 'Leerer Warenkorb', 'Keiner der Artikel in Deinem Warenkorb ist für diese Bestellart verfügbar.');
});

test('10. "Ungültige Bestellung" asks, and confirming orders without those items', async ({ page, request }) => {
  const form = await open(page, [deliveryMenu(), dish('panna-cotta', 3)]);
  await pickupReady(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const ask = checkout(page).getByRole('dialog', { name: 'Ungültige Bestellung' });
  await expect(ask).toContainText('Ein Artikel ist für diese Bestellart nicht verfügbar. Ohne diesen Artikel fortfahren?');
  await ask.getByRole('button', { name: 'OK' }).click();
  const id = await shownOrderId(page);
  const stored = await orderInfo(request, id);
  expect(stored.items.map((i) => i.name)).toEqual(['Panna cotta']);
  expect(stored.total).toBe(13.5);
});

test('409 code 2: the corrected address replaces the fields, "Adresse korrigiert"; JA, STIMMT sends again without the check', async ({ page, request }) => {
  const form = await open(page, [dish('panna-cotta', 3)]);
  await fillForm(form, { ...GUEST, street: 'augustusplatz', city: 'leipzig' });
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const ask = checkout(page).getByRole('dialog', { name: 'Adresse korrigiert' });
  await expect(ask).toContainText('Augustusplatz 1, 04109 Leipzig');
  await expect(form.getByLabel('Straße', { exact: true })).toHaveValue('Augustusplatz');
  await expect(form.getByLabel('Ort', { exact: true })).toHaveValue('Leipzig');
  // ANPASSEN: back to the street field
  await ask.getByRole('button', { name: 'ANPASSEN' }).click();
  await expect(form.getByLabel('Straße', { exact: true })).toBeFocused();
  // once more with a correction, then accept it
  await form.getByLabel('Straße', { exact: true }).fill('augustusplatz');
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const again = checkout(page).getByRole('dialog', { name: 'Adresse korrigiert' });
  await expect(again).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().includes('/api/shop/demo/order') && r.method() === 'POST' && r.postDataJSON()?.skipGoogleValidation === true);
  await again.getByRole('button', { name: 'JA, STIMMT' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ skipGoogleValidation: true, formValues: { street: 'Augustusplatz' } });
  const id = await shownOrderId(page);
  expect(await orderInfo(request, id)).toMatchObject({ total: 15.0 });
});

test('a 400 with field errors shows them on the form and scrolls to the first', async ({ page }) => {
  const form = await open(page, [dish('panna-cotta', 3)]);
  await fillForm(form);
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await page.route('**/api/shop/demo/order', (route) =>
    route.fulfill({
      status: 400, contentType: 'application/json',
      body: JSON.stringify({ error: 'invalid_form', message: 'Bitte prüfe die markierten Felder.', form: { phone: 'Bitte gib eine gültige Telefonnummer ein.' } }),
    }),
  );
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const phone = form.getByLabel('Telefon', { exact: true });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#co-err-phone')).toHaveText('Bitte gib eine gültige Telefonnummer ein.');
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
});
