// @shared/account: login by e-mail link and the guest's account (delivery-checkout-service.md §4, §6).
// Not in the eager embed runtime: loaded when a token is found at start or a login widget shows.
export * from './texts';
export * from './rules';
