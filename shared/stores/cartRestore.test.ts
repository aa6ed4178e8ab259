/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The engine restore in the stores: write-back, franchise switch, the 30-s availability check,
// free-item selections dropped below their threshold, the reserved coupon.
import { beforeAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { bootstrapFixture, fakeFetch, json, type FakeHandler } from '@shared/api/testing';
import type { Bootstrap, Catalog, CartItem } from '@shared/domain';
import { catalogWith, dishLine, offer, testCatalog } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $cartProblems, $cartSwitchedFrom, $coupon, $couponReservation, $orderTotals, $selectedFreeItems, $shopId, acceptCouponReservation, addToCart, applyCoupon, checkReservedCoupon, clearCoupon, declineCouponReservation, dismissCartProblems, removeCartLine, selectFreeItem, setLineAmount, startCartAvailabilityCheck } from './index';
import { handOverCart, recheckCart, setCartRestorer } from './cart';
import { resetShop } from './shop';
import { loadCartEngine } from './order';
import { stopCartAvailabilityCheck, CART_AVAILABILITY_CHECK_MS } from './cartAvailability';

// The cart's pricing is loaded on first use (shared/stores/order.ts); here it is there from the start.
beforeAll(async () => {
  await loadCartEngine();
});

function boot(shopId: string, catalog: Catalog): Bootstrap {
  const b = bootstrapFixture();
  return { ...b, config: { ...b.config, id: shopId }, catalog };
}

/** What loadShop does, without the network: shop id first, then the ready bootstrap. */
function ready(shopId: string, catalog: Catalog) {
  $shopId.set(shopId);
  $bootstrap.set({ status: 'ready', data: boot(shopId, catalog), error: null });
}

