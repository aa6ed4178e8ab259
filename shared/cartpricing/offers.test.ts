import { describe, expect, it } from '@jest/globals';
import { cartDiscounts, freeDelivery, freeItemState, sharedBanners } from './offers';
import { couponDiscount } from './coupon';
import { priceOrder } from './order';
import { catalogWith, ctxAt, dishLine, offer } from '@shared/pricing/fixtures';

const ctx = ctxAt();

describe('cart discount offers', () => {
  const cat = catalogWith({ offers: [
    offer({ id: 'o10', offerType: 'cartDiscount', discountType: 'percent', value: 10, minimumOrderValue: 2000 }),
    offer({ id: 'o3', offerType: 'cartDiscount', discountType: 'value', value: 300, minimumOrderValue: 1500 }),
    offer({ id: 'og', offerType: 'cartDiscount', discountType: 'percent', value: 20, groupOrderOnly: true }),
    offer({ id: 'od', offerType: 'cartDiscount', discountType: 'percent', value: 50, channel: 'dineIn' }),
  ] });
  it('cart discount: 10 % from 20,00\u00a0€ or 3,00\u00a0€ from 15,00\u00a0€; on 25,00\u00a0€ the 3,00\u00a0€ wins over 2,50\u00a0€', () => {
    const r = cartDiscounts(cat, 2500, ctx);
    expect(r.map((x) => [x.offerId, x.eligible, x.applied, x.amount])).toEqual([['o10', true, false, 0], ['o3', true, true, 300]]);
    expect(cartDiscounts(cat, 4000, ctx).find((x) => x.applied)).toMatchObject({ offerId: 'o10', amount: 400 });
    expect(cartDiscounts(cat, 1400, ctx).filter((x) => x.applied)).toEqual([]);
    expect(cartDiscounts(cat, 1400, ctx)[0].missing).toBe(600);
  });
  it('groupOrderOnly counts only while a group order is active; channel dineIn only at the table', () => {
    expect(cartDiscounts(cat, 4000, ctxAt(undefined, { groupOrderActive: true })).find((x) => x.applied)?.offerId).toBe('og');
    expect(cartDiscounts(cat, 4000, ctxAt(undefined, { channel: 'dineIn' })).find((x) => x.applied)?.offerId).toBe('od');
  });
});

describe('free items', () => {
  it("free item state: min 25,00\u00a0€ → 25,00 reached, 20,00 nearly-reached (500 margin), 19,99 not-reached", () => {
    expect(freeItemState(2500, 2500)).toBe('reached');
    expect(freeItemState(2000, 2500)).toBe('nearly-reached');
    expect(freeItemState(1999, 2500)).toBe('not-reached');
  });

  const cat = catalogWith({ offers: [
    offer({ id: 'free-cola', offerType: 'freeItem', minimumOrderValue: 2000, freeItems: [{ dishId: 'd-cola', sizeId: 's-05' }], combinable: false, accumulativeTwoForOne: false }),
    offer({ id: 'free-tira', offerType: 'freeItem', minimumOrderValue: 3000, freeItems: [{ dishId: 'd-tiramisu', sizeId: null }] }),
  ] });
  const sel = [{ offerId: 'free-cola', dishId: 'd-cola', sizeId: 's-05' }];

  it('free item: a free Cola 0,5 l from 20,00\u00a0€ adds its 0,25\u00a0€ deposit; dropped when no longer reached', () => {
    const reached = priceOrder({ catalog: cat, items: [dishLine('d-salad', null, 4)], ctx, selectedFreeItems: sel });
    expect(reached.freeItems).toEqual([{ offerId: 'free-cola', dishId: 'd-cola', sizeId: 's-05', name: 'Cola', value: 250, deposit: 25 }]);
    expect(reached.deposit).toBe(25);
    expect(reached.grandTotal).toBe(2600 + 25);
    const short = priceOrder({ catalog: cat, items: [dishLine('d-salad', null, 3)], ctx, selectedFreeItems: sel });
    expect(short.freeItems).toEqual([]);
    expect(short.droppedFreeItems).toEqual(sel);
    expect(short.freeItemOffers[0]).toMatchObject({ state: 'nearly-reached', missing: 50 });
  });

  it('not combinable: a second free item is dropped; accumulativeTwoForOne false: blocked while a two-for-one applies', () => {
    const both = [...sel, { offerId: 'free-tira', dishId: 'd-tiramisu', sizeId: null }];
    const o = priceOrder({ catalog: cat, items: [dishLine('d-salad', null, 5)], ctx, selectedFreeItems: both });
    expect(o.freeItems.map((f) => f.offerId)).toEqual(['free-cola']);
    expect(o.droppedFreeItems.map((f) => f.offerId)).toEqual(['free-tira']);
    const tfo = priceOrder({ catalog: cat, items: [dishLine('d-margherita', 's-large', 4)], ctx, selectedFreeItems: sel });
    expect(tfo.freeItemOffers[0]).toMatchObject({ blockedByTwoForOne: true, state: 'not-reached' });
    expect(tfo.freeItems).toEqual([]);
  });

  it('a free item of a hidden category is dropped (the guest cannot see it)', () => {
    const hidden = catalogWith({ ...cat, categories: cat.categories.map((c) => (c.id === 'c-drinks' ? { ...c, hidden: true } : c)) });
    const o = priceOrder({ catalog: hidden, items: [dishLine('d-salad', null, 4)], ctx, selectedFreeItems: sel });
    expect(o.freeItems).toEqual([]);
    expect(o.droppedFreeItems).toEqual(sel);
  });

  it('a selection of a dish the offer does not list is dropped', () => {
    const o = priceOrder({ catalog: cat, items: [dishLine('d-salad', null, 5)], ctx, selectedFreeItems: [{ offerId: 'free-cola', dishId: 'd-cola', sizeId: 's-1' }] });
    expect(o.freeItems).toEqual([]);
  });
});

