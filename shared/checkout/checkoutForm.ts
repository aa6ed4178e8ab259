// The checkout form's rules: what is remembered per shop, the order in which the submit checks run,
// the submission payload, the idempotency key of an attempt, where a payment returns to and
// what an order's status means for the cart. Pure: the checkout widget only wires these up.
import type { CartItem, Cents, CheckoutFormValues, OrderSubmission, PaymentMethod, SelectedFreeItem, ShopConfig, StaticPage } from '@shared/domain';
import { validateCheckout, unsuitedItems, type CheckoutFailure } from './checkout';
import { checkoutFormErrors, FIELD_MAX_LENGTH, type FormErrors, type OrderFormValues } from './order';
import { availablePaymentMethods } from './payment';

/** The form's state: the text fields of the order (CheckoutFormValues, declared once in @shared/domain) plus the consents. */
export interface CheckoutFormState extends Omit<CheckoutFormValues, 'paymentMethod' | 'isPickup' | 'serveAt'> {
  paymentMethod: PaymentMethod | '';
  legalAccepted: boolean;
  pickupConfirmed: boolean;
  acceptAdvertising: boolean;
  createAccount: boolean;
}

export const EMPTY_CHECKOUT_FORM: CheckoutFormState = {
  salutation: '', name: '', street: '', streetNumber: '', zip: '', city: '', email: '', phone: '',
  floor: '', company: '', messageDriver: '', messageCook: '', paymentMethod: '',
  legalAccepted: false, pickupConfirmed: false, acceptAdvertising: false, createAccount: false,
};

/** Remembered per shop: the address and contact fields and the payment method — not the messages
 * and not the consents (they are given for one order). */
export const REMEMBERED_FIELDS = ['salutation', 'name', 'street', 'streetNumber', 'zip', 'city', 'email', 'phone', 'floor', 'company', 'paymentMethod'] as const;
type Remembered = (typeof REMEMBERED_FIELDS)[number];

/** Field order on the form: the first field with an error is the one scrolled to. */
export const FORM_FIELD_ORDER = [
  'salutation', 'name', 'street', 'streetNumber', 'zip', 'city', 'floor', 'company', 'email', 'phone',
  'serveAt', 'messageDriver', 'messageCook', 'paymentMethod', 'legalAccepted', 'pickupConfirmed', 'acceptAdvertising',
] as const;

export function rememberedPart(form: CheckoutFormState): Pick<CheckoutFormState, Remembered> {
  const out = {} as Record<Remembered, string>;
  for (const k of REMEMBERED_FIELDS) out[k] = form[k];
  return out as Pick<CheckoutFormState, Remembered>;
}

/** A remembered form read back: strings only, cut to the field's maximum; anything else dropped. */
export function restoreRemembered(raw: unknown): Partial<CheckoutFormState> {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<Record<Remembered, string>> = {};
  for (const k of REMEMBERED_FIELDS) {
    const value = r[k];
    if (typeof value !== 'string') continue;
    const max = k === 'paymentMethod' ? 40 : (FIELD_MAX_LENGTH[k] ?? 200);
    out[k] = value.slice(0, max);
  }
  return out as Partial<CheckoutFormState>;
}

/** The method shown as chosen: the remembered one if still allowed, else the only one, else none. */
export function initialPaymentMethod(available: readonly PaymentMethod[], remembered: string | undefined): PaymentMethod | '' {
  if (remembered && (available as readonly string[]).includes(remembered)) return remembered as PaymentMethod;
  return available.length === 1 ? available[0] : '';
}

/** The methods of the active delivery type, in the shop's order (availability). */
export function checkoutPaymentMethods(config: Parameters<typeof availablePaymentMethods>[0], deliveryType: 'delivery' | 'pickup'): PaymentMethod[] {
  return availablePaymentMethods(config, deliveryType);
}

