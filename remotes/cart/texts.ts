// Texts of the cart widget and the cart button. Verbatim from the spec where the spec has
// them; texts marked "(own)" are our design (docs/decisions.md, "Cart widget").
// The cart widget's own texts (only the cart shows them, so they are not in the eager @shared/i18n).
import type { Cents } from '@shared/domain';
import { formatDecimal, formatEuro } from '@shared/i18n';

export const CART_TEXT = {
  /** (own) */
  title: 'Warenkorb',
  /** (own) */
  empty: 'Dein Warenkorb ist leer.',
  /** (own) 'n Artikel' (any n) */
  items: 'Artikel',
  /** (own) */
  loading: 'Warenkorb wird geladen …',
  /** (own) */
  checkout: 'ZUR KASSE',
  /** (own) */
  edit: 'Bearbeiten',
  /** (own) */
  remove: 'Entfernen',
  /** (own) */
  close: 'Warenkorb schließen',
  /** (own) */
  itemsTotal: 'Summe der Artikel',
  /** (own) */
  itemDiscount: 'Rabatte auf Artikel',
  /** (own) */
  subtotal: 'Zwischensumme',
  /** (own) */
  coupon: 'Gutschein',
  /** (own) */
  deposit: 'Pfand',
  /** (own) */
  deliveryFee: 'Liefergebühr',
  /** (own) */
  deliveryFree: 'kostenlos',
  /** (own) */
  grandTotal: 'Gesamtsumme',
  /** (own) */
  free: 'gratis',
  /** (own) */
  freeItems: 'Gratisartikel',
  /** (own) */
  freeItemRemove: 'Gratisartikel entfernen',
  /** (own) */
  minimumReached: 'Mindestbestellwert erreicht.',
  /** (own) */
  couponLabel: 'Gutscheincode',
  /** (own) */
  couponApply: 'Einlösen',
  /** (own) */
  couponValidating: 'Gutschein wird geprüft …',
  /** (own) */
  couponInvalid: 'Dieser Gutscheincode ist ungültig oder abgelaufen.',
  /** (own) */
  couponRemove: 'Gutschein entfernen',
  /** (own) */
  reservedLabel: 'Telefonnummer',
  /** (own) */
  reservedSearch: 'Reservierten Gutschein suchen',
  /** (own) */
  reservedNone: 'Für diese Telefonnummer ist kein Gutschein reserviert.',
  reservedTitle: 'Neuer Gutscheincode',
  /** (own) */
  reservedConfirm: 'WECHSELN',
  /** (own) */
  reservedKeep: 'BEHALTEN',
  /** (own) */
  problemsSwitchedText: 'Die Speisekarte dieser Filiale ist eine andere, deshalb hat sich Dein Warenkorb geändert.',
  /** (own) */
  problemsText: 'Diese Artikel sind nicht mehr verfügbar und wurden aus Deinem Warenkorb entfernt:',
  /** (own) */
  problemsListLabel: 'Nicht gefunden',
  /** (own) */
  twoForOneConfirmed: 'Aktion gewählt',
  /** (own) */
  twoForOneDenied: 'Du behältst Deinen Rabatt',
  /** (own) */
  twoForOneApply: 'Aktion anwenden',
  /** (own) */
  twoForOneKeep: 'Rabatt behalten',
} as const;

/** (own) */
export const cartCountText = (count: number) => `${count} ${CART_TEXT.items}`;
/** the removed components of a line ('ohne …') */
export const lineWithout = (names: readonly string[]) => `ohne ${names.join(', ')}`;
/** (own) */
export const lineDeposit = (cents: Cents) => `zzgl. ${formatEuro(cents)} Pfand`;
/** (own) */
export const lineFreeUnits = (n: number, label: string) => `${n}× gratis (${label})`;
/** (own) */
export const amountLabel = (name: string) => `Menge ${name}`;
/** (own) */
export const editLabel = (name: string) => `${name} bearbeiten`;
/** (own) */
export const removeLabel = (name: string) => `${name} entfernen`;

/** A waiter's refund line: named as in the table history ('Storno: Pizza Margherita'). */
export const refundLineName = (name: string) => `Storno: ${name}`;
/** (own) */
export const minimumMissing = (value: Cents, missing: Cents) =>
  `Mindestbestellwert ${formatEuro(value)}: Es fehlen noch ${formatEuro(missing)}.`;
/** (own) */
export const cartDiscountMissing = (missing: Cents, title: string) => `Noch ${formatEuro(missing)} bis: ${title}`;
/** (own) the free-item offer is 'nearly reached' */
export const freeItemNearly = (missing: Cents, title: string) => `Nur noch ${formatEuro(missing)} bis: ${title}!`;
/** (own) */
export const freeItemChoose = (title: string) => `${title}: Wähle Deinen Gratisartikel`;
/** (own) */
export const couponApplied = (code: string) => `Gutschein ${code} eingelöst.`;
/** (own) */
export const couponBelowMinimum = (code: string, minimum: Cents) =>
  `Gutschein ${code} gilt ab einem Bestellwert von ${formatEuro(minimum)}.`;
/** (own) */
export const couponLine = (code: string) => `Gutschein ${code}`;
/** a coupon's value as shown in the reserved-coupon confirm: '15%' or '5,00 €' */
export const couponValueText = (type: 'percent' | 'value', value: number) =>
  type === 'percent' ? `${formatDecimal(value)}%` : formatEuro(value);
export const reservedCouponText = (code: string, value: string) =>
  `Für Dich wurde ein reservierter Gutschein gefunden! ${code}, ${value}. Möchtest Du wechseln?`;
/** (own) */
export const twoForOneProgress = (missing: number) =>
  missing === 1 ? 'Noch 1 Artikel bis zur Aktion' : `Noch ${missing} Artikel bis zur Aktion`;
/** (own) */
export const twoForOneSaving = (freeUnits: number, saving: Cents) => `${freeUnits}× gratis, Du sparst ${formatEuro(saving)}`;

// Restore problems
export const CART_PROBLEMS_TITLE = 'Warenkorb Probleme';
export const CART_PROBLEMS_SWITCHED = 'Du hast zu einer anderen Filiale gewechselt.';
