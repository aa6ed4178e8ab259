// Saving from the customise dialogs (orders closed, failed saves).
// Dependencies are passed in, so the flow is tested without a browser.
import type { CartItem, DishCartItem, MenuCartItem } from '@shared/domain';

export interface SaveDeps {
  ordersClosed(): boolean;
  add(line: CartItem): CartItem;
  update(lineId: string, line: CartItem): void;
  track(event: string, data?: unknown): void;
}

export type SaveOutcome<L> =
  | { status: 'closed' }
  | { status: 'saved'; line: L }
  /** stayOpen: the dialog keeps the guest's choices (menu); otherwise the line is already in the cart (dish) */
  | { status: 'failed'; stayOpen: boolean; line: L | null };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Adds (or in edit mode replaces) a dish line. While orders are closed nothing is saved: the
 * dialog closes and the closed notice shows. A failure after the line went in (the follow-up,
 * e.g. the two-for-one check) tracks save-dish_failed; the item stays in the cart.
 */
export function saveDish(line: DishCartItem, editLineId: string | null, deps: SaveDeps, followUp?: (saved: DishCartItem) => void): SaveOutcome<DishCartItem> {
  if (deps.ordersClosed()) return { status: 'closed' };
  let saved: DishCartItem = line;
  try {
    if (editLineId) deps.update(editLineId, { ...line, lineId: editLineId });
    else saved = deps.add(line) as DishCartItem;
    if (editLineId) saved = { ...line, lineId: editLineId };
    deps.track(editLineId ? 'edit-dish' : 'add-dish', { dishId: line.dishId, sizeId: line.sizeId, amount: line.amount });
    followUp?.(saved);
    return { status: 'saved', line: saved };
  } catch (e) {
    deps.track('save-dish_failed', { dishId: line.dishId, error: message(e) });
    return { status: 'failed', stayOpen: false, line: saved };
  }
}

/**
 * Adds (or replaces) a menu line. The line is built with the location lookup (delivery type);
 * when that throws, save-menu_failed is tracked and the dialog stays open.
 */
export function saveMenu(
  build: (deliveryType: MenuCartItem['deliveryType']) => MenuCartItem,
  locate: () => MenuCartItem['deliveryType'],
  editLineId: string | null,
  deps: SaveDeps,
): SaveOutcome<MenuCartItem> {
  if (deps.ordersClosed()) return { status: 'closed' };
  let line: MenuCartItem;
  try {
    line = build(locate());
  } catch (e) {
    deps.track('save-menu_failed', { error: message(e) });
    return { status: 'failed', stayOpen: true, line: null };
  }
  if (editLineId) {
    line = { ...line, lineId: editLineId };
    deps.update(editLineId, line);
  } else {
    line = deps.add(line) as MenuCartItem;
  }
  deps.track(editLineId ? 'edit-menu' : 'add-menu', { menuId: line.menuId });
  return { status: 'saved', line };
}
