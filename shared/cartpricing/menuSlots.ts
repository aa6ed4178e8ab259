// Menu slots: a slot offers only dishes without sizes or with the slot's size.
import type { Catalog, Dish, MenuSlot } from '@shared/domain';
import { indexCatalog } from '@shared/pricing';
import { validateGroups, extraGroups } from './extras';
import type { CartExtra } from '@shared/domain';

export interface SlotDishOption {
  dish: Dish;
  /** the size the slot serves the dish in; null for a dish without sizes */
  sizeId: string | null;
}

/** The dishes a guest can choose in a slot, each with the size it is served in (none of a hidden category). */
export function slotDishOptions(catalog: Catalog, slot: MenuSlot): SlotDishOption[] {
  const idx = indexCatalog(catalog);
  const out: SlotDishOption[] = [];
  for (const id of slot.dishes) {
    const dish = idx.dishes.get(id);
    if (!dish || idx.hiddenDishes.has(id)) continue;
    if (dish.sizes.length === 0) out.push({ dish, sizeId: null });
    else {
      const size = slot.size === null ? dish.sizes[0] : dish.sizes.find((s) => s.name === slot.size);
      if (size) out.push({ dish, sizeId: size.id });
    }
  }
  return out;
}

/** A slot is valid when a dish is chosen and its groups meet their min (checked before moving on or saving). */
export function isSlotValid(dish: Dish | null | undefined, extras: readonly CartExtra[]): boolean {
  return !!dish && validateGroups(extraGroups(dish), extras).length === 0;
}
