// VAT per rate: every expected amount below is worked out by hand in the comment beside it.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { CartItem, Catalog, CouponInfo } from '@shared/domain';
import { catalogWith, cola, ctxAt, dishLine, menuLine, testCatalog } from '@shared/pricing/fixtures';
import { priceOrder } from './order';
import { apportionCents, dishVatRate, orderVat, vatOfGross } from './vat';

function vatOf(items: CartItem[], opts: { catalog?: Catalog; coupon?: CouponInfo; fee?: number } = {}) {
  const catalog = opts.catalog ?? testCatalog;
  const delivery = opts.fee !== undefined ? { fee: opts.fee, minimumOrderValue: 0, freeAfter: 0 } : null;
  const b = priceOrder({ catalog, items, ctx: ctxAt(undefined, { deliveryType: delivery ? 'delivery' : 'pickup' }), coupon: opts.coupon ?? null, delivery });
  return { b, vat: orderVat(catalog, items, b) };
}

describe('rates and rounding', () => {
  it('food 7 %, drinks 19 %, a dish may set its own', () => {
    expect(dishVatRate({ isDrink: false })).toBe(7);
    expect(dishVatRate({ isDrink: true })).toBe(19);
    expect(dishVatRate({ isDrink: true, vatRate: 7 })).toBe(7); // e.g. a milk shake
    expect(dishVatRate({ isDrink: false, vatRate: 19 })).toBe(19);
  });

  it('VAT from gross: gross × rate / (100 + rate), half up to whole cents', () => {
    expect(vatOfGross(1070, 7)).toBe(70); // 10,70 € at 7 % → 0,70 €
    expect(vatOfGross(1190, 19)).toBe(190); // 11,90 € at 19 % → 1,90 €
    expect(vatOfGross(650, 7)).toBe(43); // 650 · 7 / 107 = 42,52 → 43
    expect(vatOfGross(275, 19)).toBe(44); // 275 · 19 / 119 = 43,91 → 44
    expect(vatOfGross(100, 7)).toBe(7); // 6,54 → 7
    expect(vatOfGross(0, 19)).toBe(0);
  });

  it('apportionCents: largest remainder, ties to the earlier part, all to the first when nothing weighs', () => {
    expect(apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportionCents(300, [650, 250])).toEqual([217, 83]); // 216,67 / 83,33
    expect(apportionCents(1200, [800, 250])).toEqual([914, 286]); // 914,29 / 285,71
    expect(apportionCents(10, [0, 0])).toEqual([10, 0]);
    expect(apportionCents(-5, [1, 1])).toEqual([-3, -2]);
    expect(apportionCents(0, [3, 4])).toEqual([0, 0]);
  });

  it('apportionCents: the parts add up and each is within a cent of its share (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }), (total, w) => {
      const parts = apportionCents(total, w);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = w.reduce((a, b) => a + b, 0);
      if (sum > 0) parts.forEach((p, i) => expect(Math.abs(p - (total * w[i]) / sum)).toBeLessThan(1));
    }), { numRuns: 300 });
  });
});

