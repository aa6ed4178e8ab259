// valibot schema of the shop data file (docs/data-format.md). Optional fields get their
// defaults here, so the parsed output already has the shape of the domain types.
import * as v from 'valibot';
import { TAGS } from '@shared/domain';
import { isHHMM, isValidTimeZone } from '@shared/time';

const PAYMENT_METHODS = [
  'offline', 'offline_debit', 'PayPal_Platform', 'PayPal_Rest', 'Stripe_card', 'Stripe_sofort',
  'Stripe_alipay', 'AmazonPay_Checkout', 'Heidelpay_PayPal', 'Heidelpay_Sofort', 'Sofort',
] as const;

const str = v.string('expected a string');
const nonEmpty = v.pipe(str, v.nonEmpty('expected a non-empty string'));
const optText = v.optional(v.nullable(str), null);
const bool = v.boolean('expected true or false');
const id = v.pipe(
  v.string('expected a string id'),
  v.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'expected an id of 1-64 letters, digits, . _ : -'),
);
const ids = v.optional(v.array(id, 'expected a list of ids'), () => [] as string[]);
const slug = v.pipe(v.string('expected a string'), v.regex(/^[a-z0-9-]{1,64}$/, 'expected a slug of a-z, 0-9 and -'));
const cents = v.pipe(
  v.number('expected a whole number of cents'),
  v.integer('expected a whole number of cents'),
  v.minValue(0, 'expected a whole number of cents >= 0'),
);
const optCents = v.optional(cents, 0);
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.number('expected a whole number'),
    v.integer('expected a whole number'),
    v.minValue(min, `expected a whole number >= ${min}`),
    v.maxValue(max, `expected a whole number <= ${max}`),
  );
const hhmm = v.pipe(str, v.check(isHHMM, "expected a time 'HH:MM' (00:00-24:00)"));
const isoDate = v.pipe(
  str,
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date 'YYYY-MM-DD'"),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'expected a valid date'),
);
const instant = v.pipe(
  str,
  v.check((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), "expected a date 'YYYY-MM-DD' or an ISO date-time"),
);
const lat = v.pipe(v.number('expected a latitude'), v.minValue(-90, 'expected -90..90'), v.maxValue(90, 'expected -90..90'));
const lng = v.pipe(v.number('expected a longitude'), v.minValue(-180, 'expected -180..180'), v.maxValue(180, 'expected -180..180'));
const tag = v.picklist(TAGS, `expected one of the tags ${TAGS.join(', ')}`);
const tags = v.optional(v.array(tag, 'expected a list of tags'), () => []);
const zip = v.pipe(str, v.regex(/^\d{5}$/, 'expected a postal code of 5 digits'));
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item, 'expected a list'), () => []);

// ---- catalog -------------------------------------------------------------------------------

const Declaration = v.strictObject({
  id,
  kind: v.picklist(['additive', 'allergen'], "expected 'additive' or 'allergen'"),
  code: nonEmpty,
  name: nonEmpty,
});

const num = v.pipe(v.number('expected a number'), v.minValue(0, 'expected a number >= 0'));
const Nutrition = v.strictObject({
  energyKj: num,
  energyKcal: num,
  fat: num,
  saturatedFat: num,
  carbohydrates: num,
  sugar: num,
  protein: num,
  salt: num,
});

const Ingredient = v.strictObject({
  id,
  name: nonEmpty,
  declarations: ids,
  nutrientInformation: v.optional(v.nullable(Nutrition), null),
  dishInfo: optText,
  tags,
});

const Size = v.strictObject({ id, name: nonEmpty, description: optText });

const SizePrice = v.strictObject({
  sizeId: v.optional(v.nullable(id), null),
  price: cents,
  deposit: optCents,
});

const SubDish = v.strictObject({
  id,
  name: nonEmpty,
  primaryIngredients: ids,
  secondaryIngredients: ids,
});

