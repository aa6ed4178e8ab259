// The restaurant's inbox, two browser contexts: a guest orders on the example homepage
// (the other origin) and pays; the staff app, logged in on a tablet viewport, rings within 2 s;
// 'Annehmen' with 30 minutes; the guest's success page shows the time within 5 s without a reload
// and the e-mail is in the outbox. Then a second order is refused with a refund.
import { expect, test, type Browser } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SHOP } from './helpers';
import { checkout } from './checkoutHelpers';
import { OWNER, guestPaysByCard, ownerWindow, placeOrder, signInAsOwner } from './staffHelpers';

async function staffApp(browser: Browser) {
  const { ctx, page, app } = await ownerWindow(browser, { width: 1024, height: 768 });
  await expect(app.getByRole('tab', { name: /Neu/ })).toBeVisible();
  await expect(app.getByText('Verbunden')).toBeVisible();
  return { ctx, page, app };
}

/** 'HH:MM' in Berlin, `minutes` from now (the test's own clock; the server's may be a minute on). */
function berlinIn(minutes: number, slack = 0): string {
  return new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + (minutes + slack) * 60_000));
}

test('a paid order rings on the tablet within 2 s; accepted with 30 minutes, the guest sees the time live and by e-mail; refused with refund', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const staff = await staffApp(browser);

  const name = `Gast ${Date.now()}`;
  const id = await guestPaysByCard(page, name);
  const card = staff.app.locator('article.card', { hasText: name });
  // it rings: the card in 'Neu', the alarm, the blinking title
  await expect(card).toBeVisible({ timeout: 2000 });
  await expect(staff.app.getByRole('alert').filter({ hasText: 'Neue Bestellung!' })).toBeVisible({ timeout: 2000 });
  await expect.poll(() => staff.page.title(), { timeout: 3000 }).toBe('Neue Bestellung!');
  await expect(card).toContainText('Lieferung');
  await expect(card).toContainText('Bezahlt');
  const short = (await checkout(page).getByTestId('order-short-number').textContent())!.replace(' · ', '').trim();
  expect(short).toMatch(/^Nr\. \d+$/);
  await expect(card.getByRole('heading')).toContainText(short);

  // keyboard and axe on the ringing inbox
  const axe = await new AxeBuilder({ page: staff.page }).include('tischlein-inbox').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await staff.page.screenshot({ path: 'test-results/inbox-1024.png', fullPage: true });

  await card.getByRole('button', { name: 'Annehmen' }).click();
  const dialog = staff.app.getByRole('dialog', { name: /Annehmen/ });
  await dialog.getByRole('radio', { name: '30 Min.' }).check();
  const before = [berlinIn(30), berlinIn(30, 1)];
  await dialog.getByRole('button', { name: 'Annehmen' }).click();
  await expect(dialog).toHaveCount(0);
  // out of 'Neu' (other tests' orders may still ring on this shared demo shop), into 'In Arbeit'
  await expect(card).toHaveCount(0);
  await staff.app.getByRole('tab', { name: /In Arbeit/ }).click();
  await expect(card).toContainText('fertig');
  await staff.app.getByRole('tab', { name: /Neu/ }).click();

  // the guest's page, no reload
  const ready = checkout(page).getByTestId('ready-text');
  await expect(ready).toBeVisible({ timeout: 5000 });
  const text = (await ready.textContent())!;
  expect(before.map((t) => `Voraussichtlich bei Dir um ${t}`)).toContain(text);
  // the e-mail in the outbox
  await expect.poll(async () => (await (await request.get(`${SHOP}/outbox`)).text()).includes(text)).toBe(true);

  // a second order is refused with a refund
  const name2 = `Gast2 ${Date.now()}`;
  await guestPaysByCard(page, name2);
  const card2 = staff.app.locator('article.card', { hasText: name2 });
  await expect(card2).toBeVisible({ timeout: 2000 });
  await card2.getByRole('button', { name: 'Ablehnen' }).click();
  const refuse = staff.app.getByRole('dialog', { name: /Ablehnen/ });
  await refuse.getByRole('radio', { name: 'Zu viel los' }).check();
  await refuse.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(checkout(page).getByTestId('order-status')).toContainText('Grund: Zu viel los', { timeout: 5000 });
  await expect(checkout(page).getByTestId('refund-text')).toHaveText('Dein Geld (14,40\u00a0€) wird Dir vollständig zurückerstattet.');
  expect(id).not.toBe('');
  await staff.ctx.close();
});

test('the inbox on a phone (412 px): login by keyboard alone, tabs by arrow keys, axe clean', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
  const page = await ctx.newPage();
  await page.goto(`${SHOP}/restaurant`);
  const app = page.locator('tischlein-inbox');
  await expect(app.getByLabel('E-Mail')).toBeVisible();
  await app.getByLabel('E-Mail').focus();
  await page.keyboard.type(OWNER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press('Enter');
  const neu = app.getByRole('tab', { name: /Neu/ });
  await expect(neu).toBeVisible();
  await neu.focus();
  await page.keyboard.press('ArrowRight');
  await expect(app.getByRole('tab', { name: /Geplant/ })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('tab', { name: /Geplant/ })).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('tischlein-inbox').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/inbox-412.png', fullPage: true });
  await ctx.close();
});

test('the session ends in the middle of a shift (12 hours, a server that lost it): Annehmen asks to sign in again over the open dialog; the chosen time stays and the order is accepted', async ({ browser, request }) => {
  const staff = await staffApp(browser);
  const name = `Gast Schicht ${Date.now()}`;
  await placeOrder(request, name);
  const card = staff.app.locator('article.card', { hasText: name });
  await expect(card).toBeVisible();
  // the session ends on the server (as after 12 hours); the tablet still shows the orders
  expect((await staff.page.request.post(`${SHOP}/api/staff/demo/logout`, { data: {} })).ok()).toBe(true);

  await card.getByRole('button', { name: 'Annehmen' }).click();
  const accept = staff.app.getByRole('dialog', { name: /Annehmen/ });
  await accept.getByRole('radio', { name: '45 Min.' }).check();
  await accept.getByRole('button', { name: 'Annehmen' }).click();
  const again = staff.app.getByRole('dialog', { name: 'Bitte neu anmelden' });
  await expect(again).toBeVisible();
  await expect(again).toContainText('Die Anmeldung ist abgelaufen. Bitte neu anmelden – die Eingaben auf dieser Seite bleiben erhalten.');
  await expect(again.getByLabel('E-Mail')).toHaveValue(OWNER.email);
  // the e-mail is there already: the password is what is left to type
  await expect(again.getByLabel('Passwort')).toBeFocused();
  expect((await new AxeBuilder({ page: staff.page }).include('tischlein-inbox').analyze()).violations.map((v) => v.id)).toEqual([]);
  await staff.page.screenshot({ path: 'test-results/inbox-session-ended-1024.png' });
  await signInAsOwner(again);
  await expect(again).toHaveCount(0);
  await expect(staff.app.getByText('Verbunden')).toBeVisible();
  // the accept dialog is still open with 45 minutes
  await expect(accept.getByRole('radio', { name: '45 Min.' })).toBeChecked();
  await accept.getByRole('button', { name: 'Annehmen' }).click();
  await expect(accept).toHaveCount(0);
  await staff.app.getByRole('tab', { name: /In Arbeit/ }).click();
  await expect(card).toContainText('fertig');
  await staff.ctx.close();
});
