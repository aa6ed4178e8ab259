import { expect, test } from '@playwright/test';
import { PAGES, SHOP, collectErrors } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';

// The embed loader's contract with a restaurant's page (docs/embedding.md).

test('the host page hears the widgets through DOM CustomEvents', async ({ page }) => {
  await patchBootstrap(page, OPEN);
  await page.goto(`${PAGES}/`);
  await expect(page.locator('tischlein-menu .menu-dish').first()).toBeVisible();
  const heard = page.evaluate(
    () =>
      new Promise<{ count: number; items: number }>((resolve) =>
        document.addEventListener('tischlein:cart-changed', (e) => {
          const d = (e as CustomEvent).detail;
          resolve({ count: d.count, items: d.items.length });
        }),
      ),
  );
  await page.locator('tischlein-menu .menu-dish').first().getByRole('button').first().click();
  await page.locator('tischlein-menu dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' }).click();
  expect(await heard).toEqual({ count: 1, items: 1 });
  // examples/index.html writes the count into its title from the event
  await expect(page).toHaveTitle('Trattoria Tischlein (1)');
});

test('Tischlein("mount", …) works after the loader has arrived too, and widgets can be unmounted', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${PAGES}/bare.html`);
  await expect(page.locator('tischlein-menu .menu-dish').first()).toBeVisible();
  await page.evaluate(() => {
    const el = document.createElement('div');
    el.id = 'late';
    document.body.appendChild(el);
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('mount', 'cart', el, { variant: 'full' });
  });
  await expect(page.locator('#late .cart-count')).toHaveAttribute('data-count', '0');
  await page.evaluate(() =>
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('unmount', document.getElementById('late')),
  );
  await expect(page.locator('#late .cart-count')).toHaveCount(0);
  // an unknown widget name is refused with a message, not a crash
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.evaluate(() =>
    (window as unknown as { Tischlein: (...a: unknown[]) => void }).Tischlein('mount', 'nope', document.body),
  );
  await expect.poll(() => messages.join('\n')).toContain('unbekanntes Widget');
  expect(errors).toEqual([]);
});

test('the widget assets and the API come from the shop origin; the API allows the page with credentials', async ({ page }) => {
  const api: { url: string; allow: string | undefined; creds: string | undefined }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/shop/')) {
      api.push({ url: r.url(), allow: r.headers()['access-control-allow-origin'], creds: r.headers()['access-control-allow-credentials'] });
    }
  });
  await page.goto(`${PAGES}/bare.html`);
  await expect(page.locator('tischlein-menu .menu-dish').first()).toBeVisible();
  expect(api.length).toBeGreaterThan(0);
  for (const a of api) {
    expect(a.url.startsWith(SHOP)).toBe(true);
    expect(a.allow).toBe(PAGES);
    expect(a.creds).toBe('true');
  }
});

test('a broken data-shop stops the loader with a message, and the page stays usable', async ({ page }) => {
  const errors = collectErrors(page);
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`${PAGES}/gibt-es-nicht.txt`); // a page of the same origin without the loader
  await page.setContent(
    `<!doctype html><html lang="de"><head><title>x</title><script src="${SHOP}/embed.js" data-shop="../../etc"></script></head><body><p id="own">Eigene Seite</p><tischlein-menu></tischlein-menu></body></html>`,
  );
  await expect.poll(() => messages.join('\n')).toContain('data-shop fehlt oder ist ungültig');
  await expect(page.locator('#own')).toBeVisible();
  expect(errors).toEqual([]);
});
