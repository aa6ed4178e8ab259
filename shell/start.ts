// Starts the shop data for a page: API origin and shop id, then the one bootstrap request
// (reusing the response the embed stub already started, if any), consent and visit tracking.
import { configureApi, includePageTexts, primeBootstrap } from '@shared/api';
import { themeEntries, type ConsentChoice } from '@shared/rules';
import { $bootstrap, configureConsent, loadShop, startShopServices, startVisitTracking } from '@shared/stores';
import { setWidgetTheme } from '@shared/widget';

export interface StartOptions {
  shopId: string;
  apiOrigin: string;
  prefetched?: Promise<Response> | null;
  /** the shell remembers the banner's answer per shop; on foreign pages the host decides */
  consent: { remember: boolean; attribute?: ConsentChoice };
  /** the shell's own page takes the shop's theme too (on a foreign page only the widgets do) */
  themePage?: boolean;
  /** the shell shows the shop's page texts (about, news, job offers); widgets never do */
  pageTexts?: boolean;
  /**
   * The caller starts the shop's timers and polls, visit tracking and the account itself, later
   * (`startServices`): the embed runtime does so once the shop data is there, not before the live menu.
   */
  laterServices?: boolean;
}

/** The shop data's theme (docs/data-format.md) on every widget, and in the shell on the page. */
function followTheme(page: boolean): void {
  let applied: string[] = [];
  $bootstrap.subscribe((b) => {
    const entries = themeEntries(b.data?.config.theme);
    setWidgetTheme(entries);
    if (!page) return;
    const style = document.documentElement.style;
    for (const name of applied) style.removeProperty(name);
    for (const [name, value] of entries) style.setProperty(name, value);
    applied = entries.map(([name]) => name);
  });
}

/** Returns when the shop data is there (or failed: the widgets show that). */
export function startShop(opts: StartOptions): Promise<void> {
  configureApi({ origin: opts.apiOrigin, shopId: opts.shopId });
  if (opts.pageTexts) includePageTexts();
  if (opts.prefetched) primeBootstrap(opts.prefetched);
  followTheme(opts.themePage === true);
  const loaded = loadShop(opts.shopId);
  configureConsent(opts.consent);
  if (!opts.laterServices) startServices();
  return loaded;
}

/** The shop clock's minute timer, the delivery period's refresh, the shop's live state, visit tracking, the account. */
export function startServices(): void {
  // shop clock (one minute per minute), the delivery period refresh every 5 minutes, the shop's live state
  startShopServices();
  // sends nothing until consent is given (shared/stores/consent.ts)
  startVisitTracking();
  // login: only with a token in the cookie, the storage or the link's fragment is the
  // account code loaded now ('tischlein_token' is TOKEN_NAME of @shared/account, not eager)
  if (hasLoginToken()) void import('@shared/account').then((m) => m.startAccount()).catch(() => undefined);
}

/** A login token in the cookie, the storage or the fragment (the account widget shows then too). */
export function hasLoginToken(): boolean {
  try {
    return /(^|;\s*)tischlein_token=./.test(document.cookie) || location.hash.startsWith('#tischlein_token=') || !!localStorage.getItem('tischlein_token');
  } catch {
    return false;
  }
}
