// Cart lines. These are what the cart store persists per shop,
// what a group member sends and what an order carries. Prices are recomputed by
// shared/pricing from the catalog; the `price` fields are a cache the engine overwrites.
import type { Cents } from './catalog';

export interface CartExtra {
  groupId: string;
  itemId: string;
  itemName: string;
  promotion: string | null;
  amount: number;
  /** 'deposit' is display-only */
  type: 'ingredient' | 'dish' | 'deposit';
}

export interface DishCartItem {
  kind: 'dish';
  /** Stable line id (for edit/remove) */
  lineId: string;
  dishId: string;
  /** null when the dish has no sizes */
  sizeId: string | null;
  memberName: string | null;
  /** >= 1 */
  amount: number;
  /** unit price in cents after discount (engine output) */
  price: Cents;
  priceNonDiscounted: Cents;
  /** promotion id or marker (e.g. two-for-one id, 'waiter-refund') */
  promotion: string | null;
  /** ids of removed secondary ingredients or sub-dishes */
  without: string[];
  tags: string[];
  /** set on menu subitems */
  slotId: string | null;
  extras: CartExtra[];
}

export interface MenuCartItem {
  kind: 'menu';
  lineId: string;
  menuId: string;
  memberName: string | null;
  amount: number;
  price: Cents;
  deliveryType: 'delivery' | 'pickup' | null;
  subitems: DishCartItem[];
  promotion: string | null;
}

export type CartItem = DishCartItem | MenuCartItem;

export interface SelectedFreeItem {
  offerId: string;
  dishId: string;
  sizeId: string | null;
}

export type TwoForOneStatus = 'pending' | 'denied' | 'confirmed';

export interface CouponInfo {
  code: string;
  type: 'percent' | 'value';
  /** percent, or cents for value */
  value: number;
  /** cents */
  minimumOrderValue: Cents;
}

export type CouponState =
  | { state: 'none' }
  | { state: 'validating'; code: string }
  | { state: 'invalid'; code: string }
  /** the shop could not check the code right now (503): neither applied nor invalid, try again */
  | { state: 'unavailable'; code: string }
  | ({ state: 'valid' } & CouponInfo);

export interface GroupMember {
  id: string;
  userId: string;
  name: string;
  status: 'owner' | 'other' | 'menu' | 'readyToCheckout';
  cart: { total: Cents; items: CartItem[]; confirmedTwoForOnePromotions: string[] };
}
