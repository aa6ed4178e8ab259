/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The menu editor's 'Vorschau' runs on the shop's own origin: with a storage namespace its cart is
// stored under keys of its own, never in (and never replaced by) a guest's cart of the same shop.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { $cart, $shopId, addToCart, setStorageNamespace } from './index';
import { reloadCart } from './cart';
import { local } from './storage';
import { dish, useFreshStores } from './testing';

useFreshStores();

describe('storage namespace (the preview)', () => {
  const guestCart = JSON.stringify([dish('guest-line')]);
  beforeEach(() => {
    localStorage.setItem('tischlein:cart:demo', guestCart);
    setStorageNamespace('tischlein-vorschau:');
    $shopId.set('demo');
    reloadCart();
  });
  afterEach(() => setStorageNamespace(''));

  it("starts without the guest's cart and writes only under its own keys", () => {
    expect($cart.get()).toEqual([]);
    addToCart(dish('preview-line'));
    expect(JSON.parse(localStorage.getItem('tischlein-vorschau:tischlein:cart:demo')!)).toHaveLength(1);
    expect(localStorage.getItem('tischlein:cart:demo')).toBe(guestCart);
    local.set('tischlein:coupon:demo', 'X');
    expect(localStorage.getItem('tischlein-vorschau:tischlein:coupon:demo')).toBe('X');
    expect(localStorage.getItem('tischlein:coupon:demo')).toBeNull();
    local.remove('tischlein:coupon:demo');
    expect(localStorage.getItem('tischlein-vorschau:tischlein:coupon:demo')).toBeNull();
  });

  it("a guest tab's cart change does not reach the preview; another preview tab's does", () => {
    addToCart(dish('preview-line'));
    const guest = JSON.stringify([dish('g1'), dish('g2'), dish('g3')]);
    localStorage.setItem('tischlein:cart:demo', guest);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tischlein:cart:demo', newValue: guest }));
    expect($cart.get().map((i) => i.lineId)).toEqual(['preview-line']);
    const other = JSON.stringify([dish('p1'), dish('p2')]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tischlein-vorschau:tischlein:cart:demo', newValue: other }));
    expect($cart.get().map((i) => i.lineId)).toEqual(['p1', 'p2']);
  });
});
