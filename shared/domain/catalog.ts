// The catalog entities, each described once as a valibot schema; the
// TypeScript types are inferred from it. `catalogSchemas(lenientKit)` checks API answers,
// `catalogSchemas(strictKit(...))` the server's data file (docs/data-format.md has the defaults).
// Money is integer cents. Ids are strings everywhere (the data file may use any id scheme).
import * as v from './valibot';
import { STRICT_CHECKS, lenientKit, valueSchemas, type SchemaKit } from './kit';
import type { Cents } from './money';

export type { Cents };

/** tag catalogue */
export const TAGS = [
  'fish', 'chicken', 'pork', 'beef', 'nut', 'vegetarian', 'vegan', 'halal', 'lamb', 'piquant',
  'alcohol16', 'alcohol18', 'cheese', 'rice', 'potato', 'game', 'noodles', 'bread', 'low-carb',
  'not-piquant', 'not-alcohol',
] as const;
export type Tag = (typeof TAGS)[number];

/** The German VAT rates (percent) a dish can carry: reduced (food) and standard (drinks). */
export const VAT_RATES = [7, 19] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** 9991 'Fleisch & Fisch Extras', 9992 'Vegetarische Extras', 9993 'Vegane Extras' */
export const EXTRA_MARKERS = [9991, 9992, 9993] as const;

const emptySelection = () => ({ categories: [] as string[], dishesWithSizes: [] as { dishId: string; sizeId: string | null }[], menus: [] as string[] });

