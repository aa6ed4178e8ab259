// Runtime schemas for every answer we read. looseObject keeps fields the domain types do
// not name yet (the server may be ahead of us); wrong types in named fields are rejected.
import * as v from 'valibot';
import { TAGS } from '@shared/domain';

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const int = v.pipe(v.number(), v.integer());
const cents = v.pipe(v.number(), v.integer());
const bool = v.boolean();
const nstr = v.nullish(v.string(), null);
const strArr = v.optional(v.array(v.string()), []);

// ---------- catalog ----------

export const TagSchema = v.picklist(TAGS);
const tagArr = v.optional(v.array(TagSchema), []);

export const DeclarationSchema = v.looseObject({
  id: str,
  kind: v.picklist(['additive', 'allergen']),
  code: str,
  name: str,
});

export const NutrientInformationSchema = v.looseObject({
  energyKj: num,
  energyKcal: num,
  fat: num,
  saturatedFat: num,
  carbohydrates: num,
  sugar: num,
  protein: num,
  salt: num,
});

export const IngredientSchema = v.looseObject({
  id: str,
  name: str,
  declarations: strArr,
  nutrientInformation: v.nullish(NutrientInformationSchema, null),
  dishInfo: nstr,
  tags: tagArr,
});

export const SizeSchema = v.looseObject({ id: str, name: str, description: nstr });

export const SizePriceSchema = v.looseObject({
  sizeId: v.nullable(str),
  price: cents,
  deposit: v.optional(cents, 0),
});

export const SubDishSchema = v.looseObject({
  id: str,
  name: str,
  primaryIngredients: strArr,
  secondaryIngredients: strArr,
});

export const ExtraItemSchema = v.looseObject({
  id: str,
  type: v.picklist(['ingredient', 'dish']),
  ingredientId: nstr,
  dishId: nstr,
  sizeId: nstr,
  name: str,
  prices: v.optional(v.record(v.string(), cents), {}),
  price: cents,
});

export const ExtraGroupSchema = v.looseObject({
  id: str,
  name: str,
  min: int,
  limit: int,
  maxAmount: int,
  forceGroup: bool,
  groupType: v.picklist(['ingredient', 'dish']),
  marker: v.nullish(int, null),
  items: v.array(ExtraItemSchema),
});

export const DishSchema = v.looseObject({
  id: str,
  name: str,
  number: nstr,
  subtext: nstr,
  category: str,
  sizes: v.optional(v.array(SizeSchema), []),
  prices: v.array(SizePriceSchema),
  isDrink: v.optional(bool, false),
  freeIngredients: v.optional(int, 0),
  primaryIngredients: strArr,
  secondaryIngredients: strArr,
  primarySubDishes: v.optional(v.array(SubDishSchema), []),
  secondarySubDishes: v.optional(v.array(SubDishSchema), []),
  extraIngredientGroups: v.optional(v.array(ExtraGroupSchema), []),
  sideDishGroups: v.optional(v.array(ExtraGroupSchema), []),
  popularExtraCombination: strArr,
  declarations: strArr,
  tags: tagArr,
  negTags: tagArr,
  imageName: nstr,
  description: nstr,
  twoForOnePromotionId: nstr,
});

export const CategorySchema = v.looseObject({
  id: str,
  name: str,
  description: nstr,
  imageName: nstr,
  dishes: strArr,
});

export const MenuSlotSchema = v.looseObject({ id: str, name: str, dishes: strArr, size: nstr });

export const MenuSchema = v.looseObject({
  id: str,
  name: str,
  headline: nstr,
  teaser: nstr,
  price: cents,
  imageName: nstr,
  slots: v.array(MenuSlotSchema),
});

export const TimeRangeSchema = v.looseObject({ from: str, to: str });

export const ScheduleSchema = v.looseObject({
  weekdays: v.array(int),
  times: v.optional(v.array(TimeRangeSchema), []),
});

const PriceChannelSchema = v.picklist(['all', 'webshop', 'dineIn']);

export const DishRefSchema = v.looseObject({ dishId: str, sizeId: nstr });

export const ItemSelectionSchema = v.looseObject({
  categories: strArr,
  dishesWithSizes: v.optional(v.array(DishRefSchema), []),
  menus: strArr,
});

const emptySelection = { categories: [], dishesWithSizes: [], menus: [] };

export const DiscountSchema = v.looseObject({
  id: str,
  kind: v.picklist(['fixed', 'euro', 'percent']),
  value: num,
  appliesTo: ItemSelectionSchema,
  schedule: v.nullish(ScheduleSchema, null),
  channel: v.optional(PriceChannelSchema, 'all'),
});

