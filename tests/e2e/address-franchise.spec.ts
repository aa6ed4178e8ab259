// Franchise mode of the info dialog:
// every page transition, the suggestion rule, and the `#franchise` hand-over between two shops of
// the demo brand (Burgerwerk) with the cart kept — also from the brand page on the other origin —
// and hostile hashes that lose nothing. Tuesday 12:00: Zentrum and Süd open, Nord opens at 16:00.
import { expect, test, type Page } from '@playwright/test';
import { PAGES, SHOP, clearStorage, collectErrors, patchShopData, setClock } from './helpers';
import { address, cart, enterAddress, expectNoAxeViolations, field, infoDialog, storeAddress, storeCart } from './addressHelpers';
import type { Bootstrap } from '../../shared/domain';

const ZENTRUM = `${SHOP}/f=burgerwerk-zentrum`;
/** 2 × Crispy Chicken Burger (9,90 €) + 1 × Pommes frites (3,50 €) = 23,30 € */
const LINES = [
  { dishId: 'bw-chicken', amount: 2 },
  { dishId: 'bw-fries', amount: 1 },
];
const titled = (page: Page, name: string) => address(page).getByRole('dialog', { name });
const page_ = (page: Page) => infoDialog(page).locator('[data-page]');

/** Real bootstrap answers (at Tuesday 12:00); `patch` may change one shop's answer. */
async function serve(page: Page, patch?: (b: Bootstrap) => void) {
  if (patch) await patchShopData(page, patch);
  await setClock(page);
}

async function openZentrum(page: Page, patch?: (b: Bootstrap) => void) {
  await serve(page, patch);
  await clearStorage(page, SHOP);
  await storeCart(page, 'burgerwerk-zentrum', LINES);
  await page.goto(ZENTRUM);
  await expect(titled(page, 'SCHNELL ZUR RICHTIGEN FILIALE')).toBeVisible();
}

async function expectCartKept(page: Page) {
  await expect(cart(page).locator('[data-line-id]')).toHaveCount(2);
  await expect(cart(page).locator('[data-total="subtotal"]')).toHaveAttribute('data-cents', '2330');
  await expect(cart(page).getByText('Crispy Chicken Burger')).toBeVisible();
}

