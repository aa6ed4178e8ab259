// The staff app's grouped navigation as the owner meets it on a phone (412 px: a 'Menü' sheet), a
// tablet (1024 px) and a laptop (1280 px): a 'Bereiche' landmark with the group headings
// 'Tagesgeschäft', 'Speisekarte', 'Shop einrichten', 'Berichte', the current page marked, targets of
// at least 44 px, by keyboard alone (Escape closes the sheet), axe clean; a new order still rings
// in a set-up section. Screenshots at each width.
import { expect, test, type APIRequestContext, type Browser, type Locator } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SHOP } from './helpers';
import { ownerWindow } from './staffHelpers';

const GROUPS = ['Tagesgeschäft', 'Speisekarte', 'Shop einrichten', 'Berichte'];
const LINKS = ['Bestellungen', 'Betrieb', 'Tische', 'Speisekarte', 'Öffnungszeiten', 'Aussehen', 'Zahlung & Seiten', 'Drucker', 'Einbinden', 'Tagesbericht'];

async function ownerAt(browser: Browser, width: number) {
  const { ctx, page, app } = await ownerWindow(browser, { width, height: width > 500 ? 800 : 915 });
  const nav = app.getByRole('navigation', { name: 'Bereiche' });
  await expect(nav).toBeVisible();
  return { ctx, page, app, nav };
}

