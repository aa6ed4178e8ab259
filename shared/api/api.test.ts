import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, checkCouponReservation, configureApi, getBootstrap, getDeliveryPeriod, primeBootstrap, validateCoupon, mediaUrl } from './index';
import { pingVisit, sendPlatformEvent, trackEvent, trackVisit } from '@shared/tracking';
// calls that live with the widgets that use them, on this module's client
import { findFranchiseShop, lookupAddress, reverseGeolocation, tileUrlTemplate } from '@shared/checkout';
import { userInfo as getUserInfo } from '@shared/account/api';
import { apiCreateGroup, apiGetGroup as getGroupOrder, apiUpdateMember as updateGroupMember } from '@shared/group/api';
import { resetApi } from './client';
import { clearBootstrapCache } from './bootstrap';
import { submitOrder, submitResponseToEuro } from '@shared/checkout';
import { centsToEuro, euroToCents } from '@shared/domain';
import { bootstrapFixture, fakeFetch, json, stubGlobal, unstubAllGlobals, type FakeHandler } from './testing';

const ORIGIN = 'https://shop.example';

function setup(handler: FakeHandler, extra: { timeout?: number } = {}) {
  const f = fakeFetch(handler);
  configureApi({ origin: ORIGIN, shopId: 'demo', fetch: f, ...extra });
  return f;
}

beforeEach(() => {
  clearBootstrapCache();
});
afterEach(() => {
  resetApi();
  unstubAllGlobals();
  jest.restoreAllMocks();
});

describe('configureApi', () => {
  it('builds the two bases and sends no cookies (credentials omit)', async () => {
    const cfg = configureApi({ origin: ORIGIN + '/', shopId: 'demo' });
    expect(cfg.shopBase).toBe('https://shop.example/api/shop/demo');
    expect(cfg.platformBase).toBe('https://shop.example/api/platform');
    const f = setup(() => json({ streetName: 'A', streetNumber: '1', postalCode: '10115', locality: 'Berlin' }));
    const r = await reverseGeolocation(52.5, 13.4, 10);
    expect(r.locality).toBe('Berlin');
    expect(f.calls[0].url).toBe('https://shop.example/api/shop/demo/geolocation?lat=52.5&long=13.4&acc=10');
    expect(f.calls[0].credentials).toBe('omit');
  });

  it('throws a clear error when used before configuration', async () => {
    resetApi();
    await expect(lookupAddress('x')).rejects.toMatchObject({ code: 'not-configured' });
  });

  it('builds media and tile URLs', () => {
    setup(() => json({}));
    expect(mediaUrl('img1', 195, 195)).toBe('https://shop.example/media/demo/img1/195x195.webp');
    expect(tileUrlTemplate()).toBe('https://shop.example/api/shop/demo/osm/tile/{z}/{x}/{y}');
  });
});

/** The server's two answers for `boot`: the state (with ETag `etag`, 304 on a match) and the catalog by version. */
function splitAnswers(boot = { ...bootstrapFixture(), catalogVersion: '3-0123456789ab' }, etag = '"v1"'): FakeHandler {
  const { catalog, ...state } = boot;
  return (call) => {
    if (call.url.endsWith('/state')) return call.headers.get('if-none-match') === etag ? new Response(null, { status: 304 }) : json(state, 200, { etag });
    if (call.url.endsWith(`/catalog/${boot.catalogVersion}`)) return json(catalog, 200, { 'cache-control': 'public, max-age=31536000, immutable' });
    return json({ error: 'unknown_version' }, 404);
  };
}

