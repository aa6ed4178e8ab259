/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The checkout form's wiring (jsdom): the checks stop before any request, a valid order goes
// /geo → /order (one idempotency key, header and body) → /payment, field errors of a 400 land on
// their fields, the 409 code 2 correction replaces the address, and payment preparation is retried.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json, type FakeCall } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $deliveryZone, $orderTotals, $shopId, setDeliveryType } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { CheckoutForm } from './CheckoutForm';
import { withRetries } from './flow';
import type { PayPalButtonsHandlers } from './sdk';

// The real PayPal buttons (a client id configured) are drawn by the SDK: here the handlers it got are kept.
const mockDrawn: PayPalButtonsHandlers[] = [];
jest.mock('./sdk', () => ({
  loadStripeJs: async () => true,
  renderPayPalButtons: async (_clientId: string, _el: HTMLElement, h: PayPalButtonsHandlers) => {
    mockDrawn.push(h);
    return true;
  },
}));

// The cart's pricing is loaded on first use (shared/stores/order.ts); here it is there from the start.
beforeAll(async () => {
  await loadCartEngine();
});

const host = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: true, navigate: jest.fn() };
const GEO = { deliveryFee: 150, minimumOrderValue: 500, freeAfter: 0, distance: 1, addr: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' } };

type Handler = (c: FakeCall) => Response | Promise<Response>;
function api(order: Handler) {
  const f = fakeFetch((c) => {
    if (c.url.endsWith('/geo')) return json(GEO);
    if (c.url.endsWith('/order')) return order(c);
    if (c.url.includes('/payment/')) return json({ status: 'captured' });
    return json({}, 404);
  });
  configureApi({ shopId: 'demo', origin: 'https://shop.example', fetch: f });
  return f;
}

const ORDER_OK = { order: { id: 'order12345', deliveryFee: 1.5, total: 21.5, items: [{ price: 10, extras: [] }] }, paymentGatewayId: null };

function renderForm(onConfirmed = jest.fn(), configPatch: Record<string, unknown> = {}) {
  const b = $bootstrap.get();
  if (b.status !== 'ready' || !b.data) throw new Error('no bootstrap');
  render(
    <CheckoutForm host={host} config={{ ...b.data.config, ...configPatch }} catalog={b.data.catalog} order={$orderTotals.get()!} notice={null}
      onConfirmed={onConfirmed} pageUrl="https://shop.example/checkout" stripeKey={null} />,
  );
  return onConfirmed;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

function fillAll(payment: 'Barzahlung' | null = 'Barzahlung') {
  fill('Vor- und Nachname', 'Erika Muster');
  fill('Straße', 'Augustusplatz');
  fill('Hausnummer', '1');
  fill('PLZ', '04109');
  fill('Ort', 'Leipzig');
  fill('E-Mail', 'erika@example.org');
  fill('Telefon', '0341 123456');
  fill('Nachricht an die Küche (optional)', 'scharf bitte');
  if (payment) fireEvent.click(screen.getByRole('radio', { name: payment }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' }));

beforeEach(() => {
  mockDrawn.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  resetShop();
  setCartRestorer(null);
  $shopId.set('demo');
  const b = bootstrapFixture();
  $bootstrap.set({ status: 'ready', data: { ...b, catalog: catalogWith({}) }, error: null });
  setDeliveryType('delivery');
  $cart.set([dishLine('d-margherita', 's-large', 2)]);
  $deliveryZone.set(null);
  // jsdom has no scrollIntoView
  Element.prototype.scrollIntoView = jest.fn() as unknown as Element['scrollIntoView'];
});
afterEach(() => {
  cleanup();
  resetApi();
});

describe('checkout form', () => {
  it('a failing check stops before any request: legal acceptance missing', async () => {
    const f = api(() => json(ORDER_OK, 201));
    renderForm();
    fillAll();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Bedingungen' });
    expect(within(dialog).getByText('Bitte akzeptiere die Allgemeinen Bestellbedingungen und die Datenschutzerklärung.')).toBeTruthy();
    expect(f.calls.some((c) => c.url.endsWith('/order'))).toBe(false);
  });

  it('missing fields are shown on the form (before the ten checks) and nothing is sent', async () => {
    const f = api(() => json(ORDER_OK, 201));
    renderForm();
    submit();
    expect(await screen.findByText('Bitte gib Deinen Namen ein.')).toBeTruthy();
    expect(screen.getByLabelText('Vor- und Nachname', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(f.calls).toHaveLength(0);
  });

  it('a valid order: /order with one idempotency key in header and body, then /payment; remembered without the messages', async () => {
    const f = api(() => json(ORDER_OK, 201));
    const onConfirmed = renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    submit();
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('order12345'));
    const order = f.calls.find((c) => c.url.endsWith('/order'))!;
    const body = order.body as Record<string, unknown> & { formValues: Record<string, unknown> };
    expect(order.headers.get('Idempotency-Key')).toBe(body.idempotencyKey);
    expect(body.formValues).toMatchObject({ name: 'Erika Muster', street: 'Augustusplatz', paymentMethod: 'offline', isPickup: false, messageCook: 'scharf bitte' });
    expect(body).toMatchObject({ legalAccepted: true, viaPayPalButton: false, skipGoogleValidation: false });
    expect(order.credentials).toBe('omit');
    const paths = f.calls.map((c) => new URL(c.url).pathname);
    expect(paths.filter((p) => !p.endsWith('/geo'))).toEqual(['/api/shop/demo/order', '/api/shop/demo/payment/order12345/offline']);
    expect(paths.indexOf('/api/shop/demo/geo')).toBeLessThan(paths.indexOf('/api/shop/demo/order'));
    const remembered = JSON.parse(localStorage.getItem('tischlein:checkout:demo')!);
    expect(remembered).toMatchObject({ name: 'Erika Muster', city: 'Leipzig', paymentMethod: 'offline' });
    expect(remembered.messageCook).toBeUndefined();
  });

  it('a double click sends one order', async () => {
    const f = api(() => json(ORDER_OK, 201));
    const onConfirmed = renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    submit();
    submit();
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(f.calls.filter((c) => c.url.endsWith('/order'))).toHaveLength(1);
  });

  it('a 400 with form puts each message under its field', async () => {
    api(() => json({ error: 'invalid_form', message: 'x', form: { phone: 'Bitte gib eine gültige Telefonnummer ein.' } }, 400));
    renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    submit();
    expect(await screen.findByText('Bitte gib eine gültige Telefonnummer ein.')).toBeTruthy();
    expect(screen.getByLabelText('Telefon', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it('409 code 2: the assumed address replaces the fields and "Adresse korrigiert" asks; JA, STIMMT resends without the check', async () => {
    let n = 0;
    const f = api((c) => {
      n += 1;
      if (n === 1) return json({ error: 'address_corrected', message: 'x', code: 2, assumedLocation: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' } }, 409);
      expect((c.body as { skipGoogleValidation: boolean }).skipGoogleValidation).toBe(true);
      return json(ORDER_OK, 201);
    });
    const onConfirmed = renderForm();
    fillAll();
    fill('Straße', 'augustusplatz');
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Adresse korrigiert' });
    expect((screen.getByLabelText('Straße', { exact: true }) as HTMLInputElement).value).toBe('Augustusplatz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'JA, STIMMT' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('order12345'));
    expect(f.calls.filter((c) => c.url.endsWith('/order'))).toHaveLength(2);
  });

  it('a network failure keeps everything and tells the guest to try again', async () => {
    api(() => {
      throw new TypeError('Failed to fetch');
    });
    renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await act(async () => submit());
    expect(await screen.findByText(/Die Bestellung konnte gerade nicht gesendet werden/)).toBeTruthy();
    expect($cart.get()).toHaveLength(1);
    expect((screen.getByLabelText('Vor- und Nachname', { exact: true }) as HTMLInputElement).value).toBe('Erika Muster');
  });
});

describe('the shop away (503 unavailable)', () => {
  it('says so where the guest is, keeps the cart and the form; pressing again sends the same key and orders', async () => {
    let down = true;
    const f = api(() => (down
      ? json({ error: 'unavailable', message: 'Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.' }, 503)
      : json(ORDER_OK, 201)));
    const onConfirmed = renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await act(async () => submit());
    expect(await screen.findByText('Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.')).toBeTruthy();
    expect($cart.get()).toHaveLength(1);
    expect((screen.getByLabelText('Vor- und Nachname', { exact: true }) as HTMLInputElement).value).toBe('Erika Muster');
    expect((screen.getByLabelText('Nachricht an die Küche (optional)', { exact: true }) as HTMLTextAreaElement).value).toBe('scharf bitte');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    down = false;
    await act(async () => submit());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('order12345'));
    const keys = f.calls.filter((c) => c.url.endsWith('/order')).map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('payment preparation retries', () => {
  it('3 tries, 1 s apart, on errors without an answer', async () => {
    const waits: number[] = [];
    let calls = 0;
    const fn = async () => {
      calls += 1;
      if (calls < 3) throw new ApiError('network', 'down');
      return 'ok';
    };
    await expect(withRetries(fn, 3, 1000, async (ms) => void waits.push(ms))).resolves.toBe('ok');
    expect(waits).toEqual([1000, 1000]);
  });
  it('gives up after the third try; a 4xx is not retried', async () => {
    let calls = 0;
    await expect(withRetries(async () => { calls += 1; throw new ApiError('network', 'down'); }, 3, 1000, async () => {})).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    await expect(withRetries(async () => { calls += 1; throw new ApiError('http', 'bad', { status: 400, data: {} }); }, 3, 1000, async () => {})).rejects.toThrow('bad');
    expect(calls).toBe(1);
  });
});

describe('real PayPal buttons', () => {
  it('send the form as typed after the buttons were drawn (the SDK keeps the handlers it got first)', async () => {
    const f = api(() => json(ORDER_OK, 201));
    renderForm(jest.fn(), { paypalPlatformClientId: 'paypal-client-test' });
    fireEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
    await waitFor(() => expect(mockDrawn).toHaveLength(1));
    fillAll(null);
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await act(async () => {
      await mockDrawn[0].createOrder().catch(() => '');
    });
    const order = f.calls.find((c) => c.url.endsWith('/order'));
    expect(order).toBeDefined();
    expect((order!.body as { formValues: Record<string, unknown> }).formValues).toMatchObject({ name: 'Erika Muster', street: 'Augustusplatz', email: 'erika@example.org' });
    expect(mockDrawn).toHaveLength(1);
  });
});
