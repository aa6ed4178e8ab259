// /api/shop/{shopId}/… — bootstrap, delivery period, address lookup, coupons.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { Bootstrap, GeoResult } from '@shared/domain';
import { compress, pickEncoding, type Encoding } from '../compress';
import { COUPON_CODE } from '../data/schema';
import { deliveryPeriodOf, franchiseFor, getShop, instantFrom, type ServerContext } from '../context';
import { shopLive } from '../staff/ops';
import { deliveryZoneFor } from '@shared/rules/deliveryZones';
import { distanceKm, GeoError, nearestStreet, roundKm } from '../geo';
import { HttpError, jsonBody, queryOf } from '../http';
import { mapTilePng } from '../media';
import { isValidTile, TileSource } from '../tiles';
import { normalizePhone } from '../phone';
import { findCoupon, findReservedCoupon } from '../orders/coupons';
import { ORDER_FORM_TEXTS } from '@shared/checkout';
import { renderMenuFirstView } from '../../remotes/menu/prerender';

const GeoBody = v.object({
  location: v.pipe(v.string('expected a string'), v.maxLength(300, 'expected at most 300 characters')),
});

const numberParam = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(`${name}: expected a number`),
    v.regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'expected a decimal number'),
    v.transform(Number),
    v.minValue(min, `expected ${min}..${max}`),
    v.maxValue(max, `expected ${min}..${max}`),
  );

const GeolocationQuery = v.object({
  lat: numberParam('lat', -90, 90),
  long: numberParam('long', -180, 180),
  acc: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,7}(\.\d{1,15})?$/, 'expected a number of metres'), v.transform(Number)),
  ),
});

const CouponQuery = v.object({
  code: v.pipe(
    v.string('expected a coupon code'),
    v.regex(COUPON_CODE, 'expected 1-64 letters, digits, _ or -'),
  ),
});

/** No radius beyond this counts as "in the demo city" for reverse geolocation. */
const REVERSE_MAX_KM = 25;

const MAX_CACHED_ANSWERS = 200;


