// What the widgets send (request bodies and queries) and the group order they share.
// Answers are described by their schemas in ./answers. Money is cents.
import type { CartItem, GroupMember } from './cart';
import type { Cents } from './money';
import type { FindForSchema } from './calls';
import type * as v from './valibot';

export interface FindForQuery {
  location: string;
  deliveryType: 'delivery' | 'pickup';
  serveAt?: string;
}

/** The franchise lookup answer; `error` is set when the call itself failed (spec: empty result). */
export type FindForResult = v.InferOutput<typeof FindForSchema> & { error?: unknown };

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
  /** own: one key per checkout attempt (also sent as the Idempotency-Key header) */
  idempotencyKey?: string;
  /** own: the legal terms were accepted (checkout check 4) */
  legalAccepted?: boolean;
  /** own: pickup / next-day confirmation ticked (check 9) */
  pickupConfirmed?: boolean;
  /** own: the submit comes from the PayPal platform button (check 1) */
  viaPayPalButton?: boolean;
  /** own: the catalog version the cart was priced on (the bootstrap's catalogVersion) */
  catalogVersion?: string;
  /** table orders only */
  messageCook?: string;
  paymentMethod?: string;
  table?: number;
}

export type LoginLinkResult = { ok: true } | { ok: false; error: 'user-not-found' | 'error' };

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