describe('getBootstrap', () => {
  it('asks the state (revalidated by ETag) and the catalog of its version (a plain GET the preload and the HTTP cache answer)', async () => {
    const f = setup(splitAnswers());
    const first = await getBootstrap();
    expect(first.config.restaurantName).toBe('Pizzeria Demo');
    expect(first.catalog.dishes[0].name).toBe('Margherita');
    expect(first.catalogVersion).toBe('3-0123456789ab');
    expect(f.calls.map((c) => c.url)).toEqual(['https://shop.example/api/shop/demo/state', 'https://shop.example/api/shop/demo/catalog/3-0123456789ab']);
    expect(f.calls[0].headers.get('if-none-match')).toBeNull();
    // what <link rel=preload as=fetch crossorigin> asks: no header of ours, the default credentials
    expect([...f.calls[1].headers.keys()]).toEqual([]);
    expect(f.calls[1].credentials).toBeUndefined();
    const second = await getBootstrap();
    // the browser's HTTP cache revalidates; a header of ours would make every foreign page's request need a preflight
    expect(f.calls[2].headers.get('if-none-match')).toBeNull();
    expect(second).toEqual(first);
  });

  it('asks the state again when the version was replaced between the two calls (404), then loads the new one', async () => {
    const old = { ...bootstrapFixture(), catalogVersion: '3-0123456789ab' };
    const next = { ...bootstrapFixture(), catalogVersion: '4-0123456789ab' };
    next.catalog = { ...next.catalog, dishes: [{ ...next.catalog.dishes[0], name: 'Margherita neu' }] };
    let handler = splitAnswers(old, '"a"');
    const f = setup((call, signal) => {
      const res = handler(call, signal);
      if (call.url.endsWith('/state')) handler = splitAnswers(next, '"b"'); // published anew right after
      return res;
    });
    const boot = await getBootstrap();
    expect(boot.catalogVersion).toBe('4-0123456789ab');
    expect(boot.catalog.dishes[0].name).toBe('Margherita neu');
    expect(f.calls.map((c) => c.url.replace('https://shop.example/api/shop/demo', ''))).toEqual(['/state', '/catalog/3-0123456789ab', '/state', '/catalog/4-0123456789ab']);
  });

  it('refuses a state without a catalog version as bad-response', async () => {
    const { catalog: _catalog, ...state } = bootstrapFixture();
    setup(() => json(state));
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('turns a malformed catalog into bad-response', async () => {
    const boot = { ...bootstrapFixture(), catalogVersion: '3-0123456789ab' };
    (boot.catalog.dishes[0].prices[0] as { price: unknown }).price = '7,50';
    setup(splitAnswers(boot));
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('validates; leaves revalidation to the HTTP cache: no If-None-Match of its own, no sessionStorage', async () => {
    const touched: string[] = [];
    stubGlobal('sessionStorage', {
      getItem(k: string) {
        touched.push(`get ${k}`);
        return null;
      },
      setItem(k: string) {
        touched.push(`set ${k}`);
      },
      removeItem(k: string) {
        touched.push(`remove ${k}`);
      },
    });
    const f = setup(splitAnswers());
    const first = await getBootstrap();
    expect(first.config.restaurantName).toBe('Pizzeria Demo');
    expect(f.calls[0].url).toBe('https://shop.example/api/shop/demo/state');
    const second = await getBootstrap();
    expect(second).toEqual(first);
    // a header of ours is not CORS-safelisted: every request from a foreign page would need a preflight
    expect(f.calls.map((c) => c.headers.get('if-none-match'))).toEqual([null, null, null, null]);
    expect(touched).toEqual([]);
  });

  it.each([
    ['a flag of the wrong type', (b: any) => (b.config.flags.supportDelivery = 'yes')],
    ['a price that is not an integer', (b: any) => (b.catalog.dishes[0].prices[0].price = '7,50')],
    ['an unknown tag', (b: any) => (b.catalog.dishes[0].tags = ['spicy'])],
    ['a missing catalog', (b: any) => delete b.catalog],
    ['a day index out of range', (b: any) => (b.deliveryPeriod.dayIndex = 9)],
    ['an unknown payment method', (b: any) => (b.config.paymentMethods = ['bitcoin'])],
  ])('turns %s into ApiError bad-response', async (_name, mutate) => {
    const boot = bootstrapFixture() as any;
    mutate(boot);
    setup(() => json(boot));
    const err = await getBootstrap().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('bad-response');
  });

  it('rejects a non-JSON answer as bad-response', async () => {
    setup(() => new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('uses a primed response once instead of a second request', async () => {
    const f = setup(() => json(bootstrapFixture(), 200, { etag: '"p"' }));
    primeBootstrap(Promise.resolve(json(bootstrapFixture(), 200, { etag: '"p"' })));
    await getBootstrap();
    expect(f.calls).toHaveLength(0);
    await getBootstrap();
    expect(f.calls).toHaveLength(1);
  });

  it('falls back to fetching when the primed request failed', async () => {
    const f = setup(() => json(bootstrapFixture()));
    primeBootstrap(Promise.reject(new TypeError('Failed to fetch')));
    await expect(getBootstrap()).resolves.toBeTruthy();
    expect(f.calls).toHaveLength(1);
  });
});

describe('transport errors', () => {
  it('maps a failed fetch to network', async () => {
    setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'network', status: 0 });
  });

  it('maps a timeout to timeout', async () => {
    setup(
      (_call, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
      { timeout: 20 },
    );
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('maps a 500 to http with the status', async () => {
    setup(() => json({ message: 'boom' }, 500));
    await expect(getBootstrap()).rejects.toMatchObject({ code: 'http', status: 500 });
  });
});

describe('lookupAddress (POST /geo)', () => {
  it('posts the location and validates the GeoResult', async () => {
    const f = setup(() =>
      json({ deliveryFee: 200, minimumOrderValue: 1500, freeAfter: 3000, distance: 2.1, addr: { zip: '10115', city: 'Berlin', street: 'Hauptstraße', streetNumber: '1' } }),
    );
    const r = await lookupAddress('Hauptstraße 1, 10115 Berlin');
    expect(f.calls[0].method).toBe('POST');
    expect(f.calls[0].body).toEqual({ location: 'Hauptstraße 1, 10115 Berlin' });
    expect(r.minimumOrderValue).toBe(1500);
  });

  it('keeps minimumOrderValue absent (outside the delivery range)', async () => {
    setup(() => json({ deliveryFee: 0, freeAfter: 0, distance: 30, addr: { zip: '', city: '', street: '', streetNumber: '' } }));
    const r = await lookupAddress('Weit weg');
    expect(r.minimumOrderValue).toBeUndefined();
  });

  it('400 uses the response data as the code', async () => {
    setup(() => json('MissingStreetNumber', 400));
    await expect(lookupAddress('Hauptstraße')).rejects.toMatchObject({ code: 'MissingStreetNumber', status: 400 });
  });

  it('400 with an error field uses that field', async () => {
    setup(() => json({ error: 'Incomplete' }, 400));
    await expect(lookupAddress('Haupt')).rejects.toMatchObject({ code: 'Incomplete' });
  });

  it('404 becomes notFound', async () => {
    setup(() => json({}, 404));
    await expect(lookupAddress('Nirgendwo 1')).rejects.toMatchObject({ code: 'notFound' });
  });

  it('a malformed GeoResult is bad-response', async () => {
    setup(() => json({ deliveryFee: 'zwei Euro' }));
    await expect(lookupAddress('x')).rejects.toMatchObject({ code: 'bad-response' });
  });
});

describe('platform calls', () => {
  it('getUserInfo sends the bearer token', async () => {
    const f = setup(() => json({ id: 7, firstName: 'Ada', lastName: 'L', address: null, birthday: null }));
    const u = await getUserInfo('tok');
    expect(u?.id).toBe('7');
    expect(f.calls[0].url).toBe('https://shop.example/api/platform/user/info');
    expect(f.calls[0].headers.get('authorization')).toBe('Bearer tok');
  });

  it('getUserInfo on 401 logs and returns null', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(() => json({}, 401));
    expect(await getUserInfo('old')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Token is expired or invalid.');
  });

  it('findFranchiseShop queries and validates', async () => {
    const shop = {
      id: 's1', slug: 'mitte', name: 'Mitte', address: 'A 1', latitude: 1, longitude: 2, distance: 1.2,
      acceptOrders: true, allowPickup: true, allowDelivery: true, insideOpenHours: true, acceptOrdersToday: [],
    };
    const f = setup(() => json({ found: true, allShops: [shop], slug: 'mitte', id: 's1', deliveryFee: 100 }));
    const r = await findFranchiseShop('fr1', { location: 'A 1', deliveryType: 'pickup' });
    expect(f.calls[0].url).toBe('https://shop.example/api/platform/franchise/fr1/find-for?location=A+1&deliveryType=pickup');
    expect(r.slug).toBe('mitte');
    expect(r.allShops).toHaveLength(1);
  });

  it('findFranchiseShop failure yields an empty result with the error', async () => {
    setup(() => json({ err: 'kaputt' }, 500));
    const r = await findFranchiseShop('fr1', { location: 'A 1', deliveryType: 'delivery' });
    expect(r.allShops).toEqual([]);
    expect(r.found).toBe(false);
    expect(r.error).toEqual({ err: 'kaputt' });
  });

  it('getDeliveryPeriod validates', async () => {
    const f = setup(() => json(bootstrapFixture().deliveryPeriod));
    const p = await getDeliveryPeriod();
    expect(p.minOffset).toBe(750);
    expect(f.calls[0].url).toBe('https://shop.example/api/platform/config/deliveryPeriod?shop=demo');
    setup(() => json({ ...bootstrapFixture().deliveryPeriod, allowASAP: 'yes' }));
    await expect(getDeliveryPeriod()).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('platform events never throw', async () => {
    setup(() => json({}, 500));
    expect(await sendPlatformEvent({ type: 't', action: 'a', sessionId: 's' })).toBe(false);
  });
});

describe('coupons', () => {
  it('validateCoupon returns the coupon', async () => {
    const f = setup(() => json({ type: 'percent', value: 10, minimumOrderValue: 2000 }));
    expect(await validateCoupon('SOMMER')).toEqual({ code: 'SOMMER', type: 'percent', value: 10, minimumOrderValue: 2000 });
    expect(f.calls[0].url).toBe('https://shop.example/api/shop/demo/validate_coupon?code=SOMMER');
  });

  it('validateCoupon yields null on failure or malformed answer', async () => {
    setup(() => json({ error: 'invalid' }, 404));
    expect(await validateCoupon('X')).toBeNull();
    setup(() => json({ type: 'gratis', value: 'viel' }));
    expect(await validateCoupon('X')).toBeNull();
  });

  it('checkCouponReservation reads code or data.code; failure → null', async () => {
    const f = setup(() => json({ code: 'RES1' }));
    expect(await checkCouponReservation('+49 30 1')).toBe('RES1');
    expect(f.calls[0].url).toBe('https://shop.example/api/shop/demo/coupon_reservation/check/%2B49%2030%201');
    setup(() => json({ data: { code: 'RES2' } }));
    expect(await checkCouponReservation('1')).toBe('RES2');
    setup(() => json({}, 500));
    expect(await checkCouponReservation('1')).toBeNull();
  });
});

describe('group order', () => {
  const group = {
    id: 'g1', code: 'ABC', name: 'Büro', owner: 'u1', stage: 'menu', isPickup: false, orderId: null,
    members: [
      { id: 'm1', userId: 'u1', name: 'Ada', status: 'owner', cart: JSON.stringify({ total: 750, items: [{ kind: 'dish', lineId: 'l1' }], confirmedTwoForOnePromotions: [] }) },
      { id: 'm2', userId: 'u2', name: 'Bob', status: 'other', cart: { total: 0, items: [] } },
      { id: 'm3', userId: 'u3', name: 'Cy', status: 'other', cart: null },
    ],
  };

  it('parses member carts sent as JSON text', async () => {
    setup(() => json(group));
    const g = await getGroupOrder('g1');
    expect(g.members[0].cart.total).toBe(750);
    expect(g.members[0].cart.items[0].kind).toBe('dish');
    expect(g.members[1].cart.confirmedTwoForOnePromotions).toEqual([]);
    expect(g.members[2].cart.items).toEqual([]);
  });

  it('a wrong stage or a broken cart text is bad-response', async () => {
    setup(() => json({ ...group, stage: 'eating' }));
    await expect(getGroupOrder('g1')).rejects.toMatchObject({ code: 'bad-response' });
    setup(() => json({ ...group, members: [{ ...group.members[0], cart: '{broken' }] }));
    await expect(getGroupOrder('g1')).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('create posts the spec body; member update sends the cart as JSON text', async () => {
    const f = setup(() => json({ ...group, memberId: 'm1' }));
    await apiCreateGroup({ groupName: 'Büro', userName: 'Ada', isPickup: false, userId: 'u1' });
    expect(f.calls[0].body).toEqual({ groupName: 'Büro', userName: 'Ada', isPickup: false, userId: 'u1' });
    await updateGroupMember('g1', 'm1', 'u1', { cart: { total: 0, items: [] } });
    expect(f.calls[1].url).toBe('https://shop.example/api/shop/demo/group-order/g1/member/m1');
    expect(f.calls[1].body).toEqual({ cart: '{"total":0,"items":[]}', userId: 'u1' });
  });
});

describe('order submit and money', () => {
  const answer = {
    order: { id: 42, deliveryFee: 250, total: 1999, items: [{ price: 750, extras: [{ price: 150 }] }] },
    paymentGatewayId: 'pg1',
    acceptAdvertising: false,
  };

  it('validates the submit response (euro from the server, cents for the client) and sends the Idempotency-Key', async () => {
    const f = setup(() => json({ ...answer, order: { ...answer.order, deliveryFee: 2.5, total: 19.99, items: [{ price: 7.5, extras: [{ price: 1.5 }] }] } }));
    const r = await submitOrder({} as never, { idempotencyKey: 'co-12345678' });
    expect(r.order.id).toBe('42');
    expect(r.order.total).toBe(1999);
    expect(r.order.items[0].extras[0].price).toBe(150);
    expect(f.calls[0].headers.get('idempotency-key')).toBe('co-12345678');
    setup(() => json({ order: { id: 1, total: '19,99' } }));
    await expect(submitOrder({} as never)).rejects.toMatchObject({ code: 'bad-response' });
  });

  it('converts prices sent back to euro and rounds euro to cents', () => {
    expect(centsToEuro(1999)).toBe(19.99);
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(-1.005)).toBe(-101);
    const e = submitResponseToEuro({ ...answer, order: { ...answer.order, id: '42' } });
    expect(e.order.total).toBe(19.99);
    expect(e.order.items[0].extras[0].price).toBe(1.5);
  });
});

describe('table and analytics', () => {
  it('tracks visits and events on the platform base and never throws', async () => {
    const f = setup((call) => (call.url.endsWith('/tr/v') ? json({ success: true, id: 'v1' }) : json({ success: true })));
    const id = await trackVisit({ page: '/', sessionId: 's', visitCount: 1, restaurantId: 'demo', device: 'mobile' });
    expect(id).toBe('v1');
    expect(f.calls[0].body).toMatchObject({ website: 'webshop', page: '/' });
    expect(await pingVisit('v1')).toBe(true);
    expect(f.calls[1].url).toBe('https://shop.example/api/platform/tr/v/v1');
    expect(await trackEvent({ event: 'x', sessionId: 's', visitCount: 1, restaurantId: 'demo', device: 'mobile' })).toBe(true);
    setup(() => {
      throw new TypeError('offline');
    });
    expect(await trackVisit({ page: '/', sessionId: 's', visitCount: 1, restaurantId: 'demo', device: 'mobile' })).toBeNull();
    expect(await trackEvent({ event: 'x', sessionId: 's', visitCount: 1, restaurantId: 'demo', device: 'mobile' })).toBe(false);
  });
});
