/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The consent gate in front of all tracking: nothing leaves before consent, a visit and pings
// every 5 s after it (paused while hidden), withdrawal stops them, pending events go by beacon.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { fakeFetch, json, stubGlobal, unstubAllGlobals } from '@shared/api/testing';
import { $consentBannerOpen, $shopId, chooseConsent, configureConsent, sendEvent, setDevFlags, setHostConsent, startVisitTracking, track } from '@shared/stores';
import { reloadDevFlags } from './dev';
import { $trackingAllowed } from './consent';
import { flushTracking, resetTracking } from './tracking';

const VISIT_ID = '11111111-2222-4333-8444-555555555555';
let f: ReturnType<typeof fakeFetch>;
const platformCalls = () => f.calls.filter((c) => c.url.includes('/api/platform/'));
const paths = () => platformCalls().map((c) => new URL(c.url).pathname.replace('/api/platform', ''));

let hidden = false;
beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  reloadDevFlags();
  resetTracking();
  f = fakeFetch((call) => (call.url.endsWith('/tr/v') ? json({ success: true, id: VISIT_ID }) : json({ success: true })));
  configureApi({ origin: 'https://shop.example', shopId: 'demo', fetch: f });
  $shopId.set('demo');
  hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  resetTracking();
  resetApi();
  unstubAllGlobals();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** lets the fake fetch's promises settle */
async function settle() {
  for (let i = 0; i < 5; i++) await jest.advanceTimersByTimeAsync(0);
}

describe('without consent', () => {
  it('sends nothing: no visit, no ping, no event, no platform event', async () => {
    setDevFlags({ trackOnLocalhost: true });
    configureConsent({ remember: true });
    startVisitTracking();
    expect(await track('open-dish', { dishId: 'd1' })).toBe(false);
    expect(await track('geo', { error: 'notFound' })).toBe(false);
    expect(await sendEvent('menu', 'open')).toBe(false);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(platformCalls()).toEqual([]);
  });

  it('a refusal in the banner is remembered per shop and sends nothing', async () => {
    setDevFlags({ trackOnLocalhost: true });
    configureConsent({ remember: true });
    expect($consentBannerOpen.get()).toBe(true);
    chooseConsent(false);
    expect(localStorage.getItem('tischlein:consent:demo')).toBe('denied');
    expect($consentBannerOpen.get()).toBe(false);
    startVisitTracking();
    await track('x');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(platformCalls()).toEqual([]);
    // another shop has its own answer
    $shopId.set('other');
    expect($consentBannerOpen.get()).toBe(true);
    $shopId.set('demo');
  });

  it('consent alone does not track from localhost without the test switch', async () => {
    configureConsent({ remember: false });
    setHostConsent(true);
    startVisitTracking();
    await track('x');
    await jest.advanceTimersByTimeAsync(10_000);
    expect($trackingAllowed.get()).toBe(false);
    expect(platformCalls()).toEqual([]);
  });
});

describe('with consent', () => {
  beforeEach(() => {
    setDevFlags({ trackOnLocalhost: true });
    configureConsent({ remember: false });
  });

  it('a visit, then a ping every 5 s while visible; withdrawal stops at once', async () => {
    startVisitTracking();
    expect(paths()).toEqual([]);
    setHostConsent(true);
    await settle();
    expect(paths()).toEqual(['/tr/v']);
    expect(platformCalls()[0].body).toMatchObject({ restaurantId: 'demo', website: 'webshop', visitCount: 1, page: '/' });
    expect(localStorage.getItem('tischlein:visitCount')).toBe('2');
    await jest.advanceTimersByTimeAsync(15_000);
    expect(paths()).toEqual(['/tr/v', `/tr/v/${VISIT_ID}`, `/tr/v/${VISIT_ID}`, `/tr/v/${VISIT_ID}`]);
    // background tab: no pings
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(20_000);
    expect(paths()).toHaveLength(4);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(paths()).toHaveLength(5);
    // withdrawal
    setHostConsent(false);
    await track('after-withdrawal');
    await jest.advanceTimersByTimeAsync(30_000);
    expect(paths()).toHaveLength(5);
  });

  it('events are batched: one request for several, one object for one', async () => {
    setHostConsent(true);
    await track('a');
    await track('b', { x: 1 });
    await jest.advanceTimersByTimeAsync(2_000);
    const e = platformCalls().filter((c) => c.url.endsWith('/tr/e'));
    expect(e).toHaveLength(1);
    expect(e[0].body).toMatchObject([{ event: 'a' }, { event: 'b', eventData: { x: 1 } }]);
    await track('c');
    await flushTracking();
    expect(platformCalls().filter((c) => c.url.endsWith('/tr/e')).at(-1)?.body).toMatchObject({ event: 'c', restaurantId: 'demo' });
    expect(await sendEvent('reservation', 'sent', { persons: 2 })).toBe(true);
    expect(platformCalls().at(-1)?.body).toMatchObject({ type: 'reservation', action: 'sent', context: { persons: 2 } });
  });

  it('page hide sends what is pending with navigator.sendBeacon', async () => {
    const beacons: [string, unknown][] = [];
    stubGlobal('navigator', { ...navigator, sendBeacon: (url: string, body: unknown) => (beacons.push([url, body]), true) });
    startVisitTracking();
    setHostConsent(true);
    await settle();
    await track('a');
    await track('b');
    dispatchEvent(new Event('pagehide'));
    expect(beacons.map(([u]) => u)).toEqual(['https://shop.example/api/platform/tr/e', `https://shop.example/api/platform/tr/v/${VISIT_ID}`]);
    expect(JSON.parse(beacons[0][1] as string)).toMatchObject([{ event: 'a' }, { event: 'b' }]);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(platformCalls().filter((c) => c.url.endsWith('/tr/e'))).toHaveLength(0);
  });

  it('the banner answer of the shell is remembered and restored', async () => {
    configureConsent({ remember: true });
    chooseConsent(true);
    expect(localStorage.getItem('tischlein:consent:demo')).toBe('granted');
    configureConsent({ remember: true });
    expect($trackingAllowed.get()).toBe(true);
    expect($consentBannerOpen.get()).toBe(false);
    // on a foreign page the stored answer does not count: the host decides
    configureConsent({ remember: false });
    expect($trackingAllowed.get()).toBe(false);
    configureConsent({ remember: false, attribute: true });
    expect($trackingAllowed.get()).toBe(true);
    setHostConsent(false);
    expect($trackingAllowed.get()).toBe(false);
  });
});