export function catalogSchemas(k: SchemaKit) {
  const { str, text, id, ids, optText, bool, count, cents, amount, list, hhmm } = valueSchemas(k);
  const tag = v.picklist(TAGS, `expected one of the tags ${TAGS.join(', ')}`);
  const tags = v.optional(v.array(tag, 'expected a list of tags'), () => [] as Tag[]);
  const extraType = v.picklist(['ingredient', 'dish'], "expected 'ingredient' or 'dish'");
  const channel = v.optional(v.picklist(['all', 'webshop', 'dineIn'], "expected 'all', 'webshop' or 'dineIn'"), 'all');

  /** Additive or allergen, referenced by id from dishes and ingredients. */
  const Declaration = k.object({
    id,
    kind: v.picklist(['additive', 'allergen'], "expected 'additive' or 'allergen'"),
    /** Short code printed on menus, e.g. '1' for additives or 'A' for allergens. */
    code: text,
    name: text,
  });

  /** Nutrition per 100 g (or 100 ml for drinks). */
  const NutrientInformation = k.object({
    energyKj: amount,
    energyKcal: amount,
    fat: amount,
    saturatedFat: amount,
    carbohydrates: amount,
    sugar: amount,
    protein: amount,
    salt: amount,
  });

  const Ingredient = k.object({
    id,
    name: text,
    declarations: ids,
    nutrientInformation: v.nullish(NutrientInformation, null),
    /** Free text shown in the dish info dialog */
    dishInfo: optText,
    tags,
  });

  const Size = k.object({ id, name: text, description: optText });

  /** Price of a dish in one size. sizeId null for a dish without sizes. */
  const SizePrice = k.object({
    sizeId: v.nullish(id, null),
    price: cents,
    /** Deposit (Pfand) for this size; 0 when none. */
    deposit: v.optional(cents, 0),
  });

  const SubDish = k.object({ id, name: text, primaryIngredients: ids, secondaryIngredients: ids });

  /** One selectable item of an extra group. */
  const ExtraItem = k.object({
    id,
    /** ingredient: an Ingredient id in ingredientId; dish: a side dish (dishId + sizeId) */
    type: v.optional(extraType, 'ingredient'),
    ingredientId: v.nullish(id, null),
    dishId: v.nullish(id, null),
    sizeId: v.nullish(id, null),
    name: text,
    /**
     * Price per size of the *parent* dish, keyed by the parent's size id ('' for a dish without
     * sizes). A missing key falls back to `price`. >= 9999 not selectable; >= 999900 unavailable.
     */
    prices: v.optional(v.record(str, cents, 'expected an object of size id -> cents'), () => ({}) as Record<string, Cents>),
    price: cents,
  });

  const ExtraGroup = k.object({
    id,
    name: text,
    /** minimum total picks; > 0 makes the group mandatory */
    min: v.optional(count(0), 0),
    /** maximum total picks across the group; 0 = no limit */
    limit: v.optional(count(0), 0),
    /** maximum amount of a single item; 1 = checkbox */
    maxAmount: v.optional(count(1), 1),
    /** true: shown as its own group; false: folded into the EXTRAS section under its marker */
    forceGroup: v.optional(bool, true),
    groupType: v.optional(extraType, 'ingredient'),
    /** one of EXTRA_MARKERS, or null */
    marker: v.nullish(
      k.refine(v.number('expected 9991, 9992, 9993 or null'), STRICT_CHECKS && [v.check((n) => (EXTRA_MARKERS as readonly number[]).includes(n), 'expected 9991, 9992, 9993 or null')]),
      null,
    ),
    items: v.array(ExtraItem, 'expected a list of items'),
  });

  const Dish = k.object({
    id,
    name: text,
    number: optText,
    subtext: optText,
    /** Category id */
    category: id,
    /** Empty when the dish has no sizes */
    sizes: list(Size),
    /** One entry per size (or one with sizeId null) */
    prices: k.refine(v.array(SizePrice, 'expected a list of prices'), STRICT_CHECKS && [v.minLength(1, 'expected at least one price')]),
    isDrink: v.optional(bool, false),
    /**
     * VAT rate in percent when it differs from the default (drinks 19, food 7; shared/cartpricing/vat.ts),
     * e.g. 7 for milk drinks or 19 for a non-food item
     */
    vatRate: v.optional(v.picklist(VAT_RATES, 'expected a VAT rate of 7 or 19 (percent)')),
    /** The first `freeIngredients` extras, highest priced first, are free */
    freeIngredients: v.optional(count(0), 0),
    primaryIngredients: ids,
    /** Removable ('Bitte Ohne') ingredient ids */
    secondaryIngredients: ids,
    primarySubDishes: list(SubDish),
    /** Removable sub-dishes */
    secondarySubDishes: list(SubDish),
    extraIngredientGroups: list(ExtraGroup),
    sideDishGroups: list(ExtraGroup),
    /** ExtraItem ids of the popular combination; empty when none */
    popularExtraCombination: ids,
    /** Declaration ids */
    declarations: ids,
    tags,
    negTags: tags,
    imageName: optText,
    description: optText,
    /** Two-for-one promotion id this dish shows, or null */
    twoForOnePromotionId: v.nullish(id, null),
  });

  const Category = k.object({
    id,
    name: text,
    description: optText,
    imageName: optText,
    /** Dish ids in display order */
    dishes: ids,
    /** hidden by the restaurant (menu editor): guests do not see the category; default false */
    hidden: v.optional(bool),
  });

  const MenuSlot = k.object({
    id,
    name: text,
    /** Dish ids the guest can choose from */
    dishes: k.refine(v.array(id, 'expected a list of ids'), STRICT_CHECKS && [v.minLength(1, 'expected at least one dish')]),
    /** Size *name* the slot's dishes are served in (e.g. 'Klein'); null = any/no size */
    size: optText,
  });

  const Menu = k.object({
    id,
    name: text,
    headline: optText,
    teaser: optText,
    price: cents,
    imageName: optText,
    slots: k.refine(v.array(MenuSlot, 'expected a list of slots'), STRICT_CHECKS && [v.minLength(1, 'expected at least one slot')]),
  });

  const TimeRange = k.object({ from: hhmm, to: hhmm });

  const Schedule = k.object({
    /** Weekdays (0 = Monday) */
    weekdays: k.refine(v.array(count(0, 6), 'expected a list of weekdays 0-6'), STRICT_CHECKS && [v.minLength(1, 'expected at least one weekday')]),
    /** Time ranges within those days; empty = the whole day */
    times: list(TimeRange),
  });

  /** A dish (and optionally one size of it) a rule applies to. sizeId null = every size. */
  const DishRef = k.object({ dishId: id, sizeId: v.nullish(id, null) });

  const ItemSelection = v.optional(k.object({ categories: ids, dishesWithSizes: list(DishRef), menus: ids }), emptySelection);

  /** Price discount on dishes/menus (discount order). */
  const Discount = k.object({
    id,
    /** fixed: the item costs `value` cents; euro: minus `value` cents; percent: minus `value` % */
    kind: v.picklist(['fixed', 'euro', 'percent'], "expected 'fixed', 'euro' or 'percent'"),
    value: count(0),
    appliesTo: ItemSelection,
    /** null = always */
    schedule: v.nullish(Schedule, null),
    channel,
  });

  const TwoForOnePromotion = k.object({
    id,
    title: text,
    label: text,
    totalQuantity: count(2),
    paidQuantity: count(1),
    accumulative: v.optional(bool, false),
    allowDifferentDishes: v.optional(bool, true),
    itemSelection: ItemSelection,
  });

  const Offer = k.object({
    id,
    title: text,
    description: v.optional(str, ''),
    offerType: v.picklist(
      ['cartDiscount', 'sharedBanner', 'freeItem', 'freeDelivery'],
      "expected 'cartDiscount', 'sharedBanner', 'freeItem' or 'freeDelivery'",
    ),
    /** percent value, or cents for value type */
    value: v.optional(count(0), 0),
    discountType: v.optional(v.picklist(['percent', 'value'], "expected 'percent' or 'value'"), 'percent'),
    /** cents; 0 = none */
    minimumOrderValue: v.optional(cents, 0),
    groupOrderOnly: v.optional(bool, false),
    /** ids of offers shown under a shared banner */
    offers: ids,
    /** free items: may be combined with other free items */
    combinable: v.optional(bool, false),
    /** free items: also applies when a two-for-one promotion is in the cart */
    accumulativeTwoForOne: v.optional(bool, false),
    /** cart discounts: price channel */
    channel,
    /** freeItem: the dishes (and sizes) the guest can choose from */
    freeItems: list(DishRef),
    /** categories, dishes and menus the offer covers (shown as links in 'Angebotsdetails') */
    itemSelection: ItemSelection,
    imageName: optText,
    hideCallToAction: v.optional(bool, false),
  });

  const Catalog = k.object({
    categories: v.array(Category, 'expected a list of categories'),
    dishes: v.array(Dish, 'expected a list of dishes'),
    ingredients: list(Ingredient),
    declarations: list(Declaration),
    menus: list(Menu),
    discounts: list(Discount),
    twoForOnePromotions: list(TwoForOnePromotion),
    offers: list(Offer),
  });

  return {
    Declaration, NutrientInformation, Ingredient, Size, SizePrice, SubDish, ExtraItem, ExtraGroup, Dish, Category,
    MenuSlot, Menu, TimeRange, Schedule, DishRef, Discount, TwoForOnePromotion, Offer, Catalog,
  };
}