/** The address as one line for the address lookup ('Straße Nr, PLZ Ort'); '' while incomplete. */
export function locationOf(f: Pick<CheckoutFormState, 'street' | 'streetNumber' | 'zip' | 'city'>): string {
  const street = `${f.street.trim()} ${f.streetNumber.trim()}`.trim();
  const town = `${f.zip.trim()} ${f.city.trim()}`.trim();
  if (!f.street.trim() || !f.streetNumber.trim() || (!f.zip.trim() && !f.city.trim())) return '';
  return `${street}, ${town}`;
}

/** 409 code 2: the address fields replaced by the server's assumed location. */
export function applyAssumedLocation(f: CheckoutFormState, a: { street: string; streetNumber: string; zip: string; city: string }): CheckoutFormState {
  return { ...f, street: a.street, streetNumber: a.streetNumber, zip: a.zip, city: a.city };
}

/**
 * Field errors checked before the ten submit checks: everything the form needs except the e-mail,
 * which is the fifth submit check (so the checks keep their order). Empty object when fine.
 */
export function preSubmitFieldErrors(f: CheckoutFormState, deliveryType: 'delivery' | 'pickup'): FormErrors {
  const errors = checkoutFormErrors(f as OrderFormValues, deliveryType);
  if (errors.email && f.email.trim().length <= (FIELD_MAX_LENGTH.email ?? 200)) delete errors.email;
  return errors;
}

export function firstErrorField(errors: Record<string, string | undefined>): string | null {
  for (const k of FORM_FIELD_ORDER) if (errors[k]) return k;
  const rest = Object.keys(errors).find((k) => errors[k]);
  return rest ?? null;
}

export interface SubmitCheckState {
  form: CheckoutFormState;
  deliveryType: 'delivery' | 'pickup';
  franchiseMode: boolean;
  viaPayPalButton: boolean;
  /** delivery: the form's address lies in a delivery zone */
  addressInDeliveryArea: boolean;
  minimumOrderStatus: 'not-ordered' | 'not-reached' | 'reached';
  config: Pick<ShopConfig, 'paymentMethodsPickupMinimumOrderValue'>;
  subtotalAfterCoupon: Cents;
  items: readonly CartItem[];
}

/** The ten submit checks on the checkout's state, in their order; null when the order may go. */
export function runSubmitChecks(s: SubmitCheckState): CheckoutFailure | null {
  return validateCheckout({
    deliveryType: s.deliveryType,
    franchiseMode: s.franchiseMode,
    paymentMethod: s.form.paymentMethod,
    viaPayPalButton: s.viaPayPalButton,
    addressInDeliveryArea: s.addressInDeliveryArea,
    minimumOrderStatus: s.minimumOrderStatus,
    legalAccepted: s.form.legalAccepted,
    email: s.form.email,
    config: s.config,
    subtotalAfterDiscountMinusCoupon: s.subtotalAfterCoupon,
    createAccount: s.form.createAccount,
    acceptAdvertising: s.form.acceptAdvertising,
    nextDayDelivery: false, // serve times are today's (shared/time)
    pickupConfirmed: s.form.pickupConfirmed,
    itemCount: s.items.length,
    unsuitedCount: unsuitedItems(s.items, s.deliveryType).length,
  });
}

export interface SubmissionInput {
  form: CheckoutFormState;
  deliveryType: 'delivery' | 'pickup';
  serveAt: string | null;
  items: CartItem[];
  couponCode: string | null;
  sessionId: string;
  selectedFreeItems: SelectedFreeItem[];
  confirmedTwoForOnePromotions: string[];
  viaPayPalButton: boolean;
  skipGoogleValidation: boolean;
  /** the catalog version the cart was priced on (bootstrap): a changed catalog's 409 names the dishes */
  catalogVersion?: string | null;
}