const ExtraItem = v.strictObject({
  id,
  type: v.optional(v.picklist(['ingredient', 'dish'], "expected 'ingredient' or 'dish'"), 'ingredient'),
  ingredientId: v.optional(v.nullable(id), null),
  dishId: v.optional(v.nullable(id), null),
  sizeId: v.optional(v.nullable(id), null),
  name: nonEmpty,
  prices: v.optional(v.record(str, cents, 'expected an object of size id -> cents'), () => ({})),
  price: cents,
});

const ExtraGroup = v.strictObject({
  id,
  name: nonEmpty,
  min: v.optional(int(0), 0),
  limit: v.optional(int(0), 0),
  maxAmount: v.optional(int(1), 1),
  forceGroup: v.optional(bool, true),
  groupType: v.optional(v.picklist(['ingredient', 'dish'], "expected 'ingredient' or 'dish'"), 'ingredient'),
  marker: v.optional(v.nullable(v.picklist([9991, 9992, 9993], 'expected 9991, 9992, 9993 or null')), null),
  items: v.array(ExtraItem, 'expected a list of items'),
});

const Dish = v.strictObject({
  id,
  name: nonEmpty,
  number: optText,
  subtext: optText,
  category: id,
  sizes: list(Size),
  prices: v.pipe(v.array(SizePrice, 'expected a list of prices'), v.minLength(1, 'expected at least one price')),
  isDrink: v.optional(bool, false),
  freeIngredients: v.optional(int(0), 0),
  primaryIngredients: ids,
  secondaryIngredients: ids,
  primarySubDishes: list(SubDish),
  secondarySubDishes: list(SubDish),
  extraIngredientGroups: list(ExtraGroup),
  sideDishGroups: list(ExtraGroup),
  popularExtraCombination: ids,
  declarations: ids,
  tags,
  negTags: tags,
  imageName: optText,
  description: optText,
  twoForOnePromotionId: v.optional(v.nullable(id), null),
});

const Category = v.strictObject({
  id,
  name: nonEmpty,
  description: optText,
  imageName: optText,
  /** default: the dishes naming this category, in file order */
  dishes: v.optional(v.array(id, 'expected a list of ids')),
});

const MenuSlot = v.strictObject({
  id,
  name: nonEmpty,
  dishes: v.pipe(v.array(id, 'expected a list of ids'), v.minLength(1, 'expected at least one dish')),
  size: optText,
});

const Menu = v.strictObject({
  id,
  name: nonEmpty,
  headline: optText,
  teaser: optText,
  price: cents,
  imageName: optText,
  slots: v.pipe(v.array(MenuSlot, 'expected a list of slots'), v.minLength(1, 'expected at least one slot')),
});

const DishRef = v.strictObject({ dishId: id, sizeId: v.optional(v.nullable(id), null) });

const ItemSelection = v.optional(
  v.strictObject({ categories: ids, dishesWithSizes: list(DishRef), menus: ids }),
  () => ({ categories: [], dishesWithSizes: [], menus: [] }),
);

const TimeRange = v.strictObject({ from: hhmm, to: hhmm });

const Schedule = v.strictObject({
  weekdays: v.pipe(v.array(int(0, 6), 'expected a list of weekdays 0-6'), v.minLength(1, 'expected at least one weekday')),
  times: list(TimeRange),
});

const channel = v.optional(v.picklist(['all', 'webshop', 'dineIn'], "expected 'all', 'webshop' or 'dineIn'"), 'all');

const Discount = v.strictObject({
  id,
  kind: v.picklist(['fixed', 'euro', 'percent'], "expected 'fixed', 'euro' or 'percent'"),
  value: int(0),
  appliesTo: ItemSelection,
  schedule: v.optional(v.nullable(Schedule), null),
  channel,
});

const TwoForOne = v.strictObject({
  id,
  title: nonEmpty,
  label: nonEmpty,
  totalQuantity: int(2),
  paidQuantity: int(1),
  accumulative: v.optional(bool, false),
  allowDifferentDishes: v.optional(bool, true),
  itemSelection: ItemSelection,
});

