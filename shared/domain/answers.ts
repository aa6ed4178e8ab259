// Answers of the shop and platform APIs (storefront-core.md §7, delivery-checkout-service.md §7),
// each described once; the types are inferred. Lenient: fields the widgets do not name yet pass
// (the server may be ahead of them); wrong types in named fields are rejected.
import * as v from 'valibot';
import { CatalogSchema, TimeRangeSchema } from './catalog';
import { lenientKit } from './kit';
import { ShopConfigSchema, SpecialOpeningTimeSchema, TimetableEntrySchema } from './shop';

const obj = lenientKit.object;

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const int = v.pipe(v.number(), v.integer());
const cents = v.pipe(v.number(), v.integer());
const bool = v.boolean();
const nstr = v.nullish(v.string(), null);
const strArr = v.optional(v.array(v.string()), []);

export const DeliveryPeriodSchema = obj({
  insideOpenHours: bool,
  acceptOrders: bool,
  allowOrders: bool,
  allowDelivery: bool,
  allowPickup: bool,
  time: str,
  pickupTime: v.optional(str, ''),
  customerInfo: nstr,
  enablePreOrder: v.optional(bool, false),
  allowASAP: obj({ pickup: bool, delivery: bool }),
  validServeTimes: obj({ delivery: strArr, pickup: strArr }),
  openingTimes: v.optional(v.array(TimetableEntrySchema), []),
  deliveryTimes: v.optional(v.array(TimetableEntrySchema), []),
  specialOpeningTimes: v.optional(v.array(SpecialOpeningTimeSchema), []),
  sticker: nstr,
  dayIndex: v.pipe(int, v.minValue(0), v.maxValue(6)),
  dayOfWeek: v.optional(str, ''),
  realtime: v.optional(bool, true),
  minOffset: v.pipe(int, v.minValue(0), v.maxValue(1439)),
  nextOpeningTimeString: nstr,
  specialClosedMessage: nstr,
  openInMinutes: v.nullish(num, null),
  openAt: nstr,
});

export const FranchiseShopSchema = obj({
  id: str,
  slug: str,
  name: str,
  address: str,
  latitude: num,
  longitude: num,
  distance: v.optional(num, 0),
  acceptOrders: bool,
  allowPickup: bool,
  allowDelivery: bool,
  insideOpenHours: bool,
  acceptOrdersToday: v.optional(v.array(TimeRangeSchema), []),
});

export const FranchiseSchema = obj({
  id: str,
  slug: str,
  name: str,
  shops: v.array(FranchiseShopSchema),
});

export const BootstrapSchema = obj({
  config: ShopConfigSchema,
  catalog: CatalogSchema,
  deliveryPeriod: DeliveryPeriodSchema,
  franchise: v.nullish(FranchiseSchema, null),
});

// ---------- address, geo, franchise lookup ----------

export const GeoAddressSchema = obj({
  street: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  zip: v.optional(str, ''),
  city: v.optional(str, ''),
  latitude: v.optional(num),
  longitude: v.optional(num),
});

export const GeoResultSchema = obj({
  deliveryFee: v.optional(cents, 0),
  /** absent (or null) means outside the delivery range */
  minimumOrderValue: v.pipe(
    v.nullish(cents),
    v.transform((x) => (x === null ? undefined : x)),
  ),
  freeAfter: v.optional(cents, 0),
  distance: v.optional(num, 0),
  addr: v.optional(GeoAddressSchema, { street: '', streetNumber: '', zip: '', city: '' }),
});

export const ReverseGeoSchema = obj({
  streetName: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  postalCode: v.optional(str, ''),
  locality: v.optional(str, ''),
});

export const FindForSchema = obj({
  found: v.optional(bool),
  allShops: v.optional(v.array(FranchiseShopSchema), []),
  addr: v.nullish(GeoAddressSchema),
  slug: nstr,
  id: nstr,
  distance: v.nullish(num),
  deliveryFee: v.nullish(cents),
  freeAfter: v.nullish(cents),
  /** absent when the matched shop does not deliver there (pickup) */
  minimumOrderValue: v.nullish(cents),
  err: v.nullish(v.unknown()),
});

// ---------- coupons ----------

export const CouponValidationSchema = obj({
  code: v.optional(str),
  type: v.picklist(['percent', 'value']),
  value: num,
  minimumOrderValue: v.optional(v.nullable(cents), 0),
});

