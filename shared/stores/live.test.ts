/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The storefront follows the staff: a sold-out dish leaves the cart ('Warenkorb Probleme' lists
// it), a pause gives the notice and reloads the delivery period (the server empties its times).
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $cartProblems, $shopId, dismissCartProblems } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { $ordersNotice, $shopLive, $soldOut, refreshShopLive, resetShopLive, startShopLive } from './live';

const open = { takingOrders: true, reason: null, pausedUntil: null, busyMinutes: 0, soldOut: [], notice: null };
let answer: Record<string, unknown> = open;
let periodCalls = 0;
let shopDataCalls: string[] = [];
let liveCalls = 0;
/** while set, the live answers wait for it */
let gate: Promise<void> | null = null;

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
  liveCalls = 0;
  gate = null;
  configureApi({
    shopId: 'demo', origin: 'https://shop.example',
    fetch: fakeFetch((c) => {
      if (c.url.includes('/api/shop/demo/live')) {
        liveCalls += 1;
        const a = answer;
        return gate ? gate.then(() => json(a)) : json(a);
      }
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
    // the reload runs beside the poll: wait for its result (the store's change, not a time)
    await new Promise<void>((done) => {
      const stop = $bootstrap.subscribe((b) => {
        if (b.data?.catalogVersion !== '8-bbbbbbbbbbbb') return;
        queueMicrotask(() => stop());
        done();
      });
    });
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

describe('asking again (the shared poller)', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    jest.useFakeTimers();
  });
  afterEach(() => {
    resetShopLive();
    jest.useRealTimers();
  });

  it('asks at once and every 5 s, the next time only after the last answer; not while hidden; at once when visible again', async () => {
    let release = () => undefined as void;
    gate = new Promise<void>((r) => (release = r));
    startShopLive(5000);
    await jest.advanceTimersByTimeAsync(0);
    expect(liveCalls).toBe(1);
    // a slow answer: three intervals pass, no second question on top of the first
    await jest.advanceTimersByTimeAsync(15_000);
    expect(liveCalls).toBe(1);
    release();
    gate = null;
    await jest.advanceTimersByTimeAsync(0);
    expect($shopLive.get()).toEqual(open);
    await jest.advanceTimersByTimeAsync(5000);
    expect(liveCalls).toBe(2);
    // a hidden tab asks nothing
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(20_000);
    expect(liveCalls).toBe(2);
    // back in view: at once, then every 5 s again
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(0);
    expect(liveCalls).toBe(3);
    await jest.advanceTimersByTimeAsync(5000);
    expect(liveCalls).toBe(4);
  });

  it('another shop of the franchise: its state is forgotten and asked at once', async () => {
    startShopLive(5000);
    await jest.advanceTimersByTimeAsync(0);
    expect(liveCalls).toBe(1);
    answer = { ...open, soldOut: ['d-salami'] };
    $shopId.set('burgerwerk');
    expect($shopLive.get()).toBeNull();
    await jest.advanceTimersByTimeAsync(0);
    expect(liveCalls).toBe(2);
  });
});