test.describe('franchise info dialog', () => {
  test('initial page: the order-time select with ASAP first and the hint', async ({ page }) => {
    const errors = collectErrors(page);
    await openZentrum(page);
    const select = infoDialog(page).getByLabel('Bestellzeit');
    await expect(select.locator('option').first()).toHaveText('So schnell wie möglich');
    await expect(select.locator('option').nth(1)).toHaveText('12:45 Uhr');
    await expect(select).toHaveValue('asap');
    await expect(infoDialog(page).getByText('Du kannst dies später ändern.')).toBeVisible();
    await expect(infoDialog(page).getByRole('button', { name: 'Andere Filiale wählen' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('franchisePickupEmpty, and a lookup error from find-for', async ({ page }) => {
    await openZentrum(page);
    await infoDialog(page).getByRole('button', { name: 'Abholung' }).click();
    await enterAddress(page, '');
    await expect(infoDialog(page).getByRole('alert')).toHaveText(
      'Wir benötigen Deine Adresse damit wir Dich zu dem Shop in Deiner Nähe leiten können. Den Shop kannst Du später wenn du magst auch wechseln.',
    );
    await enterAddress(page, 'Unter den Linden 1, 10117 Hamburg');
    // the error survives the loading page, and so does the input
    await expect(infoDialog(page).getByRole('alert')).toHaveText('Zu dieser Adresse konnte keine Entfernung berechnet werden');
    await expect(page_(page)).toHaveAttribute('data-page', 'initial');
    await expect(field(page)).toHaveValue('Unter den Linden 1, 10117 Hamburg');
    await expectNoAxeViolations(page);
  });

  test('pickup: initial → loading → suggested_franchise → list_franchises → Zurück → suggested; OK hands over with the cart', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    await openZentrum(page);
    await infoDialog(page).getByRole('button', { name: 'Abholung' }).click();
    // hold the shop lookup so the loading page can be seen
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/find-for*', async (route) => {
      await held;
      await route.fallback();
    });
    await enterAddress(page, 'Augustusplatz 1, 04109 Leipzig');
    await expect(page_(page)).toHaveAttribute('data-page', 'loading');
    await expect(infoDialog(page).getByText('Filialen werden geladen …')).toBeVisible();
    await expectNoAxeViolations(page);
    release();

    const suggested = titled(page, 'FILIALE BESTÄTIGEN');
    await expect(suggested).toBeVisible();
    await expect(suggested.getByText('Wir bringen Dich zu der Filiale, die am besten zu Deinen Wünschen passt.')).toBeVisible();
    const line = suggested.locator('[data-shop-line="burgerwerk-zentrum"]');
    await expect(line).toContainText('Burgerwerk Zentrum');
    await expect(line).toContainText('Nikolaistraße 20, 04109 Leipzig');
    await expect(line).toContainText('0,3 km entfernt');
    await expect(line.locator('.badge--open')).toHaveText('geöffnet 11:00 - 23:00');
    await expect(suggested.locator('[data-map="franchise"] .leaflet-marker-icon')).toHaveCount(2); // home + shop
    // the guest's own marker: whole inside the map and above the shop's marker 0,3 km away
    const home = await suggested.locator('[data-map="franchise"]').evaluate((map) => {
      const m = map.getBoundingClientRect();
      const wrap = map.querySelector('.tl-marker--home')!.closest('.leaflet-marker-icon') as HTMLElement;
      const h = map.querySelector('.tl-marker--home')!.getBoundingClientRect();
      const shops = Array.from(map.querySelectorAll('.tl-marker--shop')).map((s) => Number((s.closest('.leaflet-marker-icon') as HTMLElement).style.zIndex));
      return { inside: h.top >= m.top && h.bottom <= m.bottom && h.left >= m.left && h.right <= m.right, above: shops.every((z) => Number(wrap.style.zIndex) > z) };
    });
    expect(home).toEqual({ inside: true, above: true });
    await expectNoAxeViolations(page);

    await suggested.getByRole('button', { name: 'Andere Filiale wählen' }).click();
    const list = titled(page, 'WÄHLE DEINE FILIALE');
    await expect(list.getByRole('radio')).toHaveCount(3);
    await expect(list.getByRole('radio', { name: /Burgerwerk Zentrum/ })).toBeChecked();
    await expect(list.locator('[data-shop-line="burgerwerk-nord"] .badge--closed')).toHaveText('geschlossen.');
    await expect(list.locator('[data-shop-line="burgerwerk-nord"]')).toContainText('Heute: 16:00 - 23:00');
    await expect(list.locator('[data-map="franchise"] .leaflet-marker-icon')).toHaveCount(4); // home + 3 shops
    await expectNoAxeViolations(page);
    await list.getByRole('button', { name: 'Zurück' }).click();
    await expect(titled(page, 'FILIALE BESTÄTIGEN')).toBeVisible();

    await titled(page, 'FILIALE BESTÄTIGEN').getByRole('button', { name: 'Andere Filiale wählen' }).click();
    await titled(page, 'WÄHLE DEINE FILIALE').getByRole('radio', { name: /Burgerwerk Süd/ }).check();
    await titled(page, 'WÄHLE DEINE FILIALE').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${SHOP}/f=burgerwerk-sued`); // the hash is read and removed
    await expectCartKept(page);
    await expect(address(page).getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
    await expect(address(page).getByText('Augustusplatz 1, 04109 Leipzig')).toBeVisible();
    await expect(infoDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("initial → list via 'Andere Filiale wählen'; 'Zurück' goes back to the initial page", async ({ page }) => {
    await openZentrum(page);
    await infoDialog(page).getByRole('button', { name: 'Andere Filiale wählen' }).click();
    const list = titled(page, 'WÄHLE DEINE FILIALE');
    await expect(list.getByRole('radio')).toHaveCount(3);
    await expect(list.getByRole('radio', { name: /Burgerwerk Zentrum/ })).toBeChecked();
    await list.getByRole('button', { name: 'Zurück' }).click();
    await expect(titled(page, 'SCHNELL ZUR RICHTIGEN FILIALE')).toBeVisible();
    await expect(field(page)).toBeVisible();
  });

  test('pickup, the suggested shop is closed: straight to the list with it selected', async ({ page }) => {
    await openZentrum(page);
    await infoDialog(page).getByRole('button', { name: 'Abholung' }).click();
    await enterAddress(page, 'Georg-Schumann-Straße 100, 04155 Leipzig');
    const list = titled(page, 'WÄHLE DEINE FILIALE');
    await expect(list).toBeVisible();
    await expect(list.getByRole('radio', { name: /Burgerwerk Nord/ })).toBeChecked();
    await expect(list.getByRole('button', { name: 'Zurück' })).toBeVisible();
  });

  test('delivery: the shop that delivers there takes over at once (hand-over with cart, address and zone)', async ({ page }) => {
    const errors = collectErrors(page);
    await openZentrum(page);
    const urls: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) urls.push(f.url());
    });
    await enterAddress(page, 'Georg-Schumann-Straße 100, 04155 Leipzig');
    await expect(page).toHaveURL(`${SHOP}/f=burgerwerk-nord`);
    expect(urls.some((u) => u.startsWith(`${SHOP}/f=burgerwerk-nord#franchise`))).toBe(true);
    await expectCartKept(page);
    await expect(address(page).getByText('Georg-Schumann-Straße 100, 04155 Leipzig')).toBeVisible();
    await expect(address(page).getByText('Mindestbestellwert 15,00 €')).toBeVisible();
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveAttribute('data-cents', '190');
    // the zone came along: the dialog does not open again in the new shop
    await expect(infoDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('delivery to the current shop: the dialog closes and the zone is set, no hand-over', async ({ page }) => {
    await openZentrum(page);
    await enterAddress(page, 'Augustusplatz 1, 04109 Leipzig');
    await expect(infoDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(ZENTRUM);
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveAttribute('data-cents', '190');
  });

  test("what the new shop lacks goes to 'Warenkorb Probleme'; the chosen order time comes along", async ({ page }) => {
    // Süd has no Pommes frites
    await openZentrum(page, (b) => {
      if (b.config.id === 'burgerwerk-sued') b.catalog.dishes = b.catalog.dishes.filter((d) => d.id !== 'bw-fries');
    });
    await infoDialog(page).getByLabel('Bestellzeit').selectOption('13:30');
    await infoDialog(page).getByRole('button', { name: 'Andere Filiale wählen' }).click();
    await titled(page, 'WÄHLE DEINE FILIALE').getByRole('radio', { name: /Burgerwerk Süd/ }).check();
    await titled(page, 'WÄHLE DEINE FILIALE').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${SHOP}/f=burgerwerk-sued`);
    const problems = cart(page).getByRole('dialog', { name: 'Warenkorb Probleme' });
    await expect(problems).toBeVisible();
    // the new shop does not know the dish, so only its id can be named
    await expect(problems.getByRole('listitem')).toHaveText(['Gericht bw-fries nicht gefunden']);
    await problems.getByRole('button', { name: 'OK' }).click();
    await expect(cart(page).locator('[data-total="subtotal"]')).toHaveAttribute('data-cents', '1980');
    await expect(cart(page).getByLabel('Bestellzeit')).toHaveValue('13:30');
  });
});

test.describe('hand-over from the brand page on another origin', () => {
  test('the list on the brand page leads to the shop page; the cart and the pickup choice come along', async ({ page }) => {
    const errors = collectErrors(page);
    await setClock(page);
    await clearStorage(page, SHOP);
    await clearStorage(page, PAGES);
    await storeCart(page, 'burgerwerk-zentrum', LINES);
    await page.goto(`${PAGES}/franchise/`);
    const slot = page.locator('#address-slot');
    const d = slot.getByRole('dialog', { name: 'SCHNELL ZUR RICHTIGEN FILIALE' });
    await expect(d).toBeVisible();
    await d.getByRole('button', { name: 'Abholung' }).click();
    await d.getByRole('button', { name: 'Andere Filiale wählen' }).click();
    const list = slot.getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    await list.getByRole('radio', { name: /Burgerwerk Süd/ }).check();
    await list.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${SHOP}/f=burgerwerk-sued`);
    await expectCartKept(page);
    await expect(address(page).getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });
});

test.describe('hostile #franchise hashes', () => {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const HOSTILE = [
    '#franchise',
    '#franchise%%%',
    '#franchise!!notbase64!!',
    `#franchise${b64('not json')}`,
    `#franchise${b64('{"deliveryType":"boat","locationString":"x","selectedDish":null,"serveAt":null,"cart":[],"geo":null}')}`,
    `#franchise${b64('{"deliveryType":"pickup","locationString":"x","selectedDish":null,"serveAt":"<img src=x onerror=alert(1)>","cart":[],"geo":null}')}`,
    `#franchise${b64(JSON.stringify({ deliveryType: 'pickup', locationString: 'x', selectedDish: null, serveAt: null, cart: 'rm -rf', geo: null }))}`,
    `#franchise${b64(JSON.stringify({ deliveryType: 'delivery', locationString: 'x', selectedDish: null, serveAt: null, cart: [], geo: { minimumOrderValue: -5 } }))}`,
    `#franchise${'A'.repeat(250_000)}`,
  ];

  test('are ignored: the stored cart, address and type stay, the hash is removed, nothing throws', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await serve(page);
    await clearStorage(page, SHOP);
    await storeCart(page, 'burgerwerk-zentrum', LINES);
    await storeAddress(page, 'burgerwerk-zentrum', { fee: 190, minimumOrderValue: 1500, freeAfter: 3500 });
    page.on('dialog', (d) => {
      errors.push(`unexpected ${d.type()}`);
      void d.dismiss();
    });
    for (const hash of HOSTILE) {
      await page.goto(`${ZENTRUM}${hash}`);
      await expectCartKept(page);
      await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveAttribute('data-cents', '190');
      await expect(address(page).getByRole('button', { name: 'Lieferung' })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
      await page.goto(`${SHOP}/__blank__`);
    }
    expect(errors).toEqual([]);
  });

  test('a valid hash with forged prices: the new shop prices the lines itself', async ({ page }) => {
    await serve(page);
    await clearStorage(page, SHOP);
    const line = { kind: 'dish', lineId: 'x1', dishId: 'bw-chicken', sizeId: null, memberName: null, amount: 2, price: 1, priceNonDiscounted: 1, promotion: null, without: [], tags: [], slotId: null, extras: [] };
    const hash = `#franchise${b64(JSON.stringify({ deliveryType: 'pickup', locationString: '', selectedDish: null, serveAt: null, cart: [line], geo: null }))}`;
    await page.goto(`${SHOP}/f=burgerwerk-sued${hash}`);
    await expect(cart(page).locator('[data-total="subtotal"]')).toHaveAttribute('data-cents', '1980');
  });
});