export function shopRoutes(ctx: ServerContext, opts: { publicOrigin?: string | null; menuChunks?: readonly string[] } = {}): Hono {
  const app = new Hono();

  /** The shop's answer of this minute (bootstrap JSON, menu view HTML), kept with its ETag and compressed forms. */
  // Keyed by the minute and the shop's stamp (changes with every change of the shop); the entry
  // holds no shop record, so it keeps no catalog in memory beyond the shop cache's bound.
  type Cached = { key: string; body: string; etag: string; encoded: Partial<Record<Encoding, Buffer>> };
  const cached = async (cache: Map<string, Cached>, c: Context, make: (b: Bootstrap) => string): Promise<Cached> => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const { instant, realtime } = instantFrom(ctx, c.req.query('at'));
    // the shop's live state (pause, busy) changes the period: part of the key
    const live = await shopLive(ctx, shop.config.id, instant);
    const key = `${Math.floor(instant.getTime() / 60_000)}:${realtime}:${shop.stamp}:${live.takingOrders}:${live.busyMinutes}`;
    let entry = cache.get(shop.config.id);
    if (!entry || entry.key !== key) {
      const boot: Bootstrap = {
        config: shop.config,
        catalog: shop.catalog,
        deliveryPeriod: deliveryPeriodOf(shop.config, instant, realtime, live),
        franchise: await franchiseFor(ctx, shop.config, instant),
        catalogVersion: shop.catalogVersion,
      };
      const body = make(boot);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      entry = { key, body, etag, encoded: {} };
      cache.delete(shop.config.id);
      cache.set(shop.config.id, entry);
      // bounded like the shop cache: the least recently built answer goes first
      while (cache.size > MAX_CACHED_ANSWERS) cache.delete(cache.keys().next().value as string);
    }
    return entry;
  };
  const send = (c: Context, entry: Cached, contentType: string, cacheControl = 'no-cache') => {
    c.header('ETag', entry.etag);
    c.header('Cache-Control', cacheControl);
    c.header('Vary', 'Accept-Encoding');
    // If-None-Match is answered by hono/etag (app.ts) with this ETag
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (encoding) {
      const bytes = (entry.encoded[encoding] ??= compress(Buffer.from(entry.body), encoding, 'fast'));
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': contentType, 'Content-Encoding': encoding, 'Content-Length': String(bytes.byteLength) });
    }
    return c.body(entry.body, 200, { 'Content-Type': contentType });
  };

  // The answer only changes when the delivery period does (at most once a minute).
  const bootstrapCache = new Map<string, Cached>();
  app.get('/:shopId/bootstrap', async (c) => send(c, await cached(bootstrapCache, c, (b) => JSON.stringify(b)), 'application/json; charset=utf-8'));

  // The bootstrap without its catalog (the widgets' call): small, and the only part that changes
  // by the minute; the catalog comes by version from the immutable call below.
  // The shop's page texts (about, news, job offers, the pages' bodies) only for the shell
  // (`?pages=1`): widgets on a restaurant's page never show them (the checkout links the legal
  // pages by id, name and title).
  const stateCache = new Map<string, Cached>();
  const pagesStateCache = new Map<string, Cached>();
  app.get('/:shopId/state', async (c) => {
    const pages = c.req.query('pages') === '1';
    const state = (b: Bootstrap) => ({
      config: pages
        ? b.config
        : { ...b.config, about: undefined, news: undefined, jobEntries: undefined, pages: b.config.pages.map(({ id, name, title }) => ({ id, name, title })) },
      deliveryPeriod: b.deliveryPeriod,
      franchise: b.franchise,
      catalogVersion: b.catalogVersion,
    });
    return send(c, await cached(pages ? pagesStateCache : stateCache, c, (b) => JSON.stringify(state(b))), 'application/json; charset=utf-8');
  });

  // The menu's first view as HTML for the loader stub (remotes/menu/prerender.tsx); pictures
  // point at this server's public origin, and so do the preloads of the live menu's first chunk
  // (this server serves the build; `menuChunks` from the build's first-chunks.json).
  const menuViewCache = new Map<string, Cached>();
  app.get('/:shopId/menu-view', async (c) => {
    const origin = opts.publicOrigin ?? 'http://localhost'; // configured (app.ts), never the request's Host
    const preload = (opts.menuChunks ?? []).map((file) => `${origin}${file}`);
    // the live menu's catalog too: it downloads beside the runtime (or comes from the browser's cache)
    const catalogUrl = (b: Bootstrap) => `${origin}/api/shop/${encodeURIComponent(b.config.id)}/catalog/${encodeURIComponent(b.catalogVersion ?? '')}`;
    return send(c, await cached(menuViewCache, c, (b) => renderMenuFirstView(b, origin, undefined, preload, b.catalogVersion ? catalogUrl(b) : null)), 'text/html; charset=utf-8');
  });

  // A catalog version never changes (server/shops/store.ts): a CDN or the browser may keep it for
  // ever, and so does this process (its JSON and compressed forms, bounded like the answers above).
  const catalogCache = new Map<string, Cached>();
  app.get('/:shopId/catalog/:version', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const version = c.req.param('version');
    const key = `${shop.config.id}/${version}`;
    let entry = catalogCache.get(key);
    if (!entry) {
      const catalog = await ctx.shops.catalogVersion(shop.config.id, version);
      if (!catalog) throw new HttpError(404, 'unknown_version', `Diese Version der Speisekarte gibt es nicht (aktuell: ${shop.catalogVersion}).`);
      const body = JSON.stringify(catalog);
      entry = { key, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, encoded: {} };
      catalogCache.set(key, entry);
      while (catalogCache.size > MAX_CACHED_ANSWERS) catalogCache.delete(catalogCache.keys().next().value as string);
    }
    return send(c, entry, 'application/json; charset=utf-8', 'public, max-age=31536000, immutable');
  });

  app.get('/:shopId/config/deliveryPeriod', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const { instant, realtime } = instantFrom(ctx, c.req.query('at'));
    c.header('Cache-Control', 'no-store');
    return c.json({ ...deliveryPeriodOf(shop.config, instant, realtime, await shopLive(ctx, shop.config.id, instant)), catalogVersion: shop.catalogVersion });
  });

  // The shop's live state (pause, no device, busy minutes, sold-out ids) and the published menu's
  // version for every open page: a storefront asks every few seconds (shared/stores/live.ts), so a
  // published menu reaches it within seconds; an unchanged answer is a 304.
  app.get('/:shopId/live', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const { instant } = instantFrom(ctx, c.req.query('at'));
    c.header('Cache-Control', 'no-cache');
    return c.json({ ...(await shopLive(ctx, shop.config.id, instant)), catalogVersion: shop.catalogVersion });
  });

  app.post('/:shopId/geo', jsonBody(GeoBody, 'invalid_request'), async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const { location } = c.req.valid('json');
    let addr;
    try {
      addr = await ctx.resolveAddress(location);
    } catch (e) {
      if (e instanceof GeoError) throw new HttpError(e.code === 'notFound' ? 404 : 400, e.code, e.message);
      throw e;
    }
    const distance = roundKm(distanceKm(shop.config, addr));
    const zone = shop.config.flags.supportDelivery ? deliveryZoneFor(shop.config.deliveryZones, { zip: addr.zip, distanceKm: distance }) : null;
    const result: GeoResult = zone
      ? { deliveryFee: zone.deliveryFee, minimumOrderValue: zone.minimumOrderValue, freeAfter: zone.freeAfter, distance, addr }
      : { deliveryFee: 0, freeAfter: 0, distance, addr };
    return c.json(result);
  });

  app.get('/:shopId/geolocation', queryOf(GeolocationQuery), async (c) => {
    await getShop(ctx, c.req.param('shopId') ?? '');
    const q = c.req.valid('query');
    const { street, km } = nearestStreet(ctx.gazetteer, { latitude: q.lat, longitude: q.long });
    if (km > REVERSE_MAX_KM) {
      throw new HttpError(404, 'notFound', 'Zu diesem Standort konnte keine Adresse gefunden werden.');
    }
    return c.json({ streetName: street.name, streetNumber: '1', postalCode: street.postalCode, locality: street.locality });
  });

  app.get('/:shopId/validate_coupon', queryOf(CouponQuery, 'invalid_code'), async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId') ?? '')).config.id;
    const coupon = await findCoupon(ctx.db, shopId, c.req.valid('query').code, ctx.now());
    if (!coupon) return c.json({ error: 'invalid', message: 'Der Gutscheincode ist ungültig oder abgelaufen.' }, 404);
    // the order refuses a used-up coupon (coupon_used_up); the cart hears the same now
    if (coupon.usedUp) return c.json({ error: 'coupon_used_up', message: ORDER_FORM_TEXTS.couponUsedUp }, 409);
    return c.json(coupon.info);
  });

  app.get('/:shopId/coupon_reservation/check/:phone', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId') ?? '')).config.id;
    const phone = normalizePhone(c.req.param('phone'));
    if (!phone) throw new HttpError(400, 'invalid_phone', 'Das ist keine gültige Telefonnummer.');
    const coupon = await findReservedCoupon(ctx.db, shopId, phone, ctx.now());
    if (!coupon) return c.json({ error: 'not_found', message: 'Für diese Nummer ist kein Gutschein reserviert.' }, 404);
    return c.json({ data: coupon.info });
  });

  // Map tiles for the franchise map (spec: the shop's own tile endpoint): generated locally, or
  // fetched once from TISCHLEIN_TILE_URL and cached on disk (server/tiles.ts).
  const tiles = new TileSource({
    upstream: ctx.tileUrl ?? null,
    cacheDir: ctx.tileCacheDir ?? null,
    fetch: ctx.tileFetch,
    generate: (z, x, y) => mapTilePng(z, x, y, ctx.gazetteer.streets),
  });
  app.get('/:shopId/osm/tile/:z/:x/:y', async (c) => {
    await getShop(ctx, c.req.param('shopId'));
    const zParam = c.req.param('z');
    const xParam = c.req.param('x');
    const yParam = c.req.param('y').replace(/\.png$/, '');
    const [z, x, y] = [Number(zParam), Number(xParam), Number(yParam)];
    if (!/^\d{1,2}$/.test(zParam) || !/^\d{1,7}$/.test(xParam) || !/^\d{1,7}$/.test(yParam) || !isValidTile(z, x, y)) {
      throw new HttpError(400, 'invalid_request', 'expected z 0-19 and x, y inside 0..2^z-1');
    }
    const tile = await tiles.get(z, x, y);
    return c.body(new Uint8Array(tile.png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': tile.source === 'fallback' ? 'no-store' : 'public, max-age=86400',
      'Content-Length': String(tile.png.byteLength),
      'X-Tile-Source': tile.source,
    });
  });

  return app;
}
