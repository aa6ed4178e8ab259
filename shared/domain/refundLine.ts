// A waiter's refund line in the cart: a negative price,
// one unit, marked by its promotion. It is not a dish: the dish editor would price it as the dish
// (a refund of −5,90 € became a charge of +5,90 €) and a second unit would refund twice — so it
// is never edited nor its quantity changed, only removed.
import type { CartItem } from './cart';

export const REFUND_PROMOTION_MARKER = 'waiter-refund';

export function isRefundLine(line: Pick<CartItem, 'promotion'>): boolean {
  return line.promotion === REFUND_PROMOTION_MARKER;
}

/** The dish editor and the quantity stepper are for dishes and menus, never for a refund line. */
export function isLineEditable(line: Pick<CartItem, 'promotion'>): boolean {
  return !isRefundLine(line);
}
