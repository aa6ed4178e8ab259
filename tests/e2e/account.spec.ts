// Login by e-mail link and the guest's account: the whole loop in the shop — request a
// link, open it from the outbox, logged in, the saved address in the address dialog and the
// checkout, order, 'Meine Bestellungen', 'Nochmal bestellen', logout — plus a 401 at start, axe
// and screenshots of the login dialog and the account overlay at 360 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './fixtures';
import { clearStorage, collectErrors, PAGES, SHOP, setClock, waitForMenu } from './helpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, shownOrderId, storedCart, CART_KEY } from './checkoutHelpers';

const DEV_LOGIN = JSON.stringify({ showLogin: true });
const header = (page: Page) => page.locator('tischlein-account.shell-account');
const dialog = (page: Page, name: string) => page.locator('tischlein-account').getByRole('dialog', { name });

/** An account with a saved address, made the way the checkout makes one: an order with 'Konto erstellen' and the consent, then auth/signup. */
async function accountFor(request: APIRequestContext, email: string) {
  const form = {
    salutation: '', name: 'Erika Mustermann', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email,
    phone: '0341 1234567', messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: false, serveAt: '', floor: '3. OG', company: '',
  };
  const order = await request.post(`${SHOP}/api/shop/demo/order`, {
    data: {
      formValues: form, orderItems: [dish('panna-cotta', 4)], couponCode: null, sessionId: 'e2e-account', userId: null, groupOrderId: null,
      acceptAdvertising: true, useDishDeposit: false, account: null, createAccount: true, skipGoogleValidation: true, selectedFreeItems: [],
      confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, idempotencyKey: `e2e-acc-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const id = ((await order.json()) as { order: { id: string } }).order.id;
  const signup = await request.post(`${SHOP}/api/platform/auth/signup`, { data: { order: id } });
  expect(signup.status()).toBe(200);
}

/** The newest login link mailed to `email`, read off the /outbox page in the browser. */
async function linkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto(`${SHOP}/outbox`);
  const mail = page.locator('article').filter({ hasText: `An: ${email}` }).filter({ hasText: 'Dein Anmeldelink' }).first();
  await expect(mail).toBeVisible();
  const text = (await mail.locator('pre').textContent()) ?? '';
  const m = /(http:\/\/\S+\/api\/platform\/auth\/login\/[A-Za-z0-9_-]{43})/.exec(text);
  expect(m, text).not.toBeNull();
  return m![1];
}

async function requestLinkInDialog(page: Page, email: string) {
  await header(page).getByRole('button', { name: 'Anmelden' }).click();
  const login = dialog(page, 'Anmelden');
  await expect(login).toBeVisible();
  await login.getByLabel('E-Mail-Adresse').fill(email);
  await login.getByRole('button', { name: 'Link senden' }).click();
  await expect(login.getByTestId('login-sent')).toContainText('Der Link ist 15 Minuten gültig');
  await login.getByRole('button', { name: 'Schließen' }).first().click();
}

async function axeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .include({ fromShadowDom: ['tischlein-account', 'dialog[open]'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('request link → open it from the outbox → logged in → address prefilled → order → Meine Bestellungen → Nochmal bestellen → logout', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const email = `konto-${Date.now()}@example.org`;
  await accountFor(request, email);

  await clearStorage(page, SHOP);
  await page.evaluate(([k, v, ck, cv]) => { localStorage.setItem(k, v); localStorage.setItem(ck, cv); }, ['dev-mode', DEV_LOGIN, CART_KEY, JSON.stringify([dish('panna-cotta', 3)])]);
  await setClock(page);
  await page.goto(`${SHOP}/`);

  // 1. the link, asked for in the login dialog; unknown e-mails are told apart
  await header(page).getByRole('button', { name: 'Anmelden' }).click();
  const login = dialog(page, 'Anmelden');
  await login.getByLabel('E-Mail-Adresse').fill('niemand@example.org');
  await login.getByRole('button', { name: 'Link senden' }).click();
  await expect(login.getByRole('alert')).toHaveText('Zu dieser E-Mail-Adresse gibt es kein Konto. Du kannst bei Deiner nächsten Bestellung eines erstellen.');
  await page.keyboard.press('Escape');
  await requestLinkInDialog(page, email);

  // 2. opened from the outbox: signed in (cookie copied to the storage, justLoggedIn)
  const link = await linkFromOutbox(page, email);
  await page.goto(link);
  await expect(page).toHaveURL(`${SHOP}/`);
  await expect(header(page).getByRole('button', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.locator('tischlein-account').getByRole('status')).toHaveText('Du bist jetzt angemeldet.');
  const token = await page.evaluate(() => localStorage.getItem('tischlein_token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect((await page.context().cookies(SHOP)).find((c) => c.name === 'tischlein_token')).toMatchObject({ value: token, sameSite: 'Lax' });
  // the link works once
  const again = await request.get(link, { maxRedirects: 0 });
  expect(again.status()).toBe(410);

  // 3. the saved address in the address dialog …
  const address = page.locator('tischlein-address').first();
  await address.getByRole('button', { name: 'Adresse eingeben' }).click();
  const field = address.locator('dialog[open]').getByLabel('Dein Standort', { exact: true });
  await expect(field).toHaveValue('Augustusplatz 1, 04109 Leipzig');
  await field.press('Enter');
  await expect(address.locator('dialog[open]')).toHaveCount(0);

  // … and in the checkout; 'Konto erstellen' is not offered to a logged-in guest
  await page.goto(`${SHOP}/checkout`);
  const form = checkoutForm(page);
  await expect(form.getByLabel('Straße', { exact: true })).toHaveValue('Augustusplatz');
  await expect(form.getByLabel('Hausnummer', { exact: true })).toHaveValue('1');
  await expect(form.getByLabel('PLZ', { exact: true })).toHaveValue('04109');
  await expect(form.getByLabel('Vor- und Nachname', { exact: true })).toHaveValue('Erika Mustermann');
  await expect(form.getByLabel('E-Mail', { exact: true })).toHaveValue(email);
  await expect(checkout(page).getByText(`Angemeldet als ${email}`)).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Konto erstellen' })).toHaveCount(0);

  // 4. the order
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  const orderId = await shownOrderId(page);
  await expect.poll(() => storedCart(page)).toEqual([]);

  // 5. 'Meine Bestellungen' lists it with its status
  await header(page).getByRole('button', { name: 'Mein Konto' }).click();
  const overlay = dialog(page, 'Mein Konto');
  await expect(overlay).toBeVisible();
  const row = overlay.locator(`li[data-order="${orderId}"]`);
  await expect(row).toContainText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');
  await expect(row).toContainText('3× Panna cotta');
  await expect(overlay.getByTestId('account-orders').locator('li')).toHaveCount(2); // and the signup order

  // 6. 'Nochmal bestellen' refills the cart through the engine
  await row.getByRole('button', { name: /^Nochmal bestellen/ }).click();
  await expect(overlay).toHaveCount(0);
  await expect.poll(() => storedCart(page)).toEqual([expect.objectContaining({ dishId: 'panna-cotta', amount: 3 })]);
  await page.goto(`${SHOP}/`);
  await expect(page.locator('tischlein-cart .cart-count').first()).toHaveAttribute('data-count', '3');

  // 7. logout clears user, token, cookie and storage
  await header(page).getByRole('button', { name: 'Mein Konto' }).click();
  // the page forgets the login at once and ends the session on the server after: the server is read
  // once its answer to the logout call has come
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/platform/auth/logout' && r.request().method() === 'POST');
  await dialog(page, 'Mein Konto').getByRole('button', { name: 'Abmelden' }).click();
  await expect(header(page).getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect((await loggedOut).status()).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem('tischlein_token'))).toBeNull();
  expect((await page.context().cookies(SHOP)).find((c) => c.name === 'tischlein_token')).toBeUndefined();
  const info = await request.get(`${SHOP}/api/platform/user/info`, { headers: { Authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(401);
  expect(errors).toEqual([]);
});

test('a token the server no longer knows: "Token is expired or invalid." on the console, logged out, nothing breaks', async ({ page }) => {
  const errors = collectErrors(page);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await clearStorage(page, SHOP);
  await page.evaluate((v) => { localStorage.setItem('dev-mode', v); localStorage.setItem('tischlein_token', 'x'.repeat(43)); }, DEV_LOGIN);
  await page.context().addCookies([{ name: 'tischlein_token', value: 'x'.repeat(43), url: SHOP }]);
  await setClock(page);
  await page.goto(`${SHOP}/`);
  await expect(header(page).getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect.poll(() => logs).toContain('Token is expired or invalid.');
  expect(await page.evaluate(() => localStorage.getItem('tischlein_token'))).toBeNull();
  await waitForMenu(page);
  expect(errors).toEqual([]);
});

test("'Konto erstellen' at the checkout needs the advertising consent, then the order's e-mail gets a login link", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `neu-${Date.now()}@example.org`;
  await clearStorage(page, SHOP);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [CART_KEY, JSON.stringify([dish('panna-cotta', 3)])]);
  await setClock(page);
  await page.goto(`${SHOP}/checkout`);
  const form = checkoutForm(page);
  await expect(form.getByTestId('checkout-total')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await fillForm(form, { ...GUEST, email });
  // the typed address is looked up (zone, fee) before the order goes
  await expect(form.getByTestId('checkout-total')).toHaveText('15,00\u00a0€');
  await expect(form.getByLabel('Vor- und Nachname', { exact: true })).toHaveValue(GUEST.name);
  await choosePayment(form, 'Barzahlung');
  await acceptLegal(form);
  await form.getByRole('checkbox', { name: 'Konto erstellen' }).check();
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  // the checkout's account check: without the consent no order and no account
  await expect(checkout(page).getByRole('dialog').filter({ hasText: 'Wir benötigen deine Zustimmung um dir den vollen Funktionsumfang des Kontos bieten zu können.' })).toBeVisible();
  await checkout(page).getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await form.getByRole('checkbox', { name: /per E-Mail/ }).check();
  await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
  await shownOrderId(page);
  await expect(checkout(page).getByText('Wir haben Dir einen Link geschickt, mit dem Du Dich bei Deinem neuen Konto anmeldest.')).toBeVisible();
  await page.goto(`${SHOP}/outbox`);
  await expect(page.locator('article').filter({ hasText: `An: ${email}` }).filter({ hasText: 'Dein neues Konto bei' })).toHaveCount(1);
});

test("a restaurant's own page (second origin): the token handed over in the fragment is stored in that page's storage and leaves the URL", async ({ page, request }) => {
  const errors = collectErrors(page);
  const email = `fremd-${Date.now()}@example.org`;
  await accountFor(request, email);
  // the link as the server answers it for an allowed restaurant page: the token in the fragment
  expect((await request.post(`${SHOP}/api/platform/auth/request-link`, { data: { email, webshop: 'demo' } })).status()).toBe(200);
  const outbox = await (await request.get(`${SHOP}/outbox`)).text();
  const token = await (async () => {
    const link = new RegExp(`(${SHOP}/api/platform/auth/login/[A-Za-z0-9_-]{43})`).exec(outbox.slice(outbox.indexOf(`An: ${email}`)))![1];
    const res = await request.get(link, { maxRedirects: 0 });
    return /tischlein_token=([^;]+)/.exec(res.headers()['set-cookie'] ?? '')![1];
  })();
  await clearStorage(page, PAGES);
  await page.goto(`${PAGES}/#tischlein_token=${token}`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tischlein_token'))).toBe(token);
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
  expect((await page.context().cookies(PAGES)).find((c) => c.name === 'tischlein_token')?.value).toBe(token);
  await waitForMenu(page);
  expect(errors).toEqual([]);
});

for (const width of [360, 1280]) {
  test(`login dialog and account overlay at ${width} px: axe-clean, no sideways scroll, screenshots`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const email = `bild-${width}-${Date.now()}@example.org`;
    await accountFor(request, email);
    await clearStorage(page, SHOP);
    await page.evaluate((v) => localStorage.setItem('dev-mode', v), DEV_LOGIN);
    await setClock(page);
    await page.goto(`${SHOP}/`);

    await header(page).getByRole('button', { name: 'Anmelden' }).click();
    const login = dialog(page, 'Anmelden');
    await expect(login.getByLabel('E-Mail-Adresse')).toBeFocused();
    await noSidewaysScroll(page);
    await shot(page, testInfo, `login-dialog-${width}.png`);
    await axeClean(page, 'login dialog');
    await page.keyboard.press('Escape');
    await expect(login).toHaveCount(0);

    await requestLinkInDialog(page, email);
    await page.goto(await linkFromOutbox(page, email));
    await header(page).getByRole('button', { name: 'Mein Konto' }).click();
    const overlay = dialog(page, 'Mein Konto');
    await expect(overlay.getByTestId('account-orders').locator('li')).toHaveCount(1);
    await noSidewaysScroll(page);
    await shot(page, testInfo, `account-overlay-${width}.png`);
    await axeClean(page, 'account overlay');
    const small = await overlay.evaluate((root) =>
      Array.from(root.querySelectorAll<HTMLElement>('input:not([type=checkbox]),button'))
        .filter((el) => el.getBoundingClientRect().height > 0 && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName} ${el.textContent} ${el.getBoundingClientRect().height}`),
    );
    expect(small).toEqual([]);

    // saving each part by its call
    await overlay.getByLabel('Vorname').fill('Eri');
    await overlay.locator('section').filter({ hasText: 'Vorname' }).getByRole('button', { name: 'Speichern' }).click();
    await expect(overlay.locator('section').filter({ hasText: 'Vorname' }).getByRole('status')).toHaveText('Gespeichert.');
    await overlay.getByLabel('Geburtsdatum').fill('1990-02-28');
    await overlay.locator('section').filter({ hasText: 'Geburtsdatum' }).getByRole('button', { name: 'Speichern' }).click();
    await expect(overlay.locator('section').filter({ hasText: 'Geburtsdatum' }).getByRole('status')).toHaveText('Gespeichert.');
    await overlay.getByRole('checkbox', { name: /Angebote und Neuigkeiten/ }).uncheck();
    await expect(overlay.getByRole('checkbox', { name: /Angebote und Neuigkeiten/ })).not.toBeChecked();
    const token = await page.evaluate(() => localStorage.getItem('tischlein_token'));
    // the checkbox saves on its own call: its answer may come after the box shows the change
    const info = async () => (await request.get(`${SHOP}/api/platform/user/info`, { headers: { Authorization: `Bearer ${token}` } })).json();
    await expect.poll(info).toMatchObject({ firstName: 'Eri', birthday: '1990-02-28', advertisement: false });

    // 'Konto löschen' after the confirmation
    await overlay.getByRole('button', { name: 'Konto löschen' }).click();
    const confirm = dialog(page, 'Konto löschen?');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(header(page).getByRole('button', { name: 'Anmelden' })).toBeVisible();
    expect((await request.get(`${SHOP}/api/platform/user/info`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  });
}