const S = catalogSchemas(lenientKit);
/** The catalog as an API answer carries it (lenient). */
export const CatalogSchema = S.Catalog;
/** One dish of CatalogSchema's `dishes` (the API client checks a long list in slices: shared/api/bootstrap.ts). */
export const CatalogDishSchema = S.Dish;
export const TimeRangeSchema = S.TimeRange;

type Out<K extends keyof typeof S> = v.InferOutput<(typeof S)[K]>;
export type Declaration = Out<'Declaration'>;
export type NutrientInformation = Out<'NutrientInformation'>;
export type Ingredient = Out<'Ingredient'>;
export type Size = Out<'Size'>;
export type SizePrice = Out<'SizePrice'>;
export type SubDish = Out<'SubDish'>;
export type ExtraItem = Out<'ExtraItem'>;
export type ExtraGroup = Out<'ExtraGroup'>;
export type Dish = Out<'Dish'>;
export type Category = Out<'Category'>;
export type MenuSlot = Out<'MenuSlot'>;
export type Menu = Out<'Menu'>;
export type TimeRange = Out<'TimeRange'>;
export type Schedule = Out<'Schedule'>;
export type DishRef = Out<'DishRef'>;
export type ItemSelection = Discount['appliesTo'];
export type PriceChannel = Discount['channel'];
export type Discount = Out<'Discount'>;
export type TwoForOnePromotion = Out<'TwoForOnePromotion'>;
export type Offer = Out<'Offer'>;
export type OfferType = Offer['offerType'];
export type Catalog = Out<'Catalog'>;

/** Weekday index: 0 = Monday ... 6 = Sunday. */
export type DayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;
