// A small test catalog (a pizzeria) and line builders, for the engine's tests and anyone else's.
import type {
  CartExtra, Catalog, Discount, Dish, DishCartItem, ExtraGroup, ExtraItem, MenuCartItem, Offer, TwoForOnePromotion,
} from '@shared/domain';
import type { PricingContext, ShopTime } from './types';

export const MONDAY_NOON: ShopTime = { dayIndex: 0, minute: 12 * 60 };

export function ctxAt(time: ShopTime = MONDAY_NOON, patch: Partial<PricingContext> = {}): PricingContext {
  return { time, channel: 'webshop', deliveryType: 'delivery', groupOrderActive: false, ...patch };
}

function extra(id: string, name: string, price: number, prices: Record<string, number> = {}, ingredientId: string | null = null): ExtraItem {
  return { id, type: 'ingredient', ingredientId, dishId: null, sizeId: null, name, prices, price };
}

export const cheeseGroup: ExtraGroup = {
  id: 'g-extras', name: 'Extras', min: 0, limit: 0, maxAmount: 3, forceGroup: false, groupType: 'ingredient', marker: 9992,
  items: [
    extra('x-mozz', 'Mozzarella', 100, { 's-small': 100, 's-large': 150 }, 'i-mozz'),
    extra('x-parm', 'Parmesan', 200, {}, 'i-parm'),
    extra('x-olive', 'Oliven', 50, {}, 'i-olive'),
    extra('x-truffle', 'Trüffel', 9999),
    extra('x-gold', 'Blattgold', 300, { 's-small': 999900 }),
    extra('x-rum', 'Rum-Sauce', 80, {}, 'i-rum'),
  ],
};

export const sauceGroup: ExtraGroup = {
  id: 'g-sauce', name: 'Soße', min: 1, limit: 1, maxAmount: 1, forceGroup: true, groupType: 'ingredient', marker: null,
  items: [extra('x-tomato', 'Tomatensoße', 0), extra('x-cream', 'Sahnesoße', 50)],
};

export const toppingsGroup: ExtraGroup = {
  id: 'g-top', name: 'Toppings', min: 1, limit: 3, maxAmount: 2, forceGroup: true, groupType: 'ingredient', marker: null,
  items: [extra('x-corn', 'Mais', 60), extra('x-onion', 'Zwiebeln', 40), extra('x-ham', 'Schinken', 120)],
};

export const sideGroup: ExtraGroup = {
  id: 'g-side', name: 'Beilage', min: 0, limit: 2, maxAmount: 1, forceGroup: true, groupType: 'dish', marker: null,
  items: [
    { id: 'x-fries', type: 'dish', ingredientId: null, dishId: 'd-fries', sizeId: null, name: 'Pommes', prices: {}, price: 250 },
    { id: 'x-cola', type: 'dish', ingredientId: null, dishId: 'd-cola', sizeId: 's-05', name: 'Cola 0,5 l', prices: {}, price: 200 },
  ],
};

function dish(p: Partial<Dish> & Pick<Dish, 'id' | 'name' | 'category' | 'prices'>): Dish {
  return {
    number: null, subtext: null, sizes: [], isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [],
    primarySubDishes: [], secondarySubDishes: [], extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [],
    declarations: [], tags: [], negTags: [], imageName: null, description: null, twoForOnePromotionId: null, ...p,
  };
}

const sizes = [
  { id: 's-small', name: 'Klein', description: '26 cm' },
  { id: 's-large', name: 'Groß', description: '32 cm' },
];

export const margherita = dish({
  id: 'd-margherita', name: 'Pizza Margherita', category: 'c-pizza', sizes,
  prices: [{ sizeId: 's-small', price: 800, deposit: 0 }, { sizeId: 's-large', price: 1100, deposit: 0 }],
  secondaryIngredients: ['i-basil'], extraIngredientGroups: [cheeseGroup], sideDishGroups: [sideGroup],
  freeIngredients: 1, popularExtraCombination: ['x-mozz', 'x-olive', 'x-truffle'], tags: ['vegetarian', 'cheese'],
  twoForOnePromotionId: 'p-2for1',
});

export const salami = dish({
  id: 'd-salami', name: 'Pizza Salami', category: 'c-pizza', sizes,
  prices: [{ sizeId: 's-small', price: 900, deposit: 0 }, { sizeId: 's-large', price: 1200, deposit: 0 }],
  extraIngredientGroups: [sauceGroup, cheeseGroup], tags: ['pork'], twoForOnePromotionId: 'p-2for1',
});

export const custom = dish({
  id: 'd-custom', name: 'Pizza nach Wahl', category: 'c-pizza', prices: [{ sizeId: null, price: 700, deposit: 0 }],
  extraIngredientGroups: [toppingsGroup, sauceGroup],
});

export const cola = dish({
  id: 'd-cola', name: 'Cola', category: 'c-drinks', isDrink: true,
  sizes: [{ id: 's-05', name: '0,5 l', description: null }, { id: 's-1', name: '1,0 l', description: null }],
  prices: [{ sizeId: 's-05', price: 250, deposit: 25 }, { sizeId: 's-1', price: 400, deposit: 15 }],
  tags: ['vegan'],
});

