// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './money';
export { centsToEuro, euroToCents } from './money';
export type * from './catalog';
export { VAT_RATES } from './catalog';
export type * from './shop';
export type * from './cart';
export { REFUND_PROMOTION_MARKER, isLineEditable, isRefundLine } from './refundLine';
export type * from './kit';
export type * from './answers';
export { CatalogDishSchema, CatalogSchema } from './catalog';
export { CouponReservationSchema, CouponValidationSchema, DeliveryPeriodSchema, ShopStateSchema } from './answers';
// the answers of on-demand calls: their schemas are '@shared/domain/calls' (a lazy shared module)
export type * from './calls';
export type * from './requests';
