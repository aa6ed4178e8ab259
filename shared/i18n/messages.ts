// The German texts that shared rules and the engine's base use, verbatim from the spec; the cart pricing's are in @shared/cartpricing, the checkout's in
// @shared/checkout, one widget's own texts with that widget.
// Texts marked "(own)" are not in the spec; they are our design (see docs/pricing.md).
import type { PaymentMethod } from '@shared/domain';

// --- Extras, groups
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

// --- Discount labels
export const LABEL_SPECIAL_PRICE = 'Sonderpreis';
export const LABEL_AND_MORE = ' & mehr';
export const LABEL_PREFIX_TODAY = 'Heute';
export const LABEL_PREFIX_NOW = 'Jetzt';

// --- Two-for-one dialog
export const TWO_FOR_ONE_DIALOG_TITLE = 'Wähle Deinen Rabatt';
export const TWO_FOR_ONE_NO_OPTION = 'Bitte wähle eine Option aus.';

// --- A line the engine cannot price
export const INVALID_DISH = 'Ungültiges Gericht';

// --- Names
export const GROUP_NAME_TOO_SHORT =
  'Bitte wähle einen Namen (mindestens 3 Zeichen) für deine Gruppe. Dieser Name wird deinen Gruppenmitgliedern angezeigt damit sie wissen dass sie der richtigen Gruppe beitreten.';
export const OWN_NAME_TOO_SHORT =
  'Bitte wähle einen Namen (mindestens 3 Zeichen) für dich. Anhand dieses Namen können deine Gruppenmitglieder sehen was du bestellst.';

/** (own) the chosen order time has passed and was replaced */
export function serveAtReplacedText(old: string, next: string | null): string {
  const was = old === 'asap' ? 'Eine Lieferung so schnell wie möglich' : `Die gewählte Zeit ${old} Uhr`;
  if (next === 'asap') return `${was} ist nicht mehr möglich. Wir liefern jetzt so schnell wie möglich.`;
  if (next) return `${was} ist nicht mehr möglich. Neue Zeit: ${next} Uhr.`;
  return `${was} ist nicht mehr möglich. Bitte wähle eine neue Zeit.`;
}

// shop closed (spec)
export const closedOpensInMinutes = (n: number) => `Wir öffnen in ${n} Minuten.`;
export const closedOpensAt = (time: string) => `Wir öffnen um ${time} Uhr.`;
export const CLOSED_TODAY = 'Wir haben für heute geschlossen.';
export const ALL_FRANCHISE_SHOPS_CLOSED = 'Zurzeit sind alle Filialen geschlossen.';

// --- Payment methods (own names; the menu's strip, the checkout, the shop's e-mails)
export const PAYMENT_METHOD_NAMES = {
  offline: 'Barzahlung',
  offline_debit: 'EC-Karte',
  PayPal_Platform: 'PayPal Checkout',
  PayPal_Rest: 'PayPal',
  Stripe_card: 'Kreditkarte',
  Stripe_sofort: 'Sofort',
  Stripe_alipay: 'Alipay',
  AmazonPay_Checkout: 'Amazon Pay',
  Heidelpay_PayPal: 'PayPal',
  Heidelpay_Sofort: 'Sofort',
  Sofort: 'Sofort',
} as const satisfies Readonly<Record<PaymentMethod, string>>;

// --- The shop's database is away (own): the server answers 503 `unavailable` with this
// text and the widgets show it where the guest is, with the cart and the form kept
export const SHOP_UNAVAILABLE = 'Der Shop ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.';
