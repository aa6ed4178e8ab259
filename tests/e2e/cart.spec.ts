// Cart widget in the browser (issue 5): the cart button on the example homepage (another origin
// than the shop), the cart dialog's lines, coupons, offers, totals and the restore of a stored
// cart. The shop is forced open at Tuesday 12:00 (bootstrap patched in the browser), so prices
// and time-bound discounts do not depend on the wall clock.
import { expect, test, type Locator, type Page } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import type { Bootstrap, CartItem, CouponInfo, DeliveryPeriod } from '../../shared/domain';
import { priceOrder, type OrderBreakdown, type PricingContext } from '../../shared/pricing';
import { PAGES, SHOP, clearStorage, collectErrors, waitForMenu } from './helpers';
import { patchBootstrap } from './menuHelpers';

const CART_KEY = 'tischlein:cart:demo';
const COUPON_KEY = 'tischlein:coupon:demo';

/** Tuesday 12:00, open, orders accepted. */
const OPEN: Partial<DeliveryPeriod> = {
  insideOpenHours: true, acceptOrders: true, allowOrders: true, allowDelivery: true, allowPickup: true,
  dayIndex: 1, minOffset: 720, time: '12:00', openInMinutes: null, openAt: null,
};

async function forceOpen(page: Page) {
  await patchBootstrap(page, OPEN);
}

let seq = 0;
/** A stored dish line as the menu widget writes it (prices are recomputed by the restore). */
function dish(dishId: string, sizeId: string | null = null, amount = 1, more: Record<string, unknown> = {}) {
  seq += 1;
  return {
    kind: 'dish', lineId: `t${seq}`, dishId, sizeId, memberName: null, amount, price: 0, priceNonDiscounted: 0,
    promotion: null, without: [], tags: [], slotId: null, extras: [], ...more,
  };
}

/** Fresh storage on the homepage's origin, the stored cart (lines or a raw string), then the homepage. */
async function openHomepage(page: Page, stored?: unknown) {
  await forceOpen(page);
  await clearStorage(page, PAGES);
  if (stored !== undefined) {
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, value),
      [CART_KEY, typeof stored === 'string' ? stored : JSON.stringify(stored)] as const,
    );
  }
  await page.goto(`${PAGES}/`);
  await expect(cartButton(page)).toBeVisible();
}

const cart = (page: Page) => page.locator('tischlein-cart');
const cartButton = (page: Page) => cart(page).locator('button.cart-button');
const cartDialog = (page: Page) => cart(page).getByRole('dialog', { name: 'Warenkorb' });
const problemsDialog = (page: Page) => cart(page).getByRole('dialog', { name: 'Warenkorb Probleme' });
const line = (page: Page, name: string) =>
  cartDialog(page).locator('.cart-line').filter({ has: page.locator('.cart-line__name', { hasText: name }) });

async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const d = cartDialog(page);
  await expect(d).toBeVisible();
  await expect(d.locator('.cart-panel')).toBeVisible();
  return d;
}

/** The rows of the totals: key → cents (deductions negative). */
async function totals(page: Page): Promise<Record<string, number>> {
  return cartDialog(page).locator('[data-total]').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [(el as HTMLElement).dataset.total!, Number((el as HTMLElement).dataset.cents)])),
  );
}

async function expectGrandTotal(page: Page, cents: number) {
  await expect(cartDialog(page).locator('[data-total="grandTotal"]')).toHaveAttribute('data-cents', String(cents));
}

async function storedLines(page: Page): Promise<{ dishId?: string; amount: number }[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), CART_KEY);
}

