// The pricing context of a cart or an order, built in one place for the cart (shared/stores), the
// menu's first view and the server's orders (web, group and table).
import type { PricingContext, ShopTime } from './types';

export interface PricingContextInput {
  time: ShopTime;
  /** the guest's choice; ignored at a table */
  deliveryType: 'delivery' | 'pickup';
  /** ordering at a table (table service) */
  table?: boolean;
  groupOrderActive?: boolean;
}

/**
 * A table order is dine-in: sales channel `dineIn`, no delivery (so no delivery fee, no delivery
 * minimum), no group order — whatever delivery type the guest chose before sitting down.
 */
export function pricingContext(input: PricingContextInput): PricingContext {
  if (input.table) return { time: input.time, channel: 'dineIn', deliveryType: 'pickup', groupOrderActive: false };
  return { time: input.time, channel: 'webshop', deliveryType: input.deliveryType, groupOrderActive: input.groupOrderActive ?? false };
}
