// The lawful order form (§312j(3) BGB, §312g(2) Nr. 2 BGB) and the accessibility statement (BFSG):
// the order button reads 'ZAHLUNGSPFLICHTIG BESTELLEN' for cash and for an online method, the
// lines, deposit, fees and total sit directly above it, the withdrawal note and the legal links
// beside it; the shop's footer and the checkout link to /barrierefreiheit, which axe finds clean.
// Screenshots of the checkout's bottom at 412 px and 1280 px go to test-results/.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SHOP } from './helpers';
import { checkout, checkoutForm, choosePayment, dish, fillForm, GUEST, storeCart } from './checkoutHelpers';

// Pizza Margherita 32 cm 10,90 €, Coca-Cola 0,33 l 2,50 € + 0,25 € Pfand; Augustusplatz: zone 1, 1,50 € delivery
const LINES = () => [dish('pizza-margherita', 1, 'p32'), dish('cola', 1, 'l033')];

async function openCheckout(page: Page) {
  await storeCart(page, SHOP, LINES());
  await page.goto(`${SHOP}/checkout`);
  const form = checkoutForm(page);
  await expect(form).toBeVisible();
  await fillForm(form, GUEST);
  // the typed address resolves to zone 1: the fee shows in the summary
  await expect(form.locator('.co-summary')).toContainText('Liefergebühr');
  return form;
}

for (const width of [412, 1280]) {
  test(`${width} px: the summary directly above 'ZAHLUNGSPFLICHTIG BESTELLEN' (cash and card), the note and the links beside it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const form = await openCheckout(page);
    const summary = form.locator('section.co-summary');
    const button = form.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' });

    await choosePayment(form, 'Barzahlung');
    await expect(button).toBeVisible();
    await expect(form.getByRole('button', { name: 'JETZT BESTELLEN' })).toHaveCount(0);
    const lines = summary.locator('.co-lines li');
    await expect(lines).toHaveText([/^1× Pizza Margherita \(32 cm\)\s*10,90\s€$/, /^1× Coca-Cola \(0,33 l\)\s*2,50\s€$/]);
    await expect(summary.locator('.co-totals')).toContainText(/Pfand\s*0,25\s€/);
    await expect(summary.locator('.co-totals')).toContainText(/Liefergebühr\s*1,50\s€/);
    await expect(summary.getByTestId('checkout-total')).toHaveText(/^15,15\s€$/);
    await expect(summary.locator('.co-grand dt')).toHaveText('Gesamt inkl. MwSt.');
    // directly above: the button is the summary's next element, and on screen right under it
    expect(await button.evaluate((b) => b.previousElementSibling?.classList.contains('co-summary'))).toBe(true);
    const s = (await summary.boundingBox())!;
    const b = (await button.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(s.y + s.height);
    expect(b.y - (s.y + s.height)).toBeLessThan(40);

    // an online method: the same words
    await choosePayment(form, 'Kreditkarte');
    await expect(button).toBeVisible();

    // beside it: the withdrawal note (read with the button) and the legal links
    const note = form.getByText('Für Speisen, die für Deine Bestellung zubereitet werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 2 BGB).');
    await expect(note).toBeVisible();
    await expect(button).toHaveAttribute('aria-describedby', 'co-withdrawal');
    const legal = form.getByRole('navigation', { name: 'Rechtliches' });
    await expect(legal.getByRole('link', { name: /Allgemeine Bestellbedingungen/ })).toHaveAttribute('href', `${SHOP}/static/agb`);
    await expect(legal.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('href', `${SHOP}/static/datenschutz`);
    await expect(legal.getByRole('link', { name: /Barrierefreiheit/ })).toHaveAttribute('href', `${SHOP}/barrierefreiheit`);
    const n = (await note.boundingBox())!;
    expect(n.y).toBeGreaterThanOrEqual(b.y + b.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await choosePayment(form, 'Barzahlung');
    await summary.scrollIntoViewIfNeeded();
    await form.locator('.co-side').screenshot({ path: test.info().outputPath(`checkout-bottom-${width}.png`) });
    await page.screenshot({ path: test.info().outputPath(`checkout-page-${width}.png`) });
  });
}

test("the checkout's Barrierefreiheit link opens the statement in a new tab", async ({ page, context }) => {
  const form = await openCheckout(page);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    form.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: /Barrierefreiheit/ }).click(),
  ]);
  await expect(tab.getByRole('heading', { level: 2, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  // the checkout is still there with what was typed
  await expect(checkout(page).getByLabel('Vor- und Nachname', { exact: true })).toHaveValue(GUEST.name);
});

test("the shop's footer links the accessibility statement; axe finds nothing on it", async ({ page }) => {
  // a page without the address dialog (on the home page it opens over everything)
  await page.goto(`${SHOP}/ueber-uns`);
  await page.locator('footer.shell-footer').getByRole('link', { name: 'Barrierefreiheit' }).click();
  await expect(page).toHaveURL(`${SHOP}/barrierefreiheit`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  for (const h of ['Stand der Vereinbarkeit', 'So ist der Shop zugänglich', 'Bekannte Einschränkungen', 'Barrieren melden und Kontakt', 'Zuständige Marktüberwachungsbehörde']) {
    await expect(main.getByRole('heading', { level: 3, name: h })).toBeVisible();
  }
  await expect(main).toContainText('Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)');
  await expect(main.getByRole('link', { name: 'hallo@trattoria-tischlein.example' })).toHaveAttribute('href', 'mailto:hallo@trattoria-tischlein.example');
  await expect(page).toHaveTitle('Erklärung zur Barrierefreiheit');
  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
