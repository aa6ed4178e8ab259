// Warnings where an offer or a set menu points into a hidden category: paths and German texts by hand.
import { describe, expect, it } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { hiddenWarnings } from '@shared/menuedit';

type Part = Pick<Catalog, 'categories' | 'dishes' | 'menus' | 'offers'>;
const sel = { categories: [] as string[], dishesWithSizes: [] as { dishId: string; sizeId: string | null }[], menus: [] as string[] };
const dish = (id: string, name: string, category: string) => ({ id, name, category }) as unknown as Catalog['dishes'][number];

function catalog(hideDesserts: boolean): Part {
  return {
    categories: [
      { id: 'pizza', name: 'Pizza', dishes: ['margherita'], hidden: undefined },
      { id: 'desserts', name: 'Desserts', dishes: ['tiramisu', 'panna-cotta'], hidden: hideDesserts || undefined },
      // the panna cotta is listed in a visible category too: guests still see it
      { id: 'sweets', name: 'Süßes', dishes: ['panna-cotta'] },
    ] as Catalog['categories'],
    dishes: [dish('margherita', 'Pizza Margherita', 'pizza'), dish('tiramisu', 'Tiramisu', 'desserts'), dish('panna-cotta', 'Panna cotta', 'desserts')],
    menus: [
      {
        id: 'mittag', name: 'Mittagsmenü', headline: null, teaser: null, price: 1290, imageName: null,
        slots: [
          { id: 'main', name: 'Hauptgang', dishes: ['margherita'], size: null },
          { id: 'dessert', name: 'Dessert', dishes: ['tiramisu', 'panna-cotta'], size: null },
        ],
      },
    ] as Catalog['menus'],
    offers: [
      { id: 'gratis', offerType: 'freeItem', freeItems: [{ dishId: 'tiramisu', sizeId: null }, { dishId: 'margherita', sizeId: null }], itemSelection: sel },
      { id: 'suess', offerType: 'cartDiscount', freeItems: [{ dishId: 'tiramisu', sizeId: null }], itemSelection: { ...sel, categories: ['desserts', 'pizza'], dishesWithSizes: [{ dishId: 'tiramisu', sizeId: null }] } },
    ] as unknown as Catalog['offers'],
  };
}

const TIRAMISU =
  '„Tiramisu“ steht nur in der ausgeblendeten Kategorie „Desserts“: Gäste können es hier nicht wählen. Blenden Sie die Kategorie unter „Gerichte“ wieder ein oder wählen Sie das Gericht hier ab.';

describe('hiddenWarnings', () => {
  it('nothing hidden: no warnings', () => {
    expect(hiddenWarnings(catalog(false))).toEqual([]);
  });

  // (the second offer's free items are no free items: it is a cart discount)
  it('a hidden category: the set-menu course, the free items and the offer’s selection that point into it, each at its field', () => {
    expect(hiddenWarnings(catalog(true))).toEqual([
      { path: 'menus[0].slots[1].dishes', de: TIRAMISU },
      { path: 'offers[0].freeItems', de: TIRAMISU },
      {
        path: 'offers[1].itemSelection.categories',
        de: 'Die Kategorie „Desserts“ ist für Gäste ausgeblendet: Im Angebot sehen sie sie nicht. Blenden Sie sie unter „Gerichte“ wieder ein oder wählen Sie sie hier ab.',
      },
      { path: 'offers[1].itemSelection.dishesWithSizes', de: TIRAMISU },
    ]);
  });
});