const Offer = v.strictObject({
  id,
  title: nonEmpty,
  description: v.optional(str, ''),
  offerType: v.picklist(['cartDiscount', 'sharedBanner', 'freeItem', 'freeDelivery'], "expected 'cartDiscount', 'sharedBanner', 'freeItem' or 'freeDelivery'"),
  value: v.optional(int(0), 0),
  discountType: v.optional(v.picklist(['percent', 'value'], "expected 'percent' or 'value'"), 'percent'),
  minimumOrderValue: optCents,
  groupOrderOnly: v.optional(bool, false),
  offers: ids,
  combinable: v.optional(bool, false),
  accumulativeTwoForOne: v.optional(bool, false),
  channel,
  freeItems: list(DishRef),
  itemSelection: ItemSelection,
  imageName: optText,
  hideCallToAction: v.optional(bool, false),
});

export const CatalogSchema = v.strictObject({
  categories: v.array(Category, 'expected a list of categories'),
  dishes: v.array(Dish, 'expected a list of dishes'),
  ingredients: list(Ingredient),
  declarations: list(Declaration),
  menus: list(Menu),
  discounts: list(Discount),
  twoForOnePromotions: list(TwoForOne),
  offers: list(Offer),
});

// ---- shop config ---------------------------------------------------------------------------

const TimetableEntry = v.strictObject({ dayIndex: int(0, 6), from: hhmm, to: hhmm });
const Timetable = v.array(TimetableEntry, 'expected a list of {dayIndex, from, to}');

const SpecialOpeningTime = v.strictObject({
  reason: v.picklist(['holiday', 'vacation', 'renovation', 'other'], "expected 'holiday', 'vacation', 'renovation' or 'other'"),
  name: optText,
  from: isoDate,
  until: isoDate,
  openingTimes: list(TimetableEntry),
});

const DeliveryZone = v.strictObject({
  id,
  name: nonEmpty,
  maxDistanceKm: v.pipe(v.number('expected a distance in km'), v.minValue(0, 'expected a distance >= 0')),
  deliveryFee: cents,
  minimumOrderValue: cents,
  freeAfter: optCents,
});

const StaticPage = v.strictObject({ id, name: nonEmpty, title: nonEmpty, body: v.array(str, 'expected a list of paragraphs') });

const Flags = v.optional(
  v.strictObject({
    supportDelivery: v.optional(bool, true),
    supportPickup: v.optional(bool, true),
    enableReservations: v.optional(bool, false),
    enableDishPictures: v.optional(bool, true),
    enableLogin: v.optional(bool, false),
    showDishNumbers: v.optional(bool, false),
    isFranchiseOverview: v.optional(bool, false),
  }),
  () => ({}),
);

const paymentMethod = v.picklist(PAYMENT_METHODS, `expected one of ${PAYMENT_METHODS.join(', ')}`);

export const ShopConfigSchema = v.strictObject({
  id,
  restaurantName: nonEmpty,
  restaurantStreet: nonEmpty,
  restaurantZip: zip,
  restaurantCity: nonEmpty,
  latitude: lat,
  longitude: lng,
  phone: nonEmpty,
  /** default: restaurantName */
  title: v.optional(str),
  header: optText,
  headerMobile: optText,
  logo: optText,
  logoMobile: optText,
  franchiseId: v.optional(v.nullable(id), null),
  slug: v.optional(v.nullable(slug), null),
  theme: v.optional(v.record(str, str, 'expected an object of CSS property -> value'), () => ({})),
  pages: list(StaticPage),
  news: v.optional(v.array(str, 'expected a list of strings'), () => []),
  flags: Flags,
  paymentMethods: v.optional(v.array(paymentMethod, 'expected a list of payment methods'), () => ['offline' as const]),
  paymentMethodsOnlyPickup: v.optional(v.array(paymentMethod, 'expected a list of payment methods'), () => []),
  paymentMethodsOnlyDelivery: v.optional(v.array(paymentMethod, 'expected a list of payment methods'), () => []),
  paymentMethodsPickupMinimumOrderValue: v.optional(
    v.record(paymentMethod, v.pipe(v.number('expected an amount in euro'), v.minValue(0, 'expected euro >= 0'))),
    () => ({}),
  ),
  hiddenTags: v.optional(v.array(str, 'expected a list of tags'), () => []),
  openingTimes: Timetable,
  /** default: the opening times */
  deliveryTimes: v.optional(Timetable),
  specialOpeningTimes: list(SpecialOpeningTime),
  deliveryZones: list(DeliveryZone),
  timeZone: v.optional(v.pipe(str, v.check(isValidTimeZone, 'expected an IANA time zone, e.g. Europe/Berlin')), 'Europe/Berlin'),
  enablePreOrder: v.optional(bool, true),
  leadTimeMinutes: v.optional(v.strictObject({ delivery: int(0, 720), pickup: int(0, 720) }), () => ({ delivery: 45, pickup: 20 })),
  customerInfo: optText,
  sticker: optText,
});

