// Input rules of the shop's pages (reservation, rating, unsubscribe, jobs, coupons). Pure: the
// browser shows the messages under the fields, the server runs the same rules and answers 400.
import { isEmail } from '@shared/rules';
import { isIsoDate } from '@shared/time/clock';
import { PAGE_MESSAGES as M, UNSUBSCRIBE_LABELS } from './texts';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;
export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A German phone number for lookups: spaces and separators go, '+49'/'0049' become '0'
 * (a '(0)' after the country code is dropped). null when it is no phone number.
 */
export function normalizePhone(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  let n = raw.replace(/[\s\-/().]/g, '');
  if (n.startsWith('+49')) n = n.slice(3);
  else if (n.startsWith('0049')) n = n.slice(4);
  else if (!n.startsWith('+')) return /^0\d{5,15}$/.test(n) ? n : null;
  else return /^\+\d{6,15}$/.test(n) ? n : null;
  if (n.startsWith('0')) n = n.slice(1);
  n = `0${n}`;
  return /^0\d{5,15}$/.test(n) ? n : null;
}

const str = (x: unknown): string => (typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : '');

function dayNumber(iso: string): number | null {
  return isIsoDate(iso) ? Date.parse(`${iso}T00:00:00Z`) / 86_400_000 : null;
}

// ---------- table reservation ----------

export const RESERVATION_MAX_PERSONS = 20;
export const RESERVATION_MAX_DAYS_AHEAD = 180;

export interface ReservationValues {
  date: string;
  time: string;
  persons: number;
  name: string;
  phone: string;
  email: string;
  message: string;
}
export type ReservationField = keyof ReservationValues;

/** `now`: the shop's date ('YYYY-MM-DD') and minute of the day. */
export function validateReservation(
  input: Record<string, unknown>,
  now: { date: string; minute: number },
): Checked<ReservationValues, ReservationField> {
  const errors: FieldErrors<ReservationField> = {};
  const date = str(input.date);
  const time = str(input.time);
  const day = dayNumber(date);
  const today = dayNumber(now.date) ?? 0;
  if (!date || day === null) errors.date = M.dateMissing;
  else if (day < today) errors.date = M.datePast;
  else if (day > today + RESERVATION_MAX_DAYS_AHEAD) errors.date = M.dateTooFar;
  if (!HHMM.test(time)) errors.time = M.timeMissing;
  else if (day === today && Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) <= now.minute) errors.time = M.timePast;
  const personsText = str(input.persons);
  const persons = /^\d{1,2}$/.test(personsText) ? Number(personsText) : NaN;
  if (!(persons >= 1 && persons <= RESERVATION_MAX_PERSONS)) errors.persons = M.persons;
  const name = str(input.name);
  if (name.length < 2 || name.length > 80) errors.name = M.name;
  const phone = normalizePhone(str(input.phone));
  if (!phone) errors.phone = M.phone;
  const email = str(input.email);
  if (!isEmail(email)) errors.email = M.email;
  const message = str(input.message);
  if (message.length > 1000) errors.message = M.message;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { date, time, persons, name, phone: phone as string, email: email.toLowerCase(), message } };
}

/** /tr/{id}/{type}: the restaurant's answer. */
export const RESERVATION_ANSWERS = { bestaetigen: 'confirmed', ablehnen: 'declined' } as const;
export type ReservationAnswerType = keyof typeof RESERVATION_ANSWERS;
export function parseReservationAnswer(type: string): 'confirmed' | 'declined' | null {
  return Object.prototype.hasOwnProperty.call(RESERVATION_ANSWERS, type) ? RESERVATION_ANSWERS[type as ReservationAnswerType] : null;
}

/** Ids in links (reservations, coupon e-mails): letters, digits, _ and -. */
export const LINK_ID = /^[A-Za-z0-9_-]{6,64}$/;

// ---------- dish rating ----------

export interface FeedbackValues {
  ratings: { position: number; stars: number }[];
  comment: string;
}
export type FeedbackField = 'ratings' | 'comment';

/** Every dish of the order (`positions`) gets 1–5 whole stars; the comment is optional. */
export function validateFeedback(input: Record<string, unknown>, positions: readonly number[]): Checked<FeedbackValues, FeedbackField> {
  const errors: FieldErrors<FeedbackField> = {};
  const list = Array.isArray(input.ratings) ? (input.ratings as unknown[]) : [];
  const byPosition = new Map<number, number>();
  for (const r of list) {
    if (!r || typeof r !== 'object') continue;
    const { position, stars } = r as { position?: unknown; stars?: unknown };
    if (typeof position === 'number' && typeof stars === 'number') byPosition.set(position, stars);
  }
  const ratings = positions.map((position) => ({ position, stars: byPosition.get(position) ?? 0 }));
  if (
    positions.length === 0 ||
    byPosition.size !== positions.length ||
    ratings.some((r) => !Number.isInteger(r.stars) || r.stars < 1 || r.stars > 5)
  ) {
    errors.ratings = M.stars;
  }
  const comment = str(input.comment);
  if (comment.length > 1000) errors.comment = M.comment;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ratings, comment } };
}

// ---------- unsubscribe ----------

export const UNSUBSCRIBE_TYPES = Object.keys(UNSUBSCRIBE_LABELS);

export function isUnsubscribeType(type: string): boolean {
  return UNSUBSCRIBE_TYPES.includes(type);
}

export function validateUnsubscribe(input: Record<string, unknown>): Checked<{ type: string; email: string }, 'type' | 'email'> {
  const errors: FieldErrors<'type' | 'email'> = {};
  const type = str(input.type);
  const email = str(input.email);
  if (!isUnsubscribeType(type)) errors.type = M.unsubscribeType;
  if (!isEmail(email)) errors.email = M.email;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { type, email: email.toLowerCase() } };
}

// ---------- job application ----------

export interface JobApplicationValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type JobApplicationField = keyof JobApplicationValues;

export function validateJobApplication(input: Record<string, unknown>): Checked<JobApplicationValues, JobApplicationField> {
  const errors: FieldErrors<JobApplicationField> = {};
  const name = str(input.name);
  const email = str(input.email);
  const phoneText = str(input.phone);
  const message = str(input.message);
  if (name.length < 2 || name.length > 80) errors.name = M.name;
  if (!isEmail(email)) errors.email = M.email;
  const phone = phoneText ? normalizePhone(phoneText) : '';
  if (phone === null) errors.phone = M.phone;
  if (message.length < 10) errors.message = M.messageMissing;
  else if (message.length > 1000) errors.message = M.message;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, email: email.toLowerCase(), phone: phone as string, message } };
}

// ---------- coupon reservation by driver code ----------

export const DRIVER_CODE = /^[A-Za-z0-9_-]{3,32}$/;

/**
 * A coupon reserved for a phone number (driver code, coupon reservation) is redeemed only by an
 * order with that phone; an unreserved coupon by anyone.
 */
export function couponPhoneAllowed(reservedPhone: string | null, orderPhone: string): boolean {
  if (reservedPhone === null || reservedPhone === '') return true;
  return normalizePhone(orderPhone) === reservedPhone;
}

export function validateCouponReservation(input: Record<string, unknown>): Checked<{ phone: string }, 'phone'> {
  const phone = normalizePhone(str(input.phone));
  return phone ? { ok: true, value: { phone } } : { ok: false, errors: { phone: M.phone } };
}
