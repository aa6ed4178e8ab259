// shared/menuedit: the restaurant's menu editor — the catalog's strict schema and checks with a
// German message per field path (the same the import uses), typed euro prices, the editor's texts.
// Not eager: only the staff app and the server load it.
export { CatalogFileSchema, type CatalogFile, type CatalogFileInput } from './schema';
export { checkCatalog, checkCatalogDocument, germanIssue, MAX_PROBLEMS, type CatalogCheck, type CatalogProblem } from './check';
export { centsToInput, MAX_PRICE_CENTS, parseEuro, type EuroParse } from '@shared/domain/euroInput';
export { formatPath, joinPath, type PathItem } from './paths';
export { DECLARATION_LIST, withDeclarations } from './declarations';
export { MENU_EDIT_TEXTS } from './texts';
export { checkCoupon, COUPON_CODE, couponPercentTooHigh, COUPON_TEXTS, CouponFormSchema, type CouponCheck, type CouponForm } from './coupons';
export { hiddenWarnings, type HiddenWarning } from './hidden';