// ---- the file ------------------------------------------------------------------------------

const ShopEntry = v.strictObject({
  config: ShopConfigSchema,
  /** the shop's own catalog … */
  catalog: v.optional(CatalogSchema),
  /** … or the id of a shop whose catalog it shares (franchise shops) */
  catalogOf: v.optional(id),
});

const Franchise = v.strictObject({ id, slug, name: nonEmpty });

const GazetteerStreet = v.strictObject({
  name: nonEmpty,
  postalCode: zip,
  latitude: lat,
  longitude: lng,
  /** default: the gazetteer's city */
  locality: v.optional(str),
});

const Gazetteer = v.strictObject({
  city: nonEmpty,
  streets: v.pipe(v.array(GazetteerStreet, 'expected a list of streets'), v.minLength(1, 'expected at least one street')),
});

export const COUPON_CODE = /^[A-Za-z0-9_-]{1,64}$/;

const Coupon = v.strictObject({
  code: v.pipe(str, v.regex(COUPON_CODE, 'expected a code of 1-64 letters, digits, _ or -')),
  shopId: id,
  type: v.picklist(['percent', 'value'], "expected 'percent' or 'value'"),
  /** percent, or cents for type 'value' */
  value: int(0),
  minimumOrderValue: optCents,
  validFrom: v.optional(v.nullable(instant), null),
  validUntil: v.optional(v.nullable(instant), null),
  reservedPhone: v.optional(v.nullable(str), null),
  /** how often the coupon may be redeemed in all (1 = single use); null = unlimited */
  maxUses: v.optional(v.nullable(int(1)), null),
});

/** Per-shop settings the server keeps to itself (never sent to a browser). */
const ShopSettings = v.strictObject({
  shopId: id,
  /** where new orders are e-mailed */
  email: v.optional(v.nullable(v.pipe(str, v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'expected an e-mail address'))), null),
  /** new orders are POSTed here, signed with HMAC-SHA256 (docs/api.md) */
  orderWebhookUrl: v.optional(v.nullable(v.pipe(str, v.regex(/^https?:\/\/\S+$/, 'expected an http(s) URL'))), null),
});

export const DataFileSchema = v.strictObject({
  $schema: v.optional(str),
  description: v.optional(str),
  version: v.optional(v.literal(1, 'expected version 1'), 1),
  gazetteer: Gazetteer,
  franchises: list(Franchise),
  shops: v.pipe(v.array(ShopEntry, 'expected a list of shops'), v.minLength(1, 'expected at least one shop')),
  coupons: list(Coupon),
  shopSettings: list(ShopSettings),
});

export type DataFile = v.InferOutput<typeof DataFileSchema>;
export type GazetteerStreetData = v.InferOutput<typeof GazetteerStreet>;
export type CouponData = v.InferOutput<typeof Coupon>;
export type ShopSettingsData = v.InferOutput<typeof ShopSettings>;
