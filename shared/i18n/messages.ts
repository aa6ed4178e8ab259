// Every German text of the pricing and rules engine, verbatim from the spec (storefront-core.md, delivery-checkout-service.md).
// Texts marked "(own)" are not in the spec; they are our design (see docs/pricing.md).
import { formatEuro } from './format';

// --- Extras, groups (storefront-core.md §5)
export const EXTRA_UNAVAILABLE_IN_SIZE = 'In der Größe nicht verfügbar';
export const GROUP_INVALID = 'Bitte wählen!';
export const MARKER_NAMES: Readonly<Record<number, string>> = {
  9991: 'Fleisch & Fisch Extras',
  9992: 'Vegetarische Extras',
  9993: 'Vegane Extras',
};
export const groupHeaderChoose = (n: number) => `(${n} Auswählen)`;
export const groupHeaderCount = (count: number, limit: number) => `(${count}/${limit})`;
export const groupHeaderMinMax = (min: number, max: number) => `(min ${min}, max ${max})`;
export const groupHeaderMin = (min: number) => `(min ${min})`;

// --- Discount labels (storefront-core.md §9, delivery-checkout-service.md §4)
export const LABEL_SPECIAL_PRICE = 'Sonderpreis';
export const LABEL_AND_MORE = ' & mehr';
export const LABEL_PREFIX_TODAY = 'Heute';
export const LABEL_PREFIX_NOW = 'Jetzt';

// --- Two-for-one dialog (storefront-core.md §2, §5)
export const TWO_FOR_ONE_DIALOG_TITLE = 'Wähle Deinen Rabatt';
export const TWO_FOR_ONE_NO_OPTION = 'Bitte wähle eine Option aus.';

// --- Free delivery banner (storefront-core.md §9)
export const freeDeliveryRemaining = (cents: number) => `Noch ${formatEuro(cents)} bis zur kostenlosen Lieferung!*`;
export const freeDeliveryFrom = (cents: number) => `Gratis Lieferung ab ${formatEuro(cents)}!*`;
export const FREE_DELIVERY_REACHED = 'Deine Lieferung ist kostenlos!*';

// --- Cart restore (storefront-core.md §8, delivery-checkout-service.md §5)
export const restoreDishNotFound = (name: string) => `Gericht ${name} nicht gefunden`;
export const restoreSizeNotFound = (name: string) => `Größe ${name} nicht gefunden`;
export const restoreGroupNotFound = (name: string) => `Gruppe ${name} nicht gefunden`;
export const restoreIngredientNotFound = (name: string) => `Zutat ${name} nicht gefunden`;
export const restoreMenuNotFound = (name: string) => `Menü ${name} nicht gefunden`;
export const RESTORE_SIZE_MISSING = 'Größe nicht gefunden';
export const INVALID_DISH = 'Ungültiges Gericht';
/** (own) a group under min or over its limit rejects the line */
export const restoreGroupInvalid = (name: string) => `Auswahl ${name} ungültig`;
export const CART_PROBLEMS_TITLE = 'Warenkorb Probleme';
export const CART_PROBLEMS_SWITCHED = 'Du hast zu einer anderen Filiale gewechselt.';

// --- Names (storefront-core.md §8)
export const GROUP_NAME_TOO_SHORT =
  'Bitte wähle einen Namen (mindestens 3 Zeichen) für deine Gruppe. Dieser Name wird deinen Gruppenmitgliedern angezeigt damit sie wissen dass sie der richtigen Gruppe beitreten.';
export const OWN_NAME_TOO_SHORT =
  'Bitte wähle einen Namen (mindestens 3 Zeichen) für dich. Anhand dieses Namen können deine Gruppenmitglieder sehen was du bestellst.';

// --- Group cart integrity (storefront-core.md §8; kept in English as in the spec)
export const GROUP_NO_MEMBERS = 'No members found';
export const GROUP_DUPLICATE_MEMBER = 'Duplicate member found';
export const GROUP_ONE_OWNER = 'There must be exactly one owner';
export const GROUP_AMOUNT_MISMATCH = 'Amount sum does not match';

