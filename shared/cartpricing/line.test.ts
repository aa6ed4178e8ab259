import { describe, expect, it } from '@jest/globals';
import { priceLine } from '@shared/cartpricing';
import { INVALID_DISH } from '@shared/i18n';
import { catalogWith, ctxAt, discount, dishLine, ex, menuLine, testCatalog } from '@shared/pricing/fixtures';

const ctx = ctxAt();

describe('cart lines', () => {
  it('dish line: 2 × Margherita groß + Mozzarella 1,50\u00a0€ + Parmesan 2,00\u00a0€ (free) = 2 × 12,50\u00a0€', () => {
    const p = priceLine(testCatalog, dishLine('d-margherita', 's-large', 2, [ex('g-extras', 'x-mozz'), ex('g-extras', 'x-parm')]), ctx);
    expect(p).toMatchObject({ unitPrice: 1250, unitNonDiscounted: 1250, total: 2500, freeExtrasValue: 200, valid: true });
    expect(p.extras).toEqual([
      { groupId: 'g-extras', itemId: 'x-mozz', amount: 1, unitPrice: 150, freeAmount: 0, total: 150 },
      { groupId: 'g-extras', itemId: 'x-parm', amount: 1, unitPrice: 200, freeAmount: 1, total: 0 },
    ]);
  });

  it('discounts apply to the base price only: 10 % on Margherita klein 8,00\u00a0€ + Oliven 0,50\u00a0€ + Mozzarella 1,00\u00a0€ → 8,20\u00a0€', () => {
    const cat = catalogWith({ discounts: [discount({ id: 'p', kind: 'percent', value: 10, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })] });
    const p = priceLine(cat, dishLine('d-margherita', 's-small', 1, [ex('g-extras', 'x-olive'), ex('g-extras', 'x-mozz')]), ctx);
    // Mozzarella (1,00\u00a0€) is the free one; Oliven 0,50\u00a0€ paid
    expect(p).toMatchObject({ basePrice: 720, baseNonDiscounted: 800, unitPrice: 770, unitNonDiscounted: 850, label: 'Heute -10%' });
  });

  it('deposit per size is kept apart and multiplied: 3 × Cola 0,5 l → 7,50\u00a0€ + 0,75\u00a0€ Pfand', () => {
    const p = priceLine(testCatalog, dishLine('d-cola', 's-05', 3), ctx);
    expect(p).toMatchObject({ total: 750, deposit: 75, unitDeposit: 25 });
  });

  it('a side dish with a deposit adds its deposit: Margherita + Cola as side → 0,25\u00a0€ Pfand', () => {
    const p = priceLine(testCatalog, dishLine('d-margherita', 's-small', 1, [{ ...ex('g-side', 'x-cola'), type: 'dish' }]), ctx);
    expect(p).toMatchObject({ unitPrice: 1000, unitDeposit: 25 });
  });

  it('amount below 1 counts as 1; unknown dish or size is invalid', () => {
    expect(priceLine(testCatalog, dishLine('d-beer', null, 0), ctx).amount).toBe(1);
    expect(priceLine(testCatalog, dishLine('d-nope', null), ctx)).toMatchObject({ valid: false, problem: INVALID_DISH });
    expect(priceLine(testCatalog, dishLine('d-margherita', null), ctx).valid).toBe(false);
    expect(priceLine(testCatalog, dishLine('d-beer', 's-small'), ctx).valid).toBe(false);
  });

  it('unavailable / not selectable extras are not priced', () => {
    const p = priceLine(testCatalog, dishLine('d-margherita', 's-small', 1, [ex('g-extras', 'x-gold'), ex('g-extras', 'x-truffle')]), ctx);
    expect(p.unitPrice).toBe(800);
    expect(p.ignoredExtras.map((e) => e.itemId)).toEqual(['x-gold', 'x-truffle']);
  });

  it("lines over 999900 cents are 'Ungültiges Gericht'", () => {
    const pricey = catalogWith({ dishes: testCatalog.dishes.map((d) => (d.id === 'd-beer' ? { ...d, prices: [{ sizeId: null, price: 999901, deposit: 0 }] } : d)) });
    expect(priceLine(pricey, dishLine('d-beer', null), ctx)).toMatchObject({ valid: false, problem: 'Ungültiges Gericht' });
    expect(priceLine(testCatalog, dishLine('d-beer', null, 2857), ctx).valid).toBe(false); // 2857 × 3,50\u00a0€ = 9.999,50\u00a0€ > 9.999 €
    expect(priceLine(testCatalog, dishLine('d-beer', null, 2856), ctx).valid).toBe(true);
  });

  it('menu line: 12,00\u00a0€ menu + Parmesan on the pizza (free: freeIngredients 1) + Oliven 0,50\u00a0€ = 12,50\u00a0€, Cola deposit 0,25\u00a0€', () => {
    const p = priceLine(testCatalog, menuLine(2, 'd-margherita', [ex('g-extras', 'x-parm'), ex('g-extras', 'x-olive')]), ctx);
    expect(p).toMatchObject({ kind: 'menu', unitPrice: 1250, unitNonDiscounted: 1250, unitDeposit: 25, total: 2500, deposit: 50 });
  });

  it('waiter refund lines keep their own negative price', () => {
    const p = priceLine(testCatalog, dishLine('d-beer', null, 1, [], { price: -350, promotion: 'waiter-refund' }), ctx);
    expect(p).toMatchObject({ unitPrice: -350, total: -350, valid: true });
  });
});