const stored = (shopId: string) => JSON.parse(localStorage.getItem(`tischlein:cart:${shopId}`) ?? 'null') as CartItem[] | null;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stopCartAvailabilityCheck();
  resetShop();
  setCartRestorer(null);
  $cart.set([]);
  dismissCartProblems();
  $selectedFreeItems.set([]);
  clearCoupon();
});
afterEach(() => {
  resetApi();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('engine restore in the cart store', () => {
  it('drops unknown lines, lists them and writes the cleaned cart back (no problems on the next reload)', () => {
    localStorage.setItem(
      'tischlein:cart:demo',
      JSON.stringify([dishLine('d-margherita', 's-small'), dishLine('d-gone', null, 1, [], { lineId: 'x' }), dishLine('d-cola', 's-9')]),
    );
    ready('demo', testCatalog);
    expect($cart.get().map((l) => (l.kind === 'dish' ? l.dishId : ''))).toEqual(['d-margherita']);
    expect($cartProblems.get()).toEqual(['Gericht d-gone nicht gefunden', 'Größe s-9 nicht gefunden']);
    expect($cartSwitchedFrom.get()).toBeNull();
    expect(stored('demo')).toHaveLength(1);
    // the next page load finds a clean cart
    dismissCartProblems();
    setCartRestorer(null);
    ready('demo', testCatalog);
    expect($cart.get()).toHaveLength(1);
    expect($cartProblems.get()).toEqual([]);
  });

  it("does not judge another shop's lines with the previous shop's catalog", () => {
    ready('a', testCatalog);
    const other = catalogWith({ dishes: testCatalog.dishes.map((d) => ({ ...d, id: `b-${d.id}` })) });
    localStorage.setItem('tischlein:cart:b', JSON.stringify([dishLine('b-d-fries', null)]));
    $shopId.set('b'); // shop b's catalog is not loaded yet
    expect($cart.get()).toHaveLength(1);
    expect($cartProblems.get()).toEqual([]);
    expect(stored('b')).toHaveLength(1);
    $bootstrap.set({ status: 'ready', data: boot('b', other), error: null });
    expect($cart.get()).toHaveLength(1);
  });

  it('a franchise switch re-checks the handed-over lines and says the shop changed, naming lines from the old menu', () => {
    ready('a', testCatalog);
    addToCart(dishLine('d-margherita', 's-small'));
    addToCart(dishLine('d-tiramisu', null));
    const other = catalogWith({ dishes: testCatalog.dishes.filter((d) => d.id !== 'd-tiramisu') });
    handOverCart('b');
    $shopId.set('b');
    $bootstrap.set({ status: 'loading', data: null, error: null });
    expect($cart.get()).toHaveLength(2); // kept until the new catalog is known
    $bootstrap.set({ status: 'ready', data: boot('b', other), error: null });
    expect($cart.get().map((l) => (l.kind === 'dish' ? l.dishId : ''))).toEqual(['d-margherita']);
    expect($cartProblems.get()).toEqual(['Gericht Tiramisu nicht gefunden']);
    expect($cartSwitchedFrom.get()).toBe('a');
    expect(localStorage.getItem('tischlein:cart:b:shop')).toBeNull();
    expect(stored('b')).toHaveLength(1);
    dismissCartProblems();
    expect($cartSwitchedFrom.get()).toBeNull();
    // the old shop's cart is untouched
    expect(stored('a')).toHaveLength(2);
  });

  it('removes lines priced above 999900 cents as Ungültiges Gericht', () => {
    const pricey = catalogWith({
      dishes: testCatalog.dishes.map((d) => (d.id === 'd-fries' ? { ...d, prices: [{ sizeId: null, price: 1_000_000, deposit: 0 }] } : d)),
    });
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([dishLine('d-fries', null), dishLine('d-beer', null)]));
    ready('demo', pricey);
    expect($cart.get()).toHaveLength(1);
    expect($cartProblems.get()).toEqual(['Ungültiges Gericht']);
  });

  it('survives hostile storage', () => {
    localStorage.setItem('tischlein:cart:demo', '[{"__proto__":{"polluted":1},"kind":"dish","dishId":"d-fries"},{"kind":"menu","menuId":{"x":1}},"x",null]');
    expect(() => ready('demo', testCatalog)).not.toThrow();
    expect($cart.get()).toHaveLength(1);
    expect($cartProblems.get()).toHaveLength(3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('availability check every 30 s', () => {
  it('re-checks the cart against the current catalog while started, and stops', () => {
    jest.useFakeTimers();
    ready('demo', testCatalog);
    addToCart(dishLine('d-margherita', 's-small'));
    addToCart(dishLine('d-beer', null));
    const stop = startCartAvailabilityCheck();
    const stop2 = startCartAvailabilityCheck(); // a second widget shares the timer
    // the shop's catalog changes (new bootstrap): the beer is gone
    const without = catalogWith({ dishes: testCatalog.dishes.filter((d) => d.id !== 'd-beer') });
    $bootstrap.set({ status: 'ready', data: boot('demo', without), error: null });
    // the stored cart was re-read at once; put the beer back in memory to see the timer work
    $cart.set([...$cart.get(), dishLine('d-beer', null, 1, [], { lineId: 'beer' })]);
    dismissCartProblems();
    jest.advanceTimersByTime(CART_AVAILABILITY_CHECK_MS - 1);
    expect($cart.get()).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect($cart.get()).toHaveLength(1);
    expect($cartProblems.get()).toEqual(['Gericht Pils nicht gefunden']);
    stop();
    $cart.set([...$cart.get(), dishLine('d-beer', null, 1, [], { lineId: 'beer2' })]);
    jest.advanceTimersByTime(CART_AVAILABILITY_CHECK_MS);
    expect($cart.get()).toHaveLength(1); // still running for the second widget
    stop2();
    $cart.set([...$cart.get(), dishLine('d-beer', null, 1, [], { lineId: 'beer3' })]);
    jest.advanceTimersByTime(CART_AVAILABILITY_CHECK_MS * 3);
    expect($cart.get()).toHaveLength(2);
  });

  it('does nothing before the catalog is known or when all lines are fine', () => {
    $shopId.set('demo');
    addToCart(dishLine('d-unknown', null));
    expect(recheckCart()).toEqual([]);
    expect($cart.get()).toHaveLength(1);
    ready('demo', testCatalog);
    const before = $cart.get();
    expect(recheckCart()).toEqual([]);
    expect($cart.get()).toBe(before);
  });
});

describe('free items', () => {
  it('drops the chosen free item when the order falls below the threshold', () => {
    const catalog = catalogWith({
      offers: [offer({ id: 'o-free', offerType: 'freeItem', minimumOrderValue: 1500, freeItems: [{ dishId: 'd-tiramisu', sizeId: null }] })],
    });
    ready('demo', catalog);
    const line = addToCart(dishLine('d-fries', null, 6)); // 1800
    selectFreeItem({ offerId: 'o-free', dishId: 'd-tiramisu', sizeId: null });
    expect($orderTotals.get()?.freeItems.map((f) => f.dishId)).toEqual(['d-tiramisu']);
    setLineAmount(line.lineId, 4); // 1200 < 1500
    expect($selectedFreeItems.get()).toEqual([]);
    setLineAmount(line.lineId, 6);
    expect($selectedFreeItems.get()).toEqual([]); // not chosen again by itself
    removeCartLine(line.lineId);
  });
});

describe('reserved coupon', () => {
  function api(handler: FakeHandler) {
    configureApi({ origin: 'https://shop.example', shopId: 'demo', fetch: fakeFetch(handler) });
  }
  const handler: FakeHandler = (call) => {
    if (call.url.includes('/coupon_reservation/check/0170')) return json({ data: { code: 'TREUE15' } });
    if (call.url.includes('/coupon_reservation/check/')) return json({ error: 'not_found' }, 404);
    if (call.url.includes('code=TREUE15')) return json({ code: 'TREUE15', type: 'percent', value: 15, minimumOrderValue: 3000 });
    if (call.url.includes('code=WILLKOMMEN10')) return json({ code: 'WILLKOMMEN10', type: 'percent', value: 10 });
    if (call.url.includes('validate_coupon')) return json({ error: 'invalid' }, 404);
    return json({ success: true });
  };

  beforeEach(() => {
    $shopId.set('demo');
    $couponReservation.set(null);
  });

  it('applies the reserved code at once when none is set', async () => {
    api(handler);
    expect(await checkReservedCoupon('0170 1234567')).toBe('TREUE15');
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'TREUE15' });
    expect($couponReservation.get()).toBeNull();
  });

  it('asks before replacing another code; yes switches, no keeps', async () => {
    api(handler);
    await applyCoupon('WILLKOMMEN10');
    expect(await checkReservedCoupon('0170 1234567')).toBe('TREUE15');
    expect($couponReservation.get()).toMatchObject({ code: 'TREUE15', type: 'percent', value: 15 });
    expect($coupon.get()).toMatchObject({ code: 'WILLKOMMEN10' });
    declineCouponReservation();
    expect($coupon.get()).toMatchObject({ code: 'WILLKOMMEN10' });
    await checkReservedCoupon('0170 1234567');
    await acceptCouponReservation();
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'TREUE15' });
    expect($couponReservation.get()).toBeNull();
  });

  it('a failed or empty check yields nothing and changes nothing', async () => {
    api(handler);
    await applyCoupon('WILLKOMMEN10');
    expect(await checkReservedCoupon('0999 999999')).toBeNull();
    expect(await checkReservedCoupon('  ')).toBeNull();
    api(() => {
      throw new Error('offline');
    });
    expect(await checkReservedCoupon('0170 1234567')).toBeNull();
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'WILLKOMMEN10' });
    expect($couponReservation.get()).toBeNull();
  });
});
