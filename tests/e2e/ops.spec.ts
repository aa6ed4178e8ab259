// No order falls through; pause and sold out. Two browser contexts on the demo shop:
// - a guest orders on the example homepage (the other origin) and pays; nobody accepts; the order
//   watch runs at a clock 9 minutes on (test mode only) and the guest's success page shows the
//   refusal with the refund, live, without a reload;
// - the staff app's 'Betrieb' (tablet, keyboard alone, axe) marks a dish sold out and pauses the
//   shop; an OPEN menu on the example homepage shows both within seconds, without a reload.
// The demo shop is shared with the other files' tests: this file is the 'exclusive' project
// (playwright.config.ts), which `npm run test:e2e` runs after all others, so no other test orders
// while the shop is paused; the dish is one no other test uses, and the pause is lifted in `finally`.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PAGES, SHOP, waitForMenu } from './helpers';
import { checkout } from './checkoutHelpers';
import { OWNER, guestPaysByCard, ownerWindow } from './staffHelpers';

const DISH = { id: 'falafel-teller', name: 'Falafel-Teller' };

async function staffRequest(request: APIRequestContext) {
  const res = await request.post(`${SHOP}/api/staff/demo/login`, { data: OWNER });
  expect(res.status()).toBe(200);
}

async function staffApp(browser: Browser, width: number) {
  const owner = await ownerWindow(browser, { width, path: '/restaurant/betrieb' });
  await expect(owner.app.getByRole('heading', { name: 'Bestellungen pausieren' })).toBeVisible();
  return owner;
}

test('an order nobody accepts is refused after the answer time with a full refund; the guest sees it live', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = await guestPaysByCard(page, `Gast ${Date.now()}`);
  const status = checkout(page).getByTestId('order-status');
  // honest: placed and paid, not yet accepted
  await expect(status).toHaveText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');

  await staffRequest(request);
  // 7 minutes on: still waiting
  const early = await request.post(`${SHOP}/api/staff/demo/test/watch?at=${encodeURIComponent(new Date(Date.now() + 7 * 60_000).toISOString())}&order=${id}`, { data: {} });
  expect(await early.json()).toMatchObject({ refused: [] });
  // 9 minutes on (the demo's answer time is 8): refused, refunded
  const due = await request.post(`${SHOP}/api/staff/demo/test/watch?at=${encodeURIComponent(new Date(Date.now() + 9 * 60_000).toISOString())}&order=${id}`, { data: {} });
  expect(await due.json()).toMatchObject({ refused: [id] });
  await expect(status).toContainText('Grund: Das Restaurant hat die Bestellung nicht rechtzeitig angenommen.', { timeout: 5000 });
  await expect(checkout(page)).toContainText('vollständig zurückerstattet');
  // the owner's e-mail is in the outbox
  const outbox = await (await request.get(`${SHOP}/outbox`)).text();
  expect(outbox).toContain('automatisch abgelehnt');
});

test('sold out and pause from "Betrieb" (keyboard alone, axe) show on an open menu of the example homepage within seconds', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const staff = await staffApp(browser, 1024);
  await page.goto(`${PAGES}/`);
  await waitForMenu(page);
  const menu = page.locator('tischlein-menu');
  const card = menu.locator(`li.menu-dish[data-dish-id="${DISH.id}"]`);
  await expect(card.getByRole('button', { name: `${DISH.name} auswählen` })).toBeEnabled();
  try {
    // sold out by keyboard: search, Tab to the row's first button, Enter
    const search = staff.app.getByLabel('Gericht oder Extra suchen');
    await search.focus();
    await staff.page.keyboard.type('Falafel');
    const mark = staff.app.getByRole('button', { name: `${DISH.name}: Ausverkauft bis heute Abend` });
    await expect(mark).toBeVisible();
    await staff.page.keyboard.press('Tab');
    await expect(mark).toBeFocused();
    await staff.page.keyboard.press('Enter');
    await expect(staff.app.getByRole('button', { name: `${DISH.name}: Wieder verfügbar` })).toBeVisible();
    // the open menu follows: 'Ausverkauft', the add button off
    await expect(card.getByText('Ausverkauft', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByRole('button', { name: `${DISH.name}: Ausverkauft` })).toBeDisabled();
    await expect(staff.app.getByText(`${DISH.name} (Gericht) – Ausverkauft bis Mitternacht`)).toBeVisible(); // the demo is open until 24:00
    await card.screenshot({ path: 'test-results/ops-guest-soldout.png' });

    // pause by keyboard
    const pause15 = staff.app.getByRole('button', { name: 'Für 15 Min. pausieren' });
    await pause15.focus();
    await staff.page.keyboard.press('Enter');
    await expect(staff.app.getByRole('button', { name: 'Wieder annehmen' })).toBeVisible();
    // 'Pausiert bis morgen' when the pause ends at midnight exactly
    const until = staff.app.getByText(/^Pausiert bis (\d\d:\d\d Uhr|morgen)/);
    await expect(until).toBeVisible();
    // the guest is told before filling a cart: until when, or — a pause that runs past midnight (the demo is open
    // until 24:00) — that there are no more orders today
    const [, hh = '00', mm = '00'] = /^Pausiert bis (?:(\d\d):(\d\d) Uhr|morgen)/.exec((await until.textContent()) ?? '')!;
    const endsTomorrow = Number(hh) * 60 + Number(mm) < 15; // a 15-minute pause ending 00:00–00:14 began yesterday
    const sentence = endsTomorrow
      ? 'Das Restaurant nimmt heute keine Bestellungen mehr an.'
      : `Das Restaurant nimmt gerade keine Bestellungen an – wieder ab ${hh}:${mm} Uhr.`;
    const notice = menu.getByRole('status').filter({ hasText: 'Bestellungen pausiert' });
    await expect(notice).toHaveText(`Bestellungen pausiert ${sentence}`, { timeout: 10_000 });
    await notice.screenshot({ path: 'test-results/ops-guest-notice.png' });
    // choosing a dish says the same, instead of the opening hours
    await menu.getByRole('button', { name: 'Pizza Margherita auswählen' }).click();
    await expect(menu.getByRole('dialog')).toContainText(sentence);
    await page.keyboard.press('Escape');

    const axe = await new AxeBuilder({ page: staff.page }).include('tischlein-inbox').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    const guestAxe = await new AxeBuilder({ page }).include('tischlein-menu').analyze();
    expect(guestAxe.violations.map((v) => v.id)).toEqual([]);
    await staff.page.screenshot({ path: 'test-results/ops-1024.png', fullPage: true });
    await staff.page.setViewportSize({ width: 412, height: 900 });
    await staff.page.screenshot({ path: 'test-results/ops-412.png', fullPage: true });

    await staff.app.getByRole('button', { name: 'Wieder annehmen' }).click();
    await expect(notice).toHaveCount(0, { timeout: 10_000 });
    await staff.app.getByRole('button', { name: `${DISH.name}: Wieder verfügbar` }).click();
    await expect(card.getByRole('button', { name: `${DISH.name} auswählen` })).toBeEnabled({ timeout: 10_000 });
  } finally {
    // the shared demo shop takes orders again, whatever happened above
    await staffRequest(request);
    await request.post(`${SHOP}/api/staff/demo/ops/pause`, { data: { minutes: null } });
    await request.post(`${SHOP}/api/staff/demo/ops/sold-out`, { data: { id: DISH.id, mark: null } });
    await staff.ctx.close();
  }
});
