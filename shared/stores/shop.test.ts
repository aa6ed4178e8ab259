/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The shop stores: loading the bootstrap (once, per shop), the delivery type, the shop's clock,
// the services that refresh the delivery period, and the group role.
import { describe, expect, it, jest } from '@jest/globals';
import { bootstrapFixture, json, stubGlobal, unstubAllGlobals } from '@shared/api/testing';
import { $bootstrap, $catalog, $deliveryPeriod, $deliveryType, $deliveryTypePreSelection, $shopId, loadShop } from './index';
import { $config } from './shop';
import { $deliveryTypeAutoSelection } from './deliveryType';
import { $shopTime, setManualShopTime, startShopClock, stopShopClock, syncShopTime } from './shopTime';
import { api, useFreshStores } from './testing';

useFreshStores();

/** The 5-second live state's answer for an open shop (the services ask for it too) */
const LIVE_OPEN = { takingOrders: true, reason: null, pausedUntil: null, busyMinutes: 0, soldOut: [], notice: null };

describe('loadShop', () => {
  it('loads the bootstrap once even when several widgets ask at once', async () => {
    const f = api(() => json(bootstrapFixture(), 200, { etag: '"1"' }));
    expect($bootstrap.get().status).toBe('loading');
    const a = loadShop('demo');
    const b = loadShop('demo');
    await Promise.all([a, b]);
    expect(f.calls.filter((c) => c.url.endsWith('/state'))).toHaveLength(1);
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
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://localhost:3000/api/shop/demo/state');
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
      'https://shop.example/api/shop/demo/state',
      'https://shop.example/api/shop/zwei/state',
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
      if (call.url.endsWith('/live')) return json(LIVE_OPEN);
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


describe('a changed menu', () => {
  it('the delivery period poll names a newer catalog version: the shop is loaded again', async () => {
    jest.useFakeTimers();
    const v1 = { ...bootstrapFixture(), catalogVersion: '1-aaaaaaaaaaaa' };
    const v2 = structuredClone(v1);
    v2.catalogVersion = '2-bbbbbbbbbbbb';
    v2.catalog.dishes[0].prices[0].price = 999;
    let current = v1;
    const f = api((call) =>
      call.url.endsWith('/live')
        ? json({ ...LIVE_OPEN, catalogVersion: current.catalogVersion })
        : call.url.includes('deliveryPeriod') ? json({ ...v1.deliveryPeriod, catalogVersion: current.catalogVersion }) : json(current),
    );
    await loadShop('demo');
    const { startShopServices } = await import('./index');
    const stop = startShopServices();
    await jest.advanceTimersByTimeAsync(5 * 60 * 1000);
    // the same version: no second bootstrap
    expect(f.calls.filter((c) => c.url.endsWith('/state'))).toHaveLength(1);
    current = v2;
    await jest.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(f.calls.filter((c) => c.url.endsWith('/state'))).toHaveLength(2);
    expect($bootstrap.get().data?.catalogVersion).toBe('2-bbbbbbbbbbbb');
    expect($catalog.get()?.dishes[0].prices[0].price).toBe(999);
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
