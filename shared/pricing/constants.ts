// Business constants of the engine.
/** extras at or above this price cannot be toggled nor join popular combinations */
export const EXTRA_NOT_SELECTABLE = 9999;
/** extras at or above this price are unavailable for the size */
export const EXTRA_UNAVAILABLE = 999900;
/** cart lines priced above this are removed ('Ungültiges Gericht') */
export const MAX_LINE_PRICE = 999900;
/** free items are 'nearly-reached' within this many cents */
export const FREE_ITEM_NEARLY_MARGIN = 500;
/** the free-delivery banner says 'Noch … ' from this remaining amount down */
export const FREE_DELIVERY_NEAR_MARGIN = 1000;
/** the smallest amount of a cart line: steppers, the cart store and the engine */
export const MIN_QUANTITY = 1;

/** amount >= MIN_QUANTITY, whole number */
export function lineAmount(amount: unknown): number {
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= MIN_QUANTITY ? Math.floor(amount) : MIN_QUANTITY;
}
