import { describe, expect, it } from '@jest/globals';
import { dishDiscountLabel, dishPrice, menuPrice, sizeDiscounts } from '@shared/pricing';
import { bestDiscount } from './discounts';
import { catalogWith, cola, ctxAt, discount, margherita, salad, testCatalog } from './fixtures';

const pizza = { categories: ['c-pizza'], dishesWithSizes: [], menus: [] };
const WEEKDAYS = { weekdays: [0, 1, 2, 3, 4], times: [] };

describe('item discounts', () => {
  it('dish price per size with deposit shown apart: Cola 0,5 l 2,50\u00a0€ + 0,25\u00a0€ Pfand', () => {
    expect(dishPrice(testCatalog, cola, 's-05', ctxAt())).toEqual({
      price: 250, nonDiscounted: 250, deposit: 25, label: null, hasDiscount: false, litrePrice: '(1 l = 5,00\u00a0€)',
    });
    expect(dishPrice(testCatalog, margherita, 's-large', ctxAt()).price).toBe(1100);
  });

  it('percent: 10 % on 8,00\u00a0€ → 7,20\u00a0€, label Heute -10%', () => {
    const cat = catalogWith({ discounts: [discount({ id: 'd1', kind: 'percent', value: 10, appliesTo: pizza })] });
    const p = dishPrice(cat, margherita, 's-small', ctxAt());
    expect(p).toMatchObject({ price: 720, nonDiscounted: 800, hasDiscount: true, label: 'Heute -10%' });
  });

  it('euro first, then percent on the remainder: 11,00\u00a0€ − 1,00\u00a0€ − 10 % = 9,00\u00a0€', () => {
    const cat = catalogWith({ discounts: [
      discount({ id: 'p', kind: 'percent', value: 10, appliesTo: pizza }),
      discount({ id: 'e', kind: 'euro', value: 100, appliesTo: pizza }),
    ] });
    const p = dishPrice(cat, margherita, 's-large', ctxAt());
    expect(p.price).toBe(900);
    expect(p.label).toBe('Heute -1,00\u00a0€ -10%');
  });

  it('best price wins: fixed 7,50\u00a0€ beats 10 % on 11,00\u00a0€ (9,90\u00a0€); on 8,00\u00a0€ the 10 % (7,20\u00a0€) wins', () => {
    const cat = catalogWith({ discounts: [
      discount({ id: 'p', kind: 'percent', value: 10, appliesTo: pizza }),
      discount({ id: 'f', kind: 'fixed', value: 750, appliesTo: pizza }),
    ] });
    expect(dishPrice(cat, margherita, 's-large', ctxAt())).toMatchObject({ price: 750, label: 'Heute Sonderpreis' });
    expect(dishPrice(cat, margherita, 's-small', ctxAt())).toMatchObject({ price: 720, label: 'Heute -10%' });
  });

  it('fixed price wins a tie (priority fixed, euro, percent)', () => {
    const r = bestDiscount(1000, [
      discount({ id: 'p', kind: 'percent', value: 50 }), discount({ id: 'f', kind: 'fixed', value: 500 }),
    ]);
    expect(r).toMatchObject({ price: 500, kind: 'fixed', label: 'Heute Sonderpreis' });
  });

  it('rounds to whole cents, halves up: 12,5 % on 9,99\u00a0€ → 8,74\u00a0€; 10 % on 10,05\u00a0€ → 9,05\u00a0€', () => {
    expect(bestDiscount(999, [discount({ id: 'p', kind: 'percent', value: 12.5 })])).toMatchObject({ price: 874, label: 'Heute -12,5%' });
    expect(bestDiscount(1005, [discount({ id: 'p', kind: 'percent', value: 10 })]).price).toBe(905);
  });

  it('a fixed price above the base price is no discount; prices never go below 0', () => {
    expect(bestDiscount(500, [discount({ id: 'f', kind: 'fixed', value: 700 })])).toMatchObject({ price: 500, hasDiscount: false, label: null });
    expect(bestDiscount(500, [discount({ id: 'e', kind: 'euro', value: 900 })]).price).toBe(0);
  });

  it("schedule: prefix 'Jetzt' when the schedule does not cover all weekdays, and only active then", () => {
    const cat = catalogWith({ discounts: [discount({ id: 'p', kind: 'percent', value: 20, appliesTo: pizza, schedule: WEEKDAYS })] });
    expect(dishPrice(cat, margherita, 's-small', ctxAt({ dayIndex: 0, minute: 600 })).label).toBe('Jetzt -20%');
    expect(dishPrice(cat, margherita, 's-small', ctxAt({ dayIndex: 6, minute: 600 }))).toMatchObject({ price: 800, label: null });
  });

  it('channel: a dineIn discount does not apply in the webshop', () => {
    const cat = catalogWith({ discounts: [discount({ id: 'p', kind: 'percent', value: 20, appliesTo: pizza, channel: 'dineIn' })] });
    expect(dishPrice(cat, margherita, 's-small', ctxAt()).price).toBe(800);
    expect(dishPrice(cat, margherita, 's-small', ctxAt(undefined, { channel: 'dineIn' })).price).toBe(640);
  });

  it('dishesWithSizes: a discount on one size only', () => {
    const cat = catalogWith({ discounts: [discount({
      id: 'p', kind: 'percent', value: 10, appliesTo: { categories: [], dishesWithSizes: [{ dishId: 'd-margherita', sizeId: 's-large' }], menus: [] },
    })] });
    expect(sizeDiscounts(cat, margherita, ctxAt())).toEqual({
      's-small': { label: null, hasDiscount: false, resultPrice: 800 },
      's-large': { label: 'Heute -10%', hasDiscount: true, resultPrice: 990 },
    });
  });

  it("sizeDiscounts keys a dish without sizes by ''", () => {
    expect(sizeDiscounts(testCatalog, salad, ctxAt())['']).toEqual({ label: null, hasDiscount: false, resultPrice: 650 });
  });

  it("dish label: several percent values across sizes → 'Heute -10% & mehr'", () => {
    const cat = catalogWith({ discounts: [
      discount({ id: 'a', kind: 'percent', value: 10, appliesTo: { categories: [], dishesWithSizes: [{ dishId: 'd-margherita', sizeId: 's-small' }], menus: [] } }),
      discount({ id: 'b', kind: 'percent', value: 15, appliesTo: { categories: [], dishesWithSizes: [{ dishId: 'd-margherita', sizeId: 's-large' }], menus: [] } }),
    ] });
    expect(dishDiscountLabel(cat, margherita, ctxAt())).toBe('Heute -10% & mehr');
    expect(dishDiscountLabel(testCatalog, margherita, ctxAt())).toBeNull();
  });

  it('menu price: 10 % on the 12,00\u00a0€ lunch menu → 10,80\u00a0€', () => {
    const cat = catalogWith({ discounts: [discount({ id: 'm', kind: 'percent', value: 10, appliesTo: { categories: [], dishesWithSizes: [], menus: ['m-lunch'] } })] });
    expect(menuPrice(cat, cat.menus[0], ctxAt())).toMatchObject({ price: 1080, nonDiscounted: 1200, label: 'Heute -10%', deposit: 0 });
  });
});
