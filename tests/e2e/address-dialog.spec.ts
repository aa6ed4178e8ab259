// The initial info dialog 'BESTELLOPTIONEN': when it opens by itself, every address error text under the
// field (role alert) and how it is cleared, geolocation granted and refused, pickup in a single
// shop, and the full-screen sheet on phones. Tuesday 12:00, the demo shop open (patchBootstrap).
import { expect, test, type Page } from '@playwright/test';
import { SHOP, browserSettled, clearStorage, collectErrors, waitForMenu } from './helpers';
import { OPEN, patchBootstrap } from './menuHelpers';
import { address, cart, enterAddress, expectNoAxeViolations, field, infoDialog, storeAddress, storeCart } from './addressHelpers';
import type { Bootstrap } from '../../shared/domain';

const titled = (page: Page, name: string) => address(page).getByRole('dialog', { name });

/**
 * The widget has made its one auto-open decision (an effect after the address is restored): the
 * rule said no when it wrote no 'opened' mark for the tab and no dialog is there.
 */
async function expectNoAutoOpen(page: Page) {
  await browserSettled(page);
  expect(await page.evaluate(() => sessionStorage.getItem('tischlein:info-dialog:demo'))).toBeNull();
  await expect(infoDialog(page)).toHaveCount(0);
}

async function openDemo(page: Page, ...patches: ((b: Bootstrap) => void)[]) {
  await patchBootstrap(page, OPEN, ...patches);
  await clearStorage(page, SHOP);
  await storeCart(page, 'demo', [{ dishId: 'panna-cotta', amount: 2 }]);
  await page.goto(`${SHOP}/`);
}

