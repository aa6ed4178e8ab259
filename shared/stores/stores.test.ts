/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { clearBootstrapCache, configureApi, resetApi } from '@shared/api';
import { bootstrapFixture, fakeFetch, json, stubGlobal, unstubAllGlobals, type FakeHandler } from '@shared/api/testing';
import type { CartItem, DishCartItem } from '@shared/domain';
import {
  $bootstrap,
  $cart,
  $cartProblems,
  $catalog,
  $config,
  $coupon,
  $deliveryPeriod,
  $deliveryType,
  $deliveryTypeAutoSelection,
  $deliveryTypePreSelection,
  $devFlags,
  $shopId,
  $shopTime,
  addToCart,
  applyCoupon,
  clearCart,
  clearCoupon,
  configureConsent,
  createSafeStorage,
  flushTracking,
  setHostConsent,
  emitHostEvent,
  loadShop,
  parseDevFlags,
  reloadCart,
  reloadDevFlags,
  removeCartLine,
  resetShop,
  resetShopClock,
  setCartRestorer,
  setDevFlags,
  setLineAmount,
  setManualShopTime,
  startShopClock,
  stopShopClock,
  syncShopTime,
  updateCartLine,
  confirmAge,
  isAgeConfirmed,
  $ageConfirmed,
  setShowNevertheless,
  $showNevertheless,
  setTableNumber,
  $tableNumber,
  reloadSessionValues,
  readCouponCode,
  restoreCoupon,
  $cartCount,
  navigate,
  $route,
} from './index';

function dish(lineId: string, amount = 1): DishCartItem {
  return {
    kind: 'dish',
    lineId,
    dishId: 'd1',
    sizeId: 's1',
    memberName: null,
    amount,
    price: 750,
    priceNonDiscounted: 750,
    promotion: null,
    without: [],
    tags: [],
    slotId: null,
    extras: [],
  };
}

function api(handler: FakeHandler) {
  const f = fakeFetch(handler);
  configureApi({ origin: 'https://shop.example', shopId: 'demo', fetch: f });
  return f;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setCartRestorer(null);
  clearBootstrapCache();
  resetShop();
  $deliveryTypePreSelection.set(null);
  resetShopClock();
  reloadDevFlags();
  reloadSessionValues();
  clearCoupon();
});
afterEach(() => {
  resetApi();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('loadShop', () => {
  it('loads the bootstrap once even when several widgets ask at once', async () => {
    const f = api(() => json(bootstrapFixture(), 200, { etag: '"1"' }));
    expect($bootstrap.get().status).toBe('loading');
    const a = loadShop('demo');
    const b = loadShop('demo');
    await Promise.all([a, b]);
    expect(f.calls.filter((c) => c.url.endsWith('/bootstrap'))).toHaveLength(1);
    expect($bootstrap.get().status).toBe('ready');
    expect($shopId.get()).toBe('demo');
    expect($config.get()?.restaurantName).toBe('Pizzeria Demo');
    expect($catalog.get()?.dishes).toHaveLength(1);
    expect($deliveryPeriod.get()?.minOffset).toBe(750);
    await loadShop('demo');
    expect(f.calls).toHaveLength(1);
  });

  it('puts a malformed answer into the error state instead of crashing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = bootstrapFixture() as any;
    bad.catalog.dishes[0].prices = 'teuer';
    api(() => json(bad));
    await loadShop('demo');
    const state = $bootstrap.get();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('bad-response');
    expect($config.get()).toBeNull();
  });

  it('configures the API itself when nobody did', async () => {
    const fetchMock = jest.fn(async () => json(bootstrapFixture()));
    stubGlobal('fetch', fetchMock);
    await loadShop('demo');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://localhost:3000/api/shop/demo/bootstrap');
    unstubAllGlobals();
  });
});

describe('delivery type', () => {
  it('auto-selects delivery when supported, else pickup; manual wins', async () => {
    expect($deliveryType.get()).toBe('delivery');
    const boot = bootstrapFixture();
    boot.config.flags.supportDelivery = false;
    api(() => json(boot));
    await loadShop('demo');
    expect($deliveryTypeAutoSelection.get()).toBe('pickup');
    expect($deliveryType.get()).toBe('pickup');
    $deliveryTypePreSelection.set('delivery');
    expect($deliveryType.get()).toBe('delivery');
    $deliveryTypePreSelection.set(null);
    expect($deliveryType.get()).toBe('pickup');
  });
});

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

describe('session values', () => {
  it('remembers age, show-nevertheless and table number in sessionStorage', () => {
    expect(isAgeConfirmed(16)).toBe(false);
    confirmAge(16);
    expect(isAgeConfirmed(16)).toBe(true);
    expect(isAgeConfirmed(18)).toBe(false);
    confirmAge(18);
    confirmAge(16);
    expect($ageConfirmed.get()).toBe(18);
    expect(sessionStorage.getItem('tischlein:age')).toBe('18');
    setShowNevertheless(true);
    expect(sessionStorage.getItem('tischlein:showNevertheless')).toBe('true');
    expect(setTableNumber('7')).toBe(true);
    expect(setTableNumber('abc')).toBe(false);
    expect(setTableNumber(0)).toBe(false);
    expect($tableNumber.get()).toBe(7);
    reloadSessionValues();
    expect($showNevertheless.get()).toBe(true);
    expect($tableNumber.get()).toBe(7);
    setShowNevertheless(false);
    expect(sessionStorage.getItem('tischlein:showNevertheless')).toBeNull();
  });

  it('falls back to memory when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('SecurityError');
      },
      setItem: () => {
        throw new DOMException('QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('SecurityError');
      },
    } as unknown as Storage;
    for (const getter of [() => throwing, () => undefined, () => {
      throw new DOMException('SecurityError');
    }]) {
      const s = createSafeStorage(getter as () => Storage | undefined);
      expect(s.persistent).toBe(false);
      s.set('k', 'v');
      expect(s.get('k')).toBe('v');
      s.remove('k');
      expect(s.get('k')).toBeNull();
    }
  });
});

