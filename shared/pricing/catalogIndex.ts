// Id lookups over a catalog, built once per catalog object (catalogs are treated as immutable).
import type { Catalog, Dish, Ingredient, Menu, Offer, SizePrice, TwoForOnePromotion } from '@shared/domain';
import { hiddenDishIds } from '@shared/rules';

export interface CatalogIndex {
  dishes: Map<string, Dish>;
  menus: Map<string, Menu>;
  ingredients: Map<string, Ingredient>;
  offers: Map<string, Offer>;
  promotions: Map<string, TwoForOnePromotion>;
  /** dishes of hidden categories (shared/rules hiddenDishIds): guests cannot order them */
  hiddenDishes: ReadonlySet<string>;
}

const cache = new WeakMap<Catalog, CatalogIndex>();

function byId<T extends { id: string }>(list: readonly T[] | undefined): Map<string, T> {
  const map = new Map<string, T>();
  if (Array.isArray(list)) for (const x of list) if (x && typeof x.id === 'string' && !map.has(x.id)) map.set(x.id, x);
  return map;
}

export function indexCatalog(catalog: Catalog): CatalogIndex {
  let idx = cache.get(catalog);
  if (!idx) {
    idx = {
      dishes: byId(catalog.dishes),
      menus: byId(catalog.menus),
      ingredients: byId(catalog.ingredients),
      offers: byId(catalog.offers),
      promotions: byId(catalog.twoForOnePromotions),
      hiddenDishes: hiddenDishIds(catalog),
    };
    cache.set(catalog, idx);
  }
  return idx;
}

/** The price entry of a dish for a size (null/'' = no size). */
export function findSizePrice(dish: Dish, sizeId: string | null | undefined): SizePrice | null {
  const key = sizeId === '' || sizeId === undefined ? null : sizeId;
  for (const p of dish.prices) if ((p.sizeId ?? null) === key) return p;
  return null;
}

/** The size a line may use: a dish with sizes needs a known size id, a dish without sizes needs null. */
export function isValidSize(dish: Dish, sizeId: string | null | undefined): boolean {
  const key = sizeId === '' || sizeId === undefined ? null : sizeId;
  if (dish.sizes.length === 0) return key === null && findSizePrice(dish, null) !== null;
  return key !== null && dish.sizes.some((s) => s.id === key) && findSizePrice(dish, key) !== null;
}
