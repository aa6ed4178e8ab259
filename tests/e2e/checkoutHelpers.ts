// Helpers of the checkout browser tests (checkout*.spec.ts): a stored cart, the form, the
// simulated provider's page and the order as the server stored it (GET /info, /status).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { clearStorage, SHOP } from './helpers';

export const CART_KEY = 'tischlein:cart:demo';

let seq = 0;
/** A stored dish line as the menu widget writes it (the restore prices it again). */
export function dish(dishId: string, amount = 1, sizeId: string | null = null) {
  seq += 1;
  return {
    kind: 'dish', lineId: `co${seq}`, dishId, sizeId, memberName: null, amount, price: 0, priceNonDiscounted: 0,
    promotion: null, without: [], tags: [], slotId: null, extras: [],
  };
}

/** Fresh storage on `origin` with this cart (and optional extra keys). */
export async function storeCart(page: Page, origin: string, lines: unknown[], extra: Record<string, string> = {}) {
  await clearStorage(page, origin);
  await page.evaluate(
    ([key, value, more]) => {
      localStorage.setItem(key as string, value as string);
      for (const [k, v] of Object.entries(more as Record<string, string>)) localStorage.setItem(k, v);
    },
    [CART_KEY, JSON.stringify(lines), extra] as const,
  );
}

export async function storedCart(page: Page): Promise<{ dishId?: string; amount: number }[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), CART_KEY);
}

export const checkout = (page: Page) => page.locator('tischlein-checkout');
export const checkoutForm = (page: Page) => checkout(page).locator('form.co-form');

export interface FormInput {
  name?: string;
  street?: string;
  streetNumber?: string;
  zip?: string;
  city?: string;
  email?: string;
  phone?: string;
}

export const GUEST: Required<FormInput> = {
  name: 'Erika Mustermann', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig',
  email: 'erika@example.org', phone: '0341 1234567',
};

export async function fillForm(form: Locator, input: FormInput = GUEST) {
  const fields: [keyof FormInput, string][] = [
    ['name', 'Vor- und Nachname'], ['street', 'Straße'], ['streetNumber', 'Hausnummer'], ['zip', 'PLZ'],
    ['city', 'Ort'], ['email', 'E-Mail'], ['phone', 'Telefon'],
  ];
  for (const [key, label] of fields) {
    const value = input[key];
    if (value === undefined) continue;
    const box = form.getByLabel(label, { exact: true });
    if ((await box.count()) === 0) continue; // pickup: no address fields
    await box.fill(value);
  }
}

export async function choosePayment(form: Locator, label: string) {
  await form.getByRole('radio', { name: label, exact: true }).check();
}

export async function acceptLegal(form: Locator) {
  await form.getByRole('checkbox', { name: /Ich akzeptiere die Allgemeinen Bestellbedingungen/ }).check();
}

/** On the simulated provider's page (shop origin): one of its three buttons. */
export async function simPage(page: Page, button: 'Zahlung bestätigen' | 'Abbrechen' | 'Ablehnen') {
  await expect(page).toHaveURL(new RegExp(`${SHOP}/pay/sim/`));
  await expect(page.getByRole('heading', { name: 'Zahlung (Simulation)' })).toBeVisible();
  await page.getByRole('button', { name: button }).click();
}

export interface StoredOrderInfo {
  id: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
  deliveryType: string;
  items: { name: string; amount: number }[];
}

/** The order as the server stored it (GET /api/shop/demo/info/{id}). */
export async function orderInfo(request: APIRequestContext, id: string): Promise<StoredOrderInfo> {
  const res = await request.get(`${SHOP}/api/shop/demo/info/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { order: StoredOrderInfo }).order;
}

/** The order number shown on the success page. */
export async function shownOrderId(page: Page): Promise<string> {
  const el = checkout(page).getByTestId('order-number');
  await expect(el).toHaveText(/^[A-Za-z0-9_-]{8,}$/);
  return (await el.textContent())!.trim();
}
