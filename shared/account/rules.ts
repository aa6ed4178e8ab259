// Login and account rules, pure: the server and the
// widgets use the same constants, token reading, address and birthday checks.
import { generateCookie } from 'hono/cookie';
import type { UserAddress } from '@shared/domain';

/** One name for the cookie and the local storage entry. */
export const TOKEN_NAME = 'tischlein_token';
/** The fragment that hands the token to a restaurant's own page: '#tischlein_token=…' */
export const FRAGMENT_PREFIX = `#${TOKEN_NAME}=`;
/** Login links: valid 15 minutes, usable once. */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
/** Sessions (the bearer token) expire after 30 days. */
export const SESSION_TTL_MS = 30 * 86_400_000;
/** request-link: per e-mail and per IP in a 15-minute window. */
export const LINK_RATE_LIMIT = { perEmail: 5, perIp: 20, windowMs: 15 * 60_000 } as const;
/** Tokens are 32 random bytes, base64url (256 bits). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isToken(x: unknown): x is string {
  return typeof x === 'string' && TOKEN_PATTERN.test(x);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookie: string, name = TOKEN_NAME): string | null {
  for (const part of cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The token cookie's attributes (null token: the cookie removed): SameSite=Lax, Secure on https. */
export function tokenCookieOptions(token: string | null, opts: { secure: boolean; maxAgeMs?: number }): { path: '/'; maxAge: number; sameSite: 'Lax'; secure: boolean } {
  return { path: '/', maxAge: token ? Math.floor((opts.maxAgeMs ?? SESSION_TTL_MS) / 1000) : 0, sameSite: 'Lax', secure: opts.secure };
}

/** The document.cookie value of the widgets: hono/cookie's, with the options the server's setCookie uses. */
export function tokenCookie(token: string | null, opts: { secure: boolean; maxAgeMs?: number }): string {
  return generateCookie(TOKEN_NAME, token ?? '', tokenCookieOptions(token, opts));
}

export interface StartToken {
  token: string | null;
  justLoggedIn: boolean;
  /** write the token to local storage (it came from the cookie) */
  copyToStorage: boolean;
  /** write the cookie again (only the storage had it) */
  copyToCookie: boolean;
}

/**
 * both present and equal → logged in, justLoggedIn false; only the cookie → copied to the
 * storage, justLoggedIn true. Own (spec silent): a cookie that differs from the storage is newer
 * (a link just set it) and wins like a cookie alone; a token only in the storage (the cookie was
 * cleared or blocked) is still tried — user/info decides, a 401 logs out.
 */
export function readStartToken(cookie: string | null, stored: string | null): StartToken {
  const c = isToken(cookie) ? cookie : null;
  const s = isToken(stored) ? stored : null;
  if (c && s && c === s) return { token: c, justLoggedIn: false, copyToStorage: false, copyToCookie: false };
  if (c) return { token: c, justLoggedIn: true, copyToStorage: true, copyToCookie: false };
  if (s) return { token: s, justLoggedIn: false, copyToStorage: false, copyToCookie: true };
  return { token: null, justLoggedIn: false, copyToStorage: false, copyToCookie: false };
}

/** A token handed over in the URL fragment ('#tischlein_token=…'): the token and the URL without it. */
export function takeFragmentToken(href: string): { token: string; url: string } | null {
  const i = href.indexOf(FRAGMENT_PREFIX);
  if (i < 0) return null;
  const token = href.slice(i + FRAGMENT_PREFIX.length).split('&')[0];
  return isToken(token) ? { token, url: href.slice(0, i) } : null;
}

/**
 * Where a login link leads (own, docs/decisions.md): back to the page the guest asked from when
 * its origin is the shop's own or one the shop lists in allowedOrigins (never an open redirect),
 * else the shop. The fragment is dropped (it may carry an old token).
 */
