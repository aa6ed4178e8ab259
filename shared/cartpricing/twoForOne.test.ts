import { describe, expect, it } from '@jest/globals';
import type { TwoForOnePromotion } from '@shared/domain';
import { computeTwoForOne, confirmedTwoForOnePromotions, expectedTwoForOnePromotions, freeUnitCount, twoForOneStatusesFrom, nextTwoForOneStatus, promotionForLine, shouldOfferTwoForOneChoice, twoForOneChoice } from './twoForOne';
import { priceOrder } from './order';
import { priceLine } from '@shared/cartpricing';
import { TWO_FOR_ONE_DIALOG_TITLE, TWO_FOR_ONE_NO_OPTION } from '@shared/i18n';
import { catalogWith, ctxAt, discount, dishLine, menuLine, testCatalog, twoForOne } from '@shared/pricing/fixtures';

const ctx = ctxAt();
const withPromo = (p: Partial<TwoForOnePromotion>) => catalogWith({ twoForOnePromotions: [{ ...twoForOne, ...p }] });
const run = (cat = testCatalog, items = [dishLine('d-margherita', 's-small')], statuses = {}) =>
  computeTwoForOne(cat, items, items.map((l) => priceLine(cat, l, ctx)), statuses);

describe('two-for-one', () => {
  it('2 für 1: Margherita klein 8,00\u00a0€ + Salami groß 12,00\u00a0€ → the cheaper 8,00\u00a0€ is free', () => {
    const items = [dishLine('d-margherita', 's-small'), dishLine('d-salami', 's-large', 1, [{ groupId: 'g-sauce', itemId: 'x-tomato', itemName: '', promotion: null, amount: 1, type: 'ingredient' }])];
    const r = run(testCatalog, items);
    expect(r.groups[0]).toMatchObject({ key: 'p-2for1', units: 2, freeUnits: 1, saving: 800, applied: true, status: 'pending' });
    expect(r.saving).toBe(800);
  });

  it('of every totalQuantity units, paidQuantity are paid: 3 für 2 with 7 pizzas → 2 free, the two cheapest', () => {
    const cat = withPromo({ totalQuantity: 3, paidQuantity: 2 });
    const items = [dishLine('d-margherita', 's-large', 3), dishLine('d-margherita', 's-small', 2), dishLine('d-custom', null, 2, [{ groupId: 'g-sauce', itemId: 'x-tomato', itemName: '', promotion: null, amount: 1, type: 'ingredient' }, { groupId: 'g-top', itemId: 'x-onion', itemName: '', promotion: null, amount: 1, type: 'ingredient' }])];
    const r = run(cat, items);
    expect(freeUnitCount({ totalQuantity: 3, paidQuantity: 2 }, 7)).toBe(2);
    // Pizza nach Wahl 7,00\u00a0€ + Zwiebeln 0,40\u00a0€ = 7,40\u00a0€ is the cheapest
    expect(r.groups[0]).toMatchObject({ freeUnits: 2, saving: 1480 });
    expect(r.lines[2]).toMatchObject({ freeUnits: 2, saving: 1480 });
  });

  it('allowDifferentDishes false: each dish is its own group (1 Margherita + 1 Salami → nothing free)', () => {
    const cat = withPromo({ allowDifferentDishes: false });
    const r = run(cat, [dishLine('d-margherita', 's-small'), dishLine('d-salami', 's-small')]);
    expect(r.groups.map((g) => [g.key, g.freeUnits])).toEqual([['p-2for1:d-margherita', 0], ['p-2for1:d-salami', 0]]);
    expect(run(cat, [dishLine('d-margherita', 's-small', 2)]).groups[0].freeUnits).toBe(1);
  });

  it('eligibility: a dish with a size must be in the categories or the dishesWithSizes list (with that size)', () => {
    const cat = withPromo({ itemSelection: { categories: [], dishesWithSizes: [{ dishId: 'd-cola', sizeId: 's-1' }], menus: ['m-lunch'] } });
    expect(promotionForLine(cat, dishLine('d-cola', 's-1'))?.key).toBe('p-2for1');
    expect(promotionForLine(cat, dishLine('d-cola', 's-05'))).toBeNull();
    expect(promotionForLine(cat, dishLine('d-margherita', 's-small'))).toBeNull();
    expect(promotionForLine(cat, menuLine())?.key).toBe('p-2for1');
  });

  it('a group needing confirmation (already discounted, not accumulative) applies only when confirmed, at non-discounted prices', () => {
    const cat = catalogWith({ discounts: [discount({ id: 'd', kind: 'percent', value: 10, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })] });
    const items = [dishLine('d-margherita', 's-small'), dishLine('d-margherita', 's-large')];
    const pending = priceOrder({ catalog: cat, items, ctx });
    expect(pending.twoForOne[0]).toMatchObject({ needsConfirmation: true, applied: false, status: 'pending', potentialSaving: 800, discountSaving: 190 });
    expect(pending.subtotal).toBe(720 + 990);
    const confirmed = priceOrder({ catalog: cat, items, ctx, twoForOneStatus: { 'p-2for1': 'confirmed' } });
    expect(confirmed.twoForOne[0]).toMatchObject({ applied: true, status: 'confirmed', saving: 800 });
    expect(confirmed.subtotal).toBe(1100); // 8,00 + 11,00 without discount, 8,00 free
    expect(confirmed.discounts).toMatchObject({ item: 0, twoForOne: 800 });
    const denied = priceOrder({ catalog: cat, items, ctx, twoForOneStatus: { 'p-2for1': 'denied' } });
    expect(denied.subtotal).toBe(1710);
  });

  it('accumulative: applies on the discounted prices without confirmation', () => {
    const cat = catalogWith({
      twoForOnePromotions: [{ ...twoForOne, accumulative: true }],
      discounts: [discount({ id: 'd', kind: 'percent', value: 10, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })],
    });
    const o = priceOrder({ catalog: cat, items: [dishLine('d-margherita', 's-small'), dishLine('d-margherita', 's-large')], ctx });
    expect(o.twoForOne[0]).toMatchObject({ applied: true, needsConfirmation: false, saving: 720 });
    expect(o.subtotal).toBe(990);
  });

  it('status goes back to pending when a removal drops the group below totalQuantity', () => {
    const r = run(testCatalog, [dishLine('d-margherita', 's-small')], { 'p-2for1': 'confirmed' });
    expect(r.groups[0].status).toBe('pending');
    expect(nextTwoForOneStatus('confirmed', 1, twoForOne)).toBe('pending');
    expect(nextTwoForOneStatus('denied', 2, twoForOne)).toBe('denied');
  });

  describe('the choice dialog', () => {
    const discounted = catalogWith({ discounts: [discount({ id: 'd', kind: 'percent', value: 10, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })] });
    const items = [dishLine('d-margherita', 's-small'), dishLine('d-margherita', 's-large')];
    const base = { catalog: discounted, items, dishId: 'd-margherita', sizeId: 's-large', ctx, isNonOwnerInActiveGroup: false };

    it("choice dialog: offered when saving 8,00\u00a0€ > discount 1,90\u00a0€ ('Wähle Deinen Rabatt')", () => {
      expect(twoForOneChoice(base)).toEqual({ offer: true, groupKey: 'p-2for1', promotionSaving: 800, discountSaving: 190 });
      expect(TWO_FOR_ONE_DIALOG_TITLE).toBe('Wähle Deinen Rabatt');
      expect(TWO_FOR_ONE_NO_OPTION).toBe('Bitte wähle eine Option aus.');
    });
    it('not without a best discount combination (no discount)', () => {
      expect(shouldOfferTwoForOneChoice({ ...base, catalog: testCatalog })).toBe(false);
    });
    it('not without a promotion display', () => {
      const cat = catalogWith({ ...discounted, dishes: discounted.dishes.map((d) => ({ ...d, twoForOnePromotionId: null })) });
      expect(shouldOfferTwoForOneChoice({ ...base, catalog: cat })).toBe(false);
    });
    it('not for a non-owner in an active group', () => {
      expect(shouldOfferTwoForOneChoice({ ...base, isNonOwnerInActiveGroup: true })).toBe(false);
    });
    it('not when the promotion is accumulative', () => {
      const cat = { ...discounted, twoForOnePromotions: [{ ...twoForOne, accumulative: true }] };
      expect(shouldOfferTwoForOneChoice({ ...base, catalog: cat })).toBe(false);
    });
    it('not when the status is not pending', () => {
      expect(shouldOfferTwoForOneChoice({ ...base, statuses: { 'p-2for1': 'denied' } })).toBe(false);
      expect(shouldOfferTwoForOneChoice({ ...base, statuses: { 'p-2for1': 'confirmed' } })).toBe(false);
    });
    it('not when dish and size do not qualify', () => {
      const cat = { ...discounted, twoForOnePromotions: [{ ...twoForOne, itemSelection: { categories: [], dishesWithSizes: [{ dishId: 'd-margherita', sizeId: 's-small' }], menus: [] } }] };
      expect(shouldOfferTwoForOneChoice({ ...base, catalog: cat })).toBe(false);
    });
    it('not when the promotion saves no more than the discount already saved', () => {
      const big = catalogWith({ discounts: [discount({ id: 'd', kind: 'percent', value: 50, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })] });
      // saving 8,00\u00a0€ vs discount 4,00 + 5,50 = 9,50\u00a0€
      expect(twoForOneChoice({ ...base, catalog: big })).toMatchObject({ offer: false, promotionSaving: 800, discountSaving: 950 });
    });
    it('not before the group reaches totalQuantity', () => {
      expect(shouldOfferTwoForOneChoice({ ...base, items: [items[0]] })).toBe(false);
    });
  });

  it('statuses from confirmedTwoForOnePromotions and back to the order payload', () => {
    const statuses = twoForOneStatusesFrom(['p-2for1'], ['other']);
    expect({ ...statuses }).toEqual({ 'p-2for1': 'confirmed', other: 'denied' });
    const cat = catalogWith({ discounts: [discount({ id: 'd', kind: 'percent', value: 10, appliesTo: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] } })] });
    const o = priceOrder({ catalog: cat, items: [dishLine('d-margherita', 's-small'), dishLine('d-salami', 's-small', 1)], ctx, twoForOneStatus: statuses });
    expect(confirmedTwoForOnePromotions(o.twoForOne)).toEqual(['p-2for1']);
    expect(expectedTwoForOnePromotions(o.twoForOne)).toEqual(['p-2for1']);
  });
});
