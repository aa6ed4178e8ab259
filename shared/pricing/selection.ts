// Does an ItemSelection (discounts, two-for-one) cover a dish in a size, or a menu?
import type { Dish, ItemSelection } from '@shared/domain';

/**
 * A dish is covered through its category or a dishesWithSizes entry (sizeId null = every size).
 * a dish with a size must be in the categories or the dishesWithSizes list.
 */
export function selectionCoversDish(sel: ItemSelection, dish: Dish, sizeId: string | null): boolean {
  if (sel.categories.includes(dish.category)) return true;
  for (const ref of sel.dishesWithSizes) {
    if (ref.dishId !== dish.id) continue;
    if (ref.sizeId === null || ref.sizeId === undefined || ref.sizeId === sizeId) return true;
  }
  return false;
}

export function selectionCoversMenu(sel: ItemSelection, menuId: string): boolean {
  return sel.menus.includes(menuId);
}
