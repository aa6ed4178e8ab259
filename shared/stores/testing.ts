// Test helpers for the store tests (not exported from index): a dish line, a fake API, and the
// reset of every store before and after each test. Import from tests only.
import { afterEach, beforeEach, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { clearBootstrapCache } from '@shared/api/bootstrap';
import { fakeFetch, type FakeHandler } from '@shared/api/testing';
import type { DishCartItem } from '@shared/domain';
import { clearCoupon } from './coupon';
import { $deliveryTypePreSelection } from './deliveryType';
import { reloadDevFlags } from './dev';
import { setCartRestorer } from './cart';
import { reloadSessionValues } from './session';
import { resetShop } from './shop';
import { resetShopClock } from './shopTime';

export function dish(lineId: string, amount = 1): DishCartItem {
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

export function api(handler: FakeHandler) {
  const f = fakeFetch(handler);
  configureApi({ origin: 'https://shop.example', shopId: 'demo', fetch: f });
  return f;
}

/** Fresh storage and stores before each test; real timers and the real API after it. */
export function useFreshStores(): void {
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
}
