// Texts of the address widget (in @shared/checkout: not carried by the eager embed runtime) and the franchise chooser.
// Verbatim from the spec where the spec has them; texts marked "(own)" are our design
// (docs/decisions.md, "Address widget"). The address errors are ADDRESS_ERRORS below; the server
// answers with the same texts.
import type { Cents, TimeRange } from '@shared/domain';
import { formatDecimal, formatEuro } from '@shared/i18n';

export const ADDRESS_TEXT = {
  delivery: 'Lieferung',
  pickup: 'Abholung',
  /** appended to a type the shop does not support */
  notPossible: 'nicht möglich',
  /** (own) accessible name of the toggle group */
  toggleLabel: 'Lieferung oder Abholung',
  locationLabel: 'Dein Standort',
  locationHelp: 'Straße, Hausnummer, PLZ Ort',
  ok: 'OK',
  ourLocation: 'Unser Standort',
  /** (own) button that brings the input back after a resolved address */
  change: 'Ändern',
  /** (own) */
  minimumOrder: 'Mindestbestellwert',
  /** (own) */
  deliveryFee: 'Liefergebühr',
  /** (own) fee 0 */
  deliveryFeeFree: 'Lieferung kostenlos',
  franchiseListTitle: 'WÄHLE DEINE FILIALE',
  back: 'Zurück',
  cancel: 'ABBRECHEN',
  closed: 'geschlossen.',
} as const;

/**
 * (own) The field's example placeholder, from the shop's own address, so a shop in Dresden does not
 * suggest a street in Leipzig: 'z. B. Gottschedstraße 12, 04109 Leipzig'.
 */
export const locationPlaceholder = (shop: { restaurantStreet: string; restaurantZip: string; restaurantCity: string }) =>
  `z. B. ${shop.restaurantStreet.trim()}, ${shop.restaurantZip.trim()} ${shop.restaurantCity.trim()}`;

/** 'kostenfrei ab {amount}' (currentlyUnavailable) */
export const freeAfterText = (cents: Cents) => `kostenfrei ab ${formatEuro(cents)}`;
/** (own) 'Mindestbestellwert 12,00 €' */
export const minimumOrderText = (cents: Cents) => `${ADDRESS_TEXT.minimumOrder} ${formatEuro(cents)}`;
/** (own) 'Liefergebühr 1,50 €' or 'Lieferung kostenlos' */
export const deliveryFeeText = (cents: Cents) => (cents > 0 ? `${ADDRESS_TEXT.deliveryFee} ${formatEuro(cents)}` : ADDRESS_TEXT.deliveryFeeFree);
/** '{n} km entfernt'; one decimal, German comma */
export const kmAway = (km: number) => `${formatDecimal(km, 1)} km entfernt`;
/** Ranges read 'from - to' and are joined with ' und '. */
export const formatRanges = (ranges: readonly TimeRange[]) => ranges.map((r) => `${r.from} - ${r.to}`).join(' und ');
/** 'geöffnet {ranges}' */
export const openBadge = (ranges: readonly TimeRange[]) => `geöffnet ${formatRanges(ranges)}`.trim();
/** 'Heute: {ranges}' */
export const todayRanges = (ranges: readonly TimeRange[]) => `Heute: ${formatRanges(ranges)}`;

// ---------- info dialog, order time, franchise pages, map ----------

export const INFO_DIALOG_TEXT = {
  title: 'BESTELLOPTIONEN',
  titleFranchise: 'SCHNELL ZUR RICHTIGEN FILIALE',
  suggestedTitle: 'FILIALE BESTÄTIGEN',
  /** (own) wording of "the user is taken to the shop matching their wishes" */
  suggestedText: 'Wir bringen Dich zu der Filiale, die am besten zu Deinen Wünschen passt.',
  otherShop: 'Andere Filiale wählen',
  /** (own) label of the order-time select */
  serveAtLabel: 'Bestellzeit',
  asap: 'So schnell wie möglich',
  choose: 'bitte wählen',
  serveAtHint: 'Du kannst dies später ändern.',
  /** (own) */
  preOrderHint: 'Wir haben gerade geschlossen, Du kannst aber schon für später bestellen.',
  /** (own) geolocation button */
  geolocate: 'Meinen Standort verwenden',
  /** (own) */
  geoDenied: 'Du hast den Zugriff auf Deinen Standort nicht erlaubt. Bitte gib Deine Adresse ein.',
  /** (own) */
  geoFailed: 'Dein Standort konnte nicht ermittelt werden. Bitte gib Deine Adresse ein.',
  /** (own) link of currentlyUnavailable */
  openingHoursLink: 'Zu den Öffnungszeiten',
  /** (own) summary button when no address is set */
  enterAddress: 'Adresse eingeben',
  /** (own) */
  loading: 'Filialen werden geladen …',
  /** (own) map accessible names */
  mapLabel: 'Karte',
  homeMarker: 'Dein Standort',
  /** (own) a shop marker: '{name} auswählen' */
  shopMarker: (name: string) => `${name} auswählen`,
  mapAttribution: '© OpenStreetMap-Mitwirkende',
} as const;

// --- Address input
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

