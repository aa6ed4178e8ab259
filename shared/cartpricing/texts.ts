// Texts of the cart's pricing, verbatim from the spec.
import { formatEuro } from '@shared/i18n';

// --- Free delivery banner
export const freeDeliveryRemaining = (cents: number) => `Noch ${formatEuro(cents)} bis zur kostenlosen Lieferung!*`;
export const freeDeliveryFrom = (cents: number) => `Gratis Lieferung ab ${formatEuro(cents)}!*`;
export const FREE_DELIVERY_REACHED = 'Deine Lieferung ist kostenlos!*';

// --- Cart restore
export const restoreDishNotFound = (name: string) => `Gericht ${name} nicht gefunden`;
export const restoreSizeNotFound = (name: string) => `Größe ${name} nicht gefunden`;
export const restoreGroupNotFound = (name: string) => `Gruppe ${name} nicht gefunden`;
export const restoreIngredientNotFound = (name: string) => `Zutat ${name} nicht gefunden`;
export const restoreMenuNotFound = (name: string) => `Menü ${name} nicht gefunden`;
export const RESTORE_SIZE_MISSING = 'Größe nicht gefunden';
/** (own) a group under min or over its limit rejects the line */
export const restoreGroupInvalid = (name: string) => `Auswahl ${name} ungültig`;
/** (own) the restaurant changed a price since the cart was priced (the order is refused once, with this) */
export const restorePriceChanged = (name: string, now: number, before: number) => `${name} kostet jetzt ${formatEuro(now)} statt ${formatEuro(before)}.`;

