/** @jest-environment ./tests/jest/jsdom-env.cjs */
// A table order is dine-in whatever delivery type the guest chose before: the cart prices it the way
// the server's table order does (no delivery fee, no delivery minimum).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { bootstrapFixture } from '@shared/api/testing';
import { priceOrder } from '@shared/cartpricing';
import { pricingContext } from '@shared/pricing';
import { dishLine, testCatalog } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $deliveryTypePreSelection, $orderTotals, $shopId } from './index';
import { $deliveryZone, $pricingContext, loadCartEngine } from './order';
import { setTableNumber } from './session';

beforeEach(() => {
  localStorage.clear();
});

describe('a table cart', () => {
  it('is priced as dine-in on the client, as the server prices the table order', async () => {
    const line = dishLine('d-fries', null, 2);
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([line]));
    $shopId.set('demo');
    $bootstrap.set({ status: 'ready', data: { ...bootstrapFixture(), catalog: testCatalog }, error: null });
    // the guest had chosen delivery to an address with a fee and a minimum before sitting down
    $deliveryTypePreSelection.set('delivery');
    $deliveryZone.set({ fee: 250, minimumOrderValue: 5000, freeAfter: 0 });
    expect(setTableNumber(4)).toBe(true);
    await loadCartEngine();

    expect($pricingContext.get()).toMatchObject({ channel: 'dineIn', deliveryType: 'pickup', groupOrderActive: false });
    const client = $orderTotals.get();
    // two portions of fries at 3,00 €: 6,00 €, no delivery fee, no minimum to reach
    expect(client?.deliveryFee).toBe(0);
    expect(client?.grandTotal).toBe(600);
    expect(client?.minimumOrder).toMatchObject({ missing: 0, value: 0 });

    // the server's table order (server/orders/table.ts): the same builder, no delivery input
    const server = priceOrder({
      catalog: testCatalog, items: $cart.get(), ctx: pricingContext({ time: $pricingContext.get().time, deliveryType: 'pickup', table: true }),
      coupon: null, selectedFreeItems: [], twoForOneStatus: {}, delivery: null,
    });
    expect(server.grandTotal).toBe(600);
    expect(client?.deliveryFee).toBe(server.deliveryFee);
  });
});

describe('pricingContext', () => {
  const time = { dayIndex: 1, minute: 720 };
  it('builds the dine-in context at a table, whatever the delivery type', () => {
    expect(pricingContext({ time, deliveryType: 'delivery', table: true, groupOrderActive: true })).toEqual({ time, channel: 'dineIn', deliveryType: 'pickup', groupOrderActive: false });
  });
  it('keeps the web shop context otherwise', () => {
    expect(pricingContext({ time, deliveryType: 'delivery' })).toEqual({ time, channel: 'webshop', deliveryType: 'delivery', groupOrderActive: false });
    expect(pricingContext({ time, deliveryType: 'pickup', groupOrderActive: true })).toEqual({ time, channel: 'webshop', deliveryType: 'pickup', groupOrderActive: true });
  });
});
