import { describe, expect, it } from '@jest/globals';
import { effectiveTags, requiredAge, requiredAgeForDish } from '@shared/rules';
import { requiredAgeForCart } from './age';
import { dishLine, ex, menuLine, testCatalog } from '@shared/pricing/fixtures';

describe('tags', () => {
  it("tags: vegan implies vegetarian and drops fish/chicken/pork/beef: ['vegan','chicken'] → ['vegan','vegetarian']", () => {
    expect(effectiveTags({ tags: ['vegan', 'chicken'] })).toEqual(['vegan', 'vegetarian']);
    expect(effectiveTags({ tags: ['vegetarian', 'fish', 'pork', 'beef', 'cheese'] })).toEqual(['vegetarian', 'cheese']);
  });
  it('halal is kept only when declared and without alcohol16/18', () => {
    expect(effectiveTags({ tags: ['halal', 'lamb'] })).toEqual(['halal', 'lamb']);
    expect(effectiveTags({ tags: ['halal', 'alcohol16'] })).toEqual(['alcohol16']);
    expect(effectiveTags({ tags: ['lamb'] }, [], ['halal'])).toEqual(['lamb']);
    expect(effectiveTags({ tags: ['halal'] }, [], ['alcohol18'])).toEqual(['alcohol18']);
  });
  it("negative tags and the shop's hidden tags are removed", () => {
    expect(effectiveTags({ tags: ['vegan', 'nut', 'piquant'], negTags: ['nut'] }, ['piquant'])).toEqual(['vegan', 'vegetarian']);
    const salad = testCatalog.dishes.find((d) => d.id === 'd-salad')!;
    expect(effectiveTags(salad)).toEqual(['vegan', 'vegetarian', 'halal']);
  });
});

describe('age gate', () => {
  it('age gate: Pils (alcohol18) needs 18, Tiramisu (alcohol16) 16, Salat none', () => {
    const d = (id: string) => testCatalog.dishes.find((x) => x.id === id)!;
    expect(requiredAgeForDish(d('d-beer'))).toBe(18);
    expect(requiredAgeForDish(d('d-tiramisu'))).toBe(16);
    expect(requiredAge(testCatalog, dishLine('d-salad', null))).toBe(0);
  });
  it('an extra with an alcohol ingredient, a menu with beer, the cart maximum', () => {
    expect(requiredAge(testCatalog, dishLine('d-margherita', 's-small', 1, [ex('g-extras', 'x-rum')]))).toBe(18);
    expect(requiredAge(testCatalog, menuLine(1, 'd-margherita', [], 'd-beer'))).toBe(18);
    expect(requiredAgeForCart(testCatalog, [dishLine('d-tiramisu', null), dishLine('d-salad', null)])).toBe(16);
  });
});
