// The spec's catalog entities (storefront-core.md §3) as plain data.
// Money is integer cents. Ids are strings everywhere (the data file may use any id scheme).

import type { Cents } from './money';

export type { Cents };

/** storefront-core.md §3 tag catalogue */
export const TAGS = [
  'fish', 'chicken', 'pork', 'beef', 'nut', 'vegetarian', 'vegan', 'halal', 'lamb', 'piquant',
  'alcohol16', 'alcohol18', 'cheese', 'rice', 'potato', 'game', 'noodles', 'bread', 'low-carb',
  'not-piquant', 'not-alcohol',
] as const;
export type Tag = (typeof TAGS)[number];

/** Additive or allergen, referenced by id from dishes and ingredients. */
export interface Declaration {
  id: string;
  kind: 'additive' | 'allergen';
  /** Short code printed on menus, e.g. '1' for additives or 'A' for allergens. */
  code: string;
  name: string;
}

/** Nutrition per 100 g (or 100 ml for drinks). */
export interface NutrientInformation {
  energyKj: number;
  energyKcal: number;
  fat: number;
  saturatedFat: number;
  carbohydrates: number;
  sugar: number;
  protein: number;
  salt: number;
}

export interface Ingredient {
  id: string;
  name: string;
  /** Declaration ids */
  declarations: string[];
  nutrientInformation: NutrientInformation | null;
  /** Free text shown in the dish info dialog */
  dishInfo: string | null;
  tags: Tag[];
}

export interface Size {
  id: string;
  name: string;
  description: string | null;
}

/** Price of a dish in one size. sizeId null for a dish without sizes. */
export interface SizePrice {
  sizeId: string | null;
  price: Cents;
  /** Deposit (Pfand) for this size; 0 when none. */
  deposit: Cents;
}

export interface SubDish {
  id: string;
  name: string;
  primaryIngredients: string[];
  secondaryIngredients: string[];
}

/** One selectable item of an extra group. */
export interface ExtraItem {
  id: string;
  /** ingredient: an Ingredient id in ingredientId; dish: a side dish (dishId + sizeId) */
  type: 'ingredient' | 'dish';
  ingredientId: string | null;
  dishId: string | null;
  sizeId: string | null;
  name: string;
  /**
   * Price per size of the *parent* dish, keyed by the parent's size id ('' for a dish
   * without sizes). A missing key falls back to `price`.
   * >= 9999 not selectable; >= 999900 unavailable for that size.
   */
  prices: Record<string, Cents>;
  price: Cents;
}

export interface ExtraGroup {
  id: string;
  name: string;
  /** minimum total picks; > 0 makes the group mandatory */
  min: number;
  /** maximum total picks across the group; 0 = no limit */
  limit: number;
  /** maximum amount of a single item; 1 = checkbox */
  maxAmount: number;
  /** true: shown as its own group; false: folded into the EXTRAS section under its marker */
  forceGroup: boolean;
  groupType: 'ingredient' | 'dish';
  /** 9991 'Fleisch & Fisch Extras', 9992 'Vegetarische Extras', 9993 'Vegane Extras'; null none */
  marker: number | null;
  items: ExtraItem[];
}

export interface Dish {
  id: string;
  name: string;
  number: string | null;
  subtext: string | null;
  /** Category id */
  category: string;
  /** Empty when the dish has no sizes */
  sizes: Size[];
  /** One entry per size (or one with sizeId null) */
  prices: SizePrice[];
  isDrink: boolean;
  /** The first `freeIngredients` extras, highest priced first, are free */
  freeIngredients: number;
  primaryIngredients: string[];
  /** Removable ('Bitte Ohne') ingredient ids */
  secondaryIngredients: string[];
  primarySubDishes: SubDish[];
  /** Removable sub-dishes */
  secondarySubDishes: SubDish[];
  extraIngredientGroups: ExtraGroup[];
  sideDishGroups: ExtraGroup[];
  /** ExtraItem ids of the popular combination; empty when none */
  popularExtraCombination: string[];
  /** Declaration ids */
  declarations: string[];
  tags: Tag[];
  negTags: Tag[];
  imageName: string | null;
  description: string | null;
  /** Two-for-one promotion id this dish shows, or null */
  twoForOnePromotionId: string | null;
}

export interface Category {
  id: string;
  name: string;
  description: string | null;
  imageName: string | null;
  /** Dish ids in display order */
  dishes: string[];
}

export interface MenuSlot {
  id: string;
  name: string;
  /** Dish ids the guest can choose from */
  dishes: string[];
  /** Size *name* the slot's dishes are served in (e.g. 'Klein'); null = any/no size */
  size: string | null;
}

export interface Menu {
  id: string;
  name: string;
  headline: string | null;
  teaser: string | null;
  price: Cents;
  imageName: string | null;
  slots: MenuSlot[];
}

/** Weekday index: 0 = Monday ... 6 = Sunday (delivery-checkout-service.md §9). */
export type DayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface TimeRange {
  from: string; // 'HH:MM'
  to: string; // 'HH:MM'
}

export interface Schedule {
  /** Weekdays (0 = Monday) */
  weekdays: number[];
  /** Time ranges within those days; empty = the whole day */
  times: TimeRange[];
}

export type PriceChannel = 'all' | 'webshop' | 'dineIn';

/** A dish (and optionally one size of it) a rule applies to. sizeId null = every size. */
export interface DishRef {
  dishId: string;
  sizeId: string | null;
}

export interface ItemSelection {
  categories: string[];
  dishesWithSizes: DishRef[];
  menus: string[];
}

/** Price discount on dishes/menus (storefront-core.md §9 discount order). */
export interface Discount {
  id: string;
  /** fixed: the item costs `value` cents; euro: minus `value` cents; percent: minus `value` % */
  kind: 'fixed' | 'euro' | 'percent';
  value: number;
  appliesTo: ItemSelection;
  /** null = always */
  schedule: Schedule | null;
  channel: PriceChannel;
}

export interface TwoForOnePromotion {
  id: string;
  title: string;
  label: string;
  totalQuantity: number;
  paidQuantity: number;
  accumulative: boolean;
  allowDifferentDishes: boolean;
  itemSelection: ItemSelection;
}

export type OfferType = 'cartDiscount' | 'sharedBanner' | 'freeItem' | 'freeDelivery';

export interface Offer {
  id: string;
  title: string;
  description: string;
  offerType: OfferType;
  /** percent value, or cents for value type */
  value: number;
  discountType: 'percent' | 'value';
  /** cents; 0 = none */
  minimumOrderValue: Cents;
  groupOrderOnly: boolean;
  /** ids of offers shown under a shared banner */
  offers: string[];
  /** free items: may be combined with other free items */
  combinable: boolean;
  /** free items: also applies when a two-for-one promotion is in the cart */
  accumulativeTwoForOne: boolean;
  /** cart discounts: price channel */
  channel: PriceChannel;
  /** freeItem: the dishes (and sizes) the guest can choose from */
  freeItems: DishRef[];
  /** categories, dishes and menus the offer covers (shown as links in 'Angebotsdetails') */
  itemSelection: ItemSelection;
  imageName: string | null;
  hideCallToAction: boolean;
}

export interface Catalog {
  categories: Category[];
  dishes: Dish[];
  ingredients: Ingredient[];
  declarations: Declaration[];
  menus: Menu[];
  discounts: Discount[];
  twoForOnePromotions: TwoForOnePromotion[];
  offers: Offer[];
}
