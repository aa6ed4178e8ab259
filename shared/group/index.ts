// @shared/group: group ordering (storefront-core.md §2-§9 group parts; delivery-checkout-service.md
// §4 "Group stage", §7, §8 "Groups", §9). Not eager: loaded with the group widget and the checkout.
export * from './rules';
export * from './texts';
export * from './store';
export type { FoundGroup } from './api';
