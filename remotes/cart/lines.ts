// What a cart line is called: names looked up in the catalog for the ids of the line (dish, size,
// removed components, extras, menu slots). Display only: prices and validity come from the
// engine's OrderBreakdown.
import type { CartItem, Catalog, DishCartItem } from '@shared/domain';
import { indexCatalog, type OrderLine } from '@shared/pricing';
import { lineWithout } from './texts';

export interface ExtraText {
  key: string;
  text: string;
  /** what the extra adds to one unit; 0 when free */
  total: number;
  free: boolean;
}

export interface DishText {
  name: string;
  size: string | null;
  without: string | null;
  extras: ExtraText[];
}

export interface LineText extends DishText {
  /** menu slots: 'Pizza: Pizza Margherita 26 cm, ohne Basilikum' */
  subitems: { key: string; slot: string; text: DishText }[];
}

function removedName(catalog: Catalog, dishId: string, id: string): string {
  const idx = indexCatalog(catalog);
  const dish = idx.dishes.get(dishId);
  return idx.ingredients.get(id)?.name ?? dish?.secondarySubDishes.find((s) => s.id === id)?.name ?? id;
}

function extraName(catalog: Catalog, line: DishCartItem, groupId: string, itemId: string): string {
  const dish = indexCatalog(catalog).dishes.get(line.dishId);
  const group = dish && [...dish.extraIngredientGroups, ...dish.sideDishGroups].find((g) => g.id === groupId);
  return group?.items.find((i) => i.id === itemId)?.name ?? line.extras.find((e) => e.itemId === itemId)?.itemName ?? itemId;
}

export function describeDish(catalog: Catalog, line: DishCartItem, priced?: OrderLine | null): DishText {
  const dish = indexCatalog(catalog).dishes.get(line.dishId);
  const size = line.sizeId ? dish?.sizes.find((s) => s.id === line.sizeId)?.name ?? null : null;
  const without = line.without.length > 0 ? lineWithout(line.without.map((w) => removedName(catalog, line.dishId, w))) : null;
  const extras: ExtraText[] = priced
    ? priced.extras.map((e) => ({
        key: `${e.groupId}:${e.itemId}`,
        text: `${e.amount > 1 ? `${e.amount}× ` : ''}${extraName(catalog, line, e.groupId, e.itemId)}`,
        total: e.total,
        free: e.freeAmount > 0 && e.total === 0,
      }))
    : line.extras
        .filter((e) => e.type !== 'deposit')
        .map((e) => ({
          key: `${e.groupId}:${e.itemId}`,
          text: `${e.amount > 1 ? `${e.amount}× ` : ''}${extraName(catalog, line, e.groupId, e.itemId)}`,
          total: 0,
          free: false,
        }));
  return { name: dish?.name ?? line.dishId, size, without, extras };
}

export function describeLine(catalog: Catalog, line: CartItem, priced?: OrderLine | null): LineText {
  if (line.kind === 'dish') return { ...describeDish(catalog, line, priced), subitems: [] };
  const menu = indexCatalog(catalog).menus.get(line.menuId);
  return {
    name: menu?.name ?? line.menuId,
    size: null,
    without: null,
    extras: [],
    subitems: line.subitems.map((sub, i) => ({
      key: `${sub.slotId ?? i}`,
      slot: menu?.slots.find((s) => s.id === sub.slotId)?.name ?? '',
      text: describeDish(catalog, sub),
    })),
  };
}
