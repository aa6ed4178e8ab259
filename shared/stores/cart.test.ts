/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The cart store: add, update, amounts, removal, persistence per shop, restore and other tabs.
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CartItem, DishCartItem } from '@shared/domain';
import { $cart, $cartProblems, $shopId, addToCart, clearCart, removeCartLine, setLineAmount, updateCartLine, $cartCount } from './index';
import { reloadCart, setCartRestorer } from './cart';
import { dish, useFreshStores } from './testing';

useFreshStores();

describe('cart', () => {
  beforeEach(() => {
    $shopId.set('demo');
  });

  it('adds, updates, changes amounts (min 1), removes, clears and persists per shop', () => {
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    document.addEventListener('tischlein:cart-changed', listener);
    addToCart(dish('a'));
    const second = addToCart(dish('a')); // duplicate id gets a fresh one
    expect(second.lineId).not.toBe('a');
    expect($cart.get()).toHaveLength(2);
    setLineAmount('a', 3);
    expect($cart.get()[0].amount).toBe(3);
    setLineAmount('a', 0);
    expect($cart.get()[0].amount).toBe(1);
    setLineAmount('a', Number.NaN);
    expect($cart.get()[0].amount).toBe(1);
    updateCartLine('a', { ...dish('zzz'), sizeId: 's2' });
    expect($cart.get()[0]).toMatchObject({ lineId: 'a', sizeId: 's2' });
    expect($cartCount.get()).toBe(2);
    const stored = JSON.parse(localStorage.getItem('tischlein:cart:demo')!);
    expect(stored).toHaveLength(2);
    removeCartLine(second.lineId);
    expect($cart.get().map((i) => i.lineId)).toEqual(['a']);
    clearCart();
    expect($cart.get()).toEqual([]);
    expect(localStorage.getItem('tischlein:cart:demo')).toBe('[]');
    expect(events.length).toBeGreaterThanOrEqual(5);
    addToCart(dish('m'));
    const last = events[events.length - 1] as { items: DishCartItem[]; count: number };
    expect(last.count).toBe(1);
    last.items[0].amount = 99; // the host page cannot reach our state
    expect($cart.get()[0].amount).toBe(1);
    document.removeEventListener('tischlein:cart-changed', listener);
  });

  it('loads the stored cart of the shop when the shop id changes', () => {
    localStorage.setItem('tischlein:cart:other', JSON.stringify([dish('x')]));
    $shopId.set('other');
    expect($cart.get().map((i) => i.lineId)).toEqual(['x']);
    $shopId.set('demo');
    expect($cart.get()).toEqual([]);
  });

  it.each([
    ['invalid JSON', '{not json'],
    ['an object', '{"items":[1,2]}'],
    ['a number', '42'],
    ['null', 'null'],
    ['a prototype attack', '{"__proto__":{"polluted":true}}'],
  ])('survives %s in storage', (_name, raw) => {
    localStorage.setItem('tischlein:cart:demo', raw);
    expect(() => reloadCart()).not.toThrow();
    expect($cart.get()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the valid lines of a partly corrupted cart', () => {
    const raw = JSON.stringify([
      dish('ok1'),
      null,
      'x',
      42,
      [dish('nested')],
      { kind: 'drink' },
      { __proto__: { polluted: true }, ...dish('ok2') },
      { kind: 'menu', menuId: 'm1', subitems: [], amount: 1, price: 1000 },
    ]);
    localStorage.setItem('tischlein:cart:demo', raw);
    reloadCart();
    const ids = $cart.get().map((i) => i.lineId);
    expect(ids.slice(0, 2)).toEqual(['ok1', 'ok2']);
    expect(ids).toHaveLength(3); // the menu without a line id gets a fresh one
    expect(typeof ids[2]).toBe('string');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('restores through the plugged-in restorer and lists its problems', () => {
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([dish('a'), { ...dish('b'), dishId: 'gone' }]));
    setCartRestorer((raw) => {
      const items = (raw as CartItem[]).filter((i) => i.kind === 'dish' && i.dishId !== 'gone');
      return { items, problems: ['Gericht Gone nicht gefunden'] };
    });
    expect($cart.get().map((i) => i.lineId)).toEqual(['a']);
    expect($cartProblems.get()).toEqual(['Gericht Gone nicht gefunden']);
  });

  it('falls back to the default restorer when the plugged-in one throws', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([dish('a'), 'junk']));
    setCartRestorer(() => {
      throw new Error('catalog not ready');
    });
    expect($cart.get().map((i) => i.lineId)).toEqual(['a']);
    setCartRestorer(() => ({ items: 'nope' }) as never);
    expect($cart.get().map((i) => i.lineId)).toEqual(['a']);
  });

  it('follows writes of another tab (storage event)', () => {
    addToCart(dish('a'));
    const newValue = JSON.stringify([dish('a'), dish('b')]);
    localStorage.setItem('tischlein:cart:demo', newValue);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tischlein:cart:demo', newValue }));
    expect($cart.get().map((i) => i.lineId)).toEqual(['a', 'b']);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tischlein:cart:other', newValue: '[]' }));
    expect($cart.get()).toHaveLength(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'tischlein:cart:demo', newValue: '{garbage' }));
    expect($cart.get()).toEqual([]);
  });
});
