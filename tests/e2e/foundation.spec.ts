import { expect, test, type Page } from './fixtures';
import { PAGES, SHOP, collectErrors, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';

/** The first dish with its first button, through the customise dialog (shop forced open). */
async function addFirstDish(page: Page) {
  await page.locator('tischlein-menu .menu-dish').first().getByRole('button').first().click();
  await page.locator('tischlein-menu dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' }).click();
}

test.describe('one runtime, one cart', () => {
  test('menu and cart on the example homepage (another origin) share one cart @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    // (counted from the requests: the test clock replaces the page's performance timeline)
    const runtimeLoads: string[] = [];
    page.on('request', (r) => {
      if (/embed\/runtime\.[0-9a-f]+\.js$/.test(r.url())) runtimeLoads.push(r.url());
    });
    await patchBootstrap(page, OPEN);
    await page.goto(`${PAGES}/`);
    expect(new URL(page.url()).origin).not.toBe(SHOP);
    await waitForMenu(page);
    const cart = page.locator('tischlein-cart');
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '0');
    await addFirstDish(page);
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '1');
    // One federation runtime and one React for the whole page.
    expect(runtimeLoads).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('menu and cart in the shell share one cart', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    const cart = page.locator('tischlein-cart');
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '0');
    await addFirstDish(page);
    await expect(cart.locator('.cart-count')).toHaveAttribute('data-count', '1');
  });

  test('the queued JS API mounts widgets on the franchise page', async ({ page }) => {
    await page.goto(`${PAGES}/franchise/`);
    await expect(page.locator('#menu-slot .menu-dish').first()).toBeVisible();
    await expect(page.locator('#cart-slot .cart-count')).toBeVisible();
    await expect(page.locator('#address-slot').getByRole('button', { name: /Lieferung/ })).toBeVisible();
  });
});

test.describe('shadow roots isolate styles', () => {
  test("the host page's CSS does not change the widget, and the widget's CSS does not leak out", async ({ browser }) => {
    const read = async (url: string) => {
      const page = await browser.newPage();
      await page.goto(url);
      await waitForMenu(page);
      const style = await page.locator('tischlein-menu .menu-dish').first().evaluate((el) => {
        const s = getComputedStyle(el);
        const h = getComputedStyle(el.querySelector('h3')!);
        const b = getComputedStyle(el.querySelector('button')!);
        return {
          border: s.borderTopStyle + s.borderTopColor,
          padding: s.paddingTop,
          font: h.fontFamily,
          size: h.fontSize,
          color: h.color,
          transform: h.textTransform,
          button: b.backgroundColor,
        };
      });
      await page.close();
      return style;
    };
    // The same widget on the unfriendly homepage and on a bare page.
    const hostile = await read(`${PAGES}/`);
    const bare = await read(`${PAGES}/bare.html`);
    expect(hostile).toEqual(bare);
    expect(hostile.font).not.toContain('Comic Sans');

    // The page's own element with the widget's class names keeps the page's look.
    const page = await browser.newPage();
    await page.goto(`${PAGES}/`);
    await waitForMenu(page);
    const own = await page.locator('p.box.menu-dish.cart').evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopStyle, color: s.borderTopColor };
    });
    expect(own).toEqual({ border: 'dashed', color: 'rgb(204, 0, 204)' });
    await page.close();
  });
});
