// Shop configuration, opening times and delivery period (delivery-checkout-service.md §3).
import type { Cents, TimeRange } from './catalog';

export type DeliveryType = 'delivery' | 'pickup';

export type PaymentMethod =
  | 'offline'
  | 'offline_debit'
  | 'PayPal_Platform'
  | 'PayPal_Rest'
  | 'Stripe_card'
  | 'Stripe_sofort'
  | 'Stripe_alipay'
  | 'AmazonPay_Checkout'
  | 'Heidelpay_PayPal'
  | 'Heidelpay_Sofort'
  | 'Sofort';

export interface TimetableEntry extends TimeRange {
  /** 0 = Monday */
  dayIndex: number;
}

export interface SpecialOpeningTime {
  reason: 'holiday' | 'vacation' | 'renovation' | 'other';
  /** ISO date 'YYYY-MM-DD', first closed day */
  from: string;
  /** ISO date 'YYYY-MM-DD', last closed day */
  until: string;
  /** Opening times during the period; empty = closed */
  openingTimes: TimetableEntry[];
  /** Optional name shown in the closed message, e.g. 'Weihnachten' (server addition) */
  name?: string | null;
}

export interface StaticPage {
  id: string;
  name: string;
  title: string;
  /** Plain text paragraphs */
  body: string[];
}

export interface ShopFlags {
  supportDelivery: boolean;
  supportPickup: boolean;
  enableReservations: boolean;
  enableDishPictures: boolean;
  enableLogin: boolean;
  showDishNumbers: boolean;
  isFranchiseOverview: boolean;
}

export interface DeliveryZone {
  id: string;
  name: string;
  /** Up to this distance from the shop (km) */
  maxDistanceKm: number;
  deliveryFee: Cents;
  minimumOrderValue: Cents;
  /** Delivery is free from this subtotal; 0 = never */
  freeAfter: Cents;
}

export interface ShopConfig {
  id: string;
  restaurantName: string;
  restaurantStreet: string;
  restaurantZip: string;
  restaurantCity: string;
  latitude: number;
  longitude: number;
  phone: string;
  title: string;
  header: string | null;
  headerMobile: string | null;
  logo: string | null;
  logoMobile: string | null;
  /** Franchise brand id, null for a single restaurant */
  franchiseId: string | null;
  /** Franchise slug of this shop (/f={slug}), null for a single restaurant */
  slug: string | null;
  /** CSS custom properties for theming, e.g. {'--tl-primary': '#b1361e'} */
  theme: Record<string, string>;
  pages: StaticPage[];
  news: string[];
  flags: ShopFlags;
  paymentMethods: PaymentMethod[];
  paymentMethodsOnlyPickup: PaymentMethod[];
  paymentMethodsOnlyDelivery: PaymentMethod[];
  /** Per method, in euro (config edge); compare in cents */
  paymentMethodsPickupMinimumOrderValue: Partial<Record<PaymentMethod, number>>;
  hiddenTags: string[];
  /** Cart discounts for group orders are modelled as offers with groupOrderOnly */
  openingTimes: TimetableEntry[];
  deliveryTimes: TimetableEntry[];
  specialOpeningTimes: SpecialOpeningTime[];
  deliveryZones: DeliveryZone[];
  /** IANA zone of the shop time */
  timeZone: string;
  /** Pre-orders for later today while closed (server addition; default true) */
  enablePreOrder?: boolean;
  /** Earliest serve time after now, per type, in minutes (server addition) */
  leadTimeMinutes?: { delivery: number; pickup: number };
  /** Free text shown with the delivery period (server addition) */
  customerInfo?: string | null;
  /** Sticker text shown with the delivery period (server addition) */
  sticker?: string | null;
}

export interface DeliveryPeriod {
  insideOpenHours: boolean;
  acceptOrders: boolean;
  allowOrders: boolean;
  allowDelivery: boolean;
  allowPickup: boolean;
  /** Shop time 'HH:MM' */
  time: string;
  pickupTime: string;
  customerInfo: string | null;
  enablePreOrder: boolean;
  allowASAP: { pickup: boolean; delivery: boolean };
  validServeTimes: { delivery: string[]; pickup: string[] };
  openingTimes: TimetableEntry[];
  deliveryTimes: TimetableEntry[];
  specialOpeningTimes: SpecialOpeningTime[];
  sticker: string | null;
  /** 0 = Monday */
  dayIndex: number;
  dayOfWeek: string;
  realtime: boolean;
  /** Minutes since midnight, shop time */
  minOffset: number;
  nextOpeningTimeString: string | null;
  specialClosedMessage: string | null;
  /** Minutes until opening when closed today and opening later; null otherwise */
  openInMinutes: number | null;
  /** 'HH:MM' when closed now and opening later today; null otherwise */
  openAt: string | null;
}

export interface FranchiseShop {
  id: string;
  slug: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  distance: number;
  acceptOrders: boolean;
  allowPickup: boolean;
  allowDelivery: boolean;
  insideOpenHours: boolean;
  acceptOrdersToday: TimeRange[];
}

export interface Franchise {
  id: string;
  slug: string;
  name: string;
  shops: FranchiseShop[];
}

export interface GeoAddress {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  latitude?: number;
  longitude?: number;
}

export interface GeoResult {
  deliveryFee: Cents;
  /** absent means outside the delivery range */
  minimumOrderValue?: Cents;
  freeAfter: Cents;
  distance: number;
  addr: GeoAddress;
}

/** The one bootstrap answer: GET {shopApi}/bootstrap (ETag cached). */
export interface Bootstrap {
  config: import('./shop').ShopConfig;
  catalog: import('./catalog').Catalog;
  deliveryPeriod: DeliveryPeriod;
  franchise: Franchise | null;
}
