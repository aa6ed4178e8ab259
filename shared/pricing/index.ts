// shared/pricing: the pure pricing engine's base, what the menu's first view shows (dish and menu
// prices, discounts, the quantity rule); the pricing of lines (extras, menu slots) and of the cart
// and the order builds on it in shared/cartpricing. Plain data in, plain data out; integer cents;
// shop time is a parameter.
// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './types';
export { EXTRA_NOT_SELECTABLE, EXTRA_UNAVAILABLE, FREE_DELIVERY_NEAR_MARGIN, FREE_ITEM_NEARLY_MARGIN, MAX_LINE_PRICE, MIN_QUANTITY, lineAmount } from './constants';
export { percentOf, roundCents } from './rounding';
export { selectionCoversDish, selectionCoversMenu } from './selection';
export type * from './catalogIndex';
export { findSizePrice, indexCatalog, isValidSize } from './catalogIndex';
export type * from './discounts';
export { createDiscountMemo, dishDiscountLabel, dishPrice, menuPrice, sizeDiscounts } from './discounts';
export { pricingContext } from './context';
export type { PricingContextInput } from './context';
