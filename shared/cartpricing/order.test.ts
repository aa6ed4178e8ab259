import { describe, expect, it } from '@jest/globals';
import { priceOrder } from './order';
import { catalogWith, ctxAt, discount, dishLine, offer, testCatalog } from '@shared/pricing/fixtures';

const ctx = ctxAt();
const zone = { fee: 250, minimumOrderValue: 1500, freeAfter: 4000 };

describe('priceOrder', () => {
  it('order total: 2 × Salat 13,00\u00a0€ + Cola 2,50\u00a0€ (0,25\u00a0€ Pfand) + 2,50\u00a0€ delivery = 18,25\u00a0€', () => {
    const o = priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null, 2), dishLine('d-cola', 's-05')], ctx, delivery: zone });
    expect(o).toMatchObject({
      itemsNonDiscounted: 1550, subtotal: 1550, discountedSubtotal: 1550, deposit: 25, deliveryFee: 250, grandTotal: 1825,
      minimumOrder: { status: 'reached', missing: 0, value: 1500 },
    });
  });

  it('every discount by kind: item 10 %, cart discount 5,00\u00a0€, coupon 10 %', () => {
    const cat = catalogWith({
      discounts: [discount({ id: 'd', kind: 'percent', value: 10, appliesTo: { categories: ['c-salad'], dishesWithSizes: [], menus: [] } })],
      offers: [offer({ id: 'cd', offerType: 'cartDiscount', discountType: 'value', value: 500, minimumOrderValue: 3000 })],
    });
    const o = priceOrder({
      catalog: cat, items: [dishLine('d-salad', null, 6)], ctx, delivery: zone,
      coupon: { state: 'valid', code: 'X', type: 'percent', value: 10, minimumOrderValue: 0 },
    });
    // 6 × 6,50 = 39,00; −3,90 item = 35,10; −5,00 cart = 30,10; coupon 3,01; fee 2,50 (35,10 < 40,00 freeAfter)
    expect(o.discounts).toEqual({ item: 390, twoForOne: 0, cartDiscount: 500, coupon: 301 });
    expect(o).toMatchObject({ subtotal: 3510, discountedSubtotal: 3010, subtotalAfterCoupon: 2709, deliveryFee: 250, grandTotal: 3010 - 301 + 250 });
  });

  it('delivery fee: pickup has none; free past freeAfter 40,00\u00a0€; free when a free-delivery offer is reached', () => {
    const items = [dishLine('d-salad', null, 7)]; // 45,50\u00a0€
    expect(priceOrder({ catalog: testCatalog, items, ctx, delivery: zone })).toMatchObject({ deliveryFee: 0, deliveryFeeWaived: true });
    expect(priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null, 3)], ctx, delivery: zone }).deliveryFee).toBe(250);
    expect(priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null, 3)], ctx: ctxAt(undefined, { deliveryType: 'pickup' }), delivery: zone }).deliveryFee).toBe(0);
    const fd = catalogWith({ offers: [offer({ id: 'fd', offerType: 'freeDelivery', minimumOrderValue: 1500 })] });
    const o = priceOrder({ catalog: fd, items: [dishLine('d-salad', null, 3)], ctx, delivery: zone });
    expect(o).toMatchObject({ deliveryFee: 0, deliveryFeeWaived: true, freeDeliveryBanner: 'Deine Lieferung ist kostenlos!*' });
  });

  it('grand total is never below the delivery fee: a 100 % coupon leaves 2,50\u00a0€', () => {
    const o = priceOrder({
      catalog: testCatalog, items: [dishLine('d-salad', null, 3)], ctx, delivery: zone,
      coupon: { code: 'ALL', type: 'percent', value: 100, minimumOrderValue: 0 },
    });
    expect(o.grandTotal).toBe(250);
  });

  it("minimum order value status: empty 'not-ordered', 13,00\u00a0€ of 15,00\u00a0€ 'not-reached' (2,00\u00a0€ missing)", () => {
    expect(priceOrder({ catalog: testCatalog, items: [], ctx, delivery: zone }).minimumOrder).toEqual({ status: 'not-ordered', missing: 1500, value: 1500 });
    expect(priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null, 2)], ctx, delivery: zone }).minimumOrder)
      .toEqual({ status: 'not-reached', missing: 200, value: 1500 });
    expect(priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null, 2)], ctx: ctxAt(undefined, { deliveryType: 'pickup' }), delivery: zone }).minimumOrder.status)
      .toBe('reached');
  });

  it('an empty cart costs nothing, not even the delivery fee', () => {
    expect(priceOrder({ catalog: testCatalog, items: [], ctx, delivery: zone })).toMatchObject({ grandTotal: 0, deliveryFee: 0 });
  });

  it('invalid lines are left out and listed', () => {
    const o = priceOrder({ catalog: testCatalog, items: [dishLine('d-gone', null, 1, [], { lineId: 'x' }), dishLine('d-beer', null)], ctx });
    expect(o.invalidLineIds).toEqual(['x']);
    expect(o.subtotal).toBe(350);
    expect(o.deposit).toBe(8);
  });

  it('two-for-one savings are part of the breakdown', () => {
    const o = priceOrder({ catalog: testCatalog, items: [dishLine('d-margherita', 's-small'), dishLine('d-margherita', 's-large')], ctx });
    expect(o).toMatchObject({ itemsTotal: 1900, subtotal: 1100, discounts: { twoForOne: 800 } });
    expect(o.lines[0]).toMatchObject({ freeUnits: 1, twoForOneSaving: 800, payable: 0, twoForOneKey: 'p-2for1' });
  });

  it('refund lines lower the subtotal but the order never goes negative', () => {
    const refund = dishLine('d-beer', null, 1, [], { price: -500, promotion: 'waiter-refund' });
    expect(priceOrder({ catalog: testCatalog, items: [dishLine('d-salad', null), refund], ctx }).subtotal).toBe(150);
    expect(priceOrder({ catalog: testCatalog, items: [refund], ctx }).grandTotal).toBe(0);
  });
});
