/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The storefront follows the staff: a sold-out dish leaves the cart ('Warenkorb Probleme' lists
// it), a pause gives the notice and reloads the delivery period (the server empties its times).
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $cartProblems, $shopId, dismissCartProblems } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { $ordersNotice, $soldOut, refreshShopLive, resetShopLive } from './live';

const open = { takingOrders: true, reason: null, pausedUntil: null, busyMinutes: 0, soldOut: [], notice: null };
let answer: Record<string, unknown> = open;
let periodCalls = 0;
let shopDataCalls: string[] = [];

beforeAll(async () => {
  await loadCartEngine();
});
beforeEach(() => {
  resetShop();
  resetShopLive();
  setCartRestorer(null);
  dismissCartProblems();
  answer = open;
  periodCalls = 0;
  shopDataCalls = [];
  configureApi({
    shopId: 'demo', origin: 'https://shop.example',
    fetch: fakeFetch((c) => {
      if (c.url.includes('/api/shop/demo/live')) return json(answer);
      if (c.url.endsWith('/api/shop/demo/state') || c.url.includes('/api/shop/demo/catalog/')) {
        shopDataCalls.push(c.url.replace('https://shop.example/api/shop/demo', ''));
        return json({ ...bootstrapFixture(), catalogVersion: '8-bbbbbbbbbbbb' });
      }
      if (c.url.includes('/config/deliveryPeriod')) {
        periodCalls += 1;
        return json(bootstrapFixture().deliveryPeriod);
      }
      return json({}, 404);
    }),
  });
  $shopId.set('demo');
  $bootstrap.set({ status: 'ready', data: { ...bootstrapFixture(), catalog: catalogWith({}) }, error: null });
  $cart.set([dishLine('d-margherita', 's-large', 2), dishLine('d-salami', 's-small', 1, [{ groupId: 'g-sauce', itemId: 'x-tomato', itemName: 'Tomate', promotion: null, amount: 1, type: 'ingredient' }])]);
});
afterEach(() => {
  resetShopLive();
  resetApi();
});

describe('the shop’s live state on the page', () => {
  it('a menu published since the page loaded is loaded at once; the same version asks nothing', async () => {
    $bootstrap.set({ status: 'ready', data: { ...bootstrapFixture(), catalogVersion: '7-aaaaaaaaaaaa' }, error: null });
    answer = { ...open, catalogVersion: '7-aaaaaaaaaaaa' };
    await refreshShopLive();
    expect(shopDataCalls).toEqual([]);
    answer = { ...open, catalogVersion: '8-bbbbbbbbbbbb' };
    await refreshShopLive();
    // the reload runs beside the poll: wait for its result
    for (let i = 0; i < 50 && $bootstrap.get().data?.catalogVersion !== '8-bbbbbbbbbbbb'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(shopDataCalls[0]).toBe('/state');
    expect($bootstrap.get().data?.catalogVersion).toBe('8-bbbbbbbbbbbb');
  });

  it('a dish marked sold out leaves the cart and is listed as a cart problem', async () => {
    expect(await refreshShopLive()).toBe(true);
    expect($cart.get()).toHaveLength(2);
    answer = { ...open, soldOut: ['d-margherita'] };
    await refreshShopLive();
    expect($soldOut.get().has('d-margherita')).toBe(true);
    expect($cart.get().map((l) => (l.kind === 'dish' ? l.dishId : l.menuId))).toEqual(['d-salami']);
    expect($cartProblems.get()).toEqual(['Pizza Margherita ist gerade ausverkauft.']);
  });

  it('a pause: the German notice, and the delivery period is asked again (the server empties the serve times)', async () => {
    await refreshShopLive();
    expect($ordersNotice.get()).toBeNull();
    expect(periodCalls).toBe(0);
    answer = { ...open, takingOrders: false, reason: 'paused', pausedUntil: '2026-11-24T11:30:00.000Z', notice: 'Das Restaurant nimmt gerade keine Bestellungen an – wieder ab 12:30 Uhr.' };
    await refreshShopLive();
    expect($ordersNotice.get()).toBe('Das Restaurant nimmt gerade keine Bestellungen an – wieder ab 12:30 Uhr.');
    expect(periodCalls).toBe(1);
    expect($cart.get()).toHaveLength(2); // the cart stays: the guest may order when the pause ends
  });

  it('a broken answer keeps the last state', async () => {
    answer = { ...open, soldOut: ['d-salami'] };
    await refreshShopLive();
    answer = { takingOrders: 'yes' };
    expect(await refreshShopLive()).toBe(false);
    expect($soldOut.get().has('d-salami')).toBe(true);
  });
});