export const CouponReservationSchema = v.union([
  obj({ code: v.nullish(str) }),
  obj({ data: obj({ code: v.nullish(str) }) }),
]);

// ---------- group order ----------

const CartItemLooseSchema = obj({ kind: v.picklist(['dish', 'menu']) });

const MemberCartObjectSchema = obj({
  total: v.optional(cents, 0),
  items: v.optional(v.array(CartItemLooseSchema), []),
  confirmedTwoForOnePromotions: strArr,
});

/** The member cart travels as JSON text; accept the text or the parsed object. */
export const MemberCartSchema = v.pipe(
  v.nullish(v.union([v.string(), MemberCartObjectSchema])),
  v.transform((x): unknown => {
    if (x == null || x === '') return { total: 0, items: [], confirmedTwoForOnePromotions: [] };
    if (typeof x !== 'string') return x;
    try {
      return JSON.parse(x);
    } catch {
      return null;
    }
  }),
  MemberCartObjectSchema,
);

export const GroupMemberSchema = obj({
  id: str,
  userId: v.optional(str, ''),
  name: str,
  status: v.picklist(['owner', 'other', 'menu', 'readyToCheckout']),
  cart: MemberCartSchema,
});

export const GroupOrderSchema = obj({
  id: str,
  code: str,
  name: str,
  owner: str,
  members: v.array(GroupMemberSchema),
  stage: v.picklist(['menu', 'checkout', 'paying', 'completed']),
  isPickup: v.optional(bool, false),
  orderId: nstr,
});

// ---------- order submit / payment ----------

const PricedExtraSchema = obj({ price: cents });

export const SubmitResponseSchema = obj({
  order: obj({
    id: v.union([str, v.pipe(int, v.transform(String))]),
    deliveryFee: cents,
    total: cents,
    items: v.array(
      obj({
        price: cents,
        extras: v.optional(v.array(PricedExtraSchema), []),
      }),
    ),
  }),
  paymentGatewayId: v.nullish(v.union([str, num])),
  acceptAdvertising: v.optional(bool, false),
});

export const PaymentPreparationSchema = obj({
  status: v.optional(v.picklist(['captured', 'failed'])),
  url: v.nullish(str),
  sessionid: v.nullish(str),
  payload: v.nullish(str),
  signature: v.nullish(str),
  keyid: v.nullish(str),
  id: v.nullish(str),
});

// ---------- user ----------

export const UserAddressSchema = obj({
  name: v.optional(str, ''),
  street: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  floor: v.optional(str, ''),
  zip: v.optional(str, ''),
  city: v.optional(str, ''),
  phone: v.optional(str, ''),
  company: v.optional(str, ''),
});

export const UserSchema = obj({
  id: v.union([str, v.pipe(int, v.transform(String))]),
  address: v.nullish(UserAddressSchema, null),
  firstName: v.optional(str, ''),
  lastName: v.optional(str, ''),
  birthday: nstr,
  advertisement: v.optional(bool, false),
  /** own: the e-mail the account is known by (prefills the checkout) */
  email: v.optional(str, ''),
});

export const TrackVisitSchema = obj({
  success: v.optional(bool, true),
  id: v.union([str, v.pipe(int, v.transform(String))]),
});

export type DeliveryPeriod = v.InferOutput<typeof DeliveryPeriodSchema>;
export type FranchiseShop = v.InferOutput<typeof FranchiseShopSchema>;
export type Franchise = v.InferOutput<typeof FranchiseSchema>;
export type GeoAddress = v.InferOutput<typeof GeoAddressSchema>;
export type GeoResult = v.InferOutput<typeof GeoResultSchema>;
export type ReverseGeoResult = v.InferOutput<typeof ReverseGeoSchema>;
export type SubmitResponse = v.InferOutput<typeof SubmitResponseSchema>;
export type PaymentPreparation = v.InferOutput<typeof PaymentPreparationSchema>;
export type UserAddress = v.InferOutput<typeof UserAddressSchema>;
export type User = v.InferOutput<typeof UserSchema>;
export type GroupMemberAnswer = v.InferOutput<typeof GroupMemberSchema>;

/** The one bootstrap answer: GET {shopApi}/bootstrap (ETag cached). */
export type Bootstrap = v.InferOutput<typeof BootstrapSchema>;
