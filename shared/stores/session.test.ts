/** @jest-environment ./tests/jest/jsdom-env.cjs */
// Per-visit values and storage: session values, safe storage, dev flags, the coupon, host events
// and the route.
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { json } from '@shared/api/testing';
import { $coupon, $devFlags, $shopId, applyCoupon, clearCoupon, configureConsent, setHostConsent, setDevFlags, confirmAge, isAgeConfirmed, setShowNevertheless, $showNevertheless, setTableNumber, $tableNumber } from './index';
import { createSafeStorage } from './storage';
import { parseDevFlags, reloadDevFlags } from './dev';
import { $ageConfirmed, reloadSessionValues, readCouponCode } from './session';
import { flushTracking } from './tracking';
import { emitHostEvent, navigate, $route } from './events';
import { restoreCoupon } from './coupon';
import { api, useFreshStores } from './testing';

useFreshStores();

describe('session values', () => {
  it('remembers age, show-nevertheless and table number in sessionStorage', () => {
    expect(isAgeConfirmed(16)).toBe(false);
    confirmAge(16);
    expect(isAgeConfirmed(16)).toBe(true);
    expect(isAgeConfirmed(18)).toBe(false);
    confirmAge(18);
    confirmAge(16);
    expect($ageConfirmed.get()).toBe(18);
    expect(sessionStorage.getItem('tischlein:age')).toBe('18');
    setShowNevertheless(true);
    expect(sessionStorage.getItem('tischlein:showNevertheless')).toBe('true');
    expect(setTableNumber('7')).toBe(true);
    expect(setTableNumber('abc')).toBe(false);
    expect(setTableNumber(0)).toBe(false);
    expect($tableNumber.get()).toBe(7);
    reloadSessionValues();
    expect($showNevertheless.get()).toBe(true);
    expect($tableNumber.get()).toBe(7);
    setShowNevertheless(false);
    expect(sessionStorage.getItem('tischlein:showNevertheless')).toBeNull();
  });

  it('falls back to memory when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new DOMException('SecurityError');
      },
      setItem: () => {
        throw new DOMException('QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('SecurityError');
      },
    } as unknown as Storage;
    for (const getter of [() => throwing, () => undefined, () => {
      throw new DOMException('SecurityError');
    }]) {
      const s = createSafeStorage(getter as () => Storage | undefined);
      s.set('k', 'v');
      expect(s.persistent).toBe(false);
      expect(s.get('k')).toBe('v');
      s.remove('k');
      expect(s.get('k')).toBeNull();
    }
  });
});


describe('safe storage', () => {
  it('touches no key but the caller\'s own (a probe key fires storage events in the host page\'s other tabs)', () => {
    const calls: string[] = [];
    const backing = new Map<string, string>([['tischlein:cart:demo', '[]']]);
    const storage = {
      getItem: (k: string) => {
        calls.push(`get ${k}`);
        return backing.get(k) ?? null;
      },
      setItem: (k: string, v: string) => {
        calls.push(`set ${k}=${v}`);
        backing.set(k, v);
      },
      removeItem: (k: string) => {
        calls.push(`remove ${k}`);
        backing.delete(k);
      },
    } as unknown as Storage;
    const s = createSafeStorage(() => storage);
    expect(s.get('tischlein:cart:demo')).toBe('[]');
    s.set('tischlein:age', '18');
    s.remove('tischlein:age');
    expect(s.persistent).toBe(true);
    expect(calls).toEqual(['get tischlein:cart:demo', 'set tischlein:age=18', 'remove tischlein:age']);
  });

  it('keeps a value in memory when the quota is exceeded and does not shadow a clear()', () => {
    const backing = new Map<string, string>();
    let full = false;
    const storage = {
      getItem: (k: string) => backing.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        backing.set(k, v);
      },
      removeItem: (k: string) => backing.delete(k),
    } as unknown as Storage;
    const s = createSafeStorage(() => storage);
    s.set('a', '1');
    expect(backing.get('a')).toBe('1');
    backing.clear(); // another tab cleared the storage
    expect(s.get('a')).toBeNull();
    full = true;
    s.set('b', '2');
    expect(s.get('b')).toBe('2');
    full = false;
    s.set('b', '3');
    expect(backing.get('b')).toBe('3');
    backing.delete('b');
    expect(s.get('b')).toBeNull();
  });
});


