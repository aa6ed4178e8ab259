// @shared/group: group ordering (creating, joining, the members' carts, checkout by the owner).
// Not eager: loaded with the group widget and the checkout.
export * from './rules';
export * from './texts';
export * from './store';
export type { FoundGroup } from './api';
