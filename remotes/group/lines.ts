// Display names of cart lines for the owner's view of the members' carts (catalog lookup only).
import type { CartItem, Catalog } from '@shared/domain';

export function lineName(catalog: Catalog | null, item: CartItem): string {
  if (item.kind === 'menu') return catalog?.menus.find((m) => m.id === item.menuId)?.name ?? item.menuId;
  const dish = catalog?.dishes.find((d) => d.id === item.dishId);
  const size = dish?.sizes.find((s) => s.id === item.sizeId);
  return `${dish?.name ?? item.dishId}${size ? ` (${size.name})` : ''}`;
}
