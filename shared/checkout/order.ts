// Order placement rules shared by the checkout widget and the server:
// field errors of the checkout form, the wanted serve time against the delivery period, the
// payment kind of a method and the order status machine. Pure: plain data in, plain data out.
import type { CheckoutFormValues, DeliveryPeriod, PaymentMethod } from '@shared/domain';
import { isEmail } from '@shared/rules';

/** Field names of the checkout form values. */
export type CheckoutField =
  | 'salutation' | 'name' | 'street' | 'streetNumber' | 'zip' | 'city' | 'email' | 'phone'
  | 'messageDriver' | 'messageCook' | 'paymentMethod' | 'serveAt' | 'floor' | 'company'
  | 'legalAccepted' | 'pickupConfirmed' | 'acceptAdvertising';

export type FormErrors = Partial<Record<CheckoutField, string>>;

/** (own) German field messages */
export const ORDER_FORM_TEXTS = {
  name: 'Bitte gib Deinen Namen ein.',
  street: 'Bitte gib Deine Straße ein.',
  streetNumber: 'Bitte gib auch eine Hausnummer an.',
  zip: 'Bitte gib eine fünfstellige Postleitzahl ein.',
  city: 'Bitte gib Deinen Ort ein.',
  email: 'Bitte gib eine gültige Email Adresse ein.',
  phone: 'Bitte gib eine gültige Telefonnummer ein.',
  tooLong: (max: number) => `Bitte höchstens ${max} Zeichen eingeben.`,
  paymentMethodUnavailable: 'Diese Zahlungsmethode ist für diese Bestellart nicht verfügbar.',
  serveAtClosed: 'Wir haben aktuell geschlossen',
  serveAtChoose: (pickup: boolean) => `Bitte wähle eine ${pickup ? 'Abholzeit' : 'Lieferzeit'}.`,
  serveAtGone: 'Die gewählte Zeit ist nicht mehr verfügbar. Bitte wähle eine andere Zeit.',
  addressCorrectedTitle: 'Adresse korrigiert',
  couponInvalid: 'Der Gutscheincode ist ungültig oder abgelaufen.',
  couponUsedUp: 'Dieser Gutschein wurde bereits eingelöst.',
  couponOtherPhone: 'Dieser Gutschein ist für eine andere Telefonnummer reserviert. Bitte gib die Telefonnummer an, für die Du ihn reserviert hast.',
  couponMinimum: 'Der Mindestbestellwert für diesen Gutschein ist noch nicht erreicht.',
} as const;

/** Longest accepted value per text field (the server rejects longer ones with the message above). */
export const FIELD_MAX_LENGTH: Partial<Record<CheckoutField, number>> = {
  salutation: 20, name: 100, street: 100, streetNumber: 20, zip: 5, city: 80, email: 200, phone: 40,
  messageDriver: 500, messageCook: 500, floor: 40, company: 100,
};

/** The text fields of the checkout form, any of them possibly missing. */
export type OrderFormValues = Partial<Omit<CheckoutFormValues, 'paymentMethod' | 'isPickup' | 'serveAt'>>;

const PHONE = /^\+?[0-9][0-9 ()/-]{4,30}$/;
const ZIP = /^\d{5}$/;

/**
 * Per-field errors of the checkout form; empty object when every field is fine.
 * Delivery needs the address (street, number, postal code, town); pickup only name, e-mail, phone.
 */
export function checkoutFormErrors(values: OrderFormValues, deliveryType: 'delivery' | 'pickup'): FormErrors {
  const errors: FormErrors = {};
  const val = (k: keyof OrderFormValues) => (typeof values[k] === 'string' ? (values[k] as string).trim() : '');
  for (const [field, max] of Object.entries(FIELD_MAX_LENGTH) as [keyof OrderFormValues, number][]) {
    if (val(field).length > max) errors[field] = ORDER_FORM_TEXTS.tooLong(max);
  }
  const need = (field: keyof OrderFormValues & CheckoutField, ok: boolean, message: string) => {
    if (!errors[field] && !ok) errors[field] = message;
  };
  need('name', val('name').length > 0, ORDER_FORM_TEXTS.name);
  need('email', isEmail(val('email')), ORDER_FORM_TEXTS.email);
  need('phone', PHONE.test(val('phone')), ORDER_FORM_TEXTS.phone);
  if (deliveryType === 'delivery') {
    need('street', val('street').length > 0, ORDER_FORM_TEXTS.street);
    need('streetNumber', val('streetNumber').length > 0, ORDER_FORM_TEXTS.streetNumber);
    need('zip', ZIP.test(val('zip')), ORDER_FORM_TEXTS.zip);
    need('city', val('city').length > 0, ORDER_FORM_TEXTS.city);
  }
  return errors;
}

