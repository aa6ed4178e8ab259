// /api/platform/… — delivery period by shop, franchise lookup, events and visit tracking.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { FranchiseShop, GeoAddress } from '@shared/domain';
import { isHHMM } from '@shared/time/clock';
import { shopLive } from '../staff/ops';
import { deliveryPeriodOf, franchiseShopOf, getShop, instantFrom, type ServerContext } from '../context';
import { deliveryZoneFor } from '@shared/rules/deliveryZones';
import { distanceKm, GeoError, roundKm } from '../geo';
import { EVENT_BATCH_MAX } from '@shared/rules';
import { dbText, HttpError, jsonBody, queryOf, readJson, toDbJson, validate } from '../http';

const shortText = (max = 200) => v.pipe(v.string('expected a string'), v.maxLength(max, `expected at most ${max} characters`));
const idLike = v.nullish(v.union([shortText(100), v.number()], 'expected a string or a number'));

const FindForQuery = v.object({
  location: v.optional(shortText(300), ''),
  deliveryType: v.picklist(['delivery', 'pickup'], "expected 'delivery' or 'pickup'"),
  serveAt: v.optional(
    v.pipe(v.string(), v.check((s) => s === '' || s === 'asap' || isHHMM(s), "expected 'HH:MM' or 'asap'")),
    '',
  ),
  at: v.optional(v.string()),
});

const EventBody = v.object({
  type: shortText(100),
  action: shortText(200),
  context: v.optional(v.unknown()),
  sessionId: v.nullish(shortText(100)),
});

const VisitBody = v.object({
  page: v.optional(shortText(500)),
  orderId: idLike,
  sessionId: shortText(100),
  userId: idLike,
  visitCount: v.optional(v.pipe(v.number('expected a number'), v.integer('expected a whole number'), v.minValue(0))),
  restaurantId: v.optional(shortText(100)),
  website: v.optional(shortText(50)),
  device: v.optional(shortText(100)),
  design: v.optional(shortText(100)),
  account: v.nullish(v.union([shortText(100), v.boolean(), v.number()], 'expected a string, boolean or number')),
  referrer: v.nullish(shortText(2000)),
});

const TrackEventBody = v.object({
  event: shortText(100),
  eventData: v.optional(v.unknown()),
  sessionId: v.nullish(shortText(100)),
  userId: idLike,
  visitCount: v.optional(v.number('expected a number')),
  restaurantId: v.optional(shortText(100)),
  device: v.optional(shortText(100)),
  design: v.optional(shortText(100)),
  account: v.nullish(v.union([shortText(100), v.boolean(), v.number()], 'expected a string, boolean or number')),
  website: v.optional(shortText(50)),
});