/** Adds a dish from the menu widget: its add control, then 'IN DEN WARENKORB' if the customise dialog opens. */
async function addFromMenu(page: Page, dishId: string) {
  const menu = page.locator('tischlein-menu');
  const card = menu.locator(`.menu-dish[data-dish-id="${dishId}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.locator('.menu-dish__add').click();
  const add = menu.locator('dialog[open]').getByRole('button', { name: 'IN DEN WARENKORB' });
  const count = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
  // Either the dish went straight into the cart or the customise dialog asks.
  await expect(async () => {
    const now = Number(await cart(page).locator('.cart-count').getAttribute('data-count'));
    if (now > count) return;
    expect(await add.isVisible()).toBe(true);
  }).toPass();
  if (await add.isVisible()) await add.click();
  await expect(menu.locator('dialog[open]')).toHaveCount(0);
}

test.describe('cart button on the example homepage', () => {
  test('adding from the menu widget updates the cart button and the cart @smoke', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page);
    expect(new URL(page.url()).origin).not.toBe(SHOP);
    await waitForMenu(page);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 0 Artikel');
    await expect(cart(page).locator('.cart-count')).toHaveText('0');

    await addFromMenu(page, 'panna-cotta');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 1 Artikel, 4,50 €');
    await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '1');
    await expect(cart(page).locator('.cart-button__total')).toHaveText('4,50 €');

    await addFromMenu(page, 'gelato');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 8,40 €');
    await expect(cart(page).locator('.cart-button__total')).toHaveText('8,40 €');
    // the host page hears the cart (tischlein:cart-changed)
    await expect(page).toHaveTitle('Trattoria Tischlein (2)');

    const d = await openCart(page);
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta', 'Gelato (2 Kugeln)']);
    await expect(line(page, 'Panna cotta').locator('.cart-line__price')).toContainText('4,50 €');
    await expect(line(page, 'Gelato').locator('.cart-line__price')).toContainText('3,90 €');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 840, subtotal: 840, grandTotal: 840 });
    await expect(d.locator('.cart-total--grand')).toHaveText(/Gesamtsumme\s*8,40\s€/);
    await expect(d.getByText('Gratis Lieferung ab 20,00 €!*')).toBeVisible();

    // the cart lives in the homepage origin's storage
    expect((await storedLines(page)).map((l) => [l.dishId, l.amount])).toEqual([['panna-cotta', 1], ['gelato', 1]]);
    expect(errors).toEqual([]);
  });

  test('amounts change with the stepper (never below 1) and lines are removed', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta'), dish('gelato', null, 2)]);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 3 Artikel, 12,30 €');
    const d = await openCart(page);

    const panna = line(page, 'Panna cotta');
    const more = panna.getByRole('button', { name: 'Menge erhöhen' });
    const less = panna.getByRole('button', { name: 'Menge verringern' });
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('1');
    await expect(less).toBeDisabled();
    await more.click();
    await more.click();
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('3');
    await expect(panna).toHaveAttribute('data-payable', '1350');
    await expectGrandTotal(page, 1350 + 780);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 5 Artikel, 21,30 €');
    await less.click();
    await expect(panna).toHaveAttribute('data-payable', '900');
    await expectGrandTotal(page, 900 + 780);
    expect((await storedLines(page)).map((l) => [l.dishId, l.amount])).toEqual([['panna-cotta', 2], ['gelato', 2]]);

    await d.getByRole('button', { name: 'Gelato (2 Kugeln) entfernen' }).click();
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta']);
    await expectGrandTotal(page, 900);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 9,00 €');
    expect((await storedLines(page)).map((l) => l.dishId)).toEqual(['panna-cotta']);

    await d.getByRole('button', { name: 'Panna cotta entfernen' }).click();
    await expect(d.getByText('Dein Warenkorb ist leer.')).toBeVisible();
    await expect(d.getByRole('button', { name: 'ZUR KASSE' })).toBeDisabled();
    await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '0');
    expect(await storedLines(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('coupons', () => {
  const couponField = (page: Page) => cartDialog(page).getByRole('textbox', { name: 'Gutscheincode' });
  async function redeem(page: Page, code: string) {
    await couponField(page).fill(code);
    await cartDialog(page).getByRole('button', { name: 'Einlösen' }).click();
  }
  const couponState = (page: Page) => cartDialog(page).locator('.cart-coupon__state');

  test('a valid code, an invalid one, an expired one and one below its minimum order value', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta', null, 2)]); // 9,00 €
    const d = await openCart(page);

    await redeem(page, 'willkommen10');
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    await expect(d.locator('[data-total="coupon"]')).toHaveText(/Gutschein WILLKOMMEN10\s*−0,90\s€/);
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 900, subtotal: 900, coupon: -90, grandTotal: 810 });
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 8,10 €');
    await d.getByRole('button', { name: 'Gutschein entfernen' }).click();
    await expectGrandTotal(page, 900);
    await expect(d.locator('[data-total="coupon"]')).toHaveCount(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), COUPON_KEY)).toBeNull();

    await redeem(page, 'GIBTSNICHT');
    await expect(couponState(page)).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    await expect(d.locator('.cart-coupon')).toHaveAttribute('data-coupon-state', 'invalid');
    await expectGrandTotal(page, 900);

    await redeem(page, 'SOMMER2025'); // expired
    await expect(d.locator('.cart-coupon')).toHaveAttribute('data-coupon-state', 'invalid');
    await expect(couponState(page)).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    await expectGrandTotal(page, 900);

    // 5 € from 20 €: accepted, but not applied below the minimum order value
    await redeem(page, 'FUENFER');
    await expect(couponState(page)).toHaveText('Gutschein FUENFER gilt ab einem Bestellwert von 20,00 €.');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 900, subtotal: 900, grandTotal: 900 });
    // 5 × 4,50 € = 22,50 €: now it counts
    const more = line(page, 'Panna cotta').getByRole('button', { name: 'Menge erhöhen' });
    for (let i = 0; i < 3; i++) await more.click();
    await expect(couponState(page)).toHaveText('Gutschein FUENFER eingelöst.');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2250, subtotal: 2250, coupon: -500, grandTotal: 1750 });
    expect(errors).toEqual([]);
  });

  test("the reserved coupon asks 'Neuer Gutscheincode' while another code is set; reload keeps cart and coupon", async ({ page }) => {
    const errors = collectErrors(page);
    // 8 × 4,50 € = 36,00 €; '10 % Rabatt ab 30 €' → 32,40 €: above TREUE15's 30 €
    await openHomepage(page, [dish('panna-cotta', null, 8)]);
    const d = await openCart(page);
    await redeem(page, 'WILLKOMMEN10');
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    await expect(d.locator('[data-total="coupon"]')).toHaveAttribute('data-cents', '-324');

    const phone = d.getByRole('textbox', { name: 'Telefonnummer' });
    const search = d.getByRole('button', { name: 'Reservierten Gutschein suchen' });
    await phone.fill('0170 9999999');
    await search.click();
    await expect(d.getByText('Für diese Telefonnummer ist kein Gutschein reserviert.')).toBeVisible();

    // keep the current code
    await phone.fill('0170 1234567');
    await search.click();
    let confirm = cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' });
    await expect(confirm).toContainText('Für Dich wurde ein reservierter Gutschein gefunden! TREUE15, 15%. Möchtest Du wechseln?');
    await confirm.getByRole('button', { name: 'BEHALTEN' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(couponState(page)).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');

    // switch
    await search.click();
    confirm = cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' });
    await expect(confirm).toContainText('Für Dich wurde ein reservierter Gutschein gefunden! TREUE15, 15%. Möchtest Du wechseln?');
    await confirm.getByRole('button', { name: 'WECHSELN' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    const expected = { itemsNonDiscounted: 3600, subtotal: 3600, 'cartDiscount:offer-10-prozent': -360, coupon: -486, grandTotal: 2754 };
    expect(await totals(page)).toEqual(expected);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 8 Artikel, 27,54 €');

    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 8 Artikel, 27,54 €');
    await openCart(page);
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    await expect(line(page, 'Panna cotta').getByRole('group', { name: 'Menge Panna cotta' })).toContainText('8');
    expect(await totals(page)).toEqual(expected);
    await expect(problemsDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('without a code set, the reserved coupon applies at once', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta', null, 8)]);
    const d = await openCart(page);
    await d.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234567');
    await d.getByRole('button', { name: 'Reservierten Gutschein suchen' }).click();
    await expect(couponState(page)).toHaveText('Gutschein TREUE15 eingelöst.');
    await expect(cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' })).toHaveCount(0);
    await expectGrandTotal(page, 2754);
  });
});

test.describe('stored cart tampered with', () => {
  const extra = (groupId: string, itemId: string, itemName: string) => ({ groupId, itemId, itemName, promotion: null, amount: 1, type: 'ingredient' });

  test("garbage in storage: an empty cart, no 'Warenkorb Probleme', nothing crashes", async ({ page }) => {
    const errors = collectErrors(page);
    for (const garbage of ['{{nicht json', '"ein Text"', '{"items":5}', 'null', '[[[']) {
      await openHomepage(page, garbage);
      await waitForMenu(page);
      await expect(cart(page).locator('.cart-count')).toHaveAttribute('data-count', '0');
      await expect(problemsDialog(page)).toHaveCount(0);
    }
    // the cart still works
    await addFromMenu(page, 'panna-cotta');
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 1 Artikel, 4,50 €');
    expect(errors).toEqual([]);
  });

  test("dropped lines are listed in 'Warenkorb Probleme' with the spec's messages; the rest stays", async ({ page }) => {
    const errors = collectErrors(page);
    const lines = [
      dish('panna-cotta', null, 2),
      dish('pizza-hawaii', null, 1, { dishName: 'Pizza Hawaii' }),
      dish('cola', 'l15'),
      dish('cola'),
      dish('gelato', 'l05'),
      dish('pizza-margherita', 'p26', 1, { extras: [extra('g-veggie', 'x-blattgold', 'Blattgold')] }),
      dish('pizza-salami', 'p26', 1, { extras: [extra('g-gibtsnicht', 'x-salami', 'Salami')] }),
      dish('pizza-tonno', 'p26', 1, { without: ['trueffel'] }),
      dish('pizza-margherita', 'p32', 1, { without: ['basilikum'], extras: [extra('g-veggie', 'x-mozzarella', 'Extra Mozzarella')] }),
      { kind: 'menu', lineId: 'm1', menuId: 'menu-weg', menuName: 'Wochenmenü', amount: 1, subitems: [] },
      42,
      '__HOSTILE_KEPT__',
      '__HOSTILE_DROPPED__',
    ];
    // JSON.stringify cannot write own "__proto__" keys; a hostile page or extension can.
    const stored = JSON.stringify(lines)
      .replace(
        '"__HOSTILE_KEPT__"',
        '{"kind":"dish","lineId":"h1","dishId":"gelato","sizeId":null,"amount":1,"without":[],"extras":[],' +
          '"__proto__":{"dishId":"tiramisu","amount":50,"polluted":"ja"},"constructor":{"prototype":{"polluted":"ja"}}}',
      )
      .replace('"__HOSTILE_DROPPED__"', '{"kind":"dish","lineId":"h2","__proto__":{"dishId":"tiramisu","sizeId":null,"amount":1}}');
    await openHomepage(page, stored);

    const dialog = problemsDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Diese Artikel sind nicht mehr verfügbar und wurden aus Deinem Warenkorb entfernt:');
    await expect(dialog.getByRole('list', { name: 'Nicht gefunden' }).getByRole('listitem')).toHaveText([
      'Gericht Pizza Hawaii nicht gefunden',
      'Größe l15 nicht gefunden',
      'Größe nicht gefunden',
      'Größe l05 nicht gefunden',
      'Zutat Blattgold nicht gefunden',
      'Gruppe g-gibtsnicht nicht gefunden',
      'Zutat Trüffelcreme nicht gefunden', // a known ingredient, but not one of this dish's
      'Menü Wochenmenü nicht gefunden',
      'Ungültiges Gericht',
      'Gericht ? nicht gefunden',
    ]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);

    // the rest stays: 2 × Panna cotta, Margherita 32 cm ohne Basilikum + Mozzarella, the hostile line's own Gelato
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 4 Artikel, 25,30 €');
    const d = await openCart(page);
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta', 'Pizza Margherita 32 cm', 'Gelato (2 Kugeln)']);
    const margherita = line(page, 'Pizza Margherita');
    await expect(margherita).toContainText('ohne Basilikum');
    await expect(margherita).toContainText('+ Extra Mozzarella (1,50 €)');
    await expect(margherita).toHaveAttribute('data-payable', '1240');
    await expect(line(page, 'Gelato')).toHaveAttribute('data-payable', '390');
    await expectGrandTotal(page, 900 + 1240 + 390);

    // nothing reached a prototype; the cleaned cart was written back
    expect(await page.evaluate(() => [({} as Record<string, unknown>).polluted, Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')])).toEqual([undefined, false]);
    const raw = await page.evaluate((k) => localStorage.getItem(k) ?? '', CART_KEY);
    expect(raw).not.toContain('__proto__');
    expect((JSON.parse(raw) as { dishId: string; amount: number }[]).map((l) => [l.dishId, l.amount])).toEqual([
      ['panna-cotta', 2], ['pizza-margherita', 1], ['gelato', 1],
    ]);

    // dismissed problems do not come back
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 4 Artikel, 25,30 €');
    await waitForMenu(page);
    await expect(problemsDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('offers in the cart', () => {
  const banner = (page: Page) => cartDialog(page).locator('.cart-banner');

  test('the free-delivery banner at its three thresholds (20 € offer; "Noch …" within 10 €)', async ({ page }) => {
    const errors = collectErrors(page);
    // Pizzabrötchen 4,50 € + Rotwein 0,2 l 5,50 € (no deposit) = 10,00 €: exactly 10 € missing
    await openHomepage(page, [dish('pizzabroetchen'), dish('rotwein', 'l02')]);
    const d = await openCart(page);
    await expect(banner(page)).toHaveText('Noch 10,00 € bis zur kostenlosen Lieferung!*');
    await expect(d.locator('.cart-offers .cart-hint').first()).toHaveText('* In allen Liefergebieten');

    const wine = line(page, 'Montepulciano');
    await d.getByRole('button', { name: 'Pizzabrötchen mit Aioli entfernen' }).click(); // 5,50 €
    await expect(banner(page)).toHaveText('Gratis Lieferung ab 20,00 €!*');
    await expect(d.locator('[data-free-delivery]')).toHaveAttribute('data-free-delivery', 'open');

    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 11,00 €
    await expect(banner(page)).toHaveText('Noch 9,00 € bis zur kostenlosen Lieferung!*');
    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 16,50 €
    await expect(banner(page)).toHaveText('Noch 3,50 € bis zur kostenlosen Lieferung!*');
    await wine.getByRole('button', { name: 'Menge erhöhen' }).click(); // 22,00 €
    await expect(banner(page)).toHaveText('Deine Lieferung ist kostenlos!*');
    await expect(d.locator('[data-free-delivery]')).toHaveAttribute('data-free-delivery', 'reached');
    await wine.getByRole('button', { name: 'Menge verringern' }).click(); // 16,50 €
    await expect(banner(page)).toHaveText('Noch 3,50 € bis zur kostenlosen Lieferung!*');
    expect(errors).toEqual([]);
  });

  test('a free item is offered when its threshold is reached and dropped below it', async ({ page }) => {
    const errors = collectErrors(page);
    await openHomepage(page, [dish('panna-cotta', null, 5)]); // 22,50 €
    const d = await openCart(page);
    const panna = line(page, 'Panna cotta');
    const offer = d.locator('[data-free-item="offer-tiramisu"]');
    await expect(offer).toHaveAttribute('data-state', 'nearly-reached');
    await expect(offer).toHaveText('Nur noch 2,50 € bis: Gratis Tiramisu ab 25 €!');

    await panna.getByRole('button', { name: 'Menge erhöhen' }).click(); // 27,00 €
    const choice = d.getByRole('group', { name: 'Gratis Tiramisu ab 25 €: Wähle Deinen Gratisartikel' });
    await expect(choice).toBeVisible();
    await expect(offer).toHaveAttribute('data-state', 'reached');
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).not.toBeChecked();
    await choice.getByRole('radio', { name: 'Tiramisu' }).check();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveText(/Gratisartikel: Tiramisu\s*gratis/);
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2700, subtotal: 2700, 'freeItem:offer-tiramisu': 0, grandTotal: 2700 });

    // the choice stays with the cart across a reload
    await page.reload();
    await expect(cartButton(page)).toBeVisible();
    await openCart(page);
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).toBeChecked();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveText(/Gratisartikel: Tiramisu\s*gratis/);

    // below 25 €: the choice and the free item go
    await panna.getByRole('button', { name: 'Menge verringern' }).click(); // 22,50 €
    await expect(choice).toHaveCount(0);
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveCount(0);
    await expect(offer).toHaveText('Nur noch 2,50 € bis: Gratis Tiramisu ab 25 €!');
    expect(await totals(page)).toEqual({ itemsNonDiscounted: 2250, subtotal: 2250, grandTotal: 2250 });

    // reached again: the old choice does not come back by itself
    await panna.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(choice.getByRole('radio', { name: 'Tiramisu' })).not.toBeChecked();
    await expect(d.locator('[data-total="freeItem:offer-tiramisu"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('totals', () => {
  /** What the cart must show for an engine breakdown, row by row (deductions negative). */
  function expectedRows(o: OrderBreakdown): Record<string, number> {
    const rows: Record<string, number> = { itemsNonDiscounted: o.itemsNonDiscounted };
    if (o.discounts.item > 0) rows.itemDiscount = -o.discounts.item;
    for (const g of o.twoForOne) if (g.saving > 0) rows[`twoForOne:${g.key}`] = -g.saving;
    rows.subtotal = o.subtotal;
    for (const c of o.cartDiscounts) if (c.applied && c.amount > 0) rows[`cartDiscount:${c.offerId}`] = -c.amount;
    for (const f of o.freeItems) rows[`freeItem:${f.offerId}`] = 0;
    if (o.discounts.coupon > 0) rows.coupon = -o.discounts.coupon;
    if (o.deposit > 0) rows.deposit = o.deposit;
    if (o.deliveryFee > 0 || o.deliveryFeeWaived) rows.deliveryFee = o.deliveryFee;
    rows.grandTotal = o.grandTotal;
    return rows;
  }

  test("the cart shows the engine's totals for the same cart (priceOrder in the test process)", async ({ page, request }) => {
    const errors = collectErrors(page);
    const extra = (groupId: string, itemId: string, itemName: string) => ({ groupId, itemId, itemName, promotion: null, amount: 1, type: 'ingredient' });
    const menuSub = (slotId: string, dishId: string, sizeId: string) => ({ ...dish(dishId, sizeId), lineId: slotId, slotId });
    await openHomepage(page, [
      dish('pizza-margherita', 'p32', 1, { without: ['basilikum'], extras: [extra('g-veggie', 'x-mozzarella', 'Extra Mozzarella'), extra('g-fleisch', 'x-salami', 'Salami')] }),
      dish('pizza-salami', 'p26'), // two-for-one with the Margherita
      dish('pasta-carbonara', 'gross', 2), // 10 % lunch discount (Tuesday 12:00)
      dish('tiramisu'), // fixed price 3,99 €
      dish('cola', 'l05', 2), // deposit
      { kind: 'menu', lineId: 'menu1', menuId: 'menu-mittag', memberName: null, amount: 1, price: 0, deliveryType: null, promotion: null,
        subitems: [menuSub('slot-pizza', 'pizza-tonno', 'p26'), menuSub('slot-getraenk', 'wasser', 'l05')] },
    ]);
    const d = await openCart(page);
    await expect(d.locator('.cart-line')).toHaveCount(6);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('WILLKOMMEN10');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Gutschein WILLKOMMEN10 eingelöst.');
    // with two-for-one applied only the free cola is offered (it combines with two-for-one, the tiramisu does not)
    await expect(d.locator('fieldset[data-free-item]')).toHaveCount(1);
    await d.getByRole('group', { name: 'Gratis Cola 1,0 l ab 35 €: Wähle Deinen Gratisartikel' }).getByRole('radio', { name: 'Coca-Cola Zero 1,0 l' }).check();
    await expect(d.locator('[data-total^="freeItem:"]')).toHaveCount(1);

    // the same cart through the engine: lines from the page's storage, catalog and coupon from the shop API
    const items = (await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), CART_KEY)) as CartItem[];
    const boot = (await (await request.get(`${SHOP}/api/shop/demo/bootstrap`)).json()) as Bootstrap;
    const info = (await (await request.get(`${SHOP}/api/shop/demo/validate_coupon?code=WILLKOMMEN10`)).json()) as CouponInfo;
    const ctx: PricingContext = { time: { dayIndex: OPEN.dayIndex!, minute: OPEN.minOffset! }, channel: 'webshop', deliveryType: 'delivery', groupOrderActive: false };
    const expected = priceOrder({
      catalog: boot.catalog, items, ctx,
      coupon: { state: 'valid', code: info.code ?? 'WILLKOMMEN10', type: info.type, value: info.value, minimumOrderValue: info.minimumOrderValue ?? 0 },
      selectedFreeItems: [{ offerId: 'offer-cola', dishId: 'cola-zero', sizeId: 'l10' }],
      twoForOneStatus: {},
      delivery: null,
    });
    // the cart exercises every kind of row
    expect(expected.lines).toHaveLength(6);
    expect(expected.discounts.item).toBeGreaterThan(0);
    expect(expected.discounts.twoForOne).toBeGreaterThan(0);
    expect(expected.discounts.cartDiscount).toBeGreaterThan(0);
    expect(expected.discounts.coupon).toBeGreaterThan(0);
    expect(expected.freeItems.map((f) => f.dishId)).toEqual(['cola-zero']);
    expect(expected.deposit).toBeGreaterThan(0);

    expect(await totals(page)).toEqual(expectedRows(expected));
    const payable = await d.locator('.cart-line').evaluateAll((els) => els.map((el) => [(el as HTMLElement).dataset.lineId, Number((el as HTMLElement).dataset.payable)]));
    expect(payable).toEqual(expected.lines.map((l) => [l.lineId, l.payable]));
    const euro = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;
    await expect(d.locator('.cart-total--grand dd')).toHaveText(euro(expected.grandTotal));
    await expect(cartButton(page)).toHaveAccessibleName(`Warenkorb, 8 Artikel, ${euro(expected.grandTotal)}`);
    expect(errors).toEqual([]);
  });
});

test.describe('accessibility', () => {
  /** Violations in the cart widget; with `dialog`, only in that open dialog (the page behind a modal is inert). */
  async function axe(page: Page, dialog?: string) {
    const result = await new AxeBuilder({ page }).include(dialog ? [['tischlein-cart', dialog]] : 'tischlein-cart').analyze();
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** Where the focus is, through shadow roots: label, text and whether it is inside the open cart dialog. */
  function focused(page: Page) {
    return page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
      const dialog = document.querySelector('tischlein-cart')?.shadowRoot?.querySelector('dialog.cart-dialog[open]') ?? null;
      return {
        label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
        line: el?.closest('.cart-line')?.querySelector('.cart-line__name')?.textContent ?? null,
        inDialog: !!dialog && !!el && dialog.contains(el),
        isCartButton: !!el?.classList.contains('cart-button'),
      };
    });
  }

  async function tabTo(page: Page, label: string, lineName: string | null = null) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (f.label === label && (lineName === null || f.line?.startsWith(lineName))) return;
    }
    throw new Error(`no focus stop '${label}'`);
  }

  test('axe finds no violation on the cart button, the cart, the problems dialog and the coupon confirm', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta', null, 6), dish('cola', 'l05'), dish('pizza-hawaii', null, 1, { dishName: 'Pizza Hawaii' })]);
    await expect(problemsDialog(page)).toBeVisible();
    expect(await axe(page, 'dialog[open]')).toEqual([]);
    await problemsDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(problemsDialog(page)).toHaveCount(0);

    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 7 Artikel, 30,15 €');
    expect(await axe(page)).toEqual([]); // the cart button, after the cart's lazy styles came in
    expect(await cart(page).locator('.cart-button__total').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    const d = await openCart(page);
    await expect(d.locator('fieldset[data-free-item]')).toHaveCount(1);
    expect(await axe(page, 'dialog.cart-dialog[open]')).toEqual([]);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('FALSCH');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Dieser Gutscheincode ist ungültig oder abgelaufen.');
    expect(await axe(page, 'dialog.cart-dialog[open]')).toEqual([]);
    await d.getByRole('textbox', { name: 'Gutscheincode' }).fill('FUENFER');
    await d.getByRole('button', { name: 'Einlösen' }).click();
    await expect(d.locator('.cart-coupon__state')).toHaveText('Gutschein FUENFER eingelöst.');
    await d.getByRole('textbox', { name: 'Telefonnummer' }).fill('0170 1234567');
    await d.getByRole('button', { name: 'Reservierten Gutschein suchen' }).click();
    await expect(cart(page).getByRole('dialog', { name: 'Neuer Gutscheincode' })).toBeVisible();
    expect(await axe(page, 'dialog[open]:not(.cart-dialog)')).toEqual([]);
  });

  test('keyboard: Enter/Space open the cart, Tab stays inside, Escape closes and focus returns to the button', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta', null, 6), dish('gelato')]);
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(cartDialog(page)).toBeVisible();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');

    // forwards and backwards through every stop (more presses than stops): never outside
    const stops = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        const f = await focused(page);
        expect(f.inDialog, `${key} #${i + 1} left the dialog (focus on '${f.label}')`).toBe(true);
        stops.add(`${f.line ?? ''}/${f.label}`);
      }
    }
    expect(stops.size).toBeGreaterThan(8);

    await page.keyboard.press('Escape');
    await expect(cartDialog(page)).toHaveCount(0);
    await expect.poll(async () => (await focused(page)).isCartButton).toBe(true);
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press(' ');
    await expect(cartDialog(page)).toBeVisible();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect(cartDialog(page)).toHaveCount(0);
    await expect.poll(async () => (await focused(page)).isCartButton).toBe(true);
  });

  test('keyboard: the stepper and the remove button are reachable and work', async ({ page }) => {
    await openHomepage(page, [dish('panna-cotta'), dish('gelato', null, 2)]);
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    const d = cartDialog(page);
    await expect(d).toBeVisible();
    const panna = line(page, 'Panna cotta');

    await tabTo(page, 'Menge erhöhen', 'Panna cotta');
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');
    await page.keyboard.press(' ');
    await expect(panna).toHaveAttribute('data-payable', '1350');
    await expect(panna.getByRole('group', { name: 'Menge Panna cotta' })).toContainText('3');
    await page.keyboard.press('Shift+Tab'); // the value is no stop: back to 'Menge verringern'
    expect(await focused(page)).toMatchObject({ label: 'Menge verringern', line: 'Panna cotta' });
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');
    await expectGrandTotal(page, 900 + 780);
    // down to 1: 'Menge verringern' is disabled there; the focus must not fall out of the cart
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '450');
    await expect(panna.getByRole('button', { name: 'Menge verringern' })).toBeDisabled();
    await expect.poll(() => focused(page)).toMatchObject({ label: 'Menge erhöhen', line: 'Panna cotta', inDialog: true });
    await page.keyboard.press('Enter');
    await expect(panna).toHaveAttribute('data-payable', '900');

    await tabTo(page, 'Gelato (2 Kugeln) entfernen');
    await page.keyboard.press('Enter');
    await expect(d.locator('.cart-line__name')).toHaveText(['Panna cotta']);
    await expectGrandTotal(page, 900);
    // the focus stays in the cart
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expect(cartButton(page)).toHaveAccessibleName('Warenkorb, 2 Artikel, 9,00 €');
  });
});
