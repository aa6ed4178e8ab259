import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { SHOP, TUESDAY_NOON, collectErrors, setClock } from './helpers';

// The shop's pages of: each with valid and invalid
// input, unknown ids → the not-found page. Browser and server at Tuesday 24.11.2026 12:00.

const AT = `at=${encodeURIComponent(TUESDAY_NOON.toISOString())}`;
const notFound = (page: Page) => expect(page.getByRole('heading', { level: 2, name: 'Seite nicht gefunden' })).toBeVisible();
const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

test.beforeEach(async ({ page }) => {
  await setClock(page);
});

async function axeClean(page: Page) {
  const r = await new AxeBuilder({ page }).include('.shell-page').analyze();
  expect(r.violations).toEqual([]);
}

async function createReservation(request: APIRequestContext, name = 'Erika Muster'): Promise<string> {
  const res = await request.post(`${SHOP}/api/shop/demo/reservation?${AT}`, {
    data: { date: '2026-11-27', time: '19:30', persons: 4, name, phone: '0341 123456', email: 'erika@example.de' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The answer token of the restaurant's mail for `name`'s request, read off the /outbox page (never the guest's id). */
async function answerToken(request: APIRequestContext, name: string): Promise<string> {
  const outbox = await (await request.get(`${SHOP}/outbox`)).text();
  const from = outbox.indexOf(`Name: ${name}`);
  expect(from).toBeGreaterThanOrEqual(0);
  return /\/tr\/([A-Za-z0-9_-]{43})\/bestaetigen/.exec(outbox.slice(from))![1];
}

async function placeOrder(request: APIRequestContext): Promise<string> {
  const extras = [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }];
  const item = { kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras };
  const dessert = { ...item, lineId: 'l2', dishId: 'panna-cotta', sizeId: null, extras: [] };
  const res = await request.post(`${SHOP}/api/shop/demo/order?${AT}`, {
    headers: { 'Idempotency-Key': `pages-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      formValues: {
        salutation: '', name: 'Erika Muster', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'erika@example.de',
        phone: '0341 123456', messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: false, serveAt: '', floor: '', company: '',
      },
      orderItems: [item, dessert], couponCode: null, sessionId: 's-e2e', userId: null, groupOrderId: null, acceptAdvertising: false,
      useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
      confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

test('/tisch-reservieren: German messages for bad input, the request is sent and confirmed', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${SHOP}/tisch-reservieren`);
  await heading(page, 'Tisch reservieren');
  const submit = page.getByRole('button', { name: 'Reservierung anfragen' });
  await submit.click();
  await expect(page.getByText('Bitte wähle ein Datum.')).toBeVisible();
  await expect(page.getByText('Bitte wähle eine Uhrzeit.')).toBeVisible();
  await expect(page.getByText('Bitte gib Deinen Namen an (mindestens 2 Zeichen).')).toBeVisible();
  await expect(page.getByText('Bitte gib eine gültige Telefonnummer an.')).toBeVisible();
  await expect(page.getByText('Bitte gib eine gültige E-Mail-Adresse an.')).toBeVisible();
  await expect(page.getByLabel('Datum')).toBeFocused();
  await expect(page.getByLabel('Datum')).toHaveAttribute('aria-invalid', 'true');
  await axeClean(page);
  // a date in the past, too many persons
  await page.getByLabel('Datum').fill('2026-11-20');
  await page.getByLabel('Uhrzeit').fill('19:30');
  await page.getByLabel('Personen').fill('25');
  await page.getByLabel('Name').fill('Erika Muster');
  await page.getByLabel('Telefon').fill('0341 123456');
  await page.getByLabel('E-Mail').fill('erika@example.de');
  await submit.click();
  await expect(page.getByText('Das Datum liegt in der Vergangenheit.')).toBeVisible();
  await expect(page.getByText('Bitte gib eine Personenzahl von 1 bis 20 an.')).toBeVisible();
  await expect(page.getByText('Bitte gib eine gültige E-Mail-Adresse an.')).toHaveCount(0);
  // valid
  await page.getByLabel('Datum').fill('2026-11-27');
  await page.getByLabel('Personen').fill('4');
  const sent = page.waitForResponse((r) => r.url().includes('/api/shop/demo/reservation') && r.request().method() === 'POST');
  await submit.click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Danke! Deine Anfrage ist bei uns angekommen. Wir bestätigen Dir die Reservierung per E-Mail.');
  expect(errors).toEqual([]);
});

test('/tr/{token}/{type}: the restaurant confirms once; the guest’s id, unknown tokens and types → not found', async ({ page, request }) => {
  const guestId = await createReservation(request, 'Max Gast');
  // the id the guest got back does not open the answer page
  await page.goto(`${SHOP}/tr/${guestId}/bestaetigen`);
  await notFound(page);
  const id = await answerToken(request, 'Max Gast');
  await page.goto(`${SHOP}/tr/${id}/bestaetigen`);
  await heading(page, 'Reservierung');
  await expect(page.getByText('27.11.2026, 19:30 Uhr')).toBeVisible();
  await expect(page.getByText('Max Gast')).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Reservierung bestätigen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Die Reservierung ist bestätigt. Der Gast bekommt eine E-Mail.');
  // the other link afterwards: already answered
  await page.goto(`${SHOP}/tr/${id}/ablehnen`);
  await expect(page.getByRole('main').getByRole('status')).toContainText('Diese Reservierung wurde bereits beantwortet.');
  await expect(page.getByRole('button', { name: 'Reservierung ablehnen' })).toHaveCount(0);
  await page.goto(`${SHOP}/tr/${id}/vielleicht`);
  await notFound(page);
  await page.goto(`${SHOP}/tr/gibt-es-nicht-123/bestaetigen`);
  await notFound(page);
});

test('/feedback/{order}: every dish needs 1–5 stars; once per order; unknown orders → not found', async ({ page, request }) => {
  const orderId = await placeOrder(request);
  await page.goto(`${SHOP}/feedback/${orderId}`);
  await heading(page, 'Bewertung');
  const dishes = page.locator('fieldset.stars');
  await expect(dishes).toHaveCount(2);
  await dishes.nth(0).getByRole('radio', { name: '4 Sterne' }).click();
  await page.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(page.getByText('Bitte bewerte jedes Gericht mit 1 bis 5 Sternen.')).toBeVisible();
  await expect(dishes.nth(1)).toHaveAttribute('aria-invalid', 'true');
  await expect(dishes.nth(0)).not.toHaveAttribute('aria-invalid', 'true');
  await axeClean(page);
  // keyboard: arrow keys move inside a dish's stars
  await dishes.nth(1).getByRole('radio', { name: '1 Stern' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dishes.nth(1).getByRole('radio', { name: '2 Sterne' })).toBeChecked();
  await page.getByLabel('Kommentar').fill('Sehr lecker, gern wieder!');
  await page.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Danke für Deine Bewertung!');
  await page.reload();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Für diese Bestellung hast Du schon eine Bewertung abgegeben. Danke!');
  await page.goto(`${SHOP}/feedback/gibt-es-nicht`);
  await notFound(page);
});

test('/abmelden/{type}/{email}: POST emailunsubscribe; a bad address is named; unknown types → not found', async ({ page }) => {
  await page.goto(`${SHOP}/abmelden/newsletter/gast%40example.de`);
  await heading(page, 'Abmelden');
  await expect(page.getByText('Möchtest Du für gast@example.de den Newsletter abbestellen?')).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/shop/demo/emailunsubscribe'));
  await page.getByRole('button', { name: 'Abmelden' }).click();
  expect((await sent).postDataJSON()).toEqual({ type: 'newsletter', email: 'gast@example.de' });
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Du bist abgemeldet. Du bekommst diese E-Mails nicht mehr.');
  await page.goto(`${SHOP}/abmelden/newsletter/kein-mail`);
  await expect(page.getByRole('alert')).toHaveText('Bitte gib eine gültige E-Mail-Adresse an.');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  await page.goto(`${SHOP}/abmelden/spam/gast%40example.de`);
  await notFound(page);
});

test('/reservieren/{emailid}: activates the coupon into the cart; unknown links → not found', async ({ page }) => {
  await page.goto(`${SHOP}/reservieren/mail-willkommen-01`);
  await heading(page, 'Gutschein aktivieren');
  await page.getByRole('button', { name: 'Gutschein aktivieren' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Dein Gutschein WILLKOMMEN10 ist aktiviert und liegt in Deinem Warenkorb.');
  expect(await page.evaluate(() => sessionStorage.getItem('tischlein:coupon:demo'))).toBe('WILLKOMMEN10');
  await page.goto(`${SHOP}/reservieren/gibt-es-nicht`);
  await notFound(page);
  await page.goto(`${SHOP}/reservieren/x`);
  await notFound(page);
});

test('/f/{drivercode}: a phone number reserves the coupon; bad numbers are named; unknown codes → not found', async ({ page }) => {
  await page.goto(`${SHOP}/f/FAHRER1`);
  await heading(page, 'Gutschein reservieren');
  await expect(page.getByText(/Gutschein über 3,00\s€ ab einem Bestellwert von 15,00\s€/)).toBeVisible();
  await page.getByLabel('Telefon').fill('12');
  await page.getByRole('button', { name: 'Gutschein reservieren' }).click();
  await expect(page.getByText('Bitte gib eine gültige Telefonnummer an.')).toBeVisible();
  await expect(page.getByLabel('Telefon')).toBeFocused();
  await axeClean(page);
  await page.getByLabel('Telefon').fill('0170 5550101');
  await page.getByRole('button', { name: 'Gutschein reservieren' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(/Dein Gutschein FAHRER1-[0-9A-F]{8} ist für 01705550101 reserviert/);
  await page.goto(`${SHOP}/f/NIEMAND`);
  await notFound(page);
});

test('/static/{id}: by id and by name (terms); unknown → not found', async ({ page, request }) => {
  const boot = await (await request.get(`${SHOP}/api/shop/demo/bootstrap`)).json();
  const agb = boot.config.pages.find((p: { name: string }) => p.name === 'AGB');
  await page.goto(`${SHOP}/static/${encodeURIComponent(agb.id)}`);
  await heading(page, agb.title);
  await page.goto(`${SHOP}/static/agb`);
  await heading(page, agb.title);
  await page.goto(`${SHOP}/static/gibt-es-nicht`);
  await notFound(page);
});

test('/ueber-uns from the shop config; a job application is validated and sent', async ({ page }) => {
  await page.goto(`${SHOP}/ueber-uns`);
  await heading(page, 'Über uns');
  await expect(page.getByText(/Seit 1998 kochen wir/)).toBeVisible();
  const job = page.getByRole('article', { name: 'Fahrer/in (Minijob)' });
  await job.getByRole('button', { name: /Jetzt bewerben/ }).click();
  await job.getByRole('button', { name: 'Bewerbung senden' }).click();
  await expect(job.getByText('Bitte gib Deinen Namen an (mindestens 2 Zeichen).')).toBeVisible();
  await expect(job.getByText('Bitte schreib uns ein paar Worte zu Dir.')).toBeVisible();
  await expect(job.getByLabel('Name')).toBeFocused();
  await axeClean(page);
  await job.getByLabel('Name').fill('Jonas Rad');
  await job.getByLabel('E-Mail').fill('jonas@example.de');
  await job.getByLabel('Über Dich').fill('Ich fahre gern Rad und habe abends Zeit.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/shop/demo/jobs/entry/fahrer/submit'));
  await job.getByRole('button', { name: 'Bewerbung senden' }).click();
  expect((await sent).postDataJSON()).toEqual({ formData: { name: 'Jonas Rad', email: 'jonas@example.de', phone: '', message: 'Ich fahre gern Rad und habe abends Zeit.' } });
  await expect(job.getByRole('status')).toHaveText('Danke für Deine Bewerbung! Wir melden uns bei Dir.');
});

test.describe('phones first', () => {
  for (const width of [360, 412, 1280]) {
    test(`reservation page and banner at ${width} px: no sideways scroll, 44 px targets`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: width < 1000 ? 780 : 900 });
      await page.goto(`${SHOP}/tisch-reservieren`);
      await heading(page, 'Tisch reservieren');
      await expect(page.locator('.consent')).toBeVisible();
      await page.screenshot({ path: info.outputPath(`reservation-banner-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Reservierung anfragen' }).click();
      await expect(page.getByText('Bitte wähle ein Datum.')).toBeVisible();
      await page.screenshot({ path: info.outputPath(`reservation-errors-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.consent button, .consent a, .shell-page button, .shell-page input, .shell-page textarea, .consent-settings')]
          .map((el) => ({ name: el.textContent || el.getAttribute('name'), h: el.getBoundingClientRect().height }))
          .filter((x) => x.h < 44),
      );
      expect(small).toEqual([]);
    });
  }
});
