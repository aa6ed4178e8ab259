/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The real PayPal buttons are drawn once, when PayPal is chosen; the guest types afterwards.
// Their createOrder must send the form as it is when the guest clicks them, not as it was drawn.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $deliveryZone, $orderTotals, $shopId, setDeliveryType } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import type { PayPalButtonsHandlers } from './sdk';
import { CheckoutForm } from './CheckoutForm';

const mockDrawn: PayPalButtonsHandlers[] = [];
jest.mock('./sdk', () => ({
  loadStripeJs: async () => true,
  renderPayPalButtons: async (_clientId: string, _el: HTMLElement, h: PayPalButtonsHandlers) => {
    mockDrawn.push(h);
    return true;
  },
}));

beforeAll(async () => {
  await loadCartEngine();
});

const host = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: true, navigate: jest.fn() };
const GEO = { deliveryFee: 150, minimumOrderValue: 500, freeAfter: 0, distance: 1, addr: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' } };

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

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
  Element.prototype.scrollIntoView = jest.fn() as unknown as Element['scrollIntoView'];
});
afterEach(() => {
  cleanup();
  resetApi();
});

describe('real PayPal buttons', () => {
  it('send the form as typed after the buttons were drawn', async () => {
    const f = fakeFetch((c) => {
      if (c.url.endsWith('/geo')) return json(GEO);
      if (c.url.endsWith('/order')) return json({ order: { id: 'order12345', total: 21.5 }, paymentGatewayId: null }, 201);
      return json({}, 404);
    });
    configureApi({ shopId: 'demo', origin: 'https://shop.example', fetch: f });
    const b = $bootstrap.get();
    if (b.status !== 'ready') throw new Error('no bootstrap');
    const config = { ...b.data.config, paypalPlatformClientId: 'paypal-client-test' };
    render(
      <CheckoutForm host={host} config={config} catalog={b.data.catalog} order={$orderTotals.get()!} notice={null}
        onConfirmed={jest.fn()} pageUrl="https://shop.example/checkout" stripeKey={null} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /PayPal/ }));
    await waitFor(() => expect(mockDrawn).toHaveLength(1));

    fill('Vor- und Nachname', 'Erika Muster');
    fill('Straße', 'Augustusplatz');
    fill('Hausnummer', '1');
    fill('PLZ', '04109');
    fill('Ort', 'Leipzig');
    fill('E-Mail', 'erika@example.org');
    fill('Telefon', '0341 123456');
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
