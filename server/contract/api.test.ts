// Contract test: this client against the reference server (in-process, in-memory PGlite).
// Catches drift between the server's answers and the boundary schemas.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestServer, type TestServer } from '../testing';
import { checkCouponReservation, configureApi, getBootstrap, getDeliveryPeriod, validateCoupon } from '@shared/api';
import { trackEvent, trackVisit, pingVisit } from '@shared/tracking';
import { findFranchiseShop, lookupAddress, reverseGeolocation } from '@shared/checkout';
import { resetApi } from '@shared/api/client';
import { clearBootstrapCache } from '@shared/api/bootstrap';

let s: TestServer;
let calls: Array<{ url: string; status: number }> = [];

beforeAll(async () => {
  s = await createTestServer();
}, 60_000);
afterAll(async () => {
  resetApi();
  await s?.close();
});

function use(shopId: string) {
  clearBootstrapCache();
  calls = [];
  configureApi({
    origin: 'http://localhost',
    shopId,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await s.app.request(String(input), init);
      calls.push({ url: String(input), status: res.status });
      return res;
    }) as typeof fetch,
  });
}

describe('client ↔ reference server', () => {
  it('the state and catalog of every shop pass the boundary schemas; the state revalidates by ETag (304), the catalog is immutable', async () => {
    for (const shopId of ['demo', 'burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord']) {
      use(shopId);
      const boot = await getBootstrap();
      expect(boot.config.id).toBe(shopId);
      expect(boot.catalog.dishes.length).toBeGreaterThan(0);
    }
    // what the browser's HTTP cache does with the answers (the client sends no header of its own)
    const [state, catalog] = calls.slice(-2);
    expect(state.url).toBe('http://localhost/api/shop/burgerwerk-nord/state');
    expect(catalog.url).toMatch(/^http:\/\/localhost\/api\/shop\/burgerwerk-nord\/catalog\/\d+-[0-9a-f]{12}$/);
    const first = await s.app.request(state.url);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await s.app.request(state.url, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect((await s.app.request(catalog.url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('delivery period (platform base) passes', async () => {
    use('demo');
    const p = await getDeliveryPeriod();
    expect(p.dayIndex).toBeGreaterThanOrEqual(0);
  });

  it('address lookup: result, and spec error codes', async () => {
    use('demo');
    const r = await lookupAddress('Augustusplatz 1, 04109 Leipzig');
    expect(r.addr.city).toBeTruthy();
    const err = await lookupAddress('04109').catch((e) => e);
    expect(err.code).toBeTruthy();
    expect(err.code).not.toBe('bad-response');
    const notFound = await lookupAddress('Nichtexistierende Straße 5, 99999 Nirgendwo').catch((e) => e);
    expect(['notFound', 'invalid', 'Incomplete', 'zipInsteadOfAddressEntered']).toContain(notFound.code);
    const rev = await reverseGeolocation(51.3397, 12.3808, 10);
    expect(rev.streetName).toBe('Augustusplatz');
  });

  it('coupons: valid, invalid → null, reservation', async () => {
    use('demo');
    expect(await validateCoupon('FUENFER')).toMatchObject({ type: 'value', value: 500, minimumOrderValue: 2000 });
    expect(await validateCoupon('GIBTSNICHT')).toBeNull();
    expect(await checkCouponReservation('0170 1234567')).toEqual(expect.any(String));
    expect(await checkCouponReservation('0170 0000000')).toBeNull();
  });

  it('franchise find-for passes the schema', async () => {
    use('burgerwerk-zentrum');
    const r = await findFranchiseShop('burgerwerk', { location: 'Augustusplatz 1, 04109 Leipzig', deliveryType: 'pickup' });
    expect(r.error).toBeUndefined();
    expect(r.allShops.length).toBeGreaterThan(0);
    const none = await findFranchiseShop('gibtsnicht', { location: 'x', deliveryType: 'pickup' });
    expect(none.allShops).toEqual([]);
    expect(none.error).toBeTruthy();
  });

  it('tracking round trip', async () => {
    use('demo');
    const id = await trackVisit({ page: '/', sessionId: 's1', visitCount: 1, restaurantId: 'demo', device: 'desktop' });
    expect(id).toEqual(expect.any(String));
    expect(await pingVisit(id!)).toBe(true);
    expect(await trackEvent({ event: 'test', sessionId: 's1', visitCount: 1, restaurantId: 'demo', device: 'desktop' })).toBe(true);
  });
});