describe('orderVat', () => {
  it('food only: a salad 6,50 € → 7 % 0,43 €, net 6,07 €', () => {
    const { vat } = vatOf([dishLine('d-salad', null)]);
    expect(vat).toEqual({ parts: [{ rate: 7, gross: 650, net: 607, vat: 43 }], gross: 650, vat: 43, net: 607 });
  });

  it('mixed: salad 6,50 € and a cola 2,50 € + 0,25 € Pfand — the deposit follows the drink (19 %)', () => {
    const { vat } = vatOf([dishLine('d-salad', null), dishLine('d-cola', 's-05')]);
    // 7 %: 650 → 43; 19 %: 250 + 25 = 275 → 44 (43,91)
    expect(vat.parts).toEqual([{ rate: 7, gross: 650, net: 607, vat: 43 }, { rate: 19, gross: 275, net: 231, vat: 44 }]);
    expect(vat).toMatchObject({ gross: 925, vat: 87, net: 838 });
  });

  it('a coupon is split over the rates by their goods: 10 % of 9,00 € = 0,90 € → 0,65 € food, 0,25 € drinks', () => {
    const { vat } = vatOf([dishLine('d-salad', null), dishLine('d-cola', 's-05')], { coupon: { code: 'X', type: 'percent', value: 10, minimumOrderValue: 0 } });
    // 7 %: 650 − 65 = 585 → 38 (38,27); 19 %: 250 − 25 + 25 Pfand = 250 → 40 (39,92)
    expect(vat.parts).toEqual([{ rate: 7, gross: 585, net: 547, vat: 38 }, { rate: 19, gross: 250, net: 210, vat: 40 }]);
    expect(vat.gross).toBe(835);
  });

  it('the delivery fee follows the goods: 3,00 € over 6,50 € food and 2,50 € drinks → 2,17 € and 0,83 €', () => {
    const { b, vat } = vatOf([dishLine('d-salad', null), dishLine('d-cola', 's-05')], { fee: 300 });
    expect(b.deliveryFee).toBe(300);
    // 7 %: 650 + 217 = 867 → 57 (56,72); 19 %: 250 + 25 + 83 = 358 → 57 (57,16)
    expect(vat.parts).toEqual([{ rate: 7, gross: 867, net: 810, vat: 57 }, { rate: 19, gross: 358, net: 301, vat: 57 }]);
    expect(vat.gross).toBe(1225);
  });

  it('food only with a delivery fee: all at 7 %', () => {
    const { vat } = vatOf([dishLine('d-salad', null)], { fee: 300 });
    // 950 · 7 / 107 = 62,15 → 62
    expect(vat.parts).toEqual([{ rate: 7, gross: 950, net: 888, vat: 62 }]);
  });

  it('a side dish that is a drink has the drink rate: Margherita klein 8,00 € with a cola 2,00 € (+ 0,25 € Pfand)', () => {
    const { vat } = vatOf([dishLine('d-margherita', 's-small', 1, [{ groupId: 'g-side', itemId: 'x-cola', itemName: 'Cola 0,5 l', promotion: null, amount: 1, type: 'dish' }])]);
    // 7 %: 800 → 52 (52,34); 19 %: 200 + 25 = 225 → 36 (35,92)
    expect(vat.parts).toEqual([{ rate: 7, gross: 800, net: 748, vat: 52 }, { rate: 19, gross: 225, net: 189, vat: 36 }]);
  });

  it('a menu (12,00 €: Margherita klein 8,00 € + Cola 2,50 € on their own) is split by the single prices', () => {
    const { b, vat } = vatOf([menuLine(1, 'd-margherita', [], 'd-cola')]);
    expect(b.grandTotal).toBe(1225);
    // 1200 · 800/1050 = 914,29 → 914; 1200 · 250/1050 = 285,71 → 286; Pfand 25 with the cola
    // 7 %: 914 → 60 (59,79); 19 %: 286 + 25 = 311 → 50 (49,66)
    expect(vat.parts).toEqual([{ rate: 7, gross: 914, net: 854, vat: 60 }, { rate: 19, gross: 311, net: 261, vat: 50 }]);
  });

  it("a dish's own rate wins over isDrink: a shake marked 7 % is taxed at 7 %", () => {
    const shake = { ...cola, id: 'd-shake', name: 'Milchshake', vatRate: 7 as const };
    const catalog = catalogWith({ dishes: [...testCatalog.dishes, shake] });
    const { vat } = vatOf([dishLine('d-shake', 's-05')], { catalog });
    // 250 + 25 = 275 at 7 % → 17,99 → 18
    expect(vat.parts).toEqual([{ rate: 7, gross: 275, net: 257, vat: 18 }]);
  });

  it('two of a line: amounts and deposits count per unit', () => {
    const { vat } = vatOf([dishLine('d-cola', 's-05', 2)]);
    // 2 · (250 + 25) = 550 at 19 % → 87,82 → 88
    expect(vat.parts).toEqual([{ rate: 19, gross: 550, net: 462, vat: 88 }]);
  });

  it('an empty order has no VAT', () => {
    expect(vatOf([]).vat).toEqual({ parts: [], gross: 0, vat: 0, net: 0 });
  });
});
