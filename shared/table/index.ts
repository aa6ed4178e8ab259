// @shared/table: table service and waiter mode (delivery-checkout-service.md §2.7, §4, §5, §6, §7, §9).
// Not eager: the menu's first view does not need it; the table widget and the table checkout load it.
export * from './rules';
export * from './texts';
export * from './poll';
export * from './api';
export * from './store';
