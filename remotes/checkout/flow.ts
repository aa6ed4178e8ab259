// The checkout's payment steps: address → sending
// (submit) → prepare (payment preparation, 3 tries 1 s apart) → confirmation on a captured payment,
// external on a redirect, PayPal-like approval; a failure goes back to the address step.
// Orchestration only: the rules come from @shared/rules, the calls from @shared/api.
import { capturePaypalPayment, preparePayment, submitOrder, type SubmitFailure, classifySubmitError, type Attempt, paymentKind, paymentReturnUrls, PREPARE_RETRY_MS, PREPARE_TRIES } from '@shared/checkout';
import type { OrderSubmission, PaymentMethod } from '@shared/domain';
import { parseJson, session, storageKeys } from '@shared/stores';
import { currentToken, signupWithOrder } from './account';

export type Step = 'address' | 'sending' | 'prepare' | 'external' | 'confirmation';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Retries `fn` on errors without an answer (network, 5xx) — `tries` in all, `delayMs` apart. */
export async function withRetries<T>(fn: () => Promise<T>, tries = PREPARE_TRIES, delayMs = PREPARE_RETRY_MS, wait = sleep): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await fn();
    } catch (e) {
      last = e;
      if (classifySubmitError(e).kind !== 'other') throw e;
      if (i < tries - 1) await wait(delayMs);
    }
  }
  throw last;
}

// ---------- what survives the payment redirect (sessionStorage, per shop) ----------

export interface StoredAttempt extends Attempt {
  /** set once the server made the order */
  orderId?: string;
  method?: PaymentMethod;
  /** the provider's payment reference (PayPal-like capture needs it) */
  ref?: string | null;
  /** the whole form as sent (messages and consents too): back from a payment page it is intact */
  form?: unknown;
}

export function loadAttempt(shopId: string): StoredAttempt | null {
  const raw = parseJson(session.get(storageKeys.checkoutAttempt(shopId)));
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as StoredAttempt;
  return typeof a.fingerprint === 'string' && typeof a.key === 'string' ? a : null;
}

export function saveAttempt(shopId: string, a: StoredAttempt | null): void {
  if (a) session.set(storageKeys.checkoutAttempt(shopId), JSON.stringify(a));
  else session.remove(storageKeys.checkoutAttempt(shopId));
}

/** A message for the form after coming back (payment failed / cancelled / declined instrument). */
export type Notice = 'paymentFailed' | 'paymentCanceled' | 'instrumentDeclined';
export function setNotice(shopId: string, n: Notice | null): void {
  if (n) session.set(storageKeys.checkoutNotice(shopId), n);
  else session.remove(storageKeys.checkoutNotice(shopId));
}
/** The notice left for the next checkout view (read only: a render may run more than once). */
export function peekNotice(shopId: string): Notice | null {
  const n = session.get(storageKeys.checkoutNotice(shopId));
  return n === 'paymentFailed' || n === 'paymentCanceled' || n === 'instrumentDeclined' ? n : null;
}

// ---------- submit and prepare ----------

export type PayResult =
  | { kind: 'submitFailed'; failure: SubmitFailure }
  /** captured (or paid at the door): show the confirmation */
  | { kind: 'confirmed'; orderId: string }
  /** a hosted payment page: go there */
  | { kind: 'redirect'; orderId: string; url: string }
  /** PayPal-like: approve with `ref` (simulated: at `url`), then capture */
  | { kind: 'approve'; orderId: string; ref: string; url: string | null }
  | { kind: 'failed'; orderId: string | null };

export interface Where {
  inShell: boolean;
  shopUrl: string;
  pageUrl: string;
}

/**
 * Sends the order with the attempt's idempotency key (a retry makes no second order), then
 * prepares the payment. `onStep` reports sending / prepare.
 */
export async function placeAndPrepare(
  shopId: string, submission: OrderSubmission, attempt: StoredAttempt, where: Where, onStep: (s: Step) => void,
): Promise<PayResult> {
  onStep('sending');
  // table orders carry the method beside their empty form values
  const method = (submission.formValues.paymentMethod || submission.paymentMethod) as PaymentMethod;
  let orderId: string;
  try {
    const answer = await submitOrder({ ...submission, idempotencyKey: attempt.key }, { idempotencyKey: attempt.key, token: currentToken() });
    orderId = answer.order.id;
    // 'Konto erstellen' (passed): the account and its link come with the order
    if (submission.createAccount) void signupWithOrder(orderId);
  } catch (e) {
    return { kind: 'submitFailed', failure: classifySubmitError(e) };
  }
  saveAttempt(shopId, { ...attempt, orderId, method, ref: null });
  onStep('prepare');
  let prep;
  try {
    prep = await withRetries(() => preparePayment(orderId, method, paymentReturnUrls(where, orderId)));
  } catch {
    return { kind: 'failed', orderId };
  }
  if (prep.status === 'captured') return { kind: 'confirmed', orderId };
  if (prep.status === 'failed') return { kind: 'failed', orderId };
  const kind = paymentKind(method);
  if (kind === 'paypal-platform' && prep.id) {
    saveAttempt(shopId, { ...attempt, orderId, method, ref: prep.id });
    return { kind: 'approve', orderId, ref: prep.id, url: prep.url ?? null };
  }
  if (prep.url) {
    saveAttempt(shopId, { ...attempt, orderId, method, ref: prep.sessionid ?? prep.id ?? null });
    return { kind: 'redirect', orderId, url: prep.url };
  }
  return { kind: 'failed', orderId };
}

/** PayPal-like: capture after approval. success → confirmation; INSTRUMENT_DECLINED → choose again. */
export async function capture(orderId: string, method: string, ref: string): Promise<'success' | 'INSTRUMENT_DECLINED' | 'error'> {
  try {
    return await capturePaypalPayment(orderId, method, ref);
  } catch {
    return 'error';
  }
}
