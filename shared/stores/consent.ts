// Who agreed to analytics: the host page (JS API), the script tag (data-consent) or the guest in
// the shell's banner (remembered per shop). The rule is @shared/rules resolveConsent / mayTrack.
import { atom, computed, map } from 'nanostores';
import { mayTrack, parseStoredConsent, resolveConsent, storedConsentValue, type ConsentChoice, type ConsentSources } from '@shared/rules';
import { $devFlags } from './dev';
import { $shopId } from './shop';
import { keys, local } from './storage';

export const $consentSources = map<ConsentSources>({ host: null, attribute: null, stored: null });

/** true / false / null (undecided) */
export const $analyticsConsent = computed($consentSources, (s): ConsentChoice => resolveConsent(s));

/** The shell's banner is shown (undecided, or reopened from the footer). */
export const $consentBannerOpen = atom(false);

/** false on foreign pages: the host page decides, a stored banner answer does not count there. */
let rememberChoices = true;

function hostname(): string {
  return typeof location !== 'undefined' ? location.hostname : '';
}

/** May tracking calls leave the browser now? The one gate (shared/stores/tracking.ts asks it). */
export const $trackingAllowed = computed([$analyticsConsent, $devFlags], (consent, flags) =>
  mayTrack({ consent, hostname: hostname(), trackOnLocalhost: flags.trackOnLocalhost === true }),
);

function readStored(shopId: string | null): ConsentChoice {
  return rememberChoices && shopId ? parseStoredConsent(local.get(keys.consent(shopId))) : null;
}

/** Sets up where consent comes from: `remember` = the shell (banner, stored per shop). */
export function configureConsent(opts: { remember: boolean; attribute?: ConsentChoice }): void {
  rememberChoices = opts.remember;
  $consentSources.set({ host: null, attribute: opts.attribute ?? null, stored: readStored($shopId.get()) });
  $consentBannerOpen.set(opts.remember && resolveConsent($consentSources.get()) === null);
}

// a franchise switch changes the shop: its own stored answer
$shopId.listen((shopId) => {
  $consentSources.setKey('stored', readStored(shopId));
  if (rememberChoices && resolveConsent($consentSources.get()) === null) $consentBannerOpen.set(true);
});

/** Tischlein('consent', { analytics }) — the host page's consent manager. */
export function setHostConsent(choice: ConsentChoice): void {
  $consentSources.setKey('host', choice);
}

/** The guest's answer in the banner: remembered for this shop, banner closed. */
export function chooseConsent(choice: boolean): void {
  const shopId = $shopId.get();
  if (rememberChoices && shopId) local.set(keys.consent(shopId), storedConsentValue(choice));
  $consentSources.setKey('stored', choice);
  $consentBannerOpen.set(false);
}

export function openConsentBanner(): void {
  $consentBannerOpen.set(true);
}
