// The staff app in browser tests: the demo owner's login (development only) and a guest's paid
// order that reaches the inbox.
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { collectErrors, PAGES, SHOP, waitForMenu } from './helpers';
import { acceptLegal, checkoutForm, choosePayment, dish, fillForm, shownOrderId, simPage, storeCart } from './checkoutHelpers';

/** The demo shop's owner (seeded in development only). */
export const OWNER = { email: 'inhaber@demo.tischlein.de', password: 'Tischlein-Demo-2026' };

/**
 * Signs the owner in on the staff app's login form (`app`: the `<tischlein-inbox>` element);
 * `byKeyboard`: 'Anmelden' by Enter instead of a click.
 */
export async function signInAsOwner(app: Locator, { byKeyboard = false } = {}) {
  await app.getByLabel('E-Mail').fill(OWNER.email);
  await app.getByLabel('Passwort').fill(OWNER.password);
  const submit = app.getByRole('button', { name: 'Anmelden' });
  if (byKeyboard) await submit.press('Enter');
  else await submit.click();
}

/** The staff app at `path` (below the shop's origin) on `page`, the owner signed in: its `<tischlein-inbox>`. */
export async function openAsOwner(page: Page, path = '/restaurant', { byKeyboard = false } = {}): Promise<Locator> {
  await page.goto(`${SHOP}${path}`);
  const app = page.locator('tischlein-inbox');
  await signInAsOwner(app, { byKeyboard });
  return app;
}

/**
 * A window of the owner's own (German, Berlin time, `width` × `height` px; `options` add to it, e.g.
 * clipboard permissions) with the staff app at `path`, signed in. `errors`: the page's uncaught
 * errors from the first load on.
 */
export async function ownerWindow(
  browser: Browser,
  { width, height = 900, path = '/restaurant', byKeyboard = false, ...options }: { width: number; height?: number; path?: string; byKeyboard?: boolean } & BrowserContextOptions,
) {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'de-DE', timezoneId: 'Europe/Berlin', ...options });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const app = await openAsOwner(page, path, { byKeyboard });
  return { ctx, page, app, errors };
}

/** The owner's window (reduced motion) in 'Speisekarte', once the editor shows its categories. */
export async function ownerInMenuEditor(browser: Browser, width: number, { byKeyboard = false } = {}) {
  const owner = await ownerWindow(browser, { width, path: '/restaurant/speisekarte', reducedMotion: 'reduce', byKeyboard });
  await expect(owner.app.getByRole('heading', { name: 'Kategorien' })).toBeVisible();
  return owner;
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

/** Opens a section by keyboard (its link focused, Enter) and waits for its address, /restaurant/`slug`. */
export async function openSectionByKeyboard(app: Locator, label: string, slug: string) {
  const link = await sectionLink(app, label);
  await link.focus();
  await app.page().keyboard.press('Enter');
  await expect(app.page()).toHaveURL(`${SHOP}/restaurant/${slug}`);
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

/** The demo's small grilled chicken (11,90 €) with chips (0,00 €) */
const GRILL = {
  kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1190, priceNonDiscounted: 1190,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
};

/** The delivery address of `placeOrder`'s delivery, with notes for the driver and the kitchen (a tall card); with two panna cotta over the minimum order */
const DELIVERY = { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', floor: '3. OG', messageDriver: 'Bitte zweimal klingeln', isPickup: false };

/** A cash pickup order (`delivery`: a delivery to Augustusplatz 1) placed through the guest API; returns its id. */
export async function placeOrder(request: APIRequestContext, name: string, serveAt = '', { delivery = false } = {}) {
  const res = await request.post(`${SHOP}/api/shop/demo/order`, {
    headers: { 'Idempotency-Key': `kitchen-e2e-${name.replace(/[^A-Za-z0-9]/g, '_')}` },
    data: {
      formValues: {
        salutation: '', name, street: '', streetNumber: '', zip: '', city: '', email: 'kueche@example.de', phone: '0341 123456', messageDriver: '',
        messageCook: 'Bitte gut durch', paymentMethod: 'offline', isPickup: true, serveAt, floor: '', company: '',
        ...(delivery ? DELIVERY : {}),
      },
      orderItems: delivery ? [GRILL, dish('panna-cotta', 2)] : [GRILL], couponCode: null, sessionId: `s-${name}`, userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false,
      account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
      expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { id: string } }).order.id;
}
