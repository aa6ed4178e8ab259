// shared/checkout: the rules of ordering beyond the menu (checkout form, order status, payment,
// address input, group orders, refunds, cart hand-over). Split from shared/rules so the embed
// runtime does not carry them on a page that only shows the menu (docs/decisions.md).
export * from './checkout';
export * from './order';
export * from './handover';
export * from './address';
export * from './refund';
export * from './group';
export * from './payment';
export * from './checkoutForm';
export * from './texts';
export * from './api';
export * from './calls';
export * from './money';
export * from './addressTexts';
export * from './addressCalls';