async function expectGrouped(nav: Locator) {
  await expect(nav.getByRole('heading', { level: 3 })).toHaveText(GROUPS);
  await expect(nav.getByRole('link')).toHaveText(LINKS);
  for (const link of await nav.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // each group's list is named by its heading
  await expect(nav.getByRole('list', { name: 'Shop einrichten' }).getByRole('link')).toHaveText(['Öffnungszeiten', 'Aussehen', 'Zahlung & Seiten', 'Drucker', 'Einbinden']);
}

async function placeCashOrder(request: APIRequestContext, name: string) {
  const res = await request.post(`${SHOP}/api/shop/demo/order`, {
    headers: { 'Idempotency-Key': `nav-e2e-${name.replace(/[^A-Za-z0-9]/g, '_')}` },
    data: {
      formValues: {
        salutation: '', name, street: '', streetNumber: '', zip: '', city: '', email: 'nav@example.de', phone: '0341 123456', messageDriver: '',
        messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
      },
      orderItems: [{
        kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1190, priceNonDiscounted: 1190,
        promotion: null, without: [], tags: [], slotId: null,
        extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
      }],
      couponCode: null, sessionId: `s-${name}`, userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false,
      account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
      expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('phone (412 px): the groups open from “Menü”, by keyboard; Escape closes it; the link leads there and marks the page', async ({ browser }, info) => {
  test.setTimeout(90_000);
  const { ctx, page, app, nav } = await ownerAt(browser, 412);
  const menu = nav.getByRole('button', { name: 'Menü' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Öffnungszeiten' })).toBeHidden();
  expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // keyboard: open, Escape closes and gives the focus back
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expectGrouped(nav);
  await expect(nav.getByRole('link', { name: 'Bestellungen' })).toHaveAttribute('aria-current', 'page');
  expect((await new AxeBuilder({ page }).include('tischlein-inbox').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: info.outputPath('nav-412-open.png'), fullPage: true });
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Bestellungen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Bestellungen' })).toBeHidden();

  // open again, Tab to 'Öffnungszeiten' (the fifth link), Enter: there, the sheet closed, the page marked
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Öffnungszeiten' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${SHOP}/restaurant/oeffnungszeiten`);
  await expect(app.getByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Öffnungszeiten' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('a[aria-current]')).toHaveCount(1);
  await menu.click();
  await page.screenshot({ path: info.outputPath('nav-412-closed.png') });
  await ctx.close();
});

for (const width of [1024, 1280]) {
  test(`${width} px: every group with its heading in view, axe clean`, async ({ browser }, info) => {
    test.setTimeout(90_000);
    const { ctx, page, nav } = await ownerAt(browser, width);
    await expect(nav.getByRole('button', { name: 'Menü' })).toBeHidden();
    await expectGrouped(nav);
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
    await nav.getByRole('link', { name: 'Aussehen' }).click();
    await expect(page).toHaveURL(`${SHOP}/restaurant/aussehen`);
    await expect(nav.getByRole('link', { name: 'Aussehen' })).toHaveAttribute('aria-current', 'page');
    expect((await new AxeBuilder({ page }).include('tischlein-inbox').analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`nav-${width}.png`) });
    await ctx.close();
  });
}

test('a new order rings while the owner is in “Shop einrichten”, and the alarm leads to the orders', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ctx, page, app, nav } = await ownerAt(browser, 1024);
  await expect(app.getByText('Verbunden')).toBeVisible();
  await nav.getByRole('link', { name: 'Öffnungszeiten' }).click();
  await expect(page).toHaveURL(`${SHOP}/restaurant/oeffnungszeiten`);
  await placeCashOrder(request, `Navi ${Date.now()}`);
  const alarm = app.getByRole('alert').filter({ hasText: 'Neue Bestellung!' });
  await expect(alarm).toBeVisible({ timeout: 5000 });
  await expect(alarm).toBeInViewport();
  await alarm.getByRole('link', { name: 'Zu den Bestellungen' }).click();
  await expect(page).toHaveURL(`${SHOP}/restaurant`);
  await ctx.close();
});

test('the ringing alarm covers no part of the menu editor’s save bar: on a phone (412 px, the bar scrolls along) a focused button comes out from under it; on a tablet (1024 px) the sticky bar sits below it', async ({ browser, request }, info) => {
  test.setTimeout(90_000);
  const { ctx, page, app } = await ownerWindow(browser, { width: 412, height: 915, path: '/restaurant/speisekarte', reducedMotion: 'reduce' });
  await expect(app.getByRole('heading', { name: 'Kategorien' })).toBeVisible();
  await expect(app.getByText('Verbunden')).toBeVisible();
  await placeCashOrder(request, `Leiste ${Date.now()}`);
  const alarm = app.getByRole('alert').filter({ hasText: 'Neue Bestellung!' });
  await expect(alarm).toBeVisible({ timeout: 5000 });
  const box = async (l: Locator) => (await l.boundingBox())!;
  const save = app.getByRole('button', { name: 'Speichern', exact: true });

  // phone: the page scrolled so that 'Speichern' is under the alarm stuck at the top …
  const start = await box(save);
  const alarmHeight = (await box(alarm)).height;
  await page.evaluate((y) => window.scrollTo(0, y), Math.round(start.y + (await page.evaluate(() => window.scrollY)) - alarmHeight / 2));
  await expect.poll(async () => Math.round((await box(alarm)).y)).toBe(0);
  expect((await box(save)).y).toBeLessThan(alarmHeight);
  // … gets the focus: it is scrolled out from under the alarm
  await save.focus();
  await expect.poll(async () => (await box(save)).y).toBeGreaterThanOrEqual(alarmHeight);
  await page.screenshot({ path: info.outputPath('editor-alarm-412.png') });

  // tablet: scrolled well down, the alarm at the top and the sticky save bar right below it
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await expect.poll(async () => Math.round((await box(alarm)).y)).toBe(0);
  const a = await box(alarm);
  const bar = await box(app.locator('.me-toolbar'));
  expect(bar.y).toBeGreaterThanOrEqual(a.y + a.height - 0.5);
  expect(bar.y).toBeLessThanOrEqual(a.y + a.height + 1);
  await save.click({ trial: true, timeout: 5000 });
  await page.screenshot({ path: info.outputPath('editor-alarm-1024.png') });
  await ctx.close();
});

test('a section whose code cannot load (the server was updated meanwhile) says so in German; the navigation and the orders stay', async ({ browser }) => {
  test.setTimeout(90_000);
  const { ctx, page, app, nav } = await ownerAt(browser, 1024);
  await expect(app.getByText('Verbunden')).toBeVisible();
  // the old build's chunks are gone: every script the page asks for from now on fails
  await page.route(/\.js(\?|$)/, (route) => route.fulfill({ status: 404, body: 'weg' }));
  await nav.getByRole('link', { name: 'Drucker' }).click();
  const failed = app.getByRole('alert').filter({ hasText: 'Dieser Bereich konnte nicht geladen werden' });
  await expect(failed).toHaveText('Dieser Bereich konnte nicht geladen werden – vielleicht wurde die App gerade aktualisiert. Neue Bestellungen kommen weiter an.Seite neu laden');
  await expect(failed.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  // the app around it is still there: heading, connection, navigation back to the orders
  await expect(app.getByRole('heading', { level: 2, name: 'Drucker' })).toBeVisible();
  await expect(app.getByText('Verbunden')).toBeVisible();
  await page.unroute(/\.js(\?|$)/);
  await nav.getByRole('link', { name: 'Bestellungen' }).click();
  await expect(app.getByRole('tab', { name: /^Neu/ })).toBeVisible();
  await ctx.close();
});

test('unsaved changes in the Speisekarte: a link of the navigation asks first; “no” keeps them', async ({ browser }) => {
  test.setTimeout(90_000);
  const { ctx, page, app, nav } = await ownerAt(browser, 1280);
  await nav.getByRole('link', { name: 'Speisekarte' }).click();
  await app.getByRole('button', { name: '10 Pizza Margherita' }).click();
  const name = app.getByRole('form', { name: 'Gericht: Pizza Margherita' }).getByLabel('Name', { exact: true }).first();
  await name.fill('Pizza Margherita – nur ein Versuch');
  // the picture's file field is a touch target too (it was 24 px high)
  expect((await app.getByRole('form', { name: 'Gericht: Pizza Margherita' }).getByLabel('Bild', { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await nav.getByRole('link', { name: 'Betrieb' }).click();
  await expect.poll(() => asked).toEqual(['Es gibt nicht gespeicherte Änderungen an der Speisekarte. Trotzdem verlassen? Die Änderungen gehen dann verloren.']);
  await expect(page).toHaveURL(`${SHOP}/restaurant/speisekarte`);
  await expect(name).toHaveValue('Pizza Margherita – nur ein Versuch');
  // yes: the section is left and nothing was saved
  page.once('dialog', (d) => void d.accept());
  await nav.getByRole('link', { name: 'Betrieb' }).click();
  await expect(page).toHaveURL(`${SHOP}/restaurant/betrieb`);
  await ctx.close();
});
