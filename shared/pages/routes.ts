// The shop's page routes. Pure, so it is unit-tested; the shell routes by it and the server answers an unknown path with 404 by it.

export type RouteName =
  | 'home'
  | 'checkout'
  | 'checkoutCanceled'
  | 'checkoutSuccess'
  | 'checkoutHolding'
  | 'openingTimes'
  | 'directions'
  | 'about'
  | 'accessibility'
  | 'static'
  | 'tableReservation'
  | 'tableReservationAnswer'
  | 'feedback'
  | 'unsubscribe'
  | 'couponActivation'
  | 'couponReservation'
  | 'restaurant'
  | 'notFound';

export interface Route {
  name: RouteName;
  params: Record<string, string>;
  /** '' or '/f={slug}' — the base of every route of a franchise shop */
  base: string;
  /** franchise slug when the path had the f={slug} prefix */
  slug: string | null;
}

type Pattern = [RouteName, string[]];

// Order matters: fixed segments before parameters.
const PATTERNS: Pattern[] = [
  ['home', []],
  ['home', ['s', ':smsCode']],
  ['checkout', ['checkout']],
  ['checkoutHolding', ['checkout', 'holding']],
  ['checkoutSuccess', ['checkout', 'success', ':orderId']],
  ['checkoutCanceled', ['checkout', ':paymentCanceled']],
  ['openingTimes', ['oeffnungszeiten']],
  ['directions', ['anfahrt']],
  ['about', ['ueber-uns']],
  ['accessibility', ['barrierefreiheit']],
  ['static', ['static', ':id']],
  ['tableReservation', ['tisch-reservieren']],
  ['tableReservationAnswer', ['tr', ':id', ':type']],
  ['feedback', ['feedback', ':order']],
  ['unsubscribe', ['abmelden', ':type', ':email']],
  ['couponActivation', ['reservieren', ':emailid']],
  ['couponReservation', ['f', ':drivercode']],
  ['restaurant', ['restaurant']],
  ['restaurant', ['restaurant', ':section']],
];

const SLUG = /^f=([a-z0-9][a-z0-9-]{0,62})$/i;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  const raw = pathname.split('/').filter((s) => s.length > 0);
  let base = '';
  let slug: string | null = null;
  const first = raw[0] !== undefined ? decode(raw[0]) : null;
  const m = first ? SLUG.exec(first) : null;
  if (m) {
    slug = m[1].toLowerCase();
    base = `/f=${slug}`;
    raw.shift();
  }
  const segments: string[] = [];
  for (const s of raw) {
    const d = decode(s);
    if (d === null) return { name: 'notFound', params: {}, base, slug };
    segments.push(d);
  }
  for (const [name, pattern] of PATTERNS) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i];
      if (p.startsWith(':')) params[p.slice(1)] = segments[i];
      else if (p !== segments[i]) {
        ok = false;
        break;
      }
    }
    // '/checkout/success' without an order id is not a cancelled payment
    if (ok && name === 'checkoutCanceled' && params.paymentCanceled === 'success') ok = false;
    if (ok) return { name, params, base, slug };
  }
  return { name: 'notFound', params: {}, base, slug };
}

/** Builds a path under the current base: routePath('/f=x', '/checkout') → '/f=x/checkout' */
export function routePath(base: string, path: string): string {
  if (path === '/' || path === '') return base || '/';
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The terms page: by page name or title containing one of these words. */
const TERMS_WORDS = ['Datenschutz', 'AGB', 'Allgemeine Bestellbedingungen', 'Allgemeine', 'Bedingungen'];
export function findTermsPage<T extends { id: string; name: string; title: string }>(pages: T[]): T | null {
  for (const word of TERMS_WORDS) {
    const hit = pages.find((p) => p.name.includes(word) || p.title.includes(word));
    if (hit) return hit;
  }
  return null;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * /static/{id}: the page with that id, else the page whose name is {id} ignoring case and
 * accents ('/static/agb', '/static/datenschutz'); null → the not-found page.
 */
export function findStaticPage<T extends { id: string; name: string; title: string }>(pages: T[], id: string): T | null {
  return pages.find((p) => p.id === id) ?? pages.find((p) => fold(p.name) === fold(id)) ?? null;
}

/** Where a link to the terms / privacy page leads: that page, or / when the shop has none. */
export function termsPath<T extends { id: string; name: string; title: string }>(pages: T[]): string {
  const page = findTermsPage(pages);
  return page ? `/static/${encodeURIComponent(page.id)}` : '/';
}
