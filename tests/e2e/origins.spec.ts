// Embedding from anywhere, the shell's CSP and the favicon:
//  - the example homepage served from an origin that is in no list (127.0.0.1 instead of
//    localhost: another origin for the browser) embeds the menu and places an order, with no
//    CORS error in the console;
//  - no page of the shop (every route) and no example page reports a CSP violation;
//  - /favicon.ico answers on the shop and on the example pages, and no page asks for a file
//    that is not there.
import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, TUESDAY_NOON, collectErrors, browserSettled, waitForMenu } from './helpers';
import { addFromMenu, cartButton, openHomepage } from './cartHelpers';
import { OPEN, patchBootstrap } from './menuHelpers';

const FOREIGN = PAGES.replace('localhost', '127.0.0.1');

/** Console lines about CORS, CSP and failed loads, and CSP violation events, of a page. */
function watch(page: Page) {
  const seen = { cors: [] as string[], csp: [] as string[], missing: [] as string[] };
  page.on('console', (m) => {
    const t = m.text();
    if (/CORS|Access-Control-Allow/i.test(t)) seen.cors.push(t);
    if (/Content Security Policy|Content-Security-Policy/i.test(t)) seen.csp.push(t);
  });
  page.on('response', (r) => {
    if (r.status() === 404 && r.request().resourceType() !== 'document' && !/\/api\//.test(r.url())) seen.missing.push(r.url());
  });
  return seen;
}

/** Collects 'securitypolicyviolation' events of the document (shadow roots bubble to it). */
async function listenForViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);

/**
 * A violation is reported in a task queued when it happens: once the page has loaded, rendered
 * twice and run the tasks queued before, everything it loaded so far has been reported.
 */
async function reported(page: Page) {
  await page.waitForLoadState('load');
  await browserSettled(page);
}

test.describe('an origin in no list', () => {
  test('the example homepage on another origin embeds the menu and places an order, no CORS error @smoke', async ({ page }) => {
    expect(new URL(FOREIGN).origin).not.toBe(new URL(PAGES).origin);
    const seen = watch(page);
    const errors = collectErrors(page);
    await page.goto(`${FOREIGN}/`);
    await waitForMenu(page);
    await addFromMenu(page, 'panna-cotta');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 1 Artikel, 4,50 €');

    // an order from this page's origin: public, without credentials, with the Idempotency-Key header (a preflight)
    const orderResponse = page.waitForResponse((r) => r.url().includes('/api/shop/demo/order') && r.request().method() === 'POST');
    const answer = await page.evaluate(
      async ([shop, at]) => {
        const res = await fetch(`${shop}/api/shop/demo/order?at=${at}`, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `origins-${Date.now()}` },
          body: JSON.stringify({
            formValues: { name: 'Ada', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'ada@example.de', phone: '0341 1', paymentMethod: 'PayPal_Rest', isPickup: false, serveAt: '' },
            // 6 × Panna cotta (27,00 €): above the minimum order value
            orderItems: [{ ...JSON.parse(localStorage.getItem('tischlein:cart:demo') ?? '[]')[0], amount: 6 }],
            couponCode: null, sessionId: 's', userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false, account: null,
            createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
          }),
        });
        return { status: res.status, body: await res.json() };
      },
      [SHOP, TUESDAY_NOON.toISOString()] as const,
    );
    expect((await (await orderResponse).allHeaders())['access-control-allow-origin']).toBe('*');
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect(answer.body.order.id).toMatch(/\S/);

    expect(seen.cors).toEqual([]);
    expect(seen.missing).toEqual([]);
    expect(errors).toEqual([]);
  });
});

// Every route of the shop (tests/e2e/routes.spec.ts checks what they show)
const SHELL_ROUTES = [
  '/', '/s/SMS42', '/checkout', '/checkout/abgebrochen', '/checkout/success/4711', '/checkout/holding',
  '/oeffnungszeiten', '/anfahrt', '/ueber-uns', '/tisch-reservieren', '/tr/12/accept', '/feedback/4711',
  '/abmelden/newsletter/gast%40example.de', '/reservieren/abc123', '/f/FAHRER1', '/static/agb', '/gibt-es-nicht',
];

test.describe('content security policy', () => {
  test('no route of the shop reports a CSP violation', async ({ page }) => {
    test.setTimeout(120_000);
    await listenForViolations(page);
    const seen = watch(page);
    for (const path of SHELL_ROUTES) {
      const res = await page.goto(`${SHOP}${path}`);
      expect(res?.headers()['content-security-policy'], path).toContain("default-src 'none'");
      await expect(page.locator('h2').first(), path).toBeVisible();
      await reported(page);
      expect(await violations(page), path).toEqual([]);
    }
    expect(seen.csp).toEqual([]);
    expect(seen.missing).toEqual([]);
  });

  test('the main page with a dish dialog and a filled cart reports no CSP violation', async ({ page }) => {
    await listenForViolations(page);
    await patchBootstrap(page, OPEN);
    const seen = watch(page);
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    const menu = page.locator('tischlein-menu');
    // dispatched clicks: the sticky address bar may lie over a button scrolled into view
    await menu.locator('.menu-dish[data-dish-id="pizza-margherita"] .menu-dish__add').dispatchEvent('click');
    await expect(menu.locator('dialog[open]')).toBeVisible();
    await menu.locator('dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' }).click();
    await expect(menu.locator('dialog[open]')).toHaveCount(0);
    // the shell's full cart (wide screen) shows the line with its lazily loaded parts
    await expect(page.locator('tischlein-cart .cart-line').first()).toContainText('Pizza Margherita');
    await reported(page);
    expect(await violations(page)).toEqual([]);
    expect(seen.csp).toEqual([]);
  });

  test('the example pages report no CSP violation and no missing file', async ({ page }) => {
    await listenForViolations(page);
    const seen = watch(page);
    await openHomepage(page);
    await waitForMenu(page);
    for (const p of ['/bare.html', '/bare-cart.html']) {
      await page.goto(`${PAGES}${p}`);
      await waitForMenu(page);
      await reported(page);
    }
    expect(await violations(page)).toEqual([]);
    expect(seen.csp).toEqual([]);
    expect(seen.missing).toEqual([]);
  });
});

test('/favicon.ico answers on the shop and on the example pages', async ({ request }) => {
  for (const origin of [SHOP, PAGES]) {
    const res = await request.get(`${origin}/favicon.ico`);
    expect(res.status(), origin).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\//);
    expect((await res.body()).length).toBeGreaterThan(50);
  }
});
