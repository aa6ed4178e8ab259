import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, TUESDAY_NOON, collectErrors, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';
import { acceptLegal, checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, storeCart } from './checkoutHelpers';

// Tracking only with consent. Tests run on localhost, where tracking is skipped
//; the dev flag 'trackOnLocalhost' turns it on so the tests see what a real host sends.

/** Every tracking call the page makes (fetch and sendBeacon): visits, pings, events, /event. */
function trackingCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/platform\/(tr\/|event)/.test(path)) calls.push(`${r.method()} ${path.replace(/[0-9a-f-]{36}$/, '{id}')}`);
  });
  return calls;
}

async function trackOnLocalhost(page: Page) {
  await page.addInitScript(() => {
    if (location.protocol !== 'http:') return;
    localStorage.setItem('dev-mode', JSON.stringify({ trackOnLocalhost: true, trackEventsOnConsole: false }));
    // the address widget's info dialog would cover the menu (it opens once per tab)
    sessionStorage.setItem('tischlein:info-dialog:demo', '1');
  });
}

/** Stops the browser clock (a minute after the test's start) so pings are counted exactly. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(new Date(TUESDAY_NOON.getTime() + 60_000));
}

/** Advances the paused clock until the first ping went out (the visit's answer may still be on its way). */
async function untilPinging(page: Page, calls: string[]) {
  await expect.poll(async () => (await page.clock.runFor(1_000), pings(calls)), { intervals: [50] }).toBeGreaterThan(0);
}

/** Advances the paused clock until the next ping went out (each is planned 5 s after the previous one's answer). */
async function nextPing(page: Page, calls: string[]) {
  const before = pings(calls);
  await expect.poll(async () => (await page.clock.runFor(1_000), pings(calls)), { intervals: [50] }).toBe(before + 1);
}

/**
 * The positive signal before "nothing more was sent": a sentinel request the page starts now is
 * seen by the test after every request the page started before it.
 */
async function requestsSeen(page: Page) {
  const seen = page.waitForRequest((r) => r.url().includes('sentinel=consent'));
  await page.evaluate(() => void fetch('/favicon.ico?sentinel=consent', { cache: 'no-store' }).catch(() => undefined));
  await seen;
}

/** where the page writes down its beacons (its origin's localStorage: it outlives the page) */
const BEACON_LOG = 'e2e:beacons';
const SENTINEL = '/e2e-left?sentinel';

/**
 * Records every beacon the page sends to the tracking routes (and a keepalive fetch, which also
 * outlives the page), also while it is being left: Playwright sees no request a page sends in its
 * unload handlers (pagehide, visibilitychange; checked: neither page, context, route nor the page's
 * CDP session shows them). So the page writes each one down in its origin's localStorage, in the
 * same form as `trackingCalls`; `leave` reads them once the page is gone.
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(([key, sentinel]) => {
    const note = (url: string | URL) => {
      const u = new URL(String(url), location.href);
      const path = u.pathname + (u.search === '?sentinel' ? u.search : '');
      if (!/^\/api\/platform\/(tr\/|event)/.test(path) && path !== sentinel) return;
      const log = JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
      localStorage.setItem(key, JSON.stringify([...log, `POST ${path.replace(/[0-9a-f-]{36}$/, '{id}')}`]));
    };
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => (note(url), beacon(url, data));
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.keepalive) note(input instanceof Request ? input.url : input);
      return send(input, init);
    };
  }, [BEACON_LOG, SENTINEL] as const);
}

/**
 * Leaves the page for about:blank and returns the beacons it sent (`recordBeacons`). The positive
 * signal: a beacon of the test's own, sent by the last handler of the page's last unload event
 * (visibilitychange follows pagehide; added now, after the page's own), is in the log — so the
 * unload handlers ran, and whatever they sent before it was written down before it.
 */
async function leave(page: Page, origin: string): Promise<string[]> {
  await page.evaluate((sentinel) => {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') navigator.sendBeacon(sentinel, '');
    });
  }, SENTINEL);
  await page.goto('about:blank');
  // back on the page's origin, where its log is (a plain 404 there: no widget runs)
  await page.goto(`${origin}/api/e2e-beacons`);
  const log = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[], BEACON_LOG);
  await expect.poll(log).toContain(`POST ${SENTINEL}`);
  return log();
}

const pings = (calls: string[]) => calls.filter((c) => c === 'POST /api/platform/tr/v/{id}').length;
const visits = (calls: string[]) => calls.filter((c) => c === 'POST /api/platform/tr/v').length;