/** '' or 'asap' (any case) = as soon as possible; else 'HH:MM'. */
export function isAsap(serveAt: string | null | undefined): boolean {
  return !serveAt || serveAt.trim() === '' || serveAt.trim().toLowerCase() === 'asap';
}

/**
 * The wanted serve time against the delivery period (shared/time): ASAP needs allowASAP for the
 * type; a time must be one of validServeTimes (pre-orders). Returns the German message or null.
 */
export function serveAtProblem(
  period: Pick<DeliveryPeriod, 'allowASAP' | 'validServeTimes'>, deliveryType: 'delivery' | 'pickup', serveAt: string | null | undefined,
): string | null {
  const slots = period.validServeTimes[deliveryType] ?? [];
  if (isAsap(serveAt)) {
    if (period.allowASAP[deliveryType]) return null;
    return slots.length > 0 ? ORDER_FORM_TEXTS.serveAtChoose(deliveryType === 'pickup') : ORDER_FORM_TEXTS.serveAtClosed;
  }
  return slots.includes(serveAt!.trim()) ? null : slots.length > 0 ? ORDER_FORM_TEXTS.serveAtGone : ORDER_FORM_TEXTS.serveAtClosed;
}

/** How a payment method is paid: online, in the wallet or on delivery. */
export type PaymentKind = 'offline' | 'redirect' | 'paypal-platform' | 'wallet' | 'card-resource';

export function paymentKind(method: PaymentMethod): PaymentKind {
  if (method === 'offline' || method === 'offline_debit') return 'offline';
  if (method === 'PayPal_Platform') return 'paypal-platform';
  if (method === 'AmazonPay_Checkout') return 'wallet';
  if (method.startsWith('Heidelpay_')) return 'card-resource';
  return 'redirect'; // Stripe_*, PayPal_Rest, Sofort: a hosted page and back
}

// ---------- order status ----------

export type OrderStatus =
  | 'received' | 'confirmed' | 'in_preparation' | 'on_the_way' | 'ready_for_pickup' | 'delivered' | 'picked_up' | 'cancelled';

export type PaymentStatus = 'open' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'on_delivery';

/**
 * (own) German status texts for the success page and the restaurant mail. 'confirmed' means the
 * order is binding (cash: placed; online: paid), not that the restaurant accepted it: that is
 * `accepted` (guestStatusText).
 */
export const ORDER_STATUS_TEXTS: Record<OrderStatus, string> = {
  received: 'Bestellung eingegangen',
  confirmed: 'Bestellung übermittelt',
  in_preparation: 'Wird zubereitet',
  on_the_way: 'Unterwegs zu Dir',
  ready_for_pickup: 'Bereit zur Abholung',
  delivered: 'Geliefert',
  picked_up: 'Abgeholt',
  cancelled: 'Storniert',
};

/** (own) once the restaurant has accepted (staff app or POS) */
export const ACCEPTED_STATUS_TEXT = 'Vom Restaurant angenommen';
/** (own) binding, and the restaurant has not answered yet */
export const WAITING_STATUS_TEXT = 'Bestellung übermittelt – wartet auf die Bestätigung des Restaurants';

/** What the guest (and staff) read for a status: honest about whether the restaurant accepted yet. */
export function guestStatusText(status: OrderStatus, accepted: boolean): string {
  if (status === 'confirmed') return accepted ? ACCEPTED_STATUS_TEXT : WAITING_STATUS_TEXT;
  return ORDER_STATUS_TEXTS[status];
}

export const PAYMENT_STATUS_TEXTS: Record<PaymentStatus, string> = {
  open: 'Offen',
  pending: 'Zahlung ausstehend',
  paid: 'Bezahlt',
  failed: 'Zahlung fehlgeschlagen',
  cancelled: 'Zahlung abgebrochen',
  on_delivery: 'Zahlung bei Übergabe',
};

const NEXT: Record<OrderStatus, OrderStatus[]> = {
  received: ['confirmed', 'cancelled'],
  confirmed: ['in_preparation', 'cancelled'],
  in_preparation: ['on_the_way', 'ready_for_pickup', 'cancelled'],
  on_the_way: ['delivered'],
  ready_for_pickup: ['picked_up'],
  delivered: [],
  picked_up: [],
  cancelled: [],
};

/** Allowed status changes; delivery orders go on_the_way → delivered, pickup ready_for_pickup → picked_up. */
export function canChangeStatus(from: OrderStatus, to: OrderStatus, deliveryType: 'delivery' | 'pickup'): boolean {
  if (!NEXT[from].includes(to)) return false;
  if (deliveryType === 'delivery' && to === 'ready_for_pickup') return false;
  if (deliveryType === 'pickup' && to === 'on_the_way') return false;
  return true;
}
