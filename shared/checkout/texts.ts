// Texts of the checkout widget: the
// form (CHECKOUT_UI), the submit checks (CHECKOUT_TEXTS), refunds and the group-cart checks; the
// spec's words verbatim, the ones marked (own) are ours.
import { formatEuro } from '@shared/i18n';

export const CHECKOUT_UI = {
  /** (own) */
  title: 'Kasse',
  salutation: 'Anrede',
  salutationOptions: ['', 'Frau', 'Herr', 'Divers'] as const,
  salutationNone: 'keine Angabe',
  name: 'Vor- und Nachname',
  street: 'Straße',
  streetNumber: 'Hausnummer',
  zip: 'PLZ',
  city: 'Ort',
  email: 'E-Mail',
  phone: 'Telefon',
  floor: 'Etage (optional)',
  company: 'Firma (optional)',
  messageDriver: 'Nachricht an den Fahrer (optional)',
  messageCook: 'Nachricht an die Küche (optional)',
  addressLegend: 'Deine Angaben',
  deliveryLegend: 'Lieferadresse',
  pickupNote: 'Du holst Deine Bestellung selbst ab.',
  serveAtDelivery: 'Lieferzeit',
  serveAtPickup: 'Abholzeit',
  paymentLegend: 'Zahlungsmethode',
  summary: 'Deine Bestellung',
  legalBefore: 'Ich akzeptiere die ',
  terms: 'Allgemeinen Bestellbedingungen',
  legalMiddle: ' und die ',
  privacy: 'Datenschutzerklärung',
  legalAfter: '.',
  pickupConfirm: 'Ich hole meine Bestellung selbst ab.',
  nextDayConfirm: 'Mir ist bewusst, dass meine Bestellung erst am nächsten Tag geliefert wird.',
  /** 50/50 A/B test of the advertising text */
  advertising: [
    'Ja, ich möchte Angebote und Neuigkeiten per E-Mail erhalten (jederzeit abbestellbar).',
    'Schickt mir Gutscheine und Aktionen per E-Mail. Abmelden geht jederzeit mit einem Klick.',
  ] as const,
  createAccount: 'Konto erstellen',
  createAccountHint: 'Mit einem Konto musst Du Deine Adresse beim nächsten Mal nicht erneut eingeben.',
  /** §312j(3) BGB: the button that places an order the guest must pay reads so, for every method (docs/decisions.md) */
  submit: 'ZAHLUNGSPFLICHTIG BESTELLEN',
  /** (own) the simulated PayPal platform button places the order too: the same clear wording */
  paypalButton: 'Mit PayPal zahlungspflichtig bestellen',
  /** (own) beside the button: §312g(2) Nr. 2 BGB */
  withdrawalNote: 'Für Speisen, die für Deine Bestellung zubereitet werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 2 BGB).',
  /** (own) the links under the button */
  legalLinks: 'Rechtliches',
  termsLink: 'Allgemeine Bestellbedingungen',
  accessibility: 'Barrierefreiheit',
  newTab: '(öffnet in neuem Tab)',
  /** (own) after the total: prices include VAT (PAngV) */
  inclVat: 'inkl. MwSt.',
  sending: 'Deine Bestellung wird gesendet …',
  preparing: 'Die Zahlung wird vorbereitet …',
  redirecting: 'Weiter zum Zahlungsanbieter …',
  paymentFailed: 'Die Zahlung ist fehlgeschlagen',
  paymentCanceled: 'Die Zahlung wurde abgebrochen. Dein Warenkorb und Deine Angaben sind noch da.',
  instrumentDeclined: 'PayPal hat das gewählte Zahlungsmittel abgelehnt. Bitte wähle ein anderes Zahlungsmittel.',
  addressCorrectedText: (a: string) => `Wir haben Deine Adresse so gefunden: ${a}. Stimmt das?`,
  addressCorrectedYes: 'JA, STIMMT',
  addressCorrectedNo: 'ANPASSEN',
  formErrors: 'Bitte prüfe die markierten Felder.',
  otherError: 'Die Bestellung konnte gerade nicht gesendet werden. Dein Warenkorb bleibt erhalten, bitte versuche es noch einmal.',
  emptyCart: 'Dein Warenkorb ist leer.',
  backToMenu: 'Zur Speisekarte',
  toFullShop: 'Im Shop weiter bestellen',
  close: 'Kasse schließen',
  // success page
  successTitle: 'Deine Bestellung',
  thanks: 'Vielen Dank für Deine Bestellung!',
  orderNumber: 'Bestellnummer',
  serveTimeDelivery: 'Lieferzeit',
  serveTimePickup: 'Abholzeit',
  asap: 'So schnell wie möglich',
  status: 'Status',
  payment: 'Zahlung',
  subtotal: 'Zwischensumme',
  discount: 'Rabatt',
  coupon: 'Gutschein',
  deposit: 'Pfand',
  deliveryFee: 'Liefergebühr',
  total: 'Gesamt',
  loadingOrder: 'Deine Bestellung wird geladen …',
  orderNotFound: 'Diese Bestellung gibt es nicht.',
  toCheckout: 'Zurück zur Kasse',
} as const;


// --- Checkout submit checks
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

// --- Refund
export const REFUND_TOO_HIGH = 'Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.';
export const REFUND_NOT_POSITIVE = 'Der zu erstattende Wert muss größer als 0 sein.';
export { REFUND_PROMOTION_MARKER } from '@shared/domain';

// --- Group cart integrity (kept in English as in the spec)
export const GROUP_NO_MEMBERS = 'No members found';
export const GROUP_DUPLICATE_MEMBER = 'Duplicate member found';
export const GROUP_ONE_OWNER = 'There must be exactly one owner';
export const GROUP_AMOUNT_MISMATCH = 'Amount sum does not match';