async function addFirstDish(page: Page) {
  await page.locator('tischlein-menu .menu-dish').first().getByRole('button').first().click();
  await page.locator('tischlein-menu dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' }).click();
}

test.describe('without consent nothing is tracked', () => {
  test('shell: menu → dish → cart → checkout → order placed (cash) sends no /tr/* and no /event @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    await trackOnLocalhost(page);
    await recordBeacons(page);
    await patchBootstrap(page, OPEN);
    // two desserts already in the cart: with the dish added below, above the minimum order value
    await storeCart(page, SHOP, [dish('panna-cotta', 2)]);
    const calls = trackingCalls(page);
    await page.goto(`${SHOP}/`);
    await expect(page.getByRole('region', { name: 'Darf der Shop Besuche zählen?' })).toBeVisible();
    await addFirstDish(page);
    await expect(page.locator('tischlein-cart .cart-count')).toHaveAttribute('data-count', '3');
    await page.locator('tischlein-cart').getByRole('button', { name: /zur kasse/i }).click();
    await expect(page).toHaveURL(`${SHOP}/checkout`);
    // the whole order: form, cash, placed, confirmation
    const form = checkoutForm(page);
    await expect(form).toBeVisible();
    // (the form takes its remembered fields when it has mounted: fill until the values stay)
    await expect(async () => {
      await fillForm(form);
      await expect(form.getByLabel('Vor- und Nachname', { exact: true })).toHaveValue(GUEST.name, { timeout: 1000 });
    }).toPass();
    await choosePayment(form, 'Barzahlung');
    await acceptLegal(form);
    await form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }).click();
    await expect(checkout(page).getByRole('heading', { name: 'Vielen Dank für Deine Bestellung!' })).toBeVisible();
    await expect(checkout(page).getByTestId('order-status')).toHaveText('Bestellung übermittelt – wartet auf die Bestätigung des Restaurants');
    await page.clock.runFor(30_000);
    await requestsSeen(page);
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
    // leaving the page (pagehide, visibilitychange) would send beacons if anything were pending:
    // only the test's own went
    expect(await leave(page, SHOP)).toEqual([`POST ${SENTINEL}`]);
  });

  test('shell: "Ablehnen" is remembered per shop; the shop works fully', async ({ page }) => {
    await trackOnLocalhost(page);
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    await page.goto(`${SHOP}/`);
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(page.getByRole('region', { name: 'Darf der Shop Besuche zählen?' })).toHaveCount(0);
    await addFirstDish(page);
    await expect(page.locator('tischlein-cart .cart-count')).toHaveAttribute('data-count', '1');
    await page.reload();
    await waitForMenu(page);
    await expect(page.getByRole('button', { name: 'Akzeptieren' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('tischlein:consent:demo'))).toBe('denied');
    await page.clock.runFor(20_000);
    await requestsSeen(page);
    expect(calls).toEqual([]);
  });

  test('foreign page: nothing before the host page decides, nothing after it refuses', async ({ page }) => {
    await trackOnLocalhost(page);
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    await page.goto(`${PAGES}/consent.html`);
    await addFirstDish(page);
    await expect(page.locator('tischlein-cart .cart-count')).toHaveAttribute('data-count', '1');
    await page.clock.runFor(20_000);
    await page.getByRole('button', { name: 'Nein' }).click();
    await addFirstDish(page);
    await page.clock.runFor(20_000);
    await requestsSeen(page);
    expect(calls).toEqual([]);
    // the shell's banner never shows on a foreign page
    await expect(page.getByRole('button', { name: 'Akzeptieren' })).toHaveCount(0);
  });
});

