// The staff app in browser tests: the demo owner's login (development only) and a guest's paid
// order that reaches the inbox.
import { expect, type Locator, type Page } from '@playwright/test';
import { PAGES, waitForMenu } from './helpers';
import { acceptLegal, checkoutForm, choosePayment, dish, fillForm, shownOrderId, simPage, storeCart } from './checkoutHelpers';

/** The demo shop's owner (seeded in development only). */
export const OWNER = { email: 'inhaber@demo.tischlein.de', password: 'Tischlein-Demo-2026' };

/** Signs the owner in on the staff app's login form (`app`: the `<tischlein-inbox>` element). */
export async function signInAsOwner(app: Locator) {
  await app.getByLabel('E-Mail').fill(OWNER.email);
  await app.getByLabel('Passwort').fill(OWNER.password);
  await app.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * The navigation's link to a section (by its label). On a phone the groups sit behind the 'Menü'
 * button: it is opened first, so the link is visible to click or to focus.
 */
export async function sectionLink(app: Locator, label: string): Promise<Locator> {
  const nav = app.getByRole('navigation', { name: 'Bereiche' });
  const menu = nav.getByRole('button', { name: 'Menü' });
  await expect(nav).toBeVisible();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const link = nav.getByRole('link', { name: label, exact: true });
  await expect(link).toBeVisible();
  return link;
}

/** A guest on the example homepage pays by card (simulated); returns the order id shown. */
export async function guestPaysByCard(page: Page, name: string) {
  await storeCart(page, PAGES, [dish('panna-cotta', 2), dish('gelato', 1)]);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  await page.locator('tischlein-cart').locator('button.cart-button').click();
  await page.locator('tischlein-cart').getByRole('dialog', { name: 'Warenkorb' }).getByRole('button', { name: 'ZUR KASSE' }).click();
  const form = checkoutForm(page);
  await expect(form).toBeVisible();
  await fillForm(form);
  await form.getByLabel('Vor- und Nachname', { exact: true }).fill(name);
  await choosePayment(form, 'Kreditkarte');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await simPage(page, 'Zahlung bestätigen');
  await expect(page).toHaveURL(new RegExp(`^${PAGES}/\\?tl_checkout=success`));
  return shownOrderId(page);
}
