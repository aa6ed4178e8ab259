import { describe, expect, it } from '@jest/globals';
import type { Catalog, Dish, ExtraGroup } from '@shared/domain';
import { testCatalog, margherita } from '@shared/pricing/fixtures';
import { computeDeliveryPeriod } from '@shared/time/deliveryPeriod';
import {
  allFranchiseShopsClosed, closedWording, dishDeclarations, extraAllergens, extrasByMarker, findDishByNameOrId, hiddenDishIds,
  liabilityNoteKind, matchesDietFilters, matchesSearch, ordersClosed, EXTRAS_FOLD_AFTER,
} from './menu';

const nutrition = { energyKj: 1, energyKcal: 1, fat: 1, saturatedFat: 1, carbohydrates: 1, sugar: 1, protein: 1, salt: 1 };

function catalog(): Catalog {
  return {
    ...testCatalog,
    declarations: [
      { id: 'a', kind: 'allergen', code: 'A', name: 'Gluten' },
      { id: 'g', kind: 'allergen', code: 'G', name: 'Milch' },
      { id: 'h', kind: 'allergen', code: 'H', name: 'Schalenfrüchte' },
      { id: 'z2', kind: 'additive', code: '2', name: 'Konservierungsstoff' },
    ],
    ingredients: [
      { id: 'teig', name: 'Teig', declarations: ['a'], nutrientInformation: null, dishInfo: null, tags: [] },
      { id: 'kaese', name: 'Käse', declarations: ['g'], nutrientInformation: nutrition, dishInfo: null, tags: [] },
      { id: 'salami', name: 'Salami', declarations: ['z2'], nutrientInformation: null, dishInfo: null, tags: [] },
      { id: 'nuss', name: 'Walnuss', declarations: ['h'], nutrientInformation: null, dishInfo: null, tags: [] },
    ],
  };
}

const base: Dish = { ...margherita, primaryIngredients: ['teig'], secondaryIngredients: ['salami'], declarations: [], tags: ['vegan'], negTags: [] };

describe('closed', () => {
  it('orders are closed only when not even a pre-order is possible', () => {
    expect(ordersClosed({ allowOrders: false })).toBe(true);
    expect(ordersClosed({ allowOrders: true })).toBe(false);
    expect(ordersClosed(null)).toBe(false);
  });
  it('uses the three wordings', () => {
    expect(closedWording({ openInMinutes: 25, openAt: '11:00' })).toBe('Wir öffnen in 25 Minuten.');
    expect(closedWording({ openInMinutes: 60, openAt: '11:00' })).toBe('Wir öffnen um 11:00 Uhr.');
    expect(closedWording({ openInMinutes: null, openAt: null })).toBe('Wir haben für heute geschlossen.');
  });
  it('during a special closure the menu names it and ends with the reopening date', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '11:00', to: '22:00' }));
    const christmas = { date: '2026-12-25', dayIndex: 4, minute: 12 * 60 };
    const period = (reason: 'holiday' | 'vacation' | 'renovation', name?: string) =>
      computeDeliveryPeriod(
        { openingTimes: week, specialOpeningTimes: [{ reason, from: '2026-12-24', until: '2026-12-26', openingTimes: [], name }], supportDelivery: true, supportPickup: true },
        christmas,
      );
    expect(closedWording(period('vacation'))).toBe('Wir sind im Betriebsurlaub. Wieder geöffnet ab 27.12.2026');
    expect(closedWording(period('holiday', 'Weihnachten'))).toBe('Wir haben wegen Weihnachten geschlossen. Wieder geöffnet ab 27.12.2026');
    expect(closedWording(period('renovation'))).toBe('Wir haben wegen Renovierung geschlossen. Wieder geöffnet ab 27.12.2026');
  });
  it('all franchise shops closed', () => {
    const shop = { acceptOrders: false } as never;
    expect(allFranchiseShopsClosed({ shops: [shop, shop] })).toBe(true);
    expect(allFranchiseShopsClosed({ shops: [shop, { acceptOrders: true } as never] })).toBe(false);
    expect(allFranchiseShopsClosed(null)).toBe(false);
  });
});

describe('declarations and liability note', () => {
  it('collects the dish and ingredient declarations, split and sorted', () => {
    const d = dishDeclarations(catalog(), { ...base, declarations: ['g'] });
    expect(d.allergens.map((x) => x.code)).toEqual(['A', 'G']);
    expect(d.additives.map((x) => x.code)).toEqual(['2']);
  });
  it('names allergens of extra ingredients', () => {
    const group: ExtraGroup = { id: 'x', name: 'X', min: 0, limit: 0, maxAmount: 1, forceGroup: false, groupType: 'ingredient', marker: 9992, items: [
      { id: 'x-nuss', type: 'ingredient', ingredientId: 'nuss', dishId: null, sizeId: null, name: 'Walnüsse', prices: {}, price: 100 },
      { id: 'x-salami', type: 'ingredient', ingredientId: 'salami', dishId: null, sizeId: null, name: 'Salami', prices: {}, price: 100 },
    ] };
    expect(extraAllergens(catalog(), { ...base, extraIngredientGroups: [group] })).toEqual([{ name: 'Walnüsse', allergens: [catalog().declarations[2]] }]);
  });
  it('packaging note when one main ingredient has nutrition info, else traces', () => {
    expect(liabilityNoteKind(catalog(), { ...base, primaryIngredients: ['teig', 'kaese'] })).toBe('packaging');
    expect(liabilityNoteKind(catalog(), base)).toBe('traces');
  });
});

