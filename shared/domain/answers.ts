// Answers of the shop and platform APIs,
// each described once; the types are inferred. Lenient: fields the widgets do not name yet pass
// (the server may be ahead of them); wrong types in named fields are rejected.
import * as v from './valibot';
import { CatalogSchema, TimeRangeSchema } from './catalog';
import { lenientKit } from './kit';
import { ShopConfigSchema, SpecialOpeningTimeSchema, TimetableEntrySchema } from './shop';

const obj = lenientKit.object;

// the wire's primitives (also for ./calls)
export const str = v.string();
export const num = v.pipe(v.number(), v.finite());
export const int = v.pipe(v.number(), v.integer());
export const cents = v.pipe(v.number(), v.integer());
export const bool = v.boolean();
export const nstr = v.nullish(v.string(), null);
export const strArr = v.optional(v.array(v.string()), []);

export const DeliveryPeriodSchema = obj({
  /** own: the published catalog version (as in the bootstrap): a newer one means a changed menu */
  catalogVersion: v.optional(v.pipe(str, v.maxLength(40))),
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

const bootstrapEntries = {
  config: ShopConfigSchema,
  catalog: CatalogSchema,
  deliveryPeriod: DeliveryPeriodSchema,
  franchise: v.nullish(FranchiseSchema, null),
  /** own: the published catalog's version ('{n}-{hash}'); an order names it (catalogVersion) */
  catalogVersion: v.optional(v.pipe(v.string(), v.maxLength(40))),
};

export const BootstrapSchema = obj(bootstrapEntries);

/** GET {shopApi}/state: the bootstrap without its catalog (that comes by version, immutable). */
export const ShopStateSchema = obj({ ...bootstrapEntries, catalog: v.optional(CatalogSchema) });

// ---------- address, geo, franchise lookup ----------

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


export type DeliveryPeriod = v.InferOutput<typeof DeliveryPeriodSchema>;
export type FranchiseShop = v.InferOutput<typeof FranchiseShopSchema>;
export type Franchise = v.InferOutput<typeof FranchiseSchema>;

/** The one bootstrap answer: GET {shopApi}/bootstrap (ETag cached). */
export type Bootstrap = v.InferOutput<typeof BootstrapSchema>;
