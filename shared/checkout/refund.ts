// Waiter refunds: value in euro at the edge, stored in cents.
import { euroToCents, type Cents, type DishCartItem, type Euro } from '@shared/domain';
import { REFUND_NOT_POSITIVE, REFUND_PROMOTION_MARKER, REFUND_TOO_HIGH } from './texts';

/**
 * The refund rule both sides apply: `amount` cents on a line of which `refundable` cents are
 * still refundable (null: not known here). null when valid; the spec's message otherwise (too
 * high is checked first). The database's guard and CHECK constraint stay the last word.
 */
export function refundAmountProblem(amount: Cents, refundable: Cents | null): string | null {
  if (!Number.isInteger(amount)) return REFUND_NOT_POSITIVE;
  if (refundable !== null && amount > refundable) return REFUND_TOO_HIGH;
  if (amount <= 0) return REFUND_NOT_POSITIVE;
  return null;
}

/** The refund field's value (euro) against what is still refundable (cents). */
export function validateRefund(valueEuro: Euro, itemPriceCents: Cents): string | null {
  return refundAmountProblem(euroToCents(valueEuro), itemPriceCents);
}

/** The refund line: price = value × −100 cents, one unit, promotion 'waiter-refund'. */
export function refundLine(item: Pick<DishCartItem, 'dishId' | 'sizeId'>, valueEuro: Euro, lineId: string): DishCartItem {
  const price = -euroToCents(valueEuro);
  return {
    kind: 'dish', lineId, dishId: item.dishId, sizeId: item.sizeId, memberName: null, amount: 1, price,
    priceNonDiscounted: price, promotion: REFUND_PROMOTION_MARKER, without: [], tags: [], slotId: null, extras: [],
  };
}

