import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Bootstrap, DeliveryPeriod, GeoResult } from '@shared/domain';
import { createTestServer, type TestServer } from './testing';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => s.app.request(path, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('menu-view (the menu\'s first view for the loader stub)', () => {
  it('answers HTML with the menu\'s CSS, the first dishes at the server\'s prices and pictures from the public origin, revalidating by ETag', async () => {
    const res = await get('/api/shop/demo/menu-view', { Origin: 'https://restaurant.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const html = await res.text();
    expect(html.startsWith('<style>:host{')).toBe(true);
    // the first view's root carries its key: the catalog's version first (remotes/menu/firstScreen.ts)
    expect(html).toMatch(/<div data-tl-prerender="\S+ [^"]+" class="tl-root tl-menu"><div class="menu-root">/);
    expect(html.match(/class="menu-dish"/g)).toHaveLength(6);
    const boot = (await (await get('/api/shop/demo/bootstrap')).json()) as Bootstrap;
    expect(html).toContain(`<div data-tl-prerender="${boot.catalogVersion} `);
    const first = boot.catalog.dishes.find((d) => d.id === boot.catalog.categories[0].dishes[0])!;
    expect(html).toContain(`aria-label="${first.name} auswählen"`);
    // no script, no inline handler: markup and CSS only
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    // pictures are absolute (the page is on another origin)
    expect(html).not.toMatch(/src(Set)?="\/media/);
    const etag = res.headers.get('etag')!;
    expect((await get('/api/shop/demo/menu-view', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await get('/api/shop/nope/menu-view')).status).toBe(404);
  });
});

describe('state and catalog by version (the widgets\' two calls)', () => {
  it('state: the bootstrap without its catalog, with the catalog version, revalidating by ETag', async () => {
    const res = await get('/api/shop/demo/state');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['catalogVersion', 'config', 'deliveryPeriod', 'franchise']);
    expect(body.catalogVersion).toMatch(/^\d+-[0-9a-f]{12}$/);
    expect((body.config as { restaurantName: string }).restaurantName).toBe('Trattoria Tischlein');
    expect((await get('/api/shop/demo/state', { 'If-None-Match': res.headers.get('etag')! })).status).toBe(304);
    // the shop's page texts only for the shell (?pages=1); the pages' names stay (the checkout links the legal ones)
    const boot = (await (await get('/api/shop/demo/bootstrap')).json()) as Bootstrap;
    expect(boot.config.about.length).toBeGreaterThan(0);
    expect(boot.config.jobEntries.length).toBeGreaterThan(0);
    const config = body.config as Record<string, unknown>;
    expect([config.about, config.news, config.jobEntries]).toEqual([undefined, undefined, undefined]);
    expect(boot.config.pages.some((p) => p.body.length > 0)).toBe(true);
    expect(config.pages).toEqual(boot.config.pages.map((p) => ({ id: p.id, name: p.name, title: p.title })));
    const full = (await (await get('/api/shop/demo/state?pages=1')).json()) as Bootstrap;
    expect(full.config).toEqual(boot.config);
    expect((await get('/api/shop/nope/state')).status).toBe(404);
  });

  it('catalog/{version}: the bootstrap\'s catalog, immutable, compressed, the same bytes on every request', async () => {
    const boot = (await (await get('/api/shop/demo/bootstrap')).json()) as Bootstrap;
    const first = await get(`/api/shop/demo/catalog/${boot.catalogVersion}`, { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(boot.catalog);
    const second = await get(`/api/shop/demo/catalog/${boot.catalogVersion}`, { 'Accept-Encoding': 'br' });
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it("the menu's first view names the catalog of the published version as a preload (fetch, anonymous)", async () => {
    const { catalogVersion } = (await (await get('/api/shop/demo/state')).json()) as { catalogVersion: string };
    const html = await (await get('/api/shop/demo/menu-view')).text();
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="http://localhost/api/shop/demo/catalog/${catalogVersion}">`);
  });
});

describe('bootstrap', () => {
  it('answers config, catalog, delivery period and franchise with a strong ETag', async () => {
    const res = await get('/api/shop/demo/bootstrap');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = (await res.json()) as Bootstrap;
    expect(body.config.restaurantName).toBe('Trattoria Tischlein');
    expect(body.catalog.dishes.some((d) => d.id === 'haehnchen-grill')).toBe(true);
    expect(body.deliveryPeriod.insideOpenHours).toBe(true);
    expect(body.franchise).toBeNull();

    const again = await get('/api/shop/demo/bootstrap', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/api/shop/demo/bootstrap', { 'If-None-Match': '"stale"' });
    expect(other.status).toBe(200);
  });

  it('lists the franchise shops with their open state', async () => {
    const body = (await (await get('/api/shop/burgerwerk-sued/bootstrap')).json()) as Bootstrap;
    expect(body.franchise?.slug).toBe('burgerwerk');
    expect(body.franchise?.shops.map((x) => x.slug)).toEqual(['burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord']);
    const nord = body.franchise!.shops.find((x) => x.id === 'burgerwerk-nord')!;
    expect(nord.insideOpenHours).toBe(false); // opens at 16:00
    expect(nord.acceptOrdersToday).toEqual([{ from: '16:00', to: '23:00' }]);
  });

  it('compresses with brotli or gzip', async () => {
    const br = await get('/api/shop/demo/bootstrap', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const json = JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString());
    expect(json.config.id).toBe('demo');
    const gz = await get('/api/shop/demo/bootstrap', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).config.id).toBe('demo');
    const plain = await get('/api/shop/demo/bootstrap');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe('delivery period', () => {
  it('is open on Tuesday noon', async () => {
    const p = (await (await get('/api/shop/demo/config/deliveryPeriod')).json()) as DeliveryPeriod;
    expect(p).toMatchObject({ insideOpenHours: true, acceptOrders: true, dayIndex: 1, dayOfWeek: 'Dienstag', time: '12:00', realtime: true });
    expect(p.allowASAP).toEqual({ delivery: true, pickup: true });
    expect(p.validServeTimes.delivery[0]).toBe('12:45');
  });
  it('honours ?at= and explains special closings (franchise shops keep realistic hours; demo is always open)', async () => {
    const late = (await (await get('/api/shop/burgerwerk-nord/config/deliveryPeriod?at=2026-11-23T22:30:00Z')).json()) as DeliveryPeriod;
    expect(late).toMatchObject({ insideOpenHours: false, realtime: false, nextOpeningTimeString: 'morgen um 16:00 Uhr', openAt: null });
    const early = (await (await get('/api/shop/burgerwerk-nord/config/deliveryPeriod?at=2026-11-24T14:30:00Z')).json()) as DeliveryPeriod;
    expect(early).toMatchObject({ openInMinutes: 30, openAt: '16:00' });
    const xmas = (await (await get('/api/platform/config/deliveryPeriod?shop=burgerwerk-zentrum&at=2026-12-25T12:00:00Z')).json()) as DeliveryPeriod;
    expect(xmas.specialClosedMessage).toBe('Wir haben wegen Weihnachten geschlossen. Wieder geöffnet ab 27.12.2026'); // Sunday 27th: open again
    const demoAtNight = (await (await get('/api/shop/demo/config/deliveryPeriod?at=2026-11-23T02:30:00Z')).json()) as DeliveryPeriod;
    expect(demoAtNight).toMatchObject({ insideOpenHours: true, acceptOrders: true, allowASAP: { delivery: true, pickup: true } });
  });
  it('rejects a bad ?at= and unknown shops', async () => {
    expect((await get('/api/shop/demo/config/deliveryPeriod?at=gestern')).status).toBe(400);
    expect((await get('/api/platform/config/deliveryPeriod')).status).toBe(400);
    expect((await get('/api/platform/config/deliveryPeriod?shop=nope')).status).toBe(404);
  });
});

describe('geo', () => {
  it('finds the zone by distance', async () => {
    const res = await post('/api/shop/demo/geo', { location: 'Augustusplatz 1, 04109 Leipzig' });
    expect(res.status).toBe(200);
    const geo = (await res.json()) as GeoResult;
    expect(geo).toMatchObject({ deliveryFee: 150, minimumOrderValue: 1200, freeAfter: 3000 });
    expect(geo.addr).toMatchObject({ street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' });
    const zone2 = (await (await post('/api/shop/demo/geo', { location: 'Eisenbahnstraße 10, 04315 Leipzig' })).json()) as GeoResult;
    expect(zone2).toMatchObject({ deliveryFee: 290, minimumOrderValue: 1800, freeAfter: 4500 });
  });
  it('outside all zones has no minimumOrderValue', async () => {
    const geo = (await (await post('/api/shop/demo/geo', { location: 'Miltitzer Allee 5, 04205 Leipzig' })).json()) as GeoResult;
    expect(geo.minimumOrderValue).toBeUndefined();
    expect(geo.distance).toBeGreaterThan(6);
  });
  it('answers the spec error codes', async () => {
    const cases: [string, number, string][] = [
      ['Augustusplatz, 04109 Leipzig', 400, 'MissingStreetNumber'],
      ['04109', 400, 'zipInsteadOfAddressEntered'],
      ['Augustusplatz 1', 400, 'Incomplete'],
      // the gazetteer's area (Leipzig): a street it does not have
      ['Erfundene Gasse 3, 04109 Leipzig', 404, 'notFound'],
      // elsewhere (the postal-code table): a town that is not the code's, a code that does not exist
      ['Unter den Linden 1, 10117 Hamburg', 404, 'notFound'],
      ['Unter den Linden 1, 10000 Berlin', 404, 'notFound'],
    ];
    for (const [location, status, error] of cases) {
      const res = await post('/api/shop/demo/geo', { location });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
  });
  it('reverse geolocation picks the nearest street', async () => {
    const res = await get('/api/shop/demo/geolocation?lat=51.3399&long=12.3806&acc=20');
    expect(await res.json()).toEqual({ streetName: 'Augustusplatz', streetNumber: '1', postalCode: '04109', locality: 'Leipzig' });
    expect((await get('/api/shop/demo/geolocation?lat=48.1&long=11.5')).status).toBe(404);
    expect((await get('/api/shop/demo/geolocation?lat=abc&long=11.5')).status).toBe(400);
    expect((await get('/api/shop/demo/geolocation?lat=95&long=11.5')).status).toBe(400);
    expect((await get('/api/shop/demo/geolocation')).status).toBe(400);
  });
});

describe('franchise find-for', () => {
  const findFor = async (q: string) => (await get(`/api/platform/franchise/burgerwerk/find-for?${q}`)).json() as Promise<any>;
  it('delivery: the nearest open shop whose zones cover the address', async () => {
    const r = await findFor(`location=${encodeURIComponent('Kochstraße 5, 04275 Leipzig')}&deliveryType=delivery`);
    expect(r).toMatchObject({ found: true, slug: 'burgerwerk-sued', id: 'burgerwerk-sued', deliveryFee: 190, minimumOrderValue: 1500 });
    expect(r.allShops).toHaveLength(3);
    expect(r.allShops[0].id).toBe('burgerwerk-sued');
    expect(r.addr).toMatchObject({ street: 'Kochstraße', zip: '04275' });
  });
  it('delivery: only a closed shop covers the address -> currentlyUnavailable unless serveAt fits', async () => {
    const loc = encodeURIComponent('Linkelstraße 3, 04159 Leipzig');
    expect((await findFor(`location=${loc}&deliveryType=delivery&serveAt=12:30`)).err).toBe('currentlyUnavailable');
    const later = await findFor(`location=${loc}&deliveryType=delivery&serveAt=18:00`);
    expect(later).toMatchObject({ found: true, slug: 'burgerwerk-nord' });
  });
  it('delivery outside every zone -> notInRange; pickup -> nearest open shop', async () => {
    const loc = encodeURIComponent('Miltitzer Allee 5, 04205 Leipzig');
    expect((await findFor(`location=${loc}&deliveryType=delivery`)).err).toBe('notInRange');
    const pickup = await findFor(`location=${loc}&deliveryType=pickup`);
    expect(pickup.found).toBe(true);
    expect(['burgerwerk-sued', 'burgerwerk-zentrum']).toContain(pickup.slug);
  });
  it('address errors come in err; bad parameters are 400; unknown franchise 404', async () => {
    expect((await findFor('location=04109&deliveryType=delivery')).err).toBe('zipInsteadOfAddressEntered');
    const empty = await findFor('deliveryType=pickup');
    expect(empty.err).toBe('franchisePickupEmpty');
    expect(empty.allShops).toHaveLength(3);
    expect((await get('/api/platform/franchise/burgerwerk/find-for?location=x&deliveryType=boat')).status).toBe(400);
    expect((await get('/api/platform/franchise/burgerwerk/find-for?location=x&deliveryType=pickup&serveAt=25:99')).status).toBe(400);
    expect((await get('/api/platform/franchise/nope/find-for?deliveryType=pickup')).status).toBe(404);
  });
});

describe('coupons', () => {
  it('validates codes case-insensitively', async () => {
    const res = await get('/api/shop/demo/validate_coupon?code=fuenfer');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 'FUENFER', type: 'value', value: 500, minimumOrderValue: 2000 });
    expect(await (await get('/api/shop/demo/validate_coupon?code=WILLKOMMEN10')).json()).toMatchObject({ type: 'percent', value: 10 });
  });
  it('unknown, expired and not yet valid codes are 404 invalid', async () => {
    for (const code of ['GIBTSNICHT', 'SOMMER2025', 'ZUKUNFT', 'BURGER5']) {
      const res = await get(`/api/shop/demo/validate_coupon?code=${code}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error).toBe('invalid');
    }
  });
  it('malformed codes are 400', async () => {
    for (const q of ['', '?code=', `?code=${'A'.repeat(65)}`, '?code=%3Cscript%3E', '?code=a%20b']) {
      expect((await get(`/api/shop/demo/validate_coupon${q}`)).status).toBe(400);
    }
  });
  it('finds a coupon reserved for a phone number in any notation', async () => {
    for (const phone of ['01701234567', '0170 1234567', '+49 170 1234567', '+49(0)170-1234567']) {
      const res = await get(`/api/shop/demo/coupon_reservation/check/${encodeURIComponent(phone)}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).data).toMatchObject({ code: 'TREUE15', value: 15, type: 'percent' });
    }
    expect((await get('/api/shop/demo/coupon_reservation/check/0170999999')).status).toBe(404);
    expect((await get('/api/shop/demo/coupon_reservation/check/hallo')).status).toBe(400);
    expect((await get('/api/shop/burgerwerk-zentrum/coupon_reservation/check/01701234567')).status).toBe(404);
  });
});

describe('media', () => {
  it('generates a PNG of the requested size', async () => {
    const res = await get('/media/demo/pizza-margherita/378x192.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(378);
    expect(png.readUInt32BE(20)).toBe(192);
  });
  it('caps the size and treats 0 as square', async () => {
    const big = Buffer.from(await (await get('/media/demo/header/4000x3000.jpg')).arrayBuffer());
    expect([big.readUInt32BE(16), big.readUInt32BE(20)]).toEqual([1920, 1080]);
    const logo = Buffer.from(await (await get('/media/demo/logo/0x480.png')).arrayBuffer());
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([480, 480]);
  });
  it('rejects bad paths and unknown shops', async () => {
    expect((await get('/media/demo/x/10x10.gif')).status).toBe(400);
    expect((await get('/media/demo/x/0x0.png')).status).toBe(400);
    expect((await get('/media/nope/x/10x10.png')).status).toBe(404);
    expect((await get('/media/demo/x')).status).toBe(404);
  });
});

describe('map tiles', () => {
  it('generates a 256 px PNG tile, with dots for the gazetteer streets', async () => {
    // zoom 14 tile containing Leipzig's centre
    const res = await get('/api/shop/demo/osm/tile/14/8754/5460');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    expect((await get('/api/shop/demo/osm/tile/14/8754/5460.png')).status).toBe(200);
  });
  it('rejects impossible tiles', async () => {
    for (const p of ['20/0/0', '2/4/0', '2/0/-1', 'a/b/c', '3/1.5/2']) {
      expect((await get(`/api/shop/demo/osm/tile/${p}`)).status).toBe(400);
    }
    expect((await get('/api/shop/nope/osm/tile/1/0/0')).status).toBe(404);
  });
});

describe('tracking', () => {
  it('stores events, visits, pings and tracking events', async () => {
    const ev = await post('/api/platform/event', { type: 'coupon', action: 'invalid', context: { code: 'X' }, sessionId: 's1' });
    expect(ev.status).toBe(200);
    expect(await ev.json()).toMatchObject({ success: true, id: expect.any(String) });

    const visit = await post('/api/platform/tr/v', { page: '/', sessionId: 's1', restaurantId: 'demo', website: 'webshop', visitCount: 1, userId: null });
    const { id } = (await visit.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await post(`/api/platform/tr/v/${id}`, {})).status).toBe(200);
    expect((await s.app.request(`/api/platform/tr/v/${id}`, { method: 'POST' })).status).toBe(200);
    expect((await post('/api/platform/tr/v/00000000-0000-0000-0000-000000000000', {})).status).toBe(404);
    expect((await post('/api/platform/tr/v/nicht-da', {})).status).toBe(400);

    expect((await post('/api/platform/tr/e', { event: 'geo', eventData: { error: 'notFound', actions: ['typed'] }, sessionId: 's1' })).status).toBe(200);
    const rows = await s.db.query<{ pings: number }>('SELECT pings FROM tracking_visits WHERE id = $1', [id]);
    expect(rows.rows[0].pings).toBe(2);
  });
});

describe('test clock', () => {
  it('?at= has no effect outside test mode', async () => {
    const t = await createTestServer({ testClock: false });
    try {
      const res = await t.app.request('/api/shop/demo/config/deliveryPeriod?at=2026-11-23T10:00:00Z');
      expect(res.status).toBe(200);
      const p = (await res.json()) as DeliveryPeriod;
      expect(p.insideOpenHours).toBe(true); // Tuesday noon (the server's clock), not Monday
      expect(p.dayIndex).toBe(1);
      expect((await t.app.request('/api/shop/demo/config/deliveryPeriod?at=gestern')).status).toBe(200);
      const boot = (await (await t.app.request('/api/shop/demo/bootstrap?at=2026-11-23T10:00:00Z')).json()) as Bootstrap;
      expect(boot.deliveryPeriod.dayIndex).toBe(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('caching', () => {
  it('the bootstrap revalidates (no-cache + ETag) and is readable from any origin', async () => {
    const res = await get('/api/shop/demo/bootstrap', { Origin: 'https://restaurant.example' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    const again = await get('/api/shop/demo/bootstrap', { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
  it('favicon answers without a build too', async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
