// Warnings (not errors: the draft may be saved) where an offer or a set menu points into a category
// the restaurant hid: guests see no hidden category, and cannot choose its dishes in a set menu's
// course or as a free item (`hiddenDishIds`, the rule the cart and the server apply).
import type { Catalog } from '@shared/domain';
import { hiddenDishIds } from '@shared/rules';
import { formatPath } from './paths';
import { MENU_EDIT_TEXTS as T } from './texts';

export interface HiddenWarning {
  /** the field the warning belongs to: `menus[0].slots[1].dishes`, `offers[2].itemSelection.categories` */
  path: string;
  /** German, saying what the guest misses and what the owner can do */
  de: string;
}

const at = (...keys: (string | number)[]) => formatPath(keys.map((key) => ({ key })));

/** Every set-menu course, free-item list and offer selection that names a hidden category or a dish only in one. */
export function hiddenWarnings(catalog: Pick<Catalog, 'categories' | 'dishes' | 'menus' | 'offers'>): HiddenWarning[] {
  const hiddenCats = new Map(catalog.categories.filter((c) => c.hidden).map((c) => [c.id, c.name] as const));
  if (hiddenCats.size === 0) return [];
  const hidden = hiddenDishIds(catalog);
  const dishName = new Map(catalog.dishes.map((d) => [d.id, d.name] as const));
  // the hidden category a hidden dish is in (its own, else the first hidden one that lists it)
  const categoryOf = (dishId: string): string => {
    const own = catalog.dishes.find((d) => d.id === dishId)?.category;
    if (own && hiddenCats.has(own)) return hiddenCats.get(own)!;
    return catalog.categories.find((c) => c.hidden && c.dishes?.includes(dishId))?.name ?? '';
  };
  const out: HiddenWarning[] = [];
  const dishes = (path: string, ids: string[]) => {
    for (const id of new Set(ids)) if (hidden.has(id)) out.push({ path, de: T.hiddenDish(dishName.get(id) ?? id, categoryOf(id)) });
  };
  catalog.menus.forEach((m, i) => m.slots.forEach((s, j) => dishes(at('menus', i, 'slots', j, 'dishes'), s.dishes)));
  catalog.offers.forEach((o, i) => {
    if (o.offerType === 'freeItem') dishes(at('offers', i, 'freeItems'), o.freeItems.map((r) => r.dishId));
    for (const id of o.itemSelection.categories) {
      if (hiddenCats.has(id)) out.push({ path: at('offers', i, 'itemSelection', 'categories'), de: T.hiddenCategory(hiddenCats.get(id)!) });
    }
    dishes(at('offers', i, 'itemSelection', 'dishesWithSizes'), o.itemSelection.dishesWithSizes.map((r) => r.dishId));
  });
  return out;
}
