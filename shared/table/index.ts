// @shared/table: table service and waiter mode.
// Not eager: the menu's first view does not need it; the table widget and the table checkout load it.
export * from './rules';
export * from './texts';
export * from './manage';
export * from './poll';
export * from './api';
export * from './store';