describe('safe storage', () => {
  it('keeps a value in memory when the quota is exceeded and does not shadow a clear()', () => {
    const backing = new Map<string, string>();
    let full = false;
    const storage = {
      getItem: (k: string) => backing.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (full && k !== '__tischlein_probe__') throw new DOMException('full', 'QuotaExceededError');
        backing.set(k, v);
      },
      removeItem: (k: string) => backing.delete(k),
    } as unknown as Storage;
    const s = createSafeStorage(() => storage);
    s.set('a', '1');
    expect(backing.get('a')).toBe('1');
    backing.clear(); // another tab cleared the storage
    expect(s.get('a')).toBeNull();
    full = true;
    s.set('b', '2');
    expect(s.get('b')).toBe('2');
    full = false;
    s.set('b', '3');
    expect(backing.get('b')).toBe('3');
    backing.delete('b');
    expect(s.get('b')).toBeNull();
  });
});

describe('dev flags', () => {
  it('uses the spec defaults and survives garbage', () => {
    const d = parseDevFlags(null);
    expect(d.trackEventsOnConsole).toBe(true);
    expect(d.automaticPollGroupOrder).toBe(true);
    expect(d.verticalMenu).toBe(false);
    expect(d.showLogin).toBe(false);
    expect(parseDevFlags('{garbage')).toEqual(d);
    expect(parseDevFlags('[true]')).toEqual(d);
    expect(parseDevFlags('"x"')).toEqual(d);
    const p = parseDevFlags('{"verticalMenu":true,"trackEventsOnConsole":false,"showLogin":"yes","__proto__":{"x":true}}');
    expect(p.verticalMenu).toBe(true);
    expect(p.trackEventsOnConsole).toBe(false);
    expect(p.showLogin).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads and writes localStorage dev-mode', () => {
    localStorage.setItem('dev-mode', '{"hideTopWelcome":true}');
    reloadDevFlags();
    expect($devFlags.get().hideTopWelcome).toBe(true);
    setDevFlags({ showDishNumbers: true });
    expect(JSON.parse(localStorage.getItem('dev-mode')!).showDishNumbers).toBe(true);
  });
});

describe('shop time', () => {
  it('follows the delivery period and advances on minute boundaries', () => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-18T11:30:40Z'));
    syncShopTime({ dayIndex: 2, minOffset: 750 });
    startShopClock();
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 750 });
    jest.advanceTimersByTime(19_000); // 11:30:59
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 750 });
    jest.advanceTimersByTime(1_000); // boundary
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 751 });
    jest.advanceTimersByTime(60_000 * 10);
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 761 });
    stopShopClock();
    jest.advanceTimersByTime(60_000 * 5);
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 761 });
  });

  it('rolls over midnight and Sunday to Monday', () => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-22T22:59:00Z'));
    syncShopTime({ dayIndex: 6, minOffset: 1439 });
    startShopClock();
    jest.advanceTimersByTime(60_000);
    expect($shopTime.get()).toEqual({ dayIndex: 0, minute: 0 });
    stopShopClock();
  });

  it('re-bases on a new delivery period and supports manual mode', () => {
    jest.useFakeTimers();
    $deliveryPeriod.set({ ...bootstrapFixture().deliveryPeriod, dayIndex: 4, minOffset: 600 });
    expect($shopTime.get()).toEqual({ dayIndex: 4, minute: 600 });
    setManualShopTime({ dayIndex: 1, minute: 90 });
    expect($shopTime.get()).toEqual({ dayIndex: 1, minute: 90 });
    setManualShopTime(null);
    expect($shopTime.get()).toEqual({ dayIndex: 4, minute: 600 });
  });
});

