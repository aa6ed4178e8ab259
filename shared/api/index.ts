// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './errors';
export { ApiError, isApiError, isUnavailable, toApiError } from './errors';
export type * from './client';
export { configureApi, getApiConfig, isApiConfigured, request, requestValid, seg, switchApiShop, validate } from './client';
export { getBootstrap, includePageTexts, primeBootstrap } from './bootstrap';
export { checkCouponReservation, getShopLive, mediaUrl, validateCoupon } from './shop';
export { getDeliveryPeriod } from './platform';
export type * from './poll';
export { startPolling } from './poll';
