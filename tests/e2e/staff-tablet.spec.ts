// The kitchen tablet as the owner holds it: on a 1024 × 768 tablet (landscape) a ringing order's
// 'Annehmen' is in view without scrolling, below the navigation, the alarm, the auto-print setting
// and the tabs; on a phone (360 and 412 px) the header keeps 'Abmelden' beside the section's title;
// two tablets and one order: the second one's open 'Annehmen' closes and says what happened.
// Screenshots at 1024 × 768, 1280 × 800 and 412 px.
import { expect, test, type Browser, type Locator } from '@playwright/test';
import { ownerWindow, placeOrder } from './staffHelpers';

async function ringing(browser: Browser, request: Parameters<typeof placeOrder>[0], width: number, height: number, delivery: boolean) {
  const owner = await ownerWindow(browser, { width, height });
  await expect(owner.app.getByText('Verbunden')).toBeVisible();
  const name = `Gast Tablet ${width} ${Date.now()}`;
  await placeOrder(request, name, '', { delivery });
  await expect(owner.app.getByRole('alert').filter({ hasText: 'Neue Bestellung!' })).toBeVisible();
  await expect(owner.app.locator('article.card', { hasText: name })).toBeVisible();
  return owner;
}

/** `inner` lies wholly inside the window of `width` × `height` px, the page not scrolled. */
async function expectInWindow(inner: Locator, width: number, height: number) {
  expect(await inner.page().evaluate(() => [scrollX, scrollY])).toEqual([0, 0]);
  const box = (await inner.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('tablet, landscape (1024 × 768): the first new order’s “Annehmen” is in view without scrolling while it rings', async ({ browser, request }, info) => {
  const { ctx, page, app } = await ringing(browser, request, 1024, 768, true);
  // (its own order is a delivery with notes for the driver and the kitchen: a card as tall as a busy evening's)
  const first = app.locator('#inbox-panel article.card').first();
  await expectInWindow(first.getByRole('button', { name: 'Annehmen' }), 1024, 768);
  await expectInWindow(first.getByRole('button', { name: 'Ablehnen' }), 1024, 768);
  // every section is still one tap away, each target at least 44 px high
  const nav = app.getByRole('navigation', { name: 'Bereiche' });
  for (const link of await nav.getByRole('link').all()) {
    await expect(link).toBeInViewport();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: info.outputPath('tablet-1024x768.png') });
  await ctx.close();
});

test('laptop (1280 × 800): the navigation and the first order’s “Annehmen” in view', async ({ browser, request }, info) => {
  const { ctx, page, app } = await ringing(browser, request, 1280, 800, false);
  await expectInWindow(app.locator('#inbox-panel article.card').first().getByRole('button', { name: 'Annehmen' }), 1280, 800);
  await page.screenshot({ path: info.outputPath('laptop-1280x800.png') });
  await ctx.close();
});

for (const width of [360, 412]) {
  test(`phone (${width} px): “Abmelden” stays beside the title, at least 44 px, nothing scrolls sideways`, async ({ browser }, info) => {
    const { ctx, page, app } = await ownerWindow(browser, { width, height: 800 });
    await expect(app.getByText('Verbunden')).toBeVisible();
    const bar = app.locator('header.inbox__bar');
    const title = (await bar.getByRole('heading', { name: 'Bestellungen' }).boundingBox())!;
    const logout = (await bar.getByRole('button', { name: 'Abmelden' }).boundingBox())!;
    // on the title's line, to its right
    expect(logout.y).toBeLessThan(title.y + title.height);
    expect(logout.y + logout.height).toBeGreaterThan(title.y);
    expect(logout.x).toBeGreaterThanOrEqual(title.x + title.width);
    expect(logout.height).toBeGreaterThanOrEqual(44);
    expect(logout.x + logout.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: info.outputPath(`header-${width}.png`) });
    await ctx.close();
  });
}

test('two tablets, one order: the first accepts; the second one’s open “Annehmen” closes and says where the card is now', async ({ browser, request }, info) => {
  const first = await ownerWindow(browser, { width: 1024, height: 768 });
  const second = await ownerWindow(browser, { width: 1024, height: 768 });
  for (const t of [first, second]) await expect(t.app.getByText('Verbunden')).toBeVisible();
  const name = `Gast Zwei Tablets ${Date.now()}`;
  await placeOrder(request, name);
  const cardOf = (t: typeof first) => t.app.locator('article.card', { hasText: name });
  await cardOf(second).getByRole('button', { name: 'Annehmen' }).click();
  const open = second.app.getByRole('dialog', { name: /Annehmen/ });
  await expect(open).toBeVisible();

  await cardOf(first).getByRole('button', { name: 'Annehmen' }).click();
  await first.app.getByRole('dialog', { name: /Annehmen/ }).getByRole('button', { name: 'Annehmen' }).click();
  await expect(first.app.getByRole('dialog')).toHaveCount(0);

  // the second tablet: no dialog waiting for 'Abbrechen'; the message is where the focus is
  await expect(open).toHaveCount(0);
  const told = second.app.getByRole('alert').filter({ hasText: 'wurde schon auf einem anderen Gerät angenommen – sie steht jetzt unter „In Arbeit“.' });
  await expect(told).toBeVisible();
  await expect(told).toBeFocused();
  await second.page.screenshot({ path: info.outputPath('second-tablet-1024.png') });
  await second.app.getByRole('tab', { name: /In Arbeit/ }).click();
  await expect(cardOf(second)).toContainText('fertig');
  await first.ctx.close();
  await second.ctx.close();
});