test.describe('auto-open', () => {
  test('on a 360 px phone the example address is not cut off, nor the header links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openDemo(page);
    await expect(titled(page, 'BESTELLOPTIONEN')).toBeVisible();
    const fit = await field(page).evaluate((el) => {
      const input = el as HTMLInputElement;
      const ph = getComputedStyle(input, '::placeholder');
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${ph.fontStyle} ${ph.fontWeight} ${ph.fontSize} ${ph.fontFamily}`;
      const cs = getComputedStyle(input);
      return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
    });
    expect(fit.text, `the example (${fit.text} px) fits the field (${fit.room} px)`).toBeLessThanOrEqual(fit.room);
    const cut = await page.locator('.shell-nav a').evaluateAll((links) =>
      links.filter((a) => a.getBoundingClientRect().left < 0 || a.getBoundingClientRect().right > window.innerWidth).map((a) => a.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('opens on a first visit for delivery without an address; once per tab', async ({ page }) => {
    const errors = collectErrors(page);
    await openDemo(page);
    const d = titled(page, 'BESTELLOPTIONEN');
    await expect(d).toBeVisible();
    // focus moved into the dialog
    expect(await d.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(true);
    await expect(d.getByText('Straße, Hausnummer, PLZ Ort')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Lieferung' })).toHaveAttribute('aria-pressed', 'true');
    // no order-time select outside franchise mode
    await expect(d.getByLabel('Bestellzeit')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await d.getByRole('button', { name: /Dialog schlie/ }).first().click();
    await expect(infoDialog(page)).toHaveCount(0);
    await page.reload();
    await waitForMenu(page);
    await expect(infoDialog(page)).toHaveCount(0);
    // opened by hand from the inline widget
    await address(page).getByRole('button', { name: 'Adresse eingeben' }).click();
    await expect(titled(page, 'BESTELLOPTIONEN')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('does not open when the minimum order value is known (address remembered)', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    await clearStorage(page, SHOP);
    await storeAddress(page, 'demo', { fee: 150, minimumOrderValue: 1200, freeAfter: 3000 });
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    await expect(address(page).getByText('Mindestbestellwert 12,00 €')).toBeVisible();
    await expectNoAutoOpen(page);
  });

  test('does not open for pickup (a shop without delivery)', async ({ page }) => {
    await openDemo(page, (b) => {
      b.config.flags.supportDelivery = false;
    });
    await waitForMenu(page);
    await expect(address(page).getByRole('button', { name: 'Lieferung nicht möglich' })).toBeDisabled();
    await expect(address(page).getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAutoOpen(page);
  });

  test('does not open with the reorder link (dev flag rorderLink)', async ({ page }) => {
    await patchBootstrap(page, OPEN);
    await clearStorage(page, SHOP);
    await page.evaluate(() => localStorage.setItem('dev-mode', JSON.stringify({ rorderLink: true })));
    await page.goto(`${SHOP}/`);
    await waitForMenu(page);
    // the address widget has its shop data (the decision is made in the same render)
    await expect(address(page).locator('[data-action="enter-address"]')).toBeVisible();
    await expectNoAutoOpen(page);
  });
});

test.describe('address errors', () => {
  const CASES: [string, string, string][] = [
    ['empty', '', 'Bitte gib eine Adresse ein.'],
    ['zipInsteadOfAddressEntered', '04109', 'Bitte gib eine vollständige Adresse ein. Eine Postleitzahl ist nicht ausreichend.'],
    ['notInRange', 'Miltitzer Allee 5, 04205 Leipzig', 'Diese Adresse befindet sich leider nicht im Liefergebiet.'],
    ['Incomplete', 'Augustusplatz 1', 'Die eingegebene Adresse ist unvollständig'],
    ['MissingStreetNumber', 'Augustusplatz, 04109 Leipzig', 'Bitte gib auch eine Hausnummer an.'],
    // a town that is not the postal code's (the postal-code table knows every German code)
    ['notFound', 'Unter den Linden 1, 10117 Hamburg', 'Zu dieser Adresse konnte keine Entfernung berechnet werden'],
  ];

  test('every error text under the field with role alert; cleared by keyup, change and focus, kept by Enter', async ({ page }) => {
    const errors = collectErrors(page);
    await openDemo(page);
    await expect(field(page)).toBeVisible();
    const alert = infoDialog(page).getByRole('alert');
    for (const [code, input, text] of CASES) {
      await enterAddress(page, input);
      await expect(alert, code).toHaveText(text);
      await expect(alert).toHaveAttribute('data-error', code);
      await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(infoDialog(page)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    // Enter again keeps it; another key clears it
    await field(page).press('Enter');
    await expect(alert).toHaveText(CASES.at(-1)![2]);
    await field(page).press('End');
    await expect(alert).toHaveCount(0);
    // a change clears it
    await enterAddress(page, '04109');
    await expect(alert).toBeVisible();
    // (the field still has the focus: fill fires input only, no focus or key events)
    await field(page).fill('04109 L');
    await expect(alert).toHaveCount(0);
    // focus clears it
    await enterAddress(page, '04109');
    await expect(alert).toBeVisible();
    await infoDialog(page).getByRole('button', { name: 'OK' }).focus();
    await field(page).focus();
    await expect(alert).toHaveCount(0);
    // nothing stored, the cart has no fee
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("'invalid' from the lookup (400 with the code as data) reads like Incomplete", async ({ page }) => {
    await openDemo(page);
    await page.route('**/api/shop/demo/geo*', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalid"}' }));
    await enterAddress(page, 'Augustusplatz 1, 04109 Leipzig');
    await expect(infoDialog(page).getByRole('alert')).toHaveText('Die eingegebene Adresse ist unvollständig');
  });

  test('an address in range: the normalised address replaces the input, the dialog closes, the cart gets the zone', async ({ page }) => {
    await openDemo(page);
    await enterAddress(page, 'augustusplatz 1 04109 leipzig');
    await expect(infoDialog(page)).toHaveCount(0);
    await expect(address(page).getByText('Augustusplatz 1, 04109 Leipzig')).toBeVisible();
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveAttribute('data-cents', '150');
    // opened again: the field holds the normalised address
    await address(page).getByRole('button', { name: 'Ändern' }).click();
    await expect(field(page)).toHaveValue('Augustusplatz 1, 04109 Leipzig');
  });

  test('currentlyUnavailable: minimum order value, fee, kostenfrei ab and a link to the opening hours', async ({ page }) => {
    const errors = collectErrors(page);
    // open, but no delivery now and no pre-orders
    await openDemo(page, (b) => {
      b.deliveryPeriod.allowASAP = { delivery: false, pickup: true };
      b.deliveryPeriod.enablePreOrder = false;
    });
    await enterAddress(page, 'Augustusplatz 1, 04109 Leipzig');
    const alert = infoDialog(page).getByRole('alert');
    await expect(alert).toContainText('Wir liefern an deine Adresse, aber Lieferungen sind aktuell nicht verfügbar.');
    await expect(alert.getByText('Mindestbestellwert 12,00 €')).toBeVisible();
    await expect(alert.getByText('Liefergebühr 1,50 €')).toBeVisible();
    await expect(alert.getByText('kostenfrei ab 30,00 €')).toBeVisible();
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Zu den Öffnungszeiten' }).click();
    await expect(page).toHaveURL(`${SHOP}/oeffnungszeiten`);
    await expect(page.getByRole('heading', { name: 'Öffnungszeiten' })).toBeVisible();
    await expect(infoDialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('delivery type and pickup', () => {
  test("pickup in a single shop shows 'Unser Standort' and needs no address; an unsupported type is 'nicht möglich'", async ({ page }) => {
    await openDemo(page);
    const d = titled(page, 'BESTELLOPTIONEN');
    await d.getByRole('button', { name: 'Abholung' }).click();
    await expect(d.getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
    await expect(d.getByText('Unser Standort')).toBeVisible();
    await expect(d.locator('.address-ours')).toContainText('Trattoria Tischlein');
    await expect(d.locator('.address-ours')).toContainText('04109 Leipzig');
    await expectNoAxeViolations(page);
    await d.getByRole('button', { name: 'OK' }).click();
    await expect(infoDialog(page)).toHaveCount(0);
    // pickup counts as no delivery fee
    await expect(cart(page).locator('[data-total="deliveryFee"]')).toHaveCount(0);
    await expect(address(page).getByRole('button', { name: 'Abholung' })).toHaveAttribute('aria-pressed', 'true');
  });

  test("'Abholung nicht möglich' is disabled", async ({ page }) => {
    await openDemo(page, (b) => {
      b.config.flags.supportPickup = false;
    });
    const d = titled(page, 'BESTELLOPTIONEN');
    await expect(d.getByRole('button', { name: 'Abholung nicht möglich' })).toBeDisabled();
  });
});

test.describe('geolocation', () => {
  test.use({ geolocation: { latitude: 51.3382, longitude: 12.3793, accuracy: 20 } });

  test('granted: the field gets the normalised address of the position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: SHOP });
    await openDemo(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/geolocation?')) calls.push(r.url());
    });
    await infoDialog(page).getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(field(page)).toHaveValue(/^Augustusplatz 1, 04109 Leipzig$/);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]).searchParams.get('lat')).toBe('51.3382');
    expect(new URL(calls[0]).searchParams.get('long')).toBe('12.3793');
    await infoDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(infoDialog(page)).toHaveCount(0);
    await expect(address(page).getByText('Augustusplatz 1, 04109 Leipzig')).toBeVisible();
  });

  test('refused: a German message with role alert, the button stays usable', async ({ page, context }) => {
    await context.clearPermissions();
    await openDemo(page);
    const button = infoDialog(page).getByRole('button', { name: 'Meinen Standort verwenden' });
    await button.click();
    const alert = infoDialog(page).getByRole('alert');
    await expect(alert).toHaveText('Du hast den Zugriff auf Deinen Standort nicht erlaubt. Bitte gib Deine Adresse ein.');
    await expect(button).toBeEnabled();
    await expectNoAxeViolations(page);
    // allowed afterwards: the same button now works
    await context.grantPermissions(['geolocation'], { origin: SHOP });
    await button.click();
    await expect(field(page)).toHaveValue('Augustusplatz 1, 04109 Leipzig');
    await expect(alert).toHaveCount(0);
  });
});

test.describe('phones first', () => {
  for (const width of [360, 412, 1280]) {
    test(`the dialog at ${width} px: a full-screen sheet below 600 px, no sideways scroll`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 780 });
      await openDemo(page);
      await enterAddress(page, 'Augustusplatz, 04109 Leipzig');
      await expect(infoDialog(page).getByRole('alert')).toBeVisible();
      const box = (await infoDialog(page).boundingBox())!;
      if (width < 600) {
        expect(box.width).toBeCloseTo(width, 1);
        expect(box.height).toBeCloseTo(780, 1);
      } else {
        expect(box.width).toBeLessThan(700);
      }
      const overflow = await infoDialog(page).evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const b of await infoDialog(page).getByRole('button').all()) {
        const r = (await b.boundingBox())!;
        expect(r.height).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: info.outputPath(`dialog-${width}.png`) });
    });
  }
});
