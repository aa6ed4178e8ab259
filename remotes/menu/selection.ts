// The guest's choices for one dish in the customise dialog (or one menu slot), as plain data.
// Every rule is the engine's (@shared/pricing); this only keeps the pieces together.
import type { CartExtra, Dish, DishCartItem } from '@shared/domain';
import { MIN_QUANTITY, lineAmount } from '@shared/pricing';
import { deselectPopularCombination, extraGroups, removeUnavailableExtras, selectPopularCombination, setExtraAmount, validateGroups } from '@shared/cartpricing';

export interface Selection {
  sizeId: string | null;
  without: string[];
  extras: CartExtra[];
  amount: number;
  /** extras before the popular combination was chosen; null = 'Individuelle Kombination' */
  stored: CartExtra[] | null;
}

export function initialSelection(dish: Dish, line?: DishCartItem | null, sizeId?: string | null): Selection {
  if (line) {
    return { sizeId: line.sizeId, without: [...line.without], extras: line.extras.map((e) => ({ ...e })), amount: lineAmount(line.amount), stored: null };
  }
  return { sizeId: sizeId !== undefined ? sizeId : dish.sizes[0]?.id ?? null, without: [], extras: [], amount: 1, stored: null };
}

export function withSize(dish: Dish, s: Selection, sizeId: string): Selection {
  return { ...s, sizeId, extras: removeUnavailableExtras(dish, s.extras, sizeId), stored: s.stored && removeUnavailableExtras(dish, s.stored, sizeId) };
}

export function toggleWithout(s: Selection, id: string, removed: boolean): Selection {
  const without = s.without.filter((x) => x !== id);
  return { ...s, without: removed ? [...without, id] : without };
}

/** A manual change leaves the popular combination ('Individuelle Kombination'). */
export function withExtra(dish: Dish, s: Selection, groupId: string, itemId: string, amount: number): Selection {
  return { ...s, extras: setExtraAmount(dish, s.extras, groupId, itemId, amount, s.sizeId), stored: null };
}

export function withPopular(dish: Dish, s: Selection, on: boolean): Selection {
  if (on) {
    if (s.stored) return s;
    const r = selectPopularCombination(dish, s.extras, s.sizeId);
    return { ...s, extras: r.extras, stored: r.stored };
  }
  if (!s.stored) return s;
  return { ...s, extras: deselectPopularCombination(s.stored), stored: null };
}

export function invalidGroups(dish: Dish, s: Selection): string[] {
  return validateGroups(extraGroups(dish), s.extras);
}

export function toDishLine(dish: Dish, s: Selection, lineId: string, slotId: string | null = null): DishCartItem {
  return {
    kind: 'dish',
    lineId,
    dishId: dish.id,
    sizeId: s.sizeId,
    memberName: null,
    amount: slotId ? MIN_QUANTITY : lineAmount(s.amount),
    price: 0,
    priceNonDiscounted: 0,
    promotion: null,
    without: [...s.without],
    tags: [],
    slotId,
    extras: s.extras.map((e) => ({ ...e })),
  };
}