/** The order submission payload with our own fields; prices are never sent as truth. */
export function buildSubmission(s: SubmissionInput): OrderSubmission {
  const f = s.form;
  const pickup = s.deliveryType === 'pickup';
  const t = (x: string) => x.trim();
  return {
    formValues: {
      salutation: t(f.salutation), name: t(f.name), email: t(f.email), phone: t(f.phone),
      street: pickup ? '' : t(f.street), streetNumber: pickup ? '' : t(f.streetNumber),
      zip: pickup ? '' : t(f.zip), city: pickup ? '' : t(f.city),
      floor: pickup ? '' : t(f.floor), company: t(f.company),
      messageDriver: pickup ? '' : t(f.messageDriver), messageCook: t(f.messageCook),
      paymentMethod: f.paymentMethod, isPickup: pickup, serveAt: s.serveAt ?? 'asap',
    },
    orderItems: s.items,
    couponCode: s.couponCode,
    sessionId: s.sessionId,
    userId: null,
    groupOrderId: null,
    acceptAdvertising: f.acceptAdvertising,
    useDishDeposit: false,
    account: null,
    createAccount: f.createAccount,
    skipGoogleValidation: s.skipGoogleValidation,
    selectedFreeItems: s.selectedFreeItems,
    confirmedTwoForOnePromotions: s.confirmedTwoForOnePromotions,
    expectedTwoForOnePromotions: [],
    legalAccepted: f.legalAccepted,
    pickupConfirmed: f.pickupConfirmed,
    viaPayPalButton: s.viaPayPalButton,
    ...(s.catalogVersion ? { catalogVersion: s.catalogVersion } : {}),
  };
}

export interface Attempt {
  fingerprint: string;
  key: string;
}

/** A line without what the engine derives on the client (prices, tags): the server never reads them. */
function canonicalLine(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const { price, priceNonDiscounted: _n, tags: _t, ...rest } = item as Record<string, unknown>;
  // a waiter's refund line names its (negative) amount in its price: that one is read
  const out: Record<string, unknown> = rest.promotion === 'waiter-refund' ? { ...rest, price } : rest;
  if (Array.isArray(rest.subitems)) out.subitems = rest.subitems.map(canonicalLine);
  return out;
}

/**
 * What makes two submissions the same checkout attempt: the whole submission but its key, with
 * the lines as the server reads them. A cart line added in the menu carries price 0 and no tags
 * until a reload restores it through the engine; back from a cancelled payment the same cart must
 * still be the same order. The server hashes its request the same way.
 */
export function submissionFingerprint(submission: object): string {
  const { idempotencyKey: _k, ...rest } = submission as Record<string, unknown>;
  if (Array.isArray(rest.orderItems)) rest.orderItems = rest.orderItems.map(canonicalLine);
  return JSON.stringify(rest);
}

/**
 * The idempotency key of a submit: the same payload as the last attempt (a retry, a second press
 * after a cancelled payment) keeps its key, so the server answers with the same order; anything
 * changed is a new attempt with a new key.
 */
export function attemptFor(previous: Attempt | null, submission: OrderSubmission, newKey: () => string): Attempt {
  const fingerprint = submissionFingerprint(submission);
  return previous && previous.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}

/** A/B test of the advertising text (50/50): stable per session id. */
export function advertisingVariant(sessionId: string): 0 | 1 {
  let h = 0;
  for (let i = 0; i < sessionId.length; i++) h = (h * 31 + sessionId.charCodeAt(i)) | 0;
  return (Math.abs(h) % 2) as 0 | 1;
}

/** Links of the legal acceptance: the shop's terms and privacy pages (by name or title). */
export function legalPages(pages: readonly Pick<StaticPage, 'id' | 'name' | 'title'>[]): { terms: string | null; privacy: string | null } {
  const find = (words: string[]) => pages.find((p) => words.some((w) => p.name.includes(w) || p.title.includes(w)))?.id ?? null;
  return { terms: find(['AGB', 'Bedingungen']), privacy: find(['Datenschutz']) };
}

// ---------- where a payment comes back to ----------

