// The staff API (docs/api.md "Staff API"): the restaurant's inbox app and POS systems.
//   POST /api/staff/{shopId}/login, POST …/logout, GET …/me
//   GET  …/orders[?tab=new|planned|active|done], GET …/orders/{id}
//   POST …/orders/{id}/acknowledge | accept {minutes} | refuse {reason} | status {status}
//   GET  …/events (server-sent events: the shop's orders, live)
//   GET|POST …/api-keys, DELETE …/api-keys/{id} (owner, logged in)
// Who: staff of THIS shop, by the session cookie (HttpOnly, SameSite=Strict) or a POS key
// (Authorization: Bearer tsk_…). Writes need a JSON body (Content-Type: application/json): a
// form on another site cannot send one without a CORS preflight, which fails for credentials.
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import { INBOX_TABS, INBOX_TEXTS, ACCEPT_MINUTES_MAX, ACCEPT_MINUTES_MIN, REFUSE_REASON_MAX, type InboxTab } from '@shared/inbox';
import { bearerOf } from '../accounts/service';
import { clientIp } from '../clientIp';
import { SHOP_ID, type ServerContext } from '../context';
import { HttpError } from '../http';
import { eventQueue, heartbeats, whenGone } from '../sse';
import { clientKey, countHit, uncountHit } from '../limits/counter';
import type { PaymentRegistry } from '../payments';
import type { EventHub, HubMessage } from '../staff/events';
import { accept, acknowledge, inboxOrder, listInbox, moveTo, refuse } from '../staff/orders';
import {
  checkLogin, createApiKey, createStaffSession, endStaffSession, listApiKeys, principalShop, revokeApiKey, shopOfApiKey,
  STAFF_COOKIE, STAFF_SESSION_TTL_MS, staffOfSession, type StaffPrincipal,
} from '../staff/service';
import { staffShop } from '../staff/shop';
import { beatDeviceStream, closeDeviceStream, openDeviceStream, shopLive } from '../staff/ops';
import { kitchenRoutes } from './kitchen';
import { LARGE_BODY_PATH, menuEditorRoutes } from './menuEditor';
import { menuPreviewRoutes } from './menuPreview';
import { staffOpsRoutes } from './staffOps';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';
import { staffCouponRoutes } from './staffCoupons';
import { staffTableRoutes } from './staffTables';
import { staffSettingsRoutes } from './staffSettings';
import { staffEmbedRoutes } from './staffEmbed';
import { staffShopInfoRoutes } from './staffShopInfo';

export interface StaffOptions {
  publicOrigin: string;
  /** the build folder: the menu editor's 'Vorschau' is the shell page (null: none) */
  distDir?: string | null;
  /** production mode: the shop's own origins must be https ('Einbinden') */
  production?: boolean;
  payments: PaymentRegistry;
  events: EventHub;
  /** failed logins per e-mail and per client in `windowMs` (default 10 and 30 per 15 minutes) */
  loginLimit?: { perEmail: number; perClient: number; windowMs: number };
  /** heartbeat of the event streams (default 15 s: DEVICE_HEARTBEAT_MS; it renews the device's row too) */
  heartbeatMs?: number;
}

// shared with the route files of further staff areas (./staffAccess.ts: no import cycle)
export { jsonOf, requireOwner, type StaffEnv } from './staffAccess';
// the menu editor's large bodies are bounded by its own routes (app.ts skips them)
export { LARGE_BODY_PATH };
type Env = StaffEnv;

const LoginSchema = v.object({
  email: v.pipe(v.string('email: expected a string'), v.trim(), v.minLength(3, 'email: too short'), v.maxLength(254, 'email: too long')),
  password: v.pipe(v.string('password: expected a string'), v.minLength(1, 'password: expected a string'), v.maxLength(200, 'password: too long')),
});
const AcceptSchema = v.object({
  minutes: v.pipe(v.number('minutes: expected a number'), v.integer(INBOX_TEXTS.badMinutes), v.minValue(ACCEPT_MINUTES_MIN, INBOX_TEXTS.badMinutes), v.maxValue(ACCEPT_MINUTES_MAX, INBOX_TEXTS.badMinutes)),
});
const RefuseSchema = v.object({
  reason: v.pipe(v.string(INBOX_TEXTS.badReason), v.trim(), v.minLength(1, INBOX_TEXTS.badReason), v.maxLength(REFUSE_REASON_MAX, INBOX_TEXTS.badReason)),
});
const StepSchema = v.object({
  status: v.picklist(['in_preparation', 'on_the_way', 'ready_for_pickup', 'delivered', 'picked_up'], INBOX_TEXTS.badStep),
});
const KeySchema = v.object({ label: v.pipe(v.string('label: expected a string'), v.trim(), v.minLength(1, 'label: expected 1-80 characters'), v.maxLength(80, 'label: expected 1-80 characters')) });

/** The session cookie's name: `__Host-` (Secure, path /, this host only) on https. */
export function staffCookieName(publicOrigin: string): string {
  return publicOrigin.startsWith('https:') ? `__Host-${STAFF_COOKIE}` : STAFF_COOKIE;
}