const TrackEventsBody = v.union(
  [
    TrackEventBody,
    v.pipe(
      v.array(TrackEventBody, 'expected an event or a list of events'),
      v.minLength(1, 'expected at least one event'),
      v.maxLength(EVENT_BATCH_MAX, `expected at most ${EVENT_BATCH_MAX} events`),
    ),
  ],
  'expected an event {event, …} or a list of events',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function platformRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.get('/config/deliveryPeriod', async (c) => {
    const shopId = c.req.query('shop');
    if (!shopId) throw new HttpError(400, 'invalid_request', 'shop: expected a shop id');
    const shop = await getShop(ctx, shopId);
    const { instant, realtime } = instantFrom(ctx, c.req.query('at'));
    c.header('Cache-Control', 'no-store');
    return c.json({ ...deliveryPeriodOf(shop.config, instant, realtime, await shopLive(ctx, shop.config.id, instant)), catalogVersion: shop.catalogVersion });
  });

  app.get('/franchise/:franchiseId/find-for', async (c, next) => {
    if (!(await ctx.shops.franchise(c.req.param('franchiseId')))) {
      throw new HttpError(404, 'unknown_franchise', `Franchise '${c.req.param('franchiseId').slice(0, 64)}' gibt es nicht.`);
    }
    await next();
  }, queryOf(FindForQuery), async (c) => {
    const franchise = (await ctx.shops.franchise(c.req.param('franchiseId')))!;
    const q = c.req.valid('query');
    const { instant } = instantFrom(ctx, q.at);
    const type = q.deliveryType;
    const shops = await Promise.all(franchise.shopIds.map((id) => getShop(ctx, id)));
    const byId = new Map(shops.map((s) => [s.config.id, s]));
    const shopOf = (id: string) => byId.get(id)!;

    const listWith = (addr: { latitude: number; longitude: number } | null): FranchiseShop[] =>
      shops
        .map((s) => franchiseShopOf(s.config, instant, addr ? roundKm(distanceKm(s.config, addr)) : 0))
        .sort((a, b) => a.distance - b.distance);

    if (!q.location.trim()) {
      return c.json({ found: false, err: type === 'pickup' ? 'franchisePickupEmpty' : 'empty', allShops: listWith(null) });
    }
    let addr: Required<GeoAddress>;
    try {
      addr = await ctx.resolveAddress(q.location);
    } catch (e) {
      if (e instanceof GeoError) return c.json({ found: false, err: e.code, allShops: listWith(null) });
      throw e;
    }
    const allShops = listWith(addr);
    /** can the shop serve this type at the wanted time? */
    const available = (shopId: string) => {
      const config = shopOf(shopId).config;
      const p = deliveryPeriodOf(config, instant);
      if (q.serveAt && q.serveAt !== 'asap') return p.validServeTimes[type].includes(q.serveAt);
      return p.allowASAP[type] || (p.enablePreOrder && p.validServeTimes[type].length > 0);
    };

    let candidates = allShops;
    if (type === 'delivery') {
      candidates = allShops.filter((s) => deliveryZoneFor(shopOf(s.id).config.deliveryZones, { zip: addr.zip, distanceKm: s.distance }) !== null);
      if (candidates.length === 0) return c.json({ found: false, err: 'notInRange', allShops, addr });
    } else {
      candidates = allShops.filter((s) => shopOf(s.id).config.flags.supportPickup);
    }
    const match = candidates.find((s) => available(s.id));
    if (!match) return c.json({ found: false, err: 'currentlyUnavailable', allShops, addr });
    const zone = type === 'delivery' ? deliveryZoneFor(shopOf(match.id).config.deliveryZones, { zip: addr.zip, distanceKm: match.distance }) : null;
    return c.json({
      found: true,
      slug: match.slug,
      id: match.id,
      distance: match.distance,
      deliveryFee: zone ? zone.deliveryFee : 0,
      freeAfter: zone ? zone.freeAfter : 0,
      ...(zone ? { minimumOrderValue: zone.minimumOrderValue } : {}),
      addr,
      allShops,
    });
  });

  app.post('/event', jsonBody(EventBody), async (c) => {
    const body = c.req.valid('json');
    const { rows } = await ctx.db.query<{ id: string }>(
      'INSERT INTO events (type, action, context, session_id) VALUES ($1, $2, $3, $4) RETURNING id::text AS id',
      [dbText(body.type), dbText(body.action), toDbJson(body.context), dbText(body.sessionId)],
    );
    return c.json({ success: true, id: rows[0].id });
  });

  app.post('/tr/v', jsonBody(VisitBody), async (c) => {
    const body = c.req.valid('json');
    const id = randomUUID();
    await ctx.db.query('INSERT INTO tracking_visits (id, restaurant_id, session_id, data) VALUES ($1, $2, $3, $4)', [
      id,
      dbText(body.restaurantId),
      dbText(body.sessionId),
      toDbJson(body),
    ]);
    return c.json({ success: true, id });
  });

  app.post('/tr/v/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(400, 'invalid_request', 'id: expected a visit id');
    const text = await c.req.text();
    let body: unknown;
    try {
      body = text.trim() ? JSON.parse(text) : undefined;
    } catch (e) {
      throw new HttpError(400, 'invalid_json', `Kein gültiges JSON: ${(e as Error).message}`);
    }
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new HttpError(400, 'invalid_body', 'expected a JSON object or no body');
    }
    const { rows } = await ctx.db.query<{ id: string }>(
      'UPDATE tracking_visits SET pings = pings + 1, last_seen_at = now() WHERE id = $1 RETURNING id',
      [id],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Unbekannter Besuch.');
    return c.json({ success: true, id });
  });

  // One event (spec) or a list of up to EVENT_BATCH_MAX (the client's batch, also by
  // navigator.sendBeacon, which sends text/plain: the body is read as JSON whatever its type).
  app.post('/tr/e', async (c) => {
    const body = validate(TrackEventsBody, await readJson(c), 'invalid_body');
    const events = Array.isArray(body) ? body : [body];
    const ids: string[] = [];
    await ctx.db.transaction(async (tx) => {
      for (const e of events) {
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO tracking_events (event, restaurant_id, session_id, data) VALUES ($1, $2, $3, $4) RETURNING id::text AS id',
          [dbText(e.event), dbText(e.restaurantId), dbText(e.sessionId), toDbJson(e)],
        );
        ids.push(rows[0].id);
      }
    });
    return Array.isArray(body) ? c.json({ success: true, ids }) : c.json({ success: true, id: ids[0] });
  });

  return app;
}
