// Age gate: alcohol18 needs age 18, alcohol16 age 16; 0 = none.
import type { CartItem, Catalog, Dish } from '@shared/domain';

export type RequiredAge = 0 | 16 | 18;

export function ageForTags(tags: readonly string[]): RequiredAge {
  if (tags.includes('alcohol18')) return 18;
  if (tags.includes('alcohol16')) return 16;
  return 0;
}

/** Age a dish needs by its own tags. */
export function requiredAgeForDish(dish: Pick<Dish, 'tags'>): RequiredAge {
  return ageForTags(dish.tags ?? []);
}

/**
 * Age a cart line needs: the dish (or every menu subitem), the line's own tags and the tags of
 * chosen extras (ingredient extras by their ingredient, side dishes by their dish).
 */
export function requiredAge(catalog: Catalog, line: CartItem): RequiredAge {
  const dishes = new Map(catalog.dishes.map((d) => [d.id, d] as const));
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i] as const));
  const subs = line.kind === 'menu' ? line.subitems : [line];
  let age: RequiredAge = 0;
  const raise = (a: RequiredAge) => { if (a > age) age = a; };
  for (const sub of subs) {
    const dish = dishes.get(sub.dishId);
    raise(ageForTags(sub.tags ?? []));
    if (!dish) continue;
    raise(requiredAgeForDish(dish));
    const groups = [...dish.extraIngredientGroups, ...dish.sideDishGroups];
    for (const e of sub.extras ?? []) {
      const item = groups.find((g) => g.id === e.groupId)?.items.find((i) => i.id === e.itemId);
      if (!item) continue;
      if (item.ingredientId) raise(ageForTags(ingredients.get(item.ingredientId)?.tags ?? []));
      if (item.dishId) raise(ageForTags(dishes.get(item.dishId)?.tags ?? []));
    }
  }
  return age;
}

/** The highest age any line of the cart needs. */
export function requiredAgeForCart(catalog: Catalog, items: readonly CartItem[]): RequiredAge {
  let age: RequiredAge = 0;
  for (const l of items) { const a = requiredAge(catalog, l); if (a > age) age = a; }
  return age;
}
