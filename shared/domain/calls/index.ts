// Answers of the calls that widgets make on demand (the address lookup, the group order, the order
// and its payment, the account), each
// described once, leniently like ../answers. A shared module of its own ('@shared/domain/calls'),
// loaded with the widgets that make these calls, not with the menu.
import * as v from '../valibot';
import { FranchiseShopSchema, bool, cents, int, nstr, num, str, strArr } from '../answers';
import { lenientKit } from '../kit';

const obj = lenientKit.object;

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

// ---------- tracking ----------

export const TrackVisitSchema = obj({
  success: v.optional(bool, true),
  id: v.union([str, v.pipe(int, v.transform(String))]),
});

export type GeoAddress = v.InferOutput<typeof GeoAddressSchema>;
export type GeoResult = v.InferOutput<typeof GeoResultSchema>;
export type ReverseGeoResult = v.InferOutput<typeof ReverseGeoSchema>;
export type SubmitResponse = v.InferOutput<typeof SubmitResponseSchema>;
export type PaymentPreparation = v.InferOutput<typeof PaymentPreparationSchema>;
export type UserAddress = v.InferOutput<typeof UserAddressSchema>;
export type User = v.InferOutput<typeof UserSchema>;
export type GroupMemberAnswer = v.InferOutput<typeof GroupMemberSchema>;
