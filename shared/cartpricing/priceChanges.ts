// A cart priced on an older catalog version: which lines cost something else now. The server
// refuses such an order (409 cart_changed) with these sentences, so a guest never pays a price
// the cart did not show; the page then loads the new menu and the cart shows the new prices.
import type { Catalog, CartItem } from '@shared/domain';
import { restorePriceChanged } from './texts';

/** One sentence per line whose unit price differs between `before` and `now` (matched by line id). */
export function priceChanges(catalog: Catalog, before: readonly CartItem[], now: readonly CartItem[]): string[] {
  const old = new Map(before.map((x) => [x.lineId, x]));
  const out: string[] = [];
  for (const line of now) {
    const was = old.get(line.lineId);
    if (!was || was.price === line.price) continue;
    let name: string;
    if (line.kind === 'menu') name = catalog.menus.find((m) => m.id === line.menuId)?.name ?? line.menuId;
    else {
      const dish = catalog.dishes.find((d) => d.id === line.dishId);
      const size = dish?.sizes.find((s) => s.id === line.sizeId)?.name;
      name = `${dish?.name ?? line.dishId}${size ? ` (${size})` : ''}`;
    }
    out.push(restorePriceChanged(name, line.price, was.price));
  }
  return out;
}
