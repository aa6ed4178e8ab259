import { describe, expect, it } from '@jest/globals';
import { deselectPopularCombination, extraAvailability, extraItemPrice, groupHeaderText, removeUnavailableExtras, selectPopularCombination, setExtraAmount, validateGroups } from '@shared/cartpricing';
import { freeExtras } from './extras';
import { EXTRA_UNAVAILABLE_IN_SIZE } from '@shared/i18n';
import { cheeseGroup, custom, ex, margherita, salami, sauceGroup, toppingsGroup } from '@shared/pricing/fixtures';

const item = (id: string) => cheeseGroup.items.find((i) => i.id === id)!;

describe('extras', () => {
  it('extra price per size: Mozzarella 1,00\u00a0€ small, 1,50\u00a0€ large; fallback to price', () => {
    expect(extraItemPrice(item('x-mozz'), 's-small')).toBe(100);
    expect(extraItemPrice(item('x-mozz'), 's-large')).toBe(150);
    expect(extraItemPrice(item('x-parm'), 's-large')).toBe(200);
    expect(extraItemPrice(item('x-parm'), null)).toBe(200);
    expect(extraItemPrice(item('x-mozz'), '__proto__')).toBe(100);
  });

  it("availability: ≥ 999900 unavailable ('In der Größe nicht verfügbar'), ≥ 9999 not selectable", () => {
    expect(extraAvailability(item('x-gold'), 's-small')).toBe('unavailable');
    expect(extraAvailability(item('x-gold'), 's-large')).toBe('available');
    expect(extraAvailability(item('x-truffle'), 's-large')).toBe('notSelectable');
    expect(EXTRA_UNAVAILABLE_IN_SIZE).toBe('In der Größe nicht verfügbar');
  });

  it('clamps amounts between 0 and maxAmount: 5 × Mozzarella → 3', () => {
    const r = setExtraAmount(margherita, [], 'g-extras', 'x-mozz', 5, 's-small');
    expect(r).toEqual([{ groupId: 'g-extras', itemId: 'x-mozz', itemName: 'Mozzarella', promotion: null, amount: 3, type: 'ingredient' }]);
    expect(setExtraAmount(margherita, r, 'g-extras', 'x-mozz', -2, 's-small')).toEqual([]);
  });

  it('group limit: Toppings limit 3, Mais 2 + Zwiebeln 2 → Zwiebeln only 1', () => {
    let r = setExtraAmount(custom, [], 'g-top', 'x-corn', 2);
    r = setExtraAmount(custom, r, 'g-top', 'x-onion', 2);
    expect(r.map((e) => [e.itemId, e.amount])).toEqual([['x-corn', 2], ['x-onion', 1]]);
  });

  it('limit 1 replaces the other pick: Tomatensoße then Sahnesoße → only Sahnesoße', () => {
    let r = setExtraAmount(salami, [], 'g-sauce', 'x-tomato', 1, 's-small');
    r = setExtraAmount(salami, r, 'g-sauce', 'x-cream', 1, 's-small');
    expect(r.map((e) => e.itemId)).toEqual(['x-cream']);
  });

  it('not selectable (≥ 9999) and unavailable extras cannot be added, only removed', () => {
    expect(setExtraAmount(margherita, [], 'g-extras', 'x-truffle', 1, 's-small')).toEqual([]);
    expect(setExtraAmount(margherita, [], 'g-extras', 'x-gold', 1, 's-small')).toEqual([]);
    expect(setExtraAmount(margherita, [ex('g-extras', 'x-truffle')], 'g-extras', 'x-truffle', 0, 's-small')).toEqual([]);
    expect(setExtraAmount(margherita, [], 'nope', 'x', 1)).toEqual([]);
  });

  it('min validation: a sauce (min 1) is missing → invalid group id g-sauce', () => {
    expect(validateGroups(salami.extraIngredientGroups, [])).toEqual(['g-sauce']);
    expect(validateGroups(salami.extraIngredientGroups, [ex('g-sauce', 'x-tomato')])).toEqual([]);
  });

  it("group header texts: '(1 Auswählen)', '(2/3)', '(min 1, max 3)', '(min 2)'", () => {
    expect(groupHeaderText(sauceGroup, 0)).toBe('(1 Auswählen)');
    expect(groupHeaderText({ min: 0, limit: 3 }, 2)).toBe('(2/3)');
    expect(groupHeaderText(toppingsGroup, 1)).toBe('(min 1, max 3)');
    expect(groupHeaderText({ min: 2, limit: 0 }, 0)).toBe('(min 2)');
    expect(groupHeaderText({ min: 0, limit: 0 }, 4)).toBe('');
  });

  it('free extras: freeIngredients 1 → the highest priced (Parmesan 2,00\u00a0€) is free', () => {
    const extras = [ex('g-extras', 'x-mozz'), ex('g-extras', 'x-parm'), ex('g-extras', 'x-olive')];
    expect(freeExtras(margherita, extras, 's-small')).toEqual([{ groupId: 'g-extras', itemId: 'x-parm', freeAmount: 1 }]);
    expect(freeExtras({ ...margherita, freeIngredients: 2 }, [ex('g-extras', 'x-olive'), ex('g-extras', 'x-mozz', 3)], 's-large'))
      .toEqual([{ groupId: 'g-extras', itemId: 'x-mozz', freeAmount: 2 }]);
    expect(freeExtras(salami, extras, 's-small')).toEqual([]);
  });

  it('popular combination: keeps mandatory picks, adds popular items except ≥ 9999; deselect restores', () => {
    const dish = { ...salami, popularExtraCombination: ['x-mozz', 'x-olive', 'x-truffle'] };
    const before = [ex('g-sauce', 'x-cream'), ex('g-extras', 'x-parm', 2)];
    const sel = selectPopularCombination(dish, before, 's-small');
    expect(sel.extras.map((e) => [e.groupId, e.itemId, e.amount])).toEqual([
      ['g-sauce', 'x-cream', 1], ['g-extras', 'x-mozz', 1], ['g-extras', 'x-olive', 1],
    ]);
    expect(deselectPopularCombination(sel.stored)).toEqual(before);
  });

  it('size change removes extras unavailable in the new size', () => {
    const extras = [ex('g-extras', 'x-gold'), ex('g-extras', 'x-mozz')];
    expect(removeUnavailableExtras(margherita, extras, 's-large').length).toBe(2);
    expect(removeUnavailableExtras(margherita, extras, 's-small').map((e) => e.itemId)).toEqual(['x-mozz']);
  });
});