export const beer = dish({
  id: 'd-beer', name: 'Pils', category: 'c-drinks', isDrink: true, prices: [{ sizeId: null, price: 350, deposit: 8 }], tags: ['alcohol18'],
});

export const salad = dish({
  id: 'd-salad', name: 'Salat Bowl', category: 'c-salad', prices: [{ sizeId: null, price: 650, deposit: 0 }],
  tags: ['vegan', 'chicken', 'halal', 'nut'], negTags: ['nut'],
});

export const fries = dish({ id: 'd-fries', name: 'Pommes', category: 'c-sides', prices: [{ sizeId: null, price: 300, deposit: 0 }], tags: ['potato'] });
export const tiramisu = dish({ id: 'd-tiramisu', name: 'Tiramisu', category: 'c-dessert', prices: [{ sizeId: null, price: 450, deposit: 0 }], tags: ['alcohol16'] });

export const twoForOne: TwoForOnePromotion = {
  id: 'p-2for1', title: '2 für 1 Pizza', label: '2 für 1', totalQuantity: 2, paidQuantity: 1, accumulative: false,
  allowDifferentDishes: true, itemSelection: { categories: ['c-pizza'], dishesWithSizes: [], menus: [] },
};

export function offer(p: Partial<Offer> & Pick<Offer, 'id' | 'offerType'>): Offer {
  return {
    title: p.id, description: '', value: 0, discountType: 'percent', minimumOrderValue: 0, groupOrderOnly: false, offers: [],
    combinable: true, accumulativeTwoForOne: true, channel: 'all', freeItems: [],
    itemSelection: { categories: [], dishesWithSizes: [], menus: [] }, imageName: null, hideCallToAction: false, ...p,
  };
}

export function discount(p: Partial<Discount> & Pick<Discount, 'id' | 'kind' | 'value'>): Discount {
  return { appliesTo: { categories: [], dishesWithSizes: [], menus: [] }, schedule: null, channel: 'all', ...p };
}

export const testCatalog: Catalog = {
  categories: [
    { id: 'c-pizza', name: 'Pizza', description: null, imageName: null, dishes: ['d-margherita', 'd-salami', 'd-custom'] },
    { id: 'c-drinks', name: 'Getränke', description: null, imageName: null, dishes: ['d-cola', 'd-beer'] },
    { id: 'c-salad', name: 'Salate', description: null, imageName: null, dishes: ['d-salad'] },
    { id: 'c-sides', name: 'Beilagen', description: null, imageName: null, dishes: ['d-fries'] },
    { id: 'c-dessert', name: 'Desserts', description: null, imageName: null, dishes: ['d-tiramisu'] },
  ],
  dishes: [margherita, salami, custom, cola, beer, salad, fries, tiramisu],
  ingredients: [
    { id: 'i-basil', name: 'Basilikum', declarations: [], nutrientInformation: null, dishInfo: null, tags: [] },
    { id: 'i-mozz', name: 'Mozzarella', declarations: [], nutrientInformation: null, dishInfo: null, tags: ['cheese'] },
    { id: 'i-parm', name: 'Parmesan', declarations: [], nutrientInformation: null, dishInfo: null, tags: ['cheese'] },
    { id: 'i-olive', name: 'Oliven', declarations: [], nutrientInformation: null, dishInfo: null, tags: [] },
    { id: 'i-rum', name: 'Rum', declarations: [], nutrientInformation: null, dishInfo: null, tags: ['alcohol18'] },
  ],
  declarations: [],
  menus: [{
    id: 'm-lunch', name: 'Mittagsmenü', headline: null, teaser: null, price: 1200, imageName: null,
    slots: [
      { id: 'slot-pizza', name: 'Pizza', dishes: ['d-margherita', 'd-salami'], size: 'Klein' },
      { id: 'slot-drink', name: 'Getränk', dishes: ['d-cola', 'd-beer'], size: '0,5 l' },
    ],
  }],
  discounts: [],
  twoForOnePromotions: [twoForOne],
  offers: [],
};

/** The catalog with some parts replaced. */
export function catalogWith(patch: Partial<Catalog>): Catalog {
  return { ...testCatalog, ...patch };
}

let seq = 0;

export function ex(groupId: string, itemId: string, amount = 1): CartExtra {
  return { groupId, itemId, itemName: itemId, promotion: null, amount, type: 'ingredient' };
}

export function dishLine(dishId: string, sizeId: string | null, amount = 1, extras: CartExtra[] = [], patch: Partial<DishCartItem> = {}): DishCartItem {
  return {
    kind: 'dish', lineId: `l${++seq}`, dishId, sizeId, memberName: null, amount, price: 0, priceNonDiscounted: 0, promotion: null,
    without: [], tags: [], slotId: null, extras, ...patch,
  };
}

export function menuLine(amount = 1, pizza = 'd-margherita', pizzaExtras: CartExtra[] = [], drink = 'd-cola'): MenuCartItem {
  return {
    kind: 'menu', lineId: `l${++seq}`, menuId: 'm-lunch', memberName: null, amount, price: 0, deliveryType: null, promotion: null,
    subitems: [
      dishLine(pizza, 's-small', 1, pizzaExtras, { slotId: 'slot-pizza' }),
      dishLine(drink, drink === 'd-cola' ? 's-05' : null, 1, [], { slotId: 'slot-drink' }),
    ],
  };
}
