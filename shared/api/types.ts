// Answer and payload types of calls whose entities are not in @shared/domain
// (user, group order, submit response, ...). Money is cents.
import type { CartItem, Cents, CouponInfo, FranchiseShop, GeoAddress, GroupMember } from '@shared/domain';

export type { CouponInfo };

export interface ReverseGeoResult {
  streetName: string;
  streetNumber: string;
  postalCode: string;
  locality: string;
}

export interface FindForQuery {
  location: string;
  deliveryType: 'delivery' | 'pickup';
  serveAt?: string;
}

export interface FindForResult {
  found?: boolean;
  allShops: FranchiseShop[];
  addr?: GeoAddress | null;
  slug: string | null;
  id: string | null;
  distance?: number | null;
  deliveryFee?: Cents | null;
  freeAfter?: Cents | null;
  /** absent when the matched shop does not deliver there (pickup) */
  minimumOrderValue?: Cents | null;
  /** the server's err field (lookup failed for the address) */
  err?: unknown;
  /** set when the call itself failed (spec: empty result with the error response) */
  error?: unknown;
}

export type GroupStage = 'menu' | 'checkout' | 'paying' | 'completed';

export interface GroupOrder {
  id: string;
  code: string;
  name: string;
  /** owner's userId */
  owner: string;
  members: GroupMember[];
  stage: GroupStage;
  isPickup: boolean;
  orderId: string | null;
}

export type GroupOrderUpdate =
  | { isPickup: boolean }
  | { name: string }
  | { stage: GroupStage }
  | { orderId: string }
  | { disband: true };

export interface MemberCartPayload {
  total: Cents;
  items: CartItem[];
  confirmedTwoForOnePromotions?: string[];
}

export type GroupMemberUpdate =
  | { cart: MemberCartPayload }
  | { name: string }
  | { status: 'menu' | 'readyToCheckout' }
  | { leave: true };

export interface CheckoutFormValues {
  salutation: string;
  name: string;
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  email: string;
  phone: string;
  messageDriver: string;
  messageCook: string;
  paymentMethod: string;
  isPickup: boolean;
  serveAt: string;
  floor: string;
  company: string;
}

export interface OrderSubmission {
  formValues: Partial<CheckoutFormValues>;
  orderItems: CartItem[];
  couponCode: string | null;
  sessionId: string;
  userId: string | null;
  groupOrderId: string | null;
  acceptAdvertising: boolean;
  useDishDeposit: boolean;
  account: string | null;
  createAccount: boolean;
  skipGoogleValidation: boolean;
  selectedFreeItems: unknown[];
  confirmedTwoForOnePromotions: string[];
  expectedTwoForOnePromotions: string[];
  /** table orders only */
  messageCook?: string;
  paymentMethod?: string;
  table?: number;
}

export interface SubmitResponse {
  order: {
    id: string;
    deliveryFee: Cents;
    total: Cents;
    items: Array<{ price: Cents; extras: Array<{ price: Cents; [k: string]: unknown }>; [k: string]: unknown }>;
    [k: string]: unknown;
  };
  paymentGatewayId?: string | number | null;
  acceptAdvertising: boolean;
}

export interface PaymentPreparation {
  status?: 'captured' | 'failed';
  url?: string | null;
  sessionid?: string | null;
  payload?: string | null;
  signature?: string | null;
  keyid?: string | null;
  id?: string | null;
}

export interface UserAddress {
  name: string;
  street: string;
  streetNumber: string;
  floor: string;
  zip: string;
  city: string;
  phone: string;
  company: string;
}

export interface User {
  id: string;
  address: UserAddress | null;
  firstName: string;
  lastName: string;
  birthday: string | null;
  advertisement: boolean;
}

export type LoginLinkResult = { ok: true } | { ok: false; error: 'user-not-found' | 'error' };

export interface TableItem {
  id: string;
  amount: number;
  dishName: string;
  price: Cents;
}

export interface TableData {
  groups: Array<{ items: TableItem[] }>;
}

export interface VisitPayload {
  page: string;
  orderId?: string | null;
  sessionId: string;
  userId?: string | null;
  visitCount: number;
  restaurantId: string;
  website?: 'webshop';
  device: string;
  design?: string;
  account?: string | null;
  referrer?: string;
}

export interface TrackEventPayload {
  event: string;
  eventData?: unknown;
  sessionId: string;
  userId?: string | null;
  visitCount: number;
  restaurantId: string;
  device: string;
  design?: string;
  account?: string | null;
  website?: 'webshop';
}

export interface PlatformEventPayload {
  type: string;
  action: string;
  context?: unknown;
  sessionId: string;
}