// --- Address input (delivery-checkout-service.md §8)
export const ADDRESS_ERRORS = {
  empty: 'Bitte gib eine Adresse ein.',
  franchisePickupEmpty:
    'Wir benötigen Deine Adresse damit wir Dich zu dem Shop in Deiner Nähe leiten können. Den Shop kannst Du später wenn du magst auch wechseln.',
  zipInsteadOfAddressEntered: 'Bitte gib eine vollständige Adresse ein. Eine Postleitzahl ist nicht ausreichend.',
  notInRange: 'Diese Adresse befindet sich leider nicht im Liefergebiet.',
  invalid: 'Die eingegebene Adresse ist unvollständig',
  Incomplete: 'Die eingegebene Adresse ist unvollständig',
  MissingStreetNumber: 'Bitte gib auch eine Hausnummer an.',
  notFound: 'Zu dieser Adresse konnte keine Entfernung berechnet werden',
  currentlyUnavailable: 'Wir liefern an deine Adresse, aber Lieferungen sind aktuell nicht verfügbar.',
} as const;
export type AddressErrorCode = keyof typeof ADDRESS_ERRORS;

// --- Checkout submit checks (delivery-checkout-service.md §5)
export const CHECKOUT_TEXTS = {
  errorTitle: 'Fehler',
  paypalButton: 'Bitte nutze den PayPal Button unter den Zahlungsmitteln um deine Bestellung abzuschließen.',
  deliveryAreaTitle: 'Liefergebiet',
  deliveryAreaText: 'Die Adresse befindet sich nicht im Liefergebiet',
  outsideDeliveryAreaTitle: 'Außerhalb des Liefergebiets',
  /** (own) text of the franchise confirm */
  outsideDeliveryAreaText:
    'Die Adresse befindet sich nicht im Liefergebiet. Möchtest Du zu einer Filiale wechseln, die an Deine Adresse liefert?',
  minimumOrderTitle: 'Mindestbestellwert',
  minimumOrderText: 'Du hast den Mindestbestellwert noch nicht erreicht.',
  /** (own) */
  legalTitle: 'Bedingungen',
  /** (own) */
  legalText: 'Bitte akzeptiere die Allgemeinen Bestellbedingungen und die Datenschutzerklärung.',
  emailText: 'Bitte gib eine gültige Email Adresse ein.',
  paymentMethodText: 'Bitte wähle eine Zahlungsmethode.',
  /** (own) pickup minimum per payment method */
  pickupMinimumText: (amountCents: number) =>
    `Mit dieser Zahlungsmethode beträgt der Mindestbestellwert bei Abholung ${formatEuro(amountCents)}.`,
  accountConsentText:
    'Wir benötigen deine Zustimmung um dir den vollen Funktionsumfang des Kontos bieten zu können.',
  /** (own) */
  pickupConfirmTitle: 'Bestätigung',
  /** (own) */
  pickupConfirmText: 'Bitte bestätige, dass Du Deine Bestellung selbst abholst.',
  /** (own) */
  nextDayConfirmText: 'Bitte bestätige, dass Deine Bestellung erst am nächsten Tag geliefert wird.',
  emptyCartTitle: 'Leerer Warenkorb',
  /** (own) */
  emptyCartText: 'Keiner der Artikel in Deinem Warenkorb ist für diese Bestellart verfügbar.',
  invalidOrderTitle: 'Ungültige Bestellung',
  /** (own) */
  invalidOrderText: (n: number) =>
    `${n === 1 ? 'Ein Artikel ist' : `${n} Artikel sind`} für diese Bestellart nicht verfügbar. Ohne ${n === 1 ? 'diesen Artikel' : 'diese Artikel'} fortfahren?`,
  invalidDish: 'Ungültiges Gericht',
} as const;

// --- Refund (delivery-checkout-service.md §5)
export const REFUND_TOO_HIGH = 'Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.';
export const REFUND_NOT_POSITIVE = 'Der zu erstattende Wert muss größer als 0 sein.';
export const REFUND_PROMOTION_MARKER = 'waiter-refund';

/** (own) the chosen order time has passed and was replaced */
export function serveAtReplacedText(old: string, next: string | null): string {
  const was = old === 'asap' ? 'Eine Lieferung so schnell wie möglich' : `Die gewählte Zeit ${old} Uhr`;
  if (next === 'asap') return `${was} ist nicht mehr möglich. Wir liefern jetzt so schnell wie möglich.`;
  if (next) return `${was} ist nicht mehr möglich. Neue Zeit: ${next} Uhr.`;
  return `${was} ist nicht mehr möglich. Bitte wähle eine neue Zeit.`;
}
