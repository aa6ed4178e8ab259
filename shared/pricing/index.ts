// shared/pricing: the pure pricing engine (what the menu shows: dish, menu and line prices, discounts,
// extras); the cart's and the order's pricing builds on it in shared/cartpricing. Plain data in, plain data out; integer cents; shop time is a parameter.
// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './types';
export { FREE_DELIVERY_NEAR_MARGIN, FREE_ITEM_NEARLY_MARGIN, MIN_QUANTITY } from './constants';
export { percentOf } from './rounding';
export { selectionCoversDish, selectionCoversMenu } from './selection';
export type * from './catalogIndex';
export { findSizePrice, indexCatalog, isValidSize } from './catalogIndex';
export type * from './discounts';
export { createDiscountMemo, dishDiscountLabel, dishPrice, menuPrice, sizeDiscounts } from './discounts';
export type * from './extras';
export { deselectPopularCombination, extraAvailability, extraGroups, extraItemPrice, findExtraGroup, groupCount, groupHeaderText, groupsOutOfRange, removeUnavailableExtras, selectPopularCombination, setExtraAmount, validateGroups } from './extras';
export { lineAmount, priceLine } from './line';
export type * from './menuSlots';
export { isSlotValid, slotDishOptions } from './menuSlots';