describe('coupon', () => {
  beforeEach(() => {
    $shopId.set('demo');
  });

  it('goes none → validating → valid and keeps the code for the session', async () => {
    api(() => json({ type: 'value', value: 500, minimumOrderValue: 1500 }));
    const p = applyCoupon(' SOMMER ');
    expect($coupon.get()).toEqual({ state: 'validating', code: 'SOMMER' });
    await p;
    expect($coupon.get()).toEqual({ state: 'valid', code: 'SOMMER', type: 'value', value: 500, minimumOrderValue: 1500 });
    expect(readCouponCode('demo')).toBe('SOMMER');
    clearCoupon();
    expect($coupon.get()).toEqual({ state: 'none' });
    expect(sessionStorage.getItem('tischlein:coupon:demo')).toBeNull();
  });

  it('marks an invalid code and tracks it (only with consent)', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const f = api((call) => (call.url.includes('validate_coupon') ? json({ error: 'unknown' }, 404) : json({ success: true })));
    await applyCoupon('FALSCH');
    expect($coupon.get()).toEqual({ state: 'invalid', code: 'FALSCH' });
    await flushTracking();
    expect(f.calls.filter((c) => c.url.includes('/api/platform/'))).toEqual([]);
    setDevFlags({ trackOnLocalhost: true });
    configureConsent({ remember: false });
    setHostConsent(true);
    await applyCoupon('FALSCH2');
    await flushTracking();
    const tr = f.calls.find((c) => c.url.endsWith('/api/platform/tr/e'));
    expect(tr?.body).toMatchObject({ event: 'coupon_invalid', restaurantId: 'demo', eventData: { code: 'FALSCH2' } });
    setHostConsent(null);
  });

  it('ignores a stale answer after a newer apply', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api(async (call) => {
      if (call.url.includes('code=ALT')) await gate;
      return json({ type: 'percent', value: call.url.includes('ALT') ? 5 : 10 });
    });
    const first = applyCoupon('ALT');
    await applyCoupon('NEU');
    release();
    await first;
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'NEU', value: 10 });
  });

  it('restores the session code', async () => {
    sessionStorage.setItem('tischlein:coupon:demo', 'SOMMER');
    api(() => json({ type: 'percent', value: 10 }));
    await restoreCoupon();
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'SOMMER' });
  });
});

describe('host events and route', () => {
  it('dispatches tischlein:<name> on document, bubbling and composed', () => {
    const seen: CustomEvent[] = [];
    document.addEventListener('tischlein:order-placed', (e) => seen.push(e as CustomEvent));
    emitHostEvent('order-placed', { id: '42' });
    expect(seen[0].detail).toEqual({ id: '42' });
    expect(seen[0].bubbles).toBe(true);
    expect(seen[0].composed).toBe(true);
    navigate('/checkout');
    expect($route.get()).toBe('/checkout');
  });
});

describe('loadShop shop switch', () => {
  it('keeps origin and fetch when another shop is loaded', async () => {
    const f = api((call) => {
      const b = bootstrapFixture();
      if (call.url.includes('/shop/zwei/')) b.config.id = 'zwei';
      return json(b);
    });
    await loadShop('demo');
    await loadShop('zwei');
    expect(f.calls.map((c) => c.url)).toEqual([
      'https://shop.example/api/shop/demo/bootstrap',
      'https://shop.example/api/shop/zwei/bootstrap',
    ]);
    expect($config.get()?.id).toBe('zwei');
  });
});

describe('shop services', () => {
  it('refreshes the delivery period every 5 minutes and keeps the last one on failure', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = false;
    const f = api((call) => {
      if (fail) return json({}, 500);
      return call.url.includes('deliveryPeriod')
        ? json({ ...bootstrapFixture().deliveryPeriod, minOffset: 800 })
        : json(bootstrapFixture());
    });
    await loadShop('demo');
    const { startShopServices } = await import('./index');
    const stop = startShopServices();
    expect($shopTime.get()).toEqual({ dayIndex: 2, minute: 750 });
    await jest.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(f.calls.some((c) => c.url.endsWith('/api/platform/config/deliveryPeriod?shop=demo'))).toBe(true);
    expect($deliveryPeriod.get()?.minOffset).toBe(800);
    expect($shopTime.get()?.minute).toBe(800);
    fail = true;
    await jest.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect($deliveryPeriod.get()?.minOffset).toBe(800);
    stop();
  });
});

describe('group role', () => {
  it('only a member of an active group is a non-owner for the two-for-one choice', async () => {
    const { $groupOrderActive, $groupRole, $isNonOwnerInActiveGroup } = await import('./order');
    expect($isNonOwnerInActiveGroup.get()).toBe(false);
    $groupRole.set('member');
    expect($isNonOwnerInActiveGroup.get()).toBe(false); // no active group
    $groupOrderActive.set(true);
    expect($isNonOwnerInActiveGroup.get()).toBe(true);
    $groupRole.set('owner');
    expect($isNonOwnerInActiveGroup.get()).toBe(false);
    $groupOrderActive.set(false);
    $groupRole.set(null);
  });
});
