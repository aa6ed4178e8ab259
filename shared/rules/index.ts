// shared/rules: pure validation rules. Plain data in, plain data out; no clock, no I/O.
// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './tags';
export { effectiveTags } from './tags';
export type * from './age';
export { requiredAge, requiredAgeForDish } from './age';
export { nameError, validateName } from './names';
export { EMAIL_MAX_LENGTH, isEmail } from './email';
export type * from './discountLabel';
export { discountLabel } from './discountLabel';
export type * from './menu';
export { DIET_FILTERS, EXTRAS_FOLD_AFTER, closedWording, dishDeclarations, extraAllergens, extrasByMarker, findDishByNameOrId, hiddenDishIds, liabilityNoteKind, matchesDietFilters, matchesSearch, ordersClosed } from './menu';
export type * from './gate';
export { menuGate } from './gate';
export type * from './consent';
export { EVENT_BATCH_MAX, EVENT_FLUSH_MS, VISIT_PING_MS, mayTrack, parseConsentAttribute, parseConsentCall, parseStoredConsent, resolveConsent, storedConsentValue, trackingPage } from './consent';
export { parseTableNumber } from './table';
export { autoDeliveryType } from './deliveryType';
export { themeEntries } from './theme';
