import { describe, expect, it } from '@jest/globals';
import { isSlotValid, slotDishOptions } from '@shared/cartpricing';
import { catalogWith, ex, salami, testCatalog } from '@shared/pricing/fixtures';

describe('menu slots', () => {
  it("menu slot 'Getränk' (0,5 l) offers Cola in 0,5 l and Pils (no sizes); slot 'Pizza' (Klein) the small pizzas", () => {
    const [pizza, drink] = testCatalog.menus[0].slots;
    expect(slotDishOptions(testCatalog, drink).map((o) => [o.dish.id, o.sizeId])).toEqual([['d-cola', 's-05'], ['d-beer', null]]);
    expect(slotDishOptions(testCatalog, pizza).map((o) => [o.dish.id, o.sizeId])).toEqual([['d-margherita', 's-small'], ['d-salami', 's-small']]);
    expect(slotDishOptions(testCatalog, { ...drink, size: '0,33 l' }).map((o) => o.dish.id)).toEqual(['d-beer']);
  });
  it('a slot does not offer the dishes of a hidden category', () => {
    const hidden = catalogWith({ categories: testCatalog.categories.map((c) => (c.id === 'c-drinks' ? { ...c, hidden: true } : c)) });
    expect(slotDishOptions(hidden, hidden.menus[0].slots[1])).toEqual([]);
    expect(slotDishOptions(hidden, hidden.menus[0].slots[0]).map((o) => o.dish.id)).toEqual(['d-margherita', 'd-salami']);
  });
  it('a slot is valid only with a dish whose mandatory groups are filled', () => {
    expect(isSlotValid(null, [])).toBe(false);
    expect(isSlotValid(salami, [])).toBe(false);
    expect(isSlotValid(salami, [ex('g-sauce', 'x-tomato')])).toBe(true);
  });
});
