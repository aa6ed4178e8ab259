// The promotion areas' pure edits: removing an entry removes the references to it; the dishes a
// two-for-one promotion covers show it (and stop when unticked).
import { describe, expect, it } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { checkCatalogDocument } from '@shared/menuedit';
import { newMenu, newPromotion, removeEntry, syncPromotionDisplay, updateEntry } from './model';

const dish = (id: string, category: string) => ({
  id, name: id, number: null, subtext: null, category, sizes: [], prices: [{ sizeId: null, price: 500, deposit: 0 }], isDrink: false, freeIngredients: 0,
  primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [], extraIngredientGroups: [], sideDishGroups: [],
  popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null, description: null, twoForOnePromotionId: null as string | null,
});
const base = (): Catalog => ({
  categories: [
    { id: 'pizza', name: 'Pizza', description: null, imageName: null, dishes: ['a'] },
    { id: 'salat', name: 'Salat', description: null, imageName: null, dishes: ['b'] },
  ],
  dishes: [dish('a', 'pizza'), dish('b', 'salat')],
  ingredients: [], declarations: [], menus: [], discounts: [], twoForOnePromotions: [], offers: [],
});

describe('promotion edits', () => {
  it('a removed set menu leaves no selection pointing at it (the draft stays valid)', () => {
    let c = newMenu(base()).catalog;
    c = updateEntry(c, 'menus', 0, (m) => {
      m.name = 'Mittag';
      m.price = 990;
      m.slots[0].name = 'Gang';
      m.slots[0].dishes = ['a'];
    });
    c = newPromotion(c).catalog;
    c = updateEntry(c, 'twoForOnePromotions', 0, (t) => {
      t.title = 'Zwei';
      t.itemSelection.menus = ['menue'];
    });
    expect(checkCatalogDocument(c).ok).toBe(true);
    const removed = removeEntry(c, 'menus', 0);
    expect(removed.twoForOnePromotions[0].itemSelection.menus).toEqual([]);
    expect(checkCatalogDocument(removed).ok).toBe(true);
  });

  it('the dishes a promotion covers show it; unticked or removed, they stop', () => {
    let c = newPromotion(base()).catalog;
    c = syncPromotionDisplay(updateEntry(c, 'twoForOnePromotions', 0, (t) => void (t.itemSelection.categories = ['pizza'])));
    expect(c.dishes.map((d) => d.twoForOnePromotionId)).toEqual(['aktion', null]);
    c = syncPromotionDisplay(updateEntry(c, 'twoForOnePromotions', 0, (t) => void (t.itemSelection.categories = ['salat'])));
    expect(c.dishes.map((d) => d.twoForOnePromotionId)).toEqual([null, 'aktion']);
    c = syncPromotionDisplay(removeEntry(c, 'twoForOnePromotions', 0));
    expect(c.dishes.map((d) => d.twoForOnePromotionId)).toEqual([null, null]);
  });
});
