// The catalog checks with their German messages at the field's path (the editor's and the import's).
import { describe, expect, it } from '@jest/globals';
import { checkCatalogDocument, type CatalogProblem } from './check';
import { DECLARATION_LIST, withDeclarations } from './declarations';

const base = () => ({
  categories: [{ id: 'pizza', name: 'Pizza' }],
  dishes: [
    {
      id: 'margherita', name: 'Margherita', category: 'pizza',
      sizes: [{ id: 's26', name: '26 cm' }, { id: 's32', name: '32 cm' }],
      prices: [{ sizeId: 's26', price: 790 }, { sizeId: 's32', price: 1090, deposit: 0 }],
      sideDishGroups: [{ id: 'g1', name: 'Beilage', min: 1, limit: 1, items: [{ id: 'b1', name: 'Salat', price: 0 }] }],
    },
  ],
});

function problems(mutate: (d: any) => void): CatalogProblem[] {
  const d = base();
  mutate(d);
  const r = checkCatalogDocument(d);
  if (r.ok) throw new Error('expected the catalog to be refused');
  return r.problems;
}
const at = (ps: CatalogProblem[]) => ps.map((p) => `${p.path}: ${p.de}`);

describe('checkCatalogDocument', () => {
  it('accepts a good catalog and fills in defaults and the category dish lists', () => {
    const r = checkCatalogDocument(base());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.catalog.categories[0].dishes).toEqual(['margherita']);
    expect(r.catalog.dishes[0].prices[0].deposit).toBe(0);
    expect(r.catalog.dishes[0].sideDishGroups[0].maxAmount).toBe(1);
  });

  it('an empty name: German message at the name', () => {
    expect(at(problems((d) => (d.dishes[0].name = '')))).toEqual(['dishes[0].name: Bitte einen Namen eingeben.']);
    expect(at(problems((d) => (d.categories[0].name = '')))).toEqual(['categories[0].name: Bitte einen Namen eingeben.']);
  });

  it('a negative or fractional price: German message at the price', () => {
    expect(at(problems((d) => (d.dishes[0].prices[1].price = -100)))).toEqual(['dishes[0].prices[1].price: Der Betrag darf nicht negativ sein.']);
    expect(at(problems((d) => (d.dishes[0].prices[0].price = 7.5)))).toEqual(['dishes[0].prices[0].price: Bitte einen Betrag in Euro eingeben, z. B. 8,50.']);
    expect(at(problems((d) => (d.dishes[0].sideDishGroups[0].items[0].prices = { s26: -1 })))).toEqual([
      'dishes[0].sideDishGroups[0].items[0].prices.s26: Der Betrag darf nicht negativ sein.',
    ]);
  });

  it('min above limit: German message at min', () => {
    expect(at(problems((d) => (d.dishes[0].sideDishGroups[0].min = 2)))).toEqual([
      'dishes[0].sideDishGroups[0].min: Das Minimum darf nicht größer als die Höchstzahl sein.',
    ]);
  });

  it('cross references: unknown category, duplicate ids, a size without price', () => {
    expect(at(problems((d) => (d.dishes[0].category = 'pasta')))).toEqual(['dishes[0].category: Bitte eine vorhandene Kategorie wählen.']);
    expect(at(problems((d) => d.categories.push({ id: 'pizza', name: 'Noch eine' })))).toEqual([
      'categories[1].id: Diese Kennung gibt es schon einmal. Bitte eine andere wählen.',
    ]);
    expect(at(problems((d) => d.dishes[0].prices.pop()))).toEqual(['dishes[0].sizes[1]: Für diese Größe fehlt der Preis.']);
  });

  it('unknown fields and the English reason for the import stay beside the German one', () => {
    const ps = problems((d) => (d.dishes[0].colour = 'rot'));
    expect(ps).toEqual([{ path: 'dishes[0].colour', message: expect.any(String), de: 'Unbekanntes Feld „colour“.' }]);
    expect(problems((d) => (d.dishes[0].sideDishGroups[0].min = 2))[0].message).toBe('greater than limit');
  });

  it('prefixes paths with a base (the import names the shop)', () => {
    const d = base();
    d.dishes[0].name = '';
    const r = checkCatalogDocument(d, 'shops[0].catalog');
    expect(!r.ok && r.problems[0].path).toBe('shops[0].catalog.dishes[0].name');
  });
});

describe('declarations', () => {
  it('offers the 14 allergens A–N and 12 additives', () => {
    expect(DECLARATION_LIST.filter((d) => d.kind === 'allergen').map((d) => d.code).join('')).toBe('ABCDEFGHIJKLMN');
    expect(DECLARATION_LIST.filter((d) => d.kind === 'additive')).toHaveLength(12);
    expect(DECLARATION_LIST.find((d) => d.id === 'al-G')?.name).toBe('Milch und Laktose');
  });
  it('adds a chosen declaration to the catalog once', () => {
    const out = withDeclarations([{ id: 'al-A', kind: 'allergen', code: 'A', name: 'Gluten' }], ['al-A', 'al-C', 'zs-1', 'nope']);
    expect(out.map((d) => d.id)).toEqual(['al-A', 'al-C', 'zs-1']);
    expect(out[0].name).toBe('Gluten');
  });
});
