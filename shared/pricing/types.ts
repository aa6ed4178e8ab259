// Public data shapes of the pricing engine. Plain data in, plain data out; integer cents.
import type {
  Cents, CartExtra, CartItem, Catalog, CouponInfo, CouponState, Offer, SelectedFreeItem, TwoForOneStatus,
} from '@shared/domain';

/** Shop time: 0 = Monday, minute of the day 0..1439. Always a parameter, never read from a clock. */
export interface ShopTime {
  dayIndex: number;
  minute: number;
}

export type SalesChannel = 'webshop' | 'dineIn';

export interface PricingContext {
  time: ShopTime;
  channel: SalesChannel;
  deliveryType: 'delivery' | 'pickup';
  groupOrderActive: boolean;
}

/** What the menu shows for one dish in one size (or a menu). */
export interface ItemPrice {
  /** unit price after the best discount */
  price: Cents;
  nonDiscounted: Cents;
  /** Pfand, shown apart, added to totals */
  deposit: Cents;
  /** e.g. 'Heute -10%', 'Jetzt Sonderpreis'; null without discount */
  label: string | null;
  hasDiscount: boolean;
  /** e.g. '(1 l = 5,00 €)'; null when the size name has no litre amount */
  litrePrice: string | null;
}

export interface SizeDiscount {
  label: string | null;
  hasDiscount: boolean;
  resultPrice: Cents;
}

export interface PricedExtra {
  groupId: string;
  itemId: string;
  amount: number;
  /** price of one unit for the line's size */
  unitPrice: Cents;
  /** units of this extra that are free (dish.freeIngredients) */
  freeAmount: number;
  /** (amount - freeAmount) * unitPrice */
  total: Cents;
}

export interface LinePrice {
  lineId: string;
  kind: 'dish' | 'menu';
  amount: number;
  /** unit: discounted base + priced extras */
  unitPrice: Cents;
  unitNonDiscounted: Cents;
  unitDeposit: Cents;
  /** unitPrice * amount (before two-for-one) */
  total: Cents;
  totalNonDiscounted: Cents;
  deposit: Cents;
  /** discounted base price of one unit (without extras) */
  basePrice: Cents;
  baseNonDiscounted: Cents;
  extras: PricedExtra[];
  /** value of the free extras of one unit */
  freeExtrasValue: Cents;
  /** extras ignored because they are not selectable / unavailable in this size (price >= 9999) */
  ignoredExtras: CartExtra[];
  label: string | null;
  /** false when the dish/menu/size is unknown or the line costs more than MAX_LINE_PRICE */
  valid: boolean;
  problem: string | null;
}

/** A line as priceOrder returns it: its own price plus what two-for-one did to it. */
export interface OrderLine extends LinePrice {
  twoForOneKey: string | null;
  /** units of this line made free by two-for-one */
  freeUnits: number;
  twoForOneSaving: Cents;
  /** confirmed non-accumulative two-for-one: the line is priced without its item discount */
  discountForfeited: boolean;
  /** what the guest pays for the line (before cart discount and coupon) */
  payable: Cents;
}

export interface TwoForOneGroup {
  /** promotion id, or `${promotionId}:${dishOrMenuId}` when different dishes are not allowed */
  key: string;
  promotionId: string;
  title: string;
  label: string;
  status: TwoForOneStatus;
  /** eligible units in the cart */
  units: number;
  freeUnits: number;
  /** some unit is already discounted and the promotion is not accumulative */
  needsConfirmation: boolean;
  applied: boolean;
  saving: Cents;
  /** what applying the promotion would save (at non-discounted prices when not accumulative) */
  potentialSaving: Cents;
  /** item discount of the group's units that a confirmation gives up */
  discountSaving: Cents;
  lineIds: string[];
}

export type FreeItemState = 'reached' | 'nearly-reached' | 'not-reached';

export interface FreeItemOfferState {
  offerId: string;
  title: string;
  minimumOrderValue: Cents;
  state: FreeItemState;
  /** cents still missing (0 when reached) */
  missing: Cents;
  /** not accumulative with two-for-one while a two-for-one promotion applies */
  blockedByTwoForOne: boolean;
}

export interface FreeItemResult {
  offerId: string;
  dishId: string;
  sizeId: string | null;
  name: string;
  /** the price the guest does not pay */
  value: Cents;
  deposit: Cents;
}

export interface CartDiscountResult {
  offerId: string;
  title: string;
  eligible: boolean;
  applied: boolean;
  amount: Cents;
  /** cents missing to its minimumOrderValue; 0 when reached */
  missing: Cents;
}

export interface CouponResult {
  code: string;
  applied: boolean;
  amount: Cents;
  /** why it is not applied */
  reason: 'minimumOrderValue' | 'notValid' | null;
}

export type MinimumOrderStatus = 'not-ordered' | 'not-reached' | 'reached';

export interface DeliveryInput {
  /** delivery fee of the zone, cents */
  fee: Cents;
  minimumOrderValue: Cents;
  /** free from this subtotal; 0 = never */
  freeAfter: Cents;
}

export interface OrderInput {
  catalog: Catalog;
  items: readonly CartItem[];
  ctx: PricingContext;
  coupon?: CouponState | CouponInfo | null;
  selectedFreeItems?: readonly SelectedFreeItem[];
  /** status per two-for-one group key; missing = pending */
  twoForOneStatus?: Readonly<Record<string, TwoForOneStatus>>;
  /** the zone's fee and limits (geo result); null/absent = not known yet (no fee) */
  delivery?: DeliveryInput | null;
  /**
   * In a group order, the other members' carts not among `items` (before the owner pays for them):
   * the group is one order, so they count toward the minimum order value. 0/absent outside a group.
   */
  groupOthersSubtotal?: Cents;
}

export interface OrderBreakdown {
  /** valid lines in cart order */
  lines: OrderLine[];
  /** line ids left out of every sum (unknown or priced over the maximum) */
  invalidLineIds: string[];
  itemsNonDiscounted: Cents;
  /** sum of lines after item discounts, before two-for-one */
  itemsTotal: Cents;
  discounts: {
    item: Cents;
    twoForOne: Cents;
    cartDiscount: Cents;
    coupon: Cents;
  };
  twoForOne: TwoForOneGroup[];
  /** items after item discounts and two-for-one */
  subtotal: Cents;
  cartDiscounts: CartDiscountResult[];
  /** subtotal minus the cart discount: the base of free items, free delivery, coupon and minimum order value */
  discountedSubtotal: Cents;
  freeItemOffers: FreeItemOfferState[];
  freeItems: FreeItemResult[];
  droppedFreeItems: SelectedFreeItem[];
  coupon: CouponResult | null;
  /** discountedSubtotal minus the coupon: the base of the pickup minimum per payment method (checkout check 7) */
  subtotalAfterCoupon: Cents;
  deposit: Cents;
  deliveryFee: Cents;
  /** the zone fee was waived by a free-delivery offer or freeAfter */
  deliveryFeeWaived: boolean;
  freeDeliveryBanner: string | null;
  sharedBanners: { offerId: string; title: string; offers: Offer[] }[];
  minimumOrder: { status: MinimumOrderStatus; missing: Cents; value: Cents };
  grandTotal: Cents;
}
