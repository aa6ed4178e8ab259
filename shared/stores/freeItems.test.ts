/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { describe, expect, it } from '@jest/globals';
import { $selectedFreeItems, parseSelectedFreeItems, selectFreeItem } from './order';
import { $shopId } from './shop';

describe('chosen free items', () => {
  it('are kept per shop across reloads', () => {
    $shopId.set('demo');
    selectFreeItem({ offerId: 'offer-tiramisu', dishId: 'tiramisu', sizeId: null });
    expect(JSON.parse(localStorage.getItem('tischlein:freeItems:demo')!)).toEqual([
      { offerId: 'offer-tiramisu', dishId: 'tiramisu', sizeId: null },
    ]);
    $shopId.set('burgerwerk-sued');
    expect($selectedFreeItems.get()).toEqual([]);
    $shopId.set('demo');
    expect($selectedFreeItems.get()).toEqual([{ offerId: 'offer-tiramisu', dishId: 'tiramisu', sizeId: null }]);
  });

  it('storage garbage gives no choice, never a crash', () => {
    expect(parseSelectedFreeItems('x')).toEqual([]);
    expect(parseSelectedFreeItems([null, 1, { offerId: 1 }, { offerId: 'o', dishId: 'd', sizeId: 5 }])).toEqual([]);
    expect(parseSelectedFreeItems(JSON.parse('[{"__proto__":{"polluted":1},"offerId":"o","dishId":"d","sizeId":"s"}]'))).toEqual([
      { offerId: 'o', dishId: 'd', sizeId: 's' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    localStorage.setItem('tischlein:freeItems:x', '{broken');
    $shopId.set('x');
    expect($selectedFreeItems.get()).toEqual([]);
  });
});
