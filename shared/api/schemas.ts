// Runtime schemas for every answer we read. looseObject keeps fields the domain types do
// not name yet (the server may be ahead of us); wrong types in named fields are rejected.
// The catalog and the shop configuration come from @shared/domain (one schema per entity).
import * as v from 'valibot';
import { CatalogSchema, ShopConfigSchema, SpecialOpeningTimeSchema, TimeRangeSchema, TimetableEntrySchema } from '@shared/domain';

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const int = v.pipe(v.number(), v.integer());
const cents = v.pipe(v.number(), v.integer());
const bool = v.boolean();
const nstr = v.nullish(v.string(), null);
const strArr = v.optional(v.array(v.string()), []);

export const DeliveryPeriodSchema = v.looseObject({
  insideOpenHours: bool,
  acceptOrders: bool,
  allowOrders: bool,
  allowDelivery: bool,
  allowPickup: bool,
  time: str,
  pickupTime: v.optional(str, ''),
  customerInfo: nstr,
  enablePreOrder: v.optional(bool, false),
  allowASAP: v.looseObject({ pickup: bool, delivery: bool }),
  validServeTimes: v.looseObject({ delivery: strArr, pickup: strArr }),
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

export const FranchiseShopSchema = v.looseObject({
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

export const FranchiseSchema = v.looseObject({
  id: str,
  slug: str,
  name: str,
  shops: v.array(FranchiseShopSchema),
});

export const BootstrapSchema = v.looseObject({
  config: ShopConfigSchema,
  catalog: CatalogSchema,
  deliveryPeriod: DeliveryPeriodSchema,
  franchise: v.nullish(FranchiseSchema, null),
});

// ---------- address, geo, franchise lookup ----------

export const GeoAddressSchema = v.looseObject({
  street: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  zip: v.optional(str, ''),
  city: v.optional(str, ''),
  latitude: v.optional(num),
  longitude: v.optional(num),
});

export const GeoResultSchema = v.looseObject({
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

export const ReverseGeoSchema = v.looseObject({
  streetName: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  postalCode: v.optional(str, ''),
  locality: v.optional(str, ''),
});

export const FindForSchema = v.looseObject({
  found: v.optional(bool),
  allShops: v.optional(v.array(FranchiseShopSchema), []),
  addr: v.nullish(GeoAddressSchema),
  slug: nstr,
  id: nstr,
  distance: v.nullish(num),
  deliveryFee: v.nullish(cents),
  freeAfter: v.nullish(cents),
  err: v.nullish(v.unknown()),
});

// ---------- coupons ----------

export const CouponValidationSchema = v.looseObject({
  code: v.optional(str),
  type: v.picklist(['percent', 'value']),
  value: num,
  minimumOrderValue: v.optional(v.nullable(cents), 0),
});

export const CouponReservationSchema = v.union([
  v.looseObject({ code: v.nullish(str) }),
  v.looseObject({ data: v.looseObject({ code: v.nullish(str) }) }),
]);

// ---------- group order ----------

const CartItemLooseSchema = v.looseObject({ kind: v.picklist(['dish', 'menu']) });

const MemberCartObjectSchema = v.looseObject({
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

export const GroupMemberSchema = v.looseObject({
  id: str,
  userId: v.optional(str, ''),
  name: str,
  status: v.picklist(['owner', 'other', 'menu', 'readyToCheckout']),
  cart: MemberCartSchema,
});

export const GroupOrderSchema = v.looseObject({
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

const PricedExtraSchema = v.looseObject({ price: cents });

export const SubmitResponseSchema = v.looseObject({
  order: v.looseObject({
    id: v.union([str, v.pipe(int, v.transform(String))]),
    deliveryFee: cents,
    total: cents,
    items: v.array(
      v.looseObject({
        price: cents,
        extras: v.optional(v.array(PricedExtraSchema), []),
      }),
    ),
  }),
  paymentGatewayId: v.nullish(v.union([str, num])),
  acceptAdvertising: v.optional(bool, false),
});

export const PaymentPreparationSchema = v.looseObject({
  status: v.optional(v.picklist(['captured', 'failed'])),
  url: v.nullish(str),
  sessionid: v.nullish(str),
  payload: v.nullish(str),
  signature: v.nullish(str),
  keyid: v.nullish(str),
  id: v.nullish(str),
});

// ---------- user ----------

export const UserAddressSchema = v.looseObject({
  name: v.optional(str, ''),
  street: v.optional(str, ''),
  streetNumber: v.optional(str, ''),
  floor: v.optional(str, ''),
  zip: v.optional(str, ''),
  city: v.optional(str, ''),
  phone: v.optional(str, ''),
  company: v.optional(str, ''),
});

export const UserSchema = v.looseObject({
  id: v.union([str, v.pipe(int, v.transform(String))]),
  address: v.nullish(UserAddressSchema, null),
  firstName: v.optional(str, ''),
  lastName: v.optional(str, ''),
  birthday: nstr,
  advertisement: v.optional(bool, false),
});

export const TrackVisitSchema = v.looseObject({
  success: v.optional(bool, true),
  id: v.union([str, v.pipe(int, v.transform(String))]),
});

export const TableDataSchema = v.looseObject({
  groups: v.array(
    v.looseObject({
      items: v.array(
        v.looseObject({
          id: v.union([str, v.pipe(int, v.transform(String))]),
          amount: int,
          dishName: str,
          price: cents,
        }),
      ),
    }),
  ),
});