export const TwoForOnePromotionSchema = v.looseObject({
  id: str,
  title: str,
  label: str,
  totalQuantity: int,
  paidQuantity: int,
  accumulative: bool,
  allowDifferentDishes: bool,
  itemSelection: ItemSelectionSchema,
});

export const OfferSchema = v.looseObject({
  id: str,
  title: str,
  description: v.optional(str, ''),
  offerType: v.picklist(['cartDiscount', 'sharedBanner', 'freeItem', 'freeDelivery']),
  value: num,
  discountType: v.picklist(['percent', 'value']),
  minimumOrderValue: v.optional(cents, 0),
  groupOrderOnly: v.optional(bool, false),
  offers: strArr,
  combinable: v.optional(bool, false),
  accumulativeTwoForOne: v.optional(bool, false),
  channel: v.optional(PriceChannelSchema, 'all'),
  freeItems: v.optional(v.array(DishRefSchema), []),
  itemSelection: v.optional(ItemSelectionSchema, emptySelection),
  imageName: nstr,
  hideCallToAction: v.optional(bool, false),
});

export const CatalogSchema = v.looseObject({
  categories: v.array(CategorySchema),
  dishes: v.array(DishSchema),
  ingredients: v.optional(v.array(IngredientSchema), []),
  declarations: v.optional(v.array(DeclarationSchema), []),
  menus: v.optional(v.array(MenuSchema), []),
  discounts: v.optional(v.array(DiscountSchema), []),
  twoForOnePromotions: v.optional(v.array(TwoForOnePromotionSchema), []),
  offers: v.optional(v.array(OfferSchema), []),
});

// ---------- shop ----------

export const PaymentMethodSchema = v.picklist([
  'offline', 'offline_debit', 'PayPal_Platform', 'PayPal_Rest', 'Stripe_card', 'Stripe_sofort',
  'Stripe_alipay', 'AmazonPay_Checkout', 'Heidelpay_PayPal', 'Heidelpay_Sofort', 'Sofort',
]);

export const TimetableEntrySchema = v.looseObject({ dayIndex: int, from: str, to: str });

export const SpecialOpeningTimeSchema = v.looseObject({
  reason: v.picklist(['holiday', 'vacation', 'renovation', 'other']),
  from: str,
  until: str,
  openingTimes: v.optional(v.array(TimetableEntrySchema), []),
});

export const StaticPageSchema = v.looseObject({
  id: str,
  name: str,
  title: str,
  body: strArr,
});

export const ShopFlagsSchema = v.looseObject({
  supportDelivery: bool,
  supportPickup: bool,
  enableReservations: v.optional(bool, false),
  enableDishPictures: v.optional(bool, false),
  enableLogin: v.optional(bool, false),
  showDishNumbers: v.optional(bool, false),
  isFranchiseOverview: v.optional(bool, false),
});

export const DeliveryZoneSchema = v.looseObject({
  id: str,
  name: str,
  maxDistanceKm: num,
  deliveryFee: cents,
  minimumOrderValue: cents,
  freeAfter: cents,
});

export const ShopConfigSchema = v.looseObject({
  id: str,
  restaurantName: str,
  restaurantStreet: str,
  restaurantZip: str,
  restaurantCity: str,
  latitude: num,
  longitude: num,
  phone: v.optional(str, ''),
  title: v.optional(str, ''),
  header: nstr,
  headerMobile: nstr,
  logo: nstr,
  logoMobile: nstr,
  franchiseId: nstr,
  slug: nstr,
  theme: v.optional(v.record(v.string(), v.string()), {}),
  pages: v.optional(v.array(StaticPageSchema), []),
  news: strArr,
  flags: ShopFlagsSchema,
  paymentMethods: v.array(PaymentMethodSchema),
  paymentMethodsOnlyPickup: v.optional(v.array(PaymentMethodSchema), []),
  paymentMethodsOnlyDelivery: v.optional(v.array(PaymentMethodSchema), []),
  paymentMethodsPickupMinimumOrderValue: v.optional(v.record(PaymentMethodSchema, num), {}),
  hiddenTags: strArr,
  openingTimes: v.optional(v.array(TimetableEntrySchema), []),
  deliveryTimes: v.optional(v.array(TimetableEntrySchema), []),
  specialOpeningTimes: v.optional(v.array(SpecialOpeningTimeSchema), []),
  deliveryZones: v.optional(v.array(DeliveryZoneSchema), []),
  timeZone: v.optional(str, 'Europe/Berlin'),
});

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
  minimumOrderValue: v.nullish(cents),
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
