/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The shop away (503 unavailable) while the guest redeems a coupon: the cart says so beside the
// form, the code stays in the field and in the cart nothing changes; the code is not "invalid".
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $coupon, $orderTotals, $shopId, clearCoupon } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { CouponForm } from './CouponForm';

beforeAll(async () => {
  await loadCartEngine();
});
beforeEach(() => {
  sessionStorage.clear();
  resetShop();
  setCartRestorer(null);
  clearCoupon();
  $shopId.set('demo');
  $bootstrap.set({ status: 'ready', data: { ...bootstrapFixture(), catalog: catalogWith({}) }, error: null });
  $cart.set([dishLine('d-margherita', 's-large', 2)]);
});
afterEach(() => {
  cleanup();
  resetApi();
});

describe('coupon while the shop is away', () => {
  it('shows the German text, keeps the code and the cart, and redeems on the next try', async () => {
    let down = true;
    const f = fakeFetch((c) => {
      if (!c.url.includes('/validate_coupon')) return json({}, 404);
      return down
        ? json({ error: 'unavailable', message: 'Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.' }, 503)
        : json({ code: 'FUENFER', type: 'value', value: 500, minimumOrderValue: 0 });
    });
    configureApi({ shopId: 'demo', origin: 'https://shop.example', fetch: f });
    const cartBefore = $cart.get();
    const { rerender } = render(<CouponForm order={$orderTotals.get()!} />);
    const input = screen.getByLabelText('Gutscheincode') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'fuenfer' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Einlösen' })));
    expect(await screen.findByText('Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.')).toBeTruthy();
    expect(screen.queryByText('Dieser Gutscheincode ist ungültig oder abgelaufen.')).toBeNull();
    expect($coupon.get()).toEqual({ state: 'unavailable', code: 'fuenfer' });
    expect((screen.getByLabelText('Gutscheincode') as HTMLInputElement).value).toBe('fuenfer');
    expect($cart.get()).toBe(cartBefore);
    down = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Einlösen' })));
    rerender(<CouponForm order={$orderTotals.get()!} />);
    expect(await screen.findByText('Gutschein FUENFER eingelöst.')).toBeTruthy();
  });
});
