// Waiter refunds: value in euro at the edge, stored in cents.
import { euroToCents, type Cents, type DishCartItem, type Euro } from '@shared/domain';
import { REFUND_NOT_POSITIVE, REFUND_PROMOTION_MARKER, REFUND_TOO_HIGH } from './texts';

/** null when valid; the spec's message otherwise (too high is checked first). */
export function validateRefund(valueEuro: Euro, itemPriceCents: Cents): string | null {
  const cents = euroToCents(valueEuro);
  if (!Number.isFinite(cents)) return REFUND_NOT_POSITIVE;
  if (cents > itemPriceCents) return REFUND_TOO_HIGH;
  if (cents <= 0) return REFUND_NOT_POSITIVE;
  return null;
}

/** The refund line: price = value × −100 cents, one unit, promotion 'waiter-refund'. */
export function refundLine(item: Pick<DishCartItem, 'dishId' | 'sizeId'>, valueEuro: Euro, lineId: string): DishCartItem {
  const price = -euroToCents(valueEuro);
  return {
    kind: 'dish', lineId, dishId: item.dishId, sizeId: item.sizeId, memberName: null, amount: 1, price,
    priceNonDiscounted: price, promotion: REFUND_PROMOTION_MARKER, without: [], tags: [], slotId: null, extras: [],
  };
}

