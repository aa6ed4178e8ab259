import { expect, test } from './fixtures';
import { SHOP, waitForMenu } from './helpers';

// Every route of the shop renders (or shows the not-found page).
const headingRoutes: [string, RegExp][] = [
  ['/checkout/success/4711', /Deine Bestellung/],
  ['/checkout/holding', /Gleich geht es weiter/],
  ['/oeffnungszeiten', /Öffnungszeiten/],
  ['/anfahrt', /Anfahrt/],
  ['/ueber-uns', /Über uns/],
  ['/tisch-reservieren', /Tisch reservieren/],
  // pages with ids (reservation answer, rating, coupon links) are covered in pages.spec.ts;
  // unknown ids show the not-found page
  ['/tr/12/accept', /Seite nicht gefunden/],
  ['/feedback/4711', /Seite nicht gefunden/],
  ['/abmelden/newsletter/gast%40example.de', /Abmelden/],
  ['/reservieren/abc123', /Seite nicht gefunden/],
  ['/f/FAHRER1', /Gutschein reservieren/],
  ['/gibt-es-nicht', /Seite nicht gefunden/],
  ['/static/gibt-es-nicht', /Seite nicht gefunden/],
  ['/checkout/success', /Seite nicht gefunden/],
];

for (const [path, heading] of headingRoutes) {
  test(`route ${path}`, async ({ page }) => {
    await page.goto(`${SHOP}${path}`);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  });
}

for (const path of ['/', '/s/SMS42', '/?scrollTo=menu&jumpScroll=1']) {
  test(`main page ${path}${path === '/' ? ' @smoke' : ''}`, async ({ page }) => {
    await page.goto(`${SHOP}${path}`);
    await waitForMenu(page);
    await expect(page.locator('tischlein-cart')).toBeVisible();
  });
}

for (const path of ['/checkout', '/checkout/abgebrochen']) {
  test(`checkout ${path}`, async ({ page }) => {
    await page.goto(`${SHOP}${path}`);
    await expect(page.locator('tischlein-checkout').getByRole('heading', { name: 'Kasse' })).toBeVisible();
  });
}

test('a static page of the shop config', async ({ page, request }) => {
  const boot = await (await request.get(`${SHOP}/api/shop/demo/bootstrap`)).json();
  const first = boot.config.pages[0];
  await page.goto(`${SHOP}/static/${encodeURIComponent(first.id)}`);
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
});

test('franchise prefix /f={slug} is the base of all routes', async ({ page, request }) => {
  const boot = await (await request.get(`${SHOP}/api/shop/demo/bootstrap`)).json();
  expect(boot.config.franchiseId).toBeNull();
  const franchise = (await (await request.get(`${SHOP}/api/shop/burgerwerk-zentrum/bootstrap`)).json()).franchise;
  const slug: string = franchise.shops.find((s: { slug: string }) => s.slug !== 'burgerwerk-zentrum').slug;
  await page.goto(`${SHOP}/f=${slug}`);
  await waitForMenu(page);
  await expect(page.locator('.shell-header h1')).toContainText(franchise.shops.find((s: { slug: string }) => s.slug === slug).name);
  await page.getByRole('link', { name: 'Öffnungszeiten' }).click();
  await expect(page).toHaveURL(`${SHOP}/f=${slug}/oeffnungszeiten`);
  await expect(page.getByRole('heading', { level: 2, name: 'Öffnungszeiten' })).toBeVisible();
  await page.goto(`${SHOP}/f=${slug}/nicht-da`);
  await expect(page.getByRole('heading', { level: 2, name: /Seite nicht gefunden/ })).toBeVisible();
});

test("the splash '{Restaurantname} ist gleich da...' appears after 500 ms while the shop loads", async ({ page }) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  // (the shop data: the state first, then the catalog)
  await page.route('**/api/shop/*/state*', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${SHOP}/`);
  const splash = page.locator('#splash');
  await expect(splash).toContainText('ist gleich da...');
  // Invisible first (opacity 0, a fade-in that starts after 500 ms), then shown.
  const timing = await splash.evaluate((el) => {
    const s = getComputedStyle(el);
    return { delay: s.animationDelay, fill: s.animationFillMode };
  });
  expect(timing.delay).toBe('0.5s');
  expect(timing.fill).toBe('forwards');
  await expect.poll(() => splash.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expect(splash).toContainText(/\S+ ist gleich da\.\.\./);
  release();
  await waitForMenu(page);
  await expect(splash).toBeHidden();
});