/** Query parameter that marks a return to a restaurant's own page ('success' | 'paymentCanceled'). */
export const RETURN_PARAM = 'tl_checkout';
export const RETURN_ORDER_PARAM = 'tl_order';
/** Appended by the payment page (the simulated provider) to the return URL. */
const PROVIDER_PARAMS = ['order', 'payment', 'session_id', 'token', 'PayerID'];
/** The spec route after a cancelled payment (/checkout/{paymentCanceled}). */
export const PAYMENT_CANCELED_SEGMENT = 'paymentCanceled';

export interface ReturnUrls {
  returnUrl: string;
  cancelUrl: string;
}

/**
 * In the shop: the success route and /checkout/paymentCanceled. On a restaurant's own page: that
 * page itself, marked so the checkout opens there again (the cart never crosses origins).
 */
export function paymentReturnUrls(where: { inShell: boolean; shopUrl: string; pageUrl: string }, orderId: string): ReturnUrls {
  if (where.inShell) {
    const base = where.shopUrl.replace(/\/+$/, '');
    return { returnUrl: `${base}/checkout/success/${encodeURIComponent(orderId)}`, cancelUrl: `${base}/checkout/${PAYMENT_CANCELED_SEGMENT}` };
  }
  const page = new URL(stripReturnParams(where.pageUrl));
  page.hash = '';
  const mark = (state: string) => {
    const u = new URL(page.href);
    u.searchParams.set(RETURN_PARAM, state);
    u.searchParams.set(RETURN_ORDER_PARAM, orderId);
    return u.href;
  };
  return { returnUrl: mark('success'), cancelUrl: mark(PAYMENT_CANCELED_SEGMENT) };
}

export interface PaymentReturn {
  /** 'success' also after a failed or declined payment: `payment` tells */
  view: 'success' | 'paymentCanceled' | null;
  orderId: string | null;
  /** what the payment page reported: paid, failed, cancelled, approved, declined (PayPal-like) */
  payment: string | null;
}

/** Reads a return from a payment page off a URL (both the shop routes and a restaurant's page). */
export function readPaymentReturn(url: string): PaymentReturn {
  const u = new URL(url);
  const q = u.searchParams;
  const view = q.get(RETURN_PARAM);
  const orderId = q.get(RETURN_ORDER_PARAM) ?? q.get('order');
  return {
    view: view === 'success' || view === PAYMENT_CANCELED_SEGMENT ? view : null,
    orderId: orderId && /^[A-Za-z0-9_-]{8,64}$/.test(orderId) ? orderId : null,
    payment: q.get('payment'),
  };
}

/** The URL without the return markers (so a reload does not replay the return). */
export function stripReturnParams(url: string): string {
  const u = new URL(url);
  for (const p of [RETURN_PARAM, RETURN_ORDER_PARAM, ...PROVIDER_PARAMS]) u.searchParams.delete(p);
  return u.href;
}

// ---------- after the order ----------

export type OrderOutcome = 'done' | 'waiting' | 'failed' | 'cancelled' | 'refused';

/**
 * What an order's status means for the guest: done (confirmed or paid: the cart may be emptied),
 * waiting (the payment is not settled yet), failed / cancelled (back to the checkout, cart kept).
 */
export function orderOutcome(s: { status: string; paymentStatus: string; refused?: boolean }): OrderOutcome {
  // refused by the restaurant: the order stays on the success page with the reason (not a cancelled payment)
  if (s.refused) return 'refused';
  if (s.paymentStatus === 'failed') return 'failed';
  if (s.paymentStatus === 'cancelled' || s.status === 'cancelled') return 'cancelled';
  if (s.paymentStatus === 'paid' || s.paymentStatus === 'on_delivery') return 'done';
  return 'waiting';
}

/** Status polling on the success page (own): every 3 s while waiting, every 15 s after. */
export const STATUS_POLL_MS = { waiting: 3000, done: 15000 } as const;
/** Payment preparation: 3 tries, 1 s apart. */
export const PREPARE_TRIES = 3;
export const PREPARE_RETRY_MS = 1000;
