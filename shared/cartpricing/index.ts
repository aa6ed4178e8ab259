// shared/cartpricing: the pricing of lines (a dish with its extras, a menu with its slots) and of
// the cart and the order (the order's totals, two-for-one, offers, the coupon, the restore of
// stored lines). Pure like shared/pricing, on which it builds;
// a folder of its own so that a page showing only the menu does not download it: the stores load
// it on first use (the cart, the cart button, the checkout, a stored cart, the first line added).
export * from './extras';
export * from './line';
export * from './menuSlots';
export * from './twoForOne';
export * from './offers';
export * from './coupon';
export * from './order';
export * from './restore';
export * from './priceChanges';
export * from './texts';
export * from './vat';