export function staffRoutes(ctx: ServerContext, opts: StaffOptions): Hono<Env> {
  const app = new Hono<Env>();
  const cookie = staffCookieName(opts.publicOrigin);
  const secure = opts.publicOrigin.startsWith('https:');
  const limit = opts.loginLimit ?? { perEmail: 10, perClient: 30, windowMs: 15 * 60_000 };
  const heartbeatMs = opts.heartbeatMs ?? 15_000;

  // the shop exists (404 otherwise) for every route
  app.use('/:shopId/*', async (c, next) => {
    const id = c.req.param('shopId');
    if (!SHOP_ID.test(id)) throw new HttpError(404, 'unknown_shop', 'Diesen Shop gibt es nicht.');
    c.set('shopId', (await staffShop(ctx, id)).config.id);
    c.header('Cache-Control', 'no-store');
    await next();
  });

  // The staff app as an installable PWA (public: names and colours only)
  app.get('/:shopId/manifest.webmanifest', async (c) => {
    const { config } = await staffShop(ctx, c.get('shopId'));
    return c.body(JSON.stringify({
      name: `${config.restaurantName} – Bestellungen`, short_name: 'Bestellungen', lang: 'de', start_url: '/restaurant', scope: '/restaurant',
      display: 'standalone', orientation: 'any', background_color: '#ffffff', theme_color: '#b1361e',
      icons: [{ src: '/favicon.ico', sizes: '32x32', type: 'image/png' }],
    }), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
  });

  app.post('/:shopId/login', async (c) => {
    const shopId = c.get('shopId');
    const body = await jsonOf(c, LoginSchema);
    const email = body.email.toLowerCase();
    const client = clientKey(clientIp(c));
    // counted before scrypt runs (concurrent guesses are bounded too), in the database (all processes)
    const perEmail = await countHit(ctx.db, 'staff-login-email', `${shopId}\n${email}`, limit.windowMs, ctx.now());
    const perClient = await countHit(ctx.db, 'staff-login-client', client, limit.windowMs, ctx.now());
    if (perEmail > limit.perEmail || perClient > limit.perClient) throw new HttpError(429, 'too_many_requests', INBOX_TEXTS.tooManyLogins);
    const user = await checkLogin(ctx.db, shopId, email, body.password);
    if (!user) throw new HttpError(401, 'wrong_login', INBOX_TEXTS.loginFailed);
    await uncountHit(ctx.db, 'staff-login-email', `${shopId}\n${email}`);
    await uncountHit(ctx.db, 'staff-login-client', client);
    const token = await createStaffSession(ctx.db, user.id, ctx.now());
    setCookie(c, cookie, token, { path: '/', httpOnly: true, sameSite: 'Strict', secure, maxAge: Math.floor(STAFF_SESSION_TTL_MS / 1000) });
    return c.json({ user: { name: user.name, email: user.email, role: user.role } });
  });

  app.post('/:shopId/logout', async (c) => {
    await endStaffSession(ctx.db, getCookie(c, cookie));
    deleteCookie(c, cookie, { path: '/', secure });
    return c.json({ ok: true });
  });

  /** The caller: this shop's staff (session) or this shop's POS key; 401 / 403 otherwise. */
  const auth: MiddlewareHandler<Env> = async (c, next) => {
    const shopId = c.get('shopId');
    const bearer = bearerOf(c.req.header('authorization'));
    let p: StaffPrincipal | null = null;
    if (bearer) {
      const k = await shopOfApiKey(ctx.db, bearer);
      if (k) p = { kind: 'apiKey', shopId: k.shopId, keyId: k.keyId };
    } else {
      const user = await staffOfSession(ctx.db, getCookie(c, cookie), ctx.now());
      if (user) p = { kind: 'session', user };
    }
    if (!p) throw new HttpError(401, 'login_required', INBOX_TEXTS.notLoggedIn);
    if (principalShop(p) !== shopId) throw new HttpError(403, 'forbidden', INBOX_TEXTS.forbidden);
    c.set('principal', p);
    await next();
  };
  // every route below (and every route file mounted with `app.route`) needs the caller
  // (a CloudPRNT printer has no login: its secret URL is checked by server/routes/kitchen.ts)
  const open = new Set(['login', 'logout', 'manifest.webmanifest']);
  app.use('/:shopId/:rest{.+}', async (c, next) => (open.has(c.req.param('rest')) || /^cloudprnt\/[^/]+$/.test(c.req.param('rest')) ? next() : auth(c, next)));

  app.get('/:shopId/me', (c) => {
    const p = c.get('principal');
    return c.json(p.kind === 'session' ? { kind: 'session', user: { name: p.user.name, email: p.user.email, role: p.user.role } } : { kind: 'apiKey', keyId: p.keyId });
  });

  app.get('/:shopId/orders', async (c) => {
    const tab = c.req.query('tab');
    if (tab !== undefined && !INBOX_TABS.includes(tab as InboxTab)) throw new HttpError(400, 'invalid_request', `tab: expected one of ${INBOX_TABS.join(', ')}`);
    return c.json({ orders: await listInbox(ctx, c.get('shopId'), (tab as InboxTab | undefined) ?? null) });
  });
  app.get('/:shopId/orders/:id', async (c) => c.json({ order: await inboxOrder(ctx, c.get('shopId'), c.req.param('id')) }));

  const answer = async (c: Context<Env>) => c.json({ order: await inboxOrder(ctx, c.get('shopId'), c.req.param('id')!) });
  app.post('/:shopId/orders/:id/acknowledge', async (c) => {
    // no body needed, but the JSON rule holds for every write
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'json_required', 'Bitte als JSON senden (Content-Type: application/json).');
    await acknowledge(ctx, c.get('shopId'), c.req.param('id'));
    return answer(c);
  });
  app.post('/:shopId/orders/:id/accept', async (c) => {
    const { minutes } = await jsonOf(c, AcceptSchema);
    await accept(ctx, c.get('shopId'), c.req.param('id'), minutes);
    return answer(c);
  });
  app.post('/:shopId/orders/:id/refuse', async (c) => {
    const { reason } = await jsonOf(c, RefuseSchema);
    await refuse(ctx, opts.payments, c.get('shopId'), c.req.param('id'), reason);
    return answer(c);
  });
  app.post('/:shopId/orders/:id/status', async (c) => {
    const { status } = await jsonOf(c, StepSchema);
    await moveTo(ctx, c.get('shopId'), c.req.param('id'), status);
    return answer(c);
  });

  // One stream per device: 'orders' (the full list) first and after every reconnect of the
  // database listener, then 'order' per change. A reconnecting client (Last-Event-ID or not) gets
  // the full list again: nothing is lost, nothing needs a replay log.
  app.get('/:shopId/events', (c) => {
    const shopId = c.get('shopId');
    return streamSSE(c, async (stream) => {
      // one event at a time, each read in its turn (server/sse.ts eventQueue): an order that comes while the full list
      // is read goes out after that list, so the device does not drop it
      const send = eventQueue(stream);
      const snapshot = () => send('orders', async () => ({ orders: await listInbox(ctx, shopId, null) }));
      const onEvent = (m: HubMessage) => {
        if (m.kind === 'resync') void snapshot().catch(() => undefined);
        else if (m.kind === 'ops') void send('ops', () => shopLive(ctx, shopId, ctx.now())).catch(() => undefined);
        else void send('order', async () => ({ kind: m.kind, order: await inboxOrder(ctx, shopId, m.orderId) })).catch(() => undefined);
      };
      const unsubscribe = await opts.events.subscribeShop(shopId, onEvent);
      // the device counts as connected (every process sees it: a heartbeat row, staff/ops.ts)
      const device = await openDeviceStream(ctx, shopId);
      let closed: Promise<void> | null = null;
      // once, whichever comes first: the client goes away, or the stream ends (the process shuts down)
      const close = () => {
        if (!closed) {
          unsubscribe();
          closed = closeDeviceStream(ctx, shopId, device).catch(() => undefined);
        }
        return closed;
      };
      whenGone(stream, () => void close());
      if (!stream.aborted) await snapshot();
      await heartbeats(stream, heartbeatMs, async () => {
        await stream.write(': ping\n\n');
        await beatDeviceStream(ctx, shopId, device).catch(() => undefined);
      }, ctx.shutdown);
      // the process shuts down (or the client went): the device's row goes before the stream ends,
      // so before the database closes; the device reconnects to the next process
      await close();
    });
  });

  app.get('/:shopId/api-keys', async (c) => {
    requireOwner(c);
    return c.json({ keys: await listApiKeys(ctx.db, c.get('shopId')) });
  });
  app.post('/:shopId/api-keys', async (c) => {
    requireOwner(c);
    const { label } = await jsonOf(c, KeySchema);
    const k = await createApiKey(ctx.db, c.get('shopId'), label, ctx.now());
    // shown once: only its hash is stored
    return c.json({ id: k.id, key: k.key, label }, 201);
  });
  app.delete('/:shopId/api-keys/:id', async (c) => {
    requireOwner(c);
    if (!(await revokeApiKey(ctx.db, c.get('shopId'), c.req.param('id'), ctx.now()))) throw new HttpError(404, 'not_found', 'Diesen Schlüssel gibt es nicht (oder er ist schon widerrufen).');
    return c.json({ revoked: true });
  });

  // further staff areas, each in its own file: app.route('/', xRoutes(ctx, opts)) with paths '/:shopId/…'
  app.route('/', kitchenRoutes(ctx, opts));
  app.route('/', staffTableRoutes(ctx, opts));
  app.route('/', staffOpsRoutes(ctx, { payments: opts.payments }));
  app.route('/', menuEditorRoutes(ctx));
  app.route('/', menuPreviewRoutes(ctx, opts));
  app.route('/', staffSettingsRoutes(ctx));
  app.route('/', staffCouponRoutes(ctx));
  app.route('/', staffEmbedRoutes(ctx, opts));
  app.route('/', staffShopInfoRoutes(ctx));

  return app;
}
