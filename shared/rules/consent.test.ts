import { describe, expect, it } from '@jest/globals';
import { mayTrack, parseConsentAttribute, parseConsentCall, parseStoredConsent, resolveConsent, storedConsentValue, trackingPage } from '@shared/rules';
import { isLocalHost, needsConsentBanner } from './consent';

describe('consent', () => {
  it('the host page decides first, then the attribute, then the stored answer', () => {
    expect(resolveConsent({ host: null, attribute: null, stored: null })).toBeNull();
    expect(resolveConsent({ host: null, attribute: null, stored: true })).toBe(true);
    expect(resolveConsent({ host: null, attribute: false, stored: true })).toBe(false);
    expect(resolveConsent({ host: true, attribute: false, stored: false })).toBe(true);
    expect(resolveConsent({ host: false, attribute: true, stored: true })).toBe(false);
    expect(needsConsentBanner({ host: null, attribute: null, stored: null })).toBe(true);
    expect(needsConsentBanner({ host: null, attribute: null, stored: false })).toBe(false);
  });

  it('tracks only with consent and never from localhost without the test switch', () => {
    expect(mayTrack({ consent: null, hostname: 'shop.example', trackOnLocalhost: false })).toBe(false);
    expect(mayTrack({ consent: false, hostname: 'shop.example', trackOnLocalhost: true })).toBe(false);
    expect(mayTrack({ consent: true, hostname: 'shop.example', trackOnLocalhost: false })).toBe(true);
    expect(mayTrack({ consent: true, hostname: 'localhost', trackOnLocalhost: false })).toBe(false);
    expect(mayTrack({ consent: true, hostname: 'localhost', trackOnLocalhost: true })).toBe(true);
    expect(mayTrack({ consent: null, hostname: 'localhost', trackOnLocalhost: true })).toBe(false);
    for (const h of ['localhost', '127.0.0.1', '[::1]', 'shop.localhost']) expect(isLocalHost(h)).toBe(true);
    for (const h of ['shop.example', 'localhost.example.com', '10.0.0.1']) expect(isLocalHost(h)).toBe(false);
  });

  it('reads the attribute, the JS API call and the stored value', () => {
    expect(parseConsentAttribute('analytics')).toBe(true);
    expect(parseConsentAttribute(' Granted ')).toBe(true);
    expect(parseConsentAttribute('denied')).toBe(false);
    expect(parseConsentAttribute('vielleicht')).toBeNull();
    expect(parseConsentAttribute(null)).toBeNull();
    expect(parseConsentCall({ analytics: true })).toBe(true);
    expect(parseConsentCall({ analytics: false })).toBe(false);
    expect(parseConsentCall({ analytics: 'yes' })).toBeUndefined();
    expect(parseConsentCall(true)).toBeUndefined();
    expect(parseConsentCall(null)).toBeUndefined();
    expect(parseStoredConsent(storedConsentValue(true))).toBe(true);
    expect(parseStoredConsent(storedConsentValue(false))).toBe(false);
    expect(parseStoredConsent('kaputt')).toBeNull();
  });

  it('a visit names the page without ids or e-mail addresses', () => {
    expect(trackingPage('/')).toBe('/');
    expect(trackingPage('/abmelden/newsletter/gast@example.de')).toBe('/abmelden');
    expect(trackingPage('/f=burgerwerk-sued/feedback/abc')).toBe('/f=burgerwerk-sued/feedback');
    expect(trackingPage('/s/SMS42')).toBe('/s');
    expect(trackingPage('/a@b.de')).toBe('/');
  });
});