describe('free delivery and banners', () => {
  const cat = catalogWith({ offers: [
    offer({ id: 'fd1', offerType: 'freeDelivery', minimumOrderValue: 3000 }),
    offer({ id: 'fd2', offerType: 'freeDelivery', minimumOrderValue: 2500 }),
    offer({ id: 'sb', offerType: 'sharedBanner', title: 'Unsere Angebote', offers: ['fd1', 'fd2', 'nope'] }),
  ] });
  it("free delivery banner: lowest threshold 25,00\u00a0€: at 10,00\u00a0€ 'Gratis Lieferung ab 25,00\u00a0€!*', at 16,00\u00a0€ 'Noch 9,00\u00a0€ …', at 25,00\u00a0€ reached", () => {
    expect(freeDelivery(cat, 1000, ctx)).toEqual({ threshold: 2500, reached: false, banner: 'Gratis Lieferung ab 25,00\u00a0€!*' });
    expect(freeDelivery(cat, 1500, ctx).banner).toBe('Noch 10,00\u00a0€ bis zur kostenlosen Lieferung!*');
    expect(freeDelivery(cat, 1600, ctx).banner).toBe('Noch 9,00\u00a0€ bis zur kostenlosen Lieferung!*');
    expect(freeDelivery(cat, 1499, ctx).banner).toBe('Gratis Lieferung ab 25,00\u00a0€!*');
    expect(freeDelivery(cat, 2500, ctx)).toMatchObject({ reached: true, banner: 'Deine Lieferung ist kostenlos!*' });
    expect(freeDelivery(cat, 2500, ctxAt(undefined, { deliveryType: 'pickup' })).banner).toBeNull();
  });
  it('shared banners resolve their offers', () => {
    expect(sharedBanners(cat)).toEqual([{ offerId: 'sb', title: 'Unsere Angebote', offers: [cat.offers[0], cat.offers[1]] }]);
  });
});

describe('coupon', () => {
  it('coupon: 10 % of 25,00\u00a0€ = 2,50\u00a0€; 5,00\u00a0€ value; ignored when its minimum 30,00\u00a0€ exceeds the subtotal', () => {
    expect(couponDiscount({ code: 'A', type: 'percent', value: 10, minimumOrderValue: 0 }, 2500)).toEqual({ code: 'A', applied: true, amount: 250, reason: null });
    expect(couponDiscount({ state: 'valid', code: 'B', type: 'value', value: 500, minimumOrderValue: 0 }, 2500)?.amount).toBe(500);
    expect(couponDiscount({ code: 'C', type: 'value', value: 500, minimumOrderValue: 3000 }, 2500)).toEqual({ code: 'C', applied: false, amount: 0, reason: 'minimumOrderValue' });
    expect(couponDiscount({ state: 'invalid', code: 'D' }, 2500)).toEqual({ code: 'D', applied: false, amount: 0, reason: 'notValid' });
    expect(couponDiscount({ state: 'none' }, 2500)).toBeNull();
  });
  it('a value coupon larger than the subtotal is capped: 20,00\u00a0€ on 12,00\u00a0€ → 12,00\u00a0€', () => {
    expect(couponDiscount({ code: 'E', type: 'value', value: 2000, minimumOrderValue: 0 }, 1200)?.amount).toBe(1200);
  });
});
