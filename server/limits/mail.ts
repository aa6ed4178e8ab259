// Mails the public can trigger are limited per recipient address, in the database (so the limit
// holds across server processes): login links and sign-up links to a guest, reservation requests
// and job applications to the restaurant. Over the limit the caller answers 429 and no mail is queued.
import { LINK_RATE_LIMIT, LOGIN_TEXTS } from '@shared/account';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { countHit, type Window } from './counter';

export type MailKind = 'login' | 'reservation' | 'application' | 'order';

/** Login and sign-up links to one address: the account rule's per-address limit (5 in 15 minutes). */
export const LOGIN_MAIL_LIMIT: Window = { max: LINK_RATE_LIMIT.perEmail, windowMs: LINK_RATE_LIMIT.windowMs };
/** Reservation requests mailed to one restaurant address. */
export const RESERVATION_MAIL_LIMIT: Window = { max: 30, windowMs: 60 * 60_000 };
/** Job applications mailed to one restaurant address. */
export const APPLICATION_MAIL_LIMIT: Window = { max: 10, windowMs: 60 * 60_000 };

/**
 * Order confirmations to one guest address: a cash order costs an attacker nothing, so a stranger's
 * address could be flooded with them. Over the limit the order still goes through, without the mail.
 */
export const ORDER_MAIL_LIMIT: Window = { max: 10, windowMs: 60 * 60_000 };

export const MAIL_LIMITS: Record<MailKind, Window> = {
  login: LOGIN_MAIL_LIMIT,
  reservation: RESERVATION_MAIL_LIMIT,
  application: APPLICATION_MAIL_LIMIT,
  order: ORDER_MAIL_LIMIT,
};

export const MAIL_LIMIT_TEXTS: Record<MailKind, string> = {
  login: LOGIN_TEXTS.rateLimited,
  reservation: 'Gerade kommen zu viele Reservierungsanfragen an. Bitte versuche es in einer Stunde noch einmal oder ruf uns an.',
  application: 'Gerade kommen zu viele Bewerbungen an. Bitte versuche es in einer Stunde noch einmal.',
  order: 'Zu viele Bestellbestätigungen an diese Adresse.',
};

/**
 * Counts one mail of `kind` to `to`; throws 429 (German message) when the address has had its
 * share in the window. Call it inside the transaction that queues the mail: a rollback takes the
 * count back with the mail.
 */
export async function limitMail(q: DbQuery, kind: MailKind, to: string, now: Date, limit: Window = MAIL_LIMITS[kind]): Promise<void> {
  if (!(await mailAllowed(q, kind, to, now, limit))) throw new HttpError(429, 'too_many_mails', MAIL_LIMIT_TEXTS[kind]);
}

/** Counts one mail of `kind` to `to` and tells whether it is within the address's share. */
export async function mailAllowed(q: DbQuery, kind: MailKind, to: string, now: Date, limit: Window = MAIL_LIMITS[kind]): Promise<boolean> {
  const n = await countHit(q, MAIL_LIMIT_SCOPE, mailLimitKey(kind, to), limit.windowMs, now);
  return n <= limit.max;
}

/** The scope of mail limits in rate_counters. */
export const MAIL_LIMIT_SCOPE = 'mail';

/** The counter's key of mails of `kind` to `to` (scope MAIL_LIMIT_SCOPE). */
export function mailLimitKey(kind: MailKind, to: string): string {
  return `${kind}:${to.trim().toLowerCase()}`;
}