describe('extras by marker', () => {
  const g = (id: string, marker: number | null, n: number, forceGroup = false): ExtraGroup => ({
    id, name: `Gruppe ${id}`, min: 0, limit: 0, maxAmount: 1, forceGroup, groupType: 'ingredient', marker,
    items: Array.from({ length: n }, (_, i) => ({ id: `${id}${i}`, type: 'ingredient' as const, ingredientId: null, dishId: null, sizeId: null, name: `${id}${i}`, prices: {}, price: 50 })),
  });
  it('one list per marker in marker order, forced groups left out', () => {
    const s = extrasByMarker([g('v', 9993, 2), g('f', 9991, 4), g('f2', 9991, 1), g('own', null, 2), g('force', 9992, 3, true)]);
    expect(s.map((x) => [x.marker, x.title, x.entries.length])).toEqual([
      [9991, 'Fleisch & Fisch Extras', 5], [9993, 'Vegane Extras', 2], [null, 'Gruppe own', 2],
    ]);
    expect(EXTRAS_FOLD_AFTER).toBe(3);
  });
});

describe('dish links', () => {
  it('by id, then by name', () => {
    const c = { ...catalog(), dishes: [{ ...base, id: 'd1', name: 'Pizza Margherita' }] };
    expect(findDishByNameOrId(c, 'd1')?.id).toBe('d1');
    expect(findDishByNameOrId(c, 'pizza-margherita')?.id).toBe('d1');
    expect(findDishByNameOrId(c, 'Pizza  MARGHERITA')?.id).toBe('d1');
    expect(findDishByNameOrId(c, 'Pizza Hawaii')).toBeNull();
    expect(findDishByNameOrId(c, '')).toBeNull();
  });
});

describe('diet filter and search', () => {
  it('vegan and vegetarian by displayed tags', () => {
    const c = catalog();
    expect(matchesDietFilters(c, base, ['vegan', 'vegetarian'])).toBe(true);
    expect(matchesDietFilters(c, { ...base, tags: ['vegetarian'] }, ['vegan'])).toBe(false);
    expect(matchesDietFilters(c, { ...base, tags: ['pork'] }, ['vegetarian'])).toBe(false);
    expect(matchesDietFilters(c, { ...base, tags: ['vegan'], negTags: ['vegan'] }, ['vegan'])).toBe(false);
  });
  it('without gluten, milk, nuts by allergens of the dish and its ingredients', () => {
    const c = catalog();
    expect(matchesDietFilters(c, base, ['glutenFree'])).toBe(false);
    expect(matchesDietFilters(c, { ...base, primaryIngredients: [] }, ['glutenFree', 'milkFree', 'nutFree'])).toBe(true);
    expect(matchesDietFilters(c, { ...base, primaryIngredients: [], declarations: ['g'] }, ['milkFree'])).toBe(false);
    expect(matchesDietFilters(c, { ...base, primaryIngredients: ['nuss'] }, ['nutFree'])).toBe(false);
    expect(matchesDietFilters(c, { ...base, primaryIngredients: [], tags: ['nut'] }, ['nutFree'])).toBe(false);
    expect(matchesDietFilters(c, base, [])).toBe(true);
  });
  it('search by name or number', () => {
    const d = { name: 'Penne all’Arrabbiata', number: '22' };
    expect(matchesSearch(d, 'arrab')).toBe(true);
    expect(matchesSearch(d, 'ARRABBIATA')).toBe(true);
    expect(matchesSearch(d, '2')).toBe(true);
    expect(matchesSearch(d, '22')).toBe(true);
    expect(matchesSearch(d, '3')).toBe(false);
    expect(matchesSearch(d, '  ')).toBe(true);
    expect(matchesSearch({ name: 'Crème brûlée', number: null }, 'creme')).toBe(true);
  });
});

describe('hidden categories (menu editor)', () => {
  const hide = (ids: string[]): Catalog => ({ ...testCatalog, categories: testCatalog.categories.map((c) => (ids.includes(c.id) ? { ...c, hidden: true } : c)) });

  it('the dishes of a hidden category are hidden; a dish also listed in a visible category is not', () => {
    expect(hiddenDishIds(testCatalog)).toEqual(new Set());
    expect(hiddenDishIds(hide(['c-drinks']))).toEqual(new Set(['d-cola', 'd-beer']));
    const listedTwice = hide(['c-drinks']);
    listedTwice.categories = listedTwice.categories.map((c) => (c.id === 'c-salad' ? { ...c, dishes: [...c.dishes, 'd-beer'] } : c));
    expect(hiddenDishIds(listedTwice)).toEqual(new Set(['d-cola']));
  });

  it('a dish whose own category is hidden is hidden even when no list names it; a dish in no category is not', () => {
    const c = hide(['c-dessert']);
    c.categories = c.categories.map((x) => (x.id === 'c-dessert' ? { ...x, dishes: [] } : x));
    c.dishes = [...c.dishes, { ...margherita, id: 'd-only-in-menu', category: 'c-nowhere' }];
    expect(hiddenDishIds(c)).toEqual(new Set(['d-tiramisu']));
  });

  it('a link to a dish of a hidden category finds nothing', () => {
    expect(findDishByNameOrId(testCatalog, 'Pils')?.id).toBe('d-beer');
    expect(findDishByNameOrId(hide(['c-drinks']), 'Pils')).toBeNull();
    expect(findDishByNameOrId(hide(['c-drinks']), 'd-beer')).toBeNull();
  });
});