describe('dev flags', () => {
  it('uses the spec defaults and survives garbage', () => {
    const d = parseDevFlags(null);
    expect(d.trackEventsOnConsole).toBe(true);
    expect(d.automaticPollGroupOrder).toBe(true);
    expect(d.verticalMenu).toBe(false);
    expect(d.showLogin).toBe(false);
    expect(parseDevFlags('{garbage')).toEqual(d);
    expect(parseDevFlags('[true]')).toEqual(d);
    expect(parseDevFlags('"x"')).toEqual(d);
    const p = parseDevFlags('{"verticalMenu":true,"trackEventsOnConsole":false,"showLogin":"yes","__proto__":{"x":true}}');
    expect(p.verticalMenu).toBe(true);
    expect(p.trackEventsOnConsole).toBe(false);
    expect(p.showLogin).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads and writes localStorage dev-mode', () => {
    localStorage.setItem('dev-mode', '{"hideTopWelcome":true}');
    reloadDevFlags();
    expect($devFlags.get().hideTopWelcome).toBe(true);
    setDevFlags({ showDishNumbers: true });
    expect(JSON.parse(localStorage.getItem('dev-mode')!).showDishNumbers).toBe(true);
  });
});


describe('coupon', () => {
  beforeEach(() => {
    $shopId.set('demo');
  });

  it('goes none → validating → valid and keeps the code for the session', async () => {
    api(() => json({ type: 'value', value: 500, minimumOrderValue: 1500 }));
    const p = applyCoupon(' SOMMER ');
    expect($coupon.get()).toEqual({ state: 'validating', code: 'SOMMER' });
    await p;
    expect($coupon.get()).toEqual({ state: 'valid', code: 'SOMMER', type: 'value', value: 500, minimumOrderValue: 1500 });
    expect(readCouponCode('demo')).toBe('SOMMER');
    clearCoupon();
    expect($coupon.get()).toEqual({ state: 'none' });
    expect(sessionStorage.getItem('tischlein:coupon:demo')).toBeNull();
  });

  it('marks an invalid code and tracks it (only with consent)', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const f = api((call) => (call.url.includes('validate_coupon') ? json({ error: 'unknown' }, 404) : json({ success: true })));
    await applyCoupon('FALSCH');
    expect($coupon.get()).toEqual({ state: 'invalid', code: 'FALSCH' });
    await flushTracking();
    expect(f.calls.filter((c) => c.url.includes('/api/platform/'))).toEqual([]);
    setDevFlags({ trackOnLocalhost: true });
    configureConsent({ remember: false });
    setHostConsent(true);
    await applyCoupon('FALSCH2');
    await flushTracking();
    const tr = f.calls.find((c) => c.url.endsWith('/api/platform/tr/e'));
    expect(tr?.body).toMatchObject({ event: 'coupon_invalid', restaurantId: 'demo', eventData: { code: 'FALSCH2' } });
    setHostConsent(null);
  });

  it('ignores a stale answer after a newer apply', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api(async (call) => {
      if (call.url.includes('code=ALT')) await gate;
      return json({ type: 'percent', value: call.url.includes('ALT') ? 5 : 10 });
    });
    const first = applyCoupon('ALT');
    await applyCoupon('NEU');
    release();
    await first;
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'NEU', value: 10 });
  });

  it('restores the session code', async () => {
    sessionStorage.setItem('tischlein:coupon:demo', 'SOMMER');
    api(() => json({ type: 'percent', value: 10 }));
    await restoreCoupon();
    expect($coupon.get()).toMatchObject({ state: 'valid', code: 'SOMMER' });
  });
});


describe('host events and route', () => {
  it('dispatches tischlein:<name> on document, bubbling and composed', () => {
    const seen: CustomEvent[] = [];
    document.addEventListener('tischlein:order-placed', (e) => seen.push(e as CustomEvent));
    emitHostEvent('order-placed', { id: '42' });
    expect(seen[0].detail).toEqual({ id: '42' });
    expect(seen[0].bubbles).toBe(true);
    expect(seen[0].composed).toBe(true);
    navigate('/checkout');
    expect($route.get()).toBe('/checkout');
  });
});
