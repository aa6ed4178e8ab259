// Consent for analytics (TTDSG §25, GDPR): the one rule every tracking call passes.
// Pure: who decided what is passed in; nothing is read from a clock, storage or location.

/** true = agreed, false = refused, null = not decided yet (no tracking). */
export type ConsentChoice = boolean | null;

export interface ConsentSources {
  /** Tischlein('consent', { analytics }) of the host page (its consent manager): wins */
  host: ConsentChoice;
  /** data-consent on the script tag */
  attribute: ConsentChoice;
  /** the guest's answer in the shell's banner, remembered per shop */
  stored: ConsentChoice;
}

/** The host page's JS API first, then the script tag's attribute, then the guest's stored answer. */
export function resolveConsent(s: ConsentSources): ConsentChoice {
  if (s.host !== null) return s.host;
  if (s.attribute !== null) return s.attribute;
  return s.stored;
}

export interface TrackingContext {
  consent: ConsentChoice;
  /** location.hostname of the page */
  hostname: string;
  /** explicit test switch (dev flag 'trackOnLocalhost'): tracking on localhost as well */
  trackOnLocalhost: boolean;
}

const LOCAL_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|.*\.localhost)$/i;

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.test(hostname);
}

/**
 * May a tracking call (visit, ping, event, geo event, platform event) leave the browser?
 * Only with consent, and never from localhost unless the test switch says so.
 */
export function mayTrack(ctx: TrackingContext): boolean {
  if (ctx.consent !== true) return false;
  return ctx.trackOnLocalhost || !isLocalHost(ctx.hostname);
}

/** Does the shell show its banner? Only while nobody has decided. */
export function needsConsentBanner(s: ConsentSources): boolean {
  return resolveConsent(s) === null;
}

const YES = new Set(['true', 'yes', 'ja', 'granted', 'analytics', '1']);
const NO = new Set(['false', 'no', 'nein', 'denied', 'none', '0']);

/** data-consent="analytics" / "true" / "granted" → true; "false" / "denied" / "none" → false; else null. */
export function parseConsentAttribute(value: string | null | undefined): ConsentChoice {
  if (value == null) return null;
  const v = value.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

/** Tischlein('consent', { analytics: true|false }) → the choice; anything else is not a valid call. */
export function parseConsentCall(options: unknown): ConsentChoice | undefined {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return undefined;
  const a = (options as { analytics?: unknown }).analytics;
  if (a === true || a === false) return a;
  if (a === null) return null;
  return undefined;
}

/** Stored answer ('granted' / 'denied') → the choice. */
export function parseStoredConsent(raw: string | null): ConsentChoice {
  return raw === 'granted' ? true : raw === 'denied' ? false : null;
}

export function storedConsentValue(choice: boolean): 'granted' | 'denied' {
  return choice ? 'granted' : 'denied';
}

/** Visit ping while the page is visible (visit ping 5 s). */
export const VISIT_PING_MS = 5000;
/** Events wait this long to go out together (own decision). */
export const EVENT_FLUSH_MS = 2000;
/** … or until this many are queued; also the most the server takes in one request. */
export const EVENT_BATCH_MAX = 20;

/**
 * The page a visit names: the route's first segment only ('/abmelden/newsletter/a@b.de' →
 * '/abmelden'), so e-mail addresses, order and reservation ids never reach tracking.
 */
export function trackingPage(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const out: string[] = [];
  if (parts[0] && /^f=[a-z0-9-]+$/i.test(parts[0])) out.push(parts.shift() as string);
  if (parts[0]) out.push(parts[0] === 's' ? 's' : parts[0]);
  const page = `/${out.join('/')}`;
  return page.length > 80 || /[@%]/.test(page) ? '/' : page;
}