test.describe('with consent', () => {
  test("Tischlein('consent', {analytics: true}): a visit, pings every 5 s, events; withdrawal stops them", async ({ page }) => {
    await trackOnLocalhost(page);
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    await page.goto(`${PAGES}/consent.html`);
    await waitForMenu(page);
    await pauseClock(page);
    expect(calls).toEqual([]);
    const visit = page.waitForResponse((r) => r.url().includes('/api/platform/tr/v') && r.request().method() === 'POST');
    await page.evaluate(() => (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('consent', { analytics: true }));
    const body = (await visit).request().postDataJSON();
    expect(body).toMatchObject({ restaurantId: 'demo', website: 'webshop', page: '/consent.html', visitCount: 1 });
    expect(visits(calls)).toBe(1);
    await untilPinging(page, calls);
    const first = pings(calls);
    for (let i = 0; i < 3; i++) await nextPing(page, calls);
    expect(pings(calls)).toBe(first + 3);
    // a menu event goes to /tr/e (batched, after 2 s)
    await page.locator('tischlein-menu .menu-dish').first().getByRole('button').first().click();
    await page.clock.runFor(2_000);
    await expect.poll(() => calls.filter((c) => c === 'POST /api/platform/tr/e').length).toBe(1);
    // the dish's dialog is open (it comes on the paused clock's time), then closed: a modal dialog left
    // open would make the host page's consent buttons inert
    const dialog = page.locator('tischlein-menu dialog[open]');
    await expect.poll(async () => (await page.clock.runFor(100), dialog.count())).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await page.clock.runFor(100), dialog.count())).toBe(0);
    // withdrawal: at once, no further pings or events
    await page.getByRole('button', { name: 'Nein' }).click();
    const before = calls.length;
    await addFirstDish(page).catch(() => undefined);
    await page.clock.runFor(30_000);
    await requestsSeen(page);
    expect(calls.length).toBe(before);
  });

  test('data-consent on the script tag counts as the host page\'s answer; leaving sends the visit\'s last ping by beacon', async ({ page }) => {
    await trackOnLocalhost(page);
    await recordBeacons(page);
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    const visit = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/platform/tr/v' && r.request().method() === 'POST');
    await page.goto(`${PAGES}/consent-attribute.html`); // data-consent="analytics"
    await visit;
    expect(visits(calls)).toBe(1);
    // the page has taken the visit's id (and counted the visit: the first was number 1)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tischlein:visitCount'))).toBe('2');
    // what the recorder of the test without consent would see if beacons went out there
    const left = await leave(page, PAGES);
    expect(left).toContain('POST /api/platform/tr/v/{id}');
    expect(left.filter((c) => c !== 'POST /api/platform/tr/v/{id}')).toEqual([`POST ${SENTINEL}`]);
  });

  test('without the test switch nothing is sent from localhost, consent or not', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    await page.goto(`${PAGES}/consent.html`);
    await page.getByRole('button', { name: 'Ja' }).click();
    await addFirstDish(page);
    await page.clock.runFor(20_000);
    await requestsSeen(page);
    expect(calls).toEqual([]);
  });
});

test.describe('the shell banner', () => {
  test('on a phone the answer leaves the guest where they are: no jump to the footer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await patchBootstrap(page, OPEN);
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    const banner = page.getByRole('region', { name: 'Darf der Shop Besuche zählen?' });
    await banner.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.locator('.shell-header a').first()).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('works by keyboard, is axe clean, opens again from the footer and withdrawal stops the pings', async ({ page }) => {
    await trackOnLocalhost(page);
    await patchBootstrap(page, OPEN);
    const calls = trackingCalls(page);
    await page.goto(`${SHOP}/ueber-uns`);
    const banner = page.getByRole('region', { name: 'Darf der Shop Besuche zählen?' });
    await expect(banner).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('.consent').analyze();
    expect(axe.violations).toEqual([]);
    const full = await new AxeBuilder({ page }).analyze();
    expect(full.violations).toEqual([]);
    // the two answers have equal weight: same size
    const [a, b] = await Promise.all(['Akzeptieren', 'Ablehnen'].map((n) => banner.getByRole('button', { name: n }).boundingBox()));
    expect(Math.abs(a!.width - b!.width)).toBeLessThan(1);
    expect(a!.height).toBe(b!.height);
    expect(a!.height).toBeGreaterThanOrEqual(44);
    await pauseClock(page);
    // keyboard: from the banner, Tab reaches the privacy link, then 'Akzeptieren'
    await banner.focus();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Datenschutz' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Akzeptieren' })).toBeFocused();
    const visit = page.waitForResponse((r) => r.url().includes('/api/platform/tr/v') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await visit;
    expect(visits(calls)).toBe(1);
    // the focus goes on where the page goes on (the header's first link), not to the footer
    await expect(page.locator('.shell-header a').first()).toBeFocused();
    await untilPinging(page, calls);
    const first = pings(calls);
    for (let i = 0; i < 2; i++) await nextPing(page, calls);
    expect(pings(calls)).toBe(first + 2);
    // reopen from the footer (keyboard), withdraw
    await page.getByRole('button', { name: 'Datenschutz-Einstellungen' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // Datenschutz, Akzeptieren, Ablehnen
    await expect(banner.getByRole('button', { name: 'Ablehnen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    // opened from the footer: the answer gives the focus back there
    await expect(page.getByRole('button', { name: 'Datenschutz-Einstellungen' })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('tischlein:consent:demo'))).toBe('denied');
    const before = calls.length;
    await page.clock.runFor(30_000);
    await requestsSeen(page);
    expect(calls.length).toBe(before);
  });
});