export function safeReturnTo(returnTo: string | null | undefined, allowedOrigins: readonly string[], fallback: string): string {
  if (!returnTo) return fallback;
  try {
    const u = new URL(returnTo);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return fallback;
    if (!allowedOrigins.includes(u.origin)) return fallback;
    u.hash = '';
    return u.href;
  } catch {
    return fallback;
  }
}

/** The redirect after a used link: same origin → the page (the cookie carries the token); another origin → the token in the fragment. */
export function loginTarget(returnTo: string, token: string, shopOrigin: string): string {
  let origin = '';
  try {
    origin = new URL(returnTo).origin;
  } catch {
    /* fallback below */
  }
  return origin === shopOrigin ? returnTo : `${returnTo}${FRAGMENT_PREFIX}${token}`;
}

// ---------- account data ----------

export const ADDRESS_FIELDS = ['name', 'street', 'streetNumber', 'floor', 'zip', 'city', 'phone', 'company'] as const;
export const ADDRESS_MAX: Record<(typeof ADDRESS_FIELDS)[number], number> = {
  name: 100, street: 100, streetNumber: 20, floor: 40, zip: 5, city: 80, phone: 40, company: 100,
};

export const ACCOUNT_FIELD_TEXTS = {
  zip: 'Bitte gib eine fünfstellige Postleitzahl ein.',
  tooLong: (n: number) => `Bitte höchstens ${n} Zeichen.`,
  birthday: 'Bitte gib ein gültiges Geburtsdatum ein.',
  name: 'Bitte höchstens 100 Zeichen.',
} as const;

export type AddressErrors = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;

/** The saved address with every field trimmed (strings only; anything else becomes ''). */
export function cleanAddress(raw: unknown): UserAddress {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out = {} as Record<(typeof ADDRESS_FIELDS)[number], string>;
  for (const k of ADDRESS_FIELDS) {
    const value = Object.prototype.hasOwnProperty.call(r, k) ? r[k] : '';
    out[k] = typeof value === 'string' ? value.replace(/\0/g, '').trim() : '';
  }
  return out as UserAddress;
}

export function addressErrors(a: UserAddress): AddressErrors {
  const e: AddressErrors = {};
  for (const k of ADDRESS_FIELDS) if ((a[k] ?? '').length > ADDRESS_MAX[k]) e[k] = ACCOUNT_FIELD_TEXTS.tooLong(ADDRESS_MAX[k]);
  if (a.zip && !/^\d{5}$/.test(a.zip)) e.zip = ACCOUNT_FIELD_TEXTS.zip;
  return e;
}

/** 'YYYY-MM-DD', a real day, after 1900-01-01 and not after `today` ('YYYY-MM-DD'). */
export function birthdayProblem(date: string, today: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return ACCOUNT_FIELD_TEXTS.birthday;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return ACCOUNT_FIELD_TEXTS.birthday;
  if (date < '1900-01-01' || date > today) return ACCOUNT_FIELD_TEXTS.birthday;
  return null;
}

/** 'Erika Mustermann' → first 'Erika', last 'Mustermann' (the last word is the family name). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

/** The saved address as the address dialog's location line (street, streetNumber, zip, city); '' when incomplete. */
export function locationLine(a: UserAddress | null | undefined): string {
  if (!a || !a.street || !a.zip) return '';
  return `${a.street} ${a.streetNumber ?? ''}`.trim() + `, ${a.zip} ${a.city ?? ''}`.trimEnd();
}

const same = (x: string | undefined, y: string | undefined) => (x ?? '').trim().toLowerCase() === (y ?? '').trim().toLowerCase();

/** Does `order` (an order's address) differ from the saved one in street, number, zip, city or floor? */
export function differsFromSaved(saved: UserAddress | null | undefined, order: Partial<UserAddress>): boolean {
  if (!order.street || !order.zip) return false;
  if (!saved) return true;
  return !(['street', 'streetNumber', 'zip', 'city', 'floor'] as const).every((k) => same(saved[k], order[k]));
}
