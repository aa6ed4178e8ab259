// The checks of the catalog's set menus, discounts with schedules, two-for-one promotions and
// offers: bad input per field gets its German message at the field's path (the editor's tabs).
import { describe, expect, it } from '@jest/globals';
import { checkCatalogDocument, type CatalogProblem } from './check';

const base = () => ({
  categories: [{ id: 'pizza', name: 'Pizza' }],
  dishes: [
    { id: 'margherita', name: 'Margherita', category: 'pizza', sizes: [{ id: 's26', name: '26 cm' }], prices: [{ sizeId: 's26', price: 790 }] },
    { id: 'cola', name: 'Cola', category: 'pizza', prices: [{ sizeId: null, price: 250 }] },
  ],
  menus: [{ id: 'mittag', name: 'Mittagsmenü', price: 990, slots: [{ id: 'm1', name: 'Hauptgang', dishes: ['margherita'] }] }],
  discounts: [{ id: 'happy', kind: 'percent', value: 10, appliesTo: { categories: ['pizza'] }, schedule: { weekdays: [0, 1], times: [{ from: '11:00', to: '14:00' }] } }],
  twoForOnePromotions: [{ id: 'zwei', title: '2 für 1', label: '2 für 1', totalQuantity: 2, paidQuantity: 1, itemSelection: { categories: ['pizza'] } }],
  offers: [{ id: 'gratis', title: 'Cola gratis', offerType: 'freeItem', freeItems: [{ dishId: 'cola' }], minimumOrderValue: 2000 }],
});

function problems(mutate: (d: any) => void): string[] {
  const d = base();
  mutate(d);
  const r = checkCatalogDocument(d);
  if (r.ok) throw new Error('expected the catalog to be refused');
  return r.problems.map((p: CatalogProblem) => `${p.path}: ${p.de}`);
}

describe('promotions in checkCatalogDocument', () => {
  it('accepts the good base with overnight ranges', () => {
    const d = base();
    d.discounts[0].schedule.times.push({ from: '22:00', to: '02:00' });
    expect(checkCatalogDocument(d).ok).toBe(true);
  });

  it('set menus: empty name, negative price, a slot without dishes, an unknown dish', () => {
    expect(problems((d) => (d.menus[0].name = ''))).toEqual(['menus[0].name: Bitte einen Namen eingeben.']);
    expect(problems((d) => (d.menus[0].price = -100))).toEqual(['menus[0].price: Der Betrag darf nicht negativ sein.']);
    expect(problems((d) => (d.menus[0].slots[0].dishes = []))).toEqual(['menus[0].slots[0].dishes: Bitte mindestens einen Eintrag anlegen.']);
    expect(problems((d) => (d.menus[0].slots = []))).toEqual(['menus[0].slots: Bitte mindestens einen Eintrag anlegen.']);
    expect(problems((d) => (d.menus[0].slots[0].name = ''))).toEqual(['menus[0].slots[0].name: Bitte einen Namen eingeben.']);
    expect(problems((d) => (d.menus[0].slots[0].size = '32 cm'))).toEqual([
      'menus[0].slots[0].dishes[0]: Dieses Gericht gibt es nicht in der Größe des Menü-Gangs.',
    ]);
  });

  it('discounts: a schedule without weekdays, a malformed time, a range of no length, percent above 100, a negative amount', () => {
    expect(problems((d) => (d.discounts[0].schedule.weekdays = []))).toEqual(['discounts[0].schedule.weekdays: Bitte mindestens einen Eintrag anlegen.']);
    expect(problems((d) => (d.discounts[0].schedule.times[0].from = '25:00'))).toEqual(['discounts[0].schedule.times[0].from: Bitte eine Uhrzeit wie 11:30 eingeben.']);
    expect(problems((d) => (d.discounts[0].schedule.times[0].to = '11:00'))).toEqual([
      'discounts[0].schedule.times[0].to: Beginn und Ende dürfen nicht gleich sein (ein Ende vor dem Beginn gilt bis nach Mitternacht).',
    ]);
    expect(problems((d) => (d.discounts[0].value = 120))).toEqual(['discounts[0].value: Höchstens 100 Prozent.']);
    expect(problems((d) => (d.discounts[0].value = -5))).toEqual(['discounts[0].value: Bitte eine ganze Zahl ab 0 eingeben.']);
    expect(problems((d) => (d.discounts[0].appliesTo.categories = ['pasta']))).toEqual([
      'discounts[0].appliesTo.categories[0]: Dieser Eintrag verweist auf etwas, das es nicht (mehr) gibt.',
    ]);
  });

  it('two-for-one: empty title, paid not below total, a total below 2', () => {
    expect(problems((d) => (d.twoForOnePromotions[0].title = ''))).toEqual(['twoForOnePromotions[0].title: Bitte einen Namen eingeben.']);
    expect(problems((d) => (d.twoForOnePromotions[0].paidQuantity = 2))).toEqual([
      'twoForOnePromotions[0].paidQuantity: Die bezahlte Menge muss kleiner als die Gesamtmenge sein.',
    ]);
    expect(problems((d) => (d.twoForOnePromotions[0].totalQuantity = 1))).toEqual(['twoForOnePromotions[0].totalQuantity: Bitte eine ganze Zahl ab 2 eingeben.']);
    expect(problems((d) => (d.dishes[0].twoForOnePromotionId = 'drei'))).toEqual([
      'dishes[0].twoForOnePromotionId: Dieser Eintrag verweist auf etwas, das es nicht (mehr) gibt.',
    ]);
  });

  it('offers: empty title, a free-item offer without dishes, a negative minimum order value', () => {
    expect(problems((d) => (d.offers[0].title = ''))).toEqual(['offers[0].title: Bitte einen Namen eingeben.']);
    expect(problems((d) => (d.offers[0].freeItems = []))).toEqual(['offers[0].freeItems: Ein Gratis-Artikel-Angebot braucht mindestens ein Gericht.']);
    expect(problems((d) => (d.offers[0].minimumOrderValue = -1))).toEqual(['offers[0].minimumOrderValue: Der Betrag darf nicht negativ sein.']);
  });
});
