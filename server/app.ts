// The reference shop API as a Hono app (testable with app.request()). Cross-cutting concerns are
// Hono's own middleware: etag, body-limit, secure-headers, compress, serveStatic; CORS is hono/cors'
// headers set after the handler (server/cors.ts).
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { clientIp, clientIpMiddleware, createProxyWatch, proxyWarning, type ProxyWatch, type TrustProxy } from './clientIp';
import type { ServerContext } from './context';
import { corsAfterHandler } from './cors';
import { isDbUnavailable, isUniqueViolation, type Db } from './db';
import { SHOP_UNAVAILABLE } from '@shared/i18n';
import type { Gazetteer } from './data/load';
import { errorBody, HttpError, jsonError, MAX_BODY_BYTES } from './http';
import { clientKey } from './limits/counter';
import { dbRateLimiter } from './limits/store';
import { placeholderPng } from './media';
import { createPaymentRegistry } from './payments';
import { DEV_SECRET_KEY } from './secrets/crypto';
import { accountRoutes, type AccountOptions } from './routes/account';
import { mediaRoutes } from './routes/media';
import { mountOrders, type OrderOptions, type OrderService } from './routes/order';
import { groupRoutes } from './routes/group';
import { healthRoutes, OPERATOR_TOKEN_MIN, operatorRoutes, type OperatorOptions } from './routes/operator';
import { pageRoutes } from './routes/pages';
import { platformRoutes } from './routes/platform';
import { shopRoutes } from './routes/shop';
import { tableRoutes } from './routes/table';
import { LARGE_BODY_PATH, staffRoutes, type StaffOptions } from './routes/staff';
import { sightingRecorder } from './shops/embed';
import { createEventHub, type EventHub } from './staff/events';
import { runOrderWatch, startOrderWatch, type WatchResult, type WatchScope } from './staff/watch';

/** The order watch of an app: its timer (main.ts) and one round (tests). */
export interface OrderWatch {
  /** starts the timer; its stop resolves when the round under way has finished and the lease is given back */
  start(opts?: { intervalMs?: number; deviceWatch?: boolean }): () => Promise<void>;
  run(now?: Date, scope?: WatchScope): Promise<WatchResult>;
}
import { createShellPage } from './shellPage';
import type { ShopRepository } from './shops/repository';
import { readFirstChunks, staticFiles } from './static';
import { createAddressResolver, type Geocoder, type PostalCodeDirectory } from './geo';

export interface AppOptions {
  /** The shops (server/shops/repository.ts over the database) */
  shops: ShopRepository;
  /** The offline geocoder's streets (the data file's gazetteer) */
  gazetteer: Gazetteer;
  db: Db;
  /** Production without a payment registry of its own: the shops whose data names the simulated provider */
  simulatedShops?: ReadonlySet<string>;
  /** The build folder served at / (null: none) */
  distDir?: string | null;
  /**
   * The server's public origin, e.g. https://shop.example (PUBLIC_ORIGIN): links in e-mails, the
   * payment page. Never taken from a request's Host header. Default (not in production):
   * http://localhost, the origin of app.request() in tests; main.ts passes http://localhost:PORT.
   */
  publicOrigin?: string;
  /** Further origins login links and payment returns may lead to, for every shop (main.ts: the example pages in development) */
  linkOrigins?: readonly string[];
  /** Production mode (NODE_ENV=production): no /outbox, and a public origin is required */
  production?: boolean;
  /** Map tile server template, e.g. https://tile.example/{z}/{x}/{y}.png (default: generated tiles) */
  tileUrl?: string | null;
  /** Disk cache folder of upstream tiles (default: none) */
  tileCacheDir?: string | null;
  /** fetch used for upstream tiles (tests) */
  tileFetch?: typeof fetch;
  /** Street-level geocoder (TISCHLEIN_GEOCODER); default: the gazetteer, and the postal-code table beyond it */
  geocoder?: Geocoder | null;
  /** The German postal-code table (tests); default the one shipped in server/geo */
  postalCodes?: PostalCodeDirectory;
  /** Clock (tests) */
  now?: () => Date;
  /** `?at=` moves the clock of a request (browser tests only: TISCHLEIN_TEST_CLOCK=1) */
  testClock?: boolean;
  /** The proxies in front of the server (TRUST_PROXY, server/clientIp.ts); default none: the socket's address */
  trustProxy?: TrustProxy;
  /** Hears of the first request through a proxy TRUST_PROXY does not name; default: one warning in the log (server/clientIp.ts) */
  proxyWatch?: ProxyWatch;
  /** Anonymous writes (tracking, events) per IP and window; default 600 per minute */
  writeLimit?: { limit: number; windowMs: number };
  /** Unexpected errors go here (default console.error) */
  logError?: (err: unknown) => void;
  /** The shop the shell shows without a /f={slug} prefix (default 'demo', else the first) */
  defaultShop?: string | null;
  /** Orders, payments, outbox (routes/order.ts) */
  orders?: OrderOptions;
  /** Bearer token of GET /api/shop/{shopId}/report (TISCHLEIN_REPORT_TOKEN); default: report off */
  reportToken?: string | null;
  /** receives the order service (outbox worker) */
  onOrderService?: (service: OrderService) => void;
  /** Login and account (routes/account.ts): request-link limits */
  accounts?: AccountOptions;
  /** Order events across processes (LISTEN/NOTIFY); default: one on `db` (main.ts closes its own) */
  events?: EventHub;
  /** receives the order watch (server/staff/watch.ts): main.ts starts its timer */
  onOrderWatch?: (watch: OrderWatch) => void;
  /** Staff API (routes/staff.ts): login limits, stream heartbeat */
  staff?: Pick<StaffOptions, 'loginLimit' | 'heartbeatMs'>;
  /** Bearer token of /api/operator/… (OPERATOR_TOKEN); default: none, those routes do not exist */
  operatorToken?: string | null;
  /** The operator routes' limit of failed attempts (tests) */
  operatorFailLimit?: OperatorOptions['failLimit'];
  /** /readyz: the check's timeout and cache (tests) */
  ready?: Parameters<typeof healthRoutes>[1];
  /** Aborted when the process begins to shut down (main.ts, server/shutdown.ts): /readyz 503, event streams end */
  shutdown?: AbortSignal;
}

const ALLOW_HEADERS = ['Content-Type', 'Authorization', 'If-None-Match', 'Accept', 'Idempotency-Key'];
/** hono/compress leaves smaller answers as they are (bytes; one TCP segment's payload). */
export const COMPRESS_THRESHOLD = 1400;
const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/** The tiny icon browsers ask every page for. */
export function faviconPng(): Buffer {
  return placeholderPng(32, 32, 'tischlein');
}

/**
 * The policy of the small pages the server renders (no script at all; their styles are inline).
 * `formTargets`: origins a form's redirect may lead to (browsers check form-action on redirects).
 */
export function pageCsp(formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'", "style-src 'unsafe-inline'", "img-src 'self' data:", "base-uri 'none'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`, "frame-ancestors 'none'",
  ].join('; ');
}

export function createApp(opts: AppOptions): Hono {
  const ctx: ServerContext = {
    shops: opts.shops,
    gazetteer: opts.gazetteer,
    db: opts.db,
    now: opts.now ?? (() => new Date()),
    tileUrl: opts.tileUrl ?? null,
    testClock: opts.testClock ?? false,
    tileCacheDir: opts.tileCacheDir ?? null,
    tileFetch: opts.tileFetch,
    shutdown: opts.shutdown,
    resolveAddress: createAddressResolver({ gazetteer: opts.gazetteer, geocoder: opts.geocoder ?? null, postalCodes: opts.postalCodes, log: (m) => (opts.logError ?? console.error)(new Error(m)) }),
  };
  // main.ts refuses these with a line each (server/production.ts); an embedder of createApp too
  if (opts.production && !opts.publicOrigin) throw new Error('production mode needs a public origin (PUBLIC_ORIGIN)');
  if (opts.production && !opts.orders?.webhookSecret) throw new Error('production mode needs a webhook secret (ORDER_WEBHOOK_SECRET)');
  if (opts.production && opts.operatorToken && opts.operatorToken.length < OPERATOR_TOKEN_MIN) throw new Error(`production mode needs an OPERATOR_TOKEN of at least ${OPERATOR_TOKEN_MIN} characters`);
  if (opts.production && opts.testClock) throw new Error('production mode cannot move the clock per request (TISCHLEIN_TEST_CLOCK)');
  const publicOrigin = (opts.publicOrigin ?? 'http://localhost').replace(/\/$/, '');
  /** Where links for a shop may lead: this server, the configured link origins, the shop's own pages. */
  const linkTargets = async (shopId: string): Promise<string[]> => [publicOrigin, ...(opts.linkOrigins ?? []), ...((await ctx.shops.getShop(shopId))?.allowedOrigins ?? [])];
  const logError = opts.logError ?? ((e: unknown) => console.error('[tischlein]', e));

  const app = new Hono();
  // the guest's address, once per request: the socket's, or X-Forwarded-For under TRUST_PROXY only
  const proxyWatch = opts.proxyWatch ?? createProxyWatch((h) => console.warn(proxyWarning(h)));
  app.use('*', clientIpMiddleware(opts.trustProxy ?? null, proxyWatch, ctx.now));

  app.onError((err, c) => {
    if (err instanceof HttpError) return jsonError(c, err);
    if (err instanceof HTTPException) {
      // the validator's JSON parser: malformed or missing JSON
      if (err.status === 400 && /json/i.test(err.message)) {
        return c.json(errorBody('invalid_json', `Kein gültiges JSON: ${err.message}`), 400);
      }
      return c.json(errorBody('invalid_request', err.message || 'Ungültige Anfrage.'), err.status);
    }
    // the database is away (restart, lost connection, timeout): a clear answer, no stack in the log
    if (isDbUnavailable(err)) {
      logError(`[tischlein] 503 ${c.req.method} ${c.req.path}: ${err.message}`);
      return c.json(errorBody('unavailable', SHOP_UNAVAILABLE), 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
    }
    // a concurrent insert of the same key won; the routes answer a double click like the first
    // click, this is the net under the ones that cannot
    if (isUniqueViolation(err)) {
      return c.json(errorBody('conflict', 'Das wurde gerade schon gespeichert. Bitte lade die Seite neu.'), 409);
    }
    // database data exceptions (SQLSTATE class 22) are bad input that got through
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) {
      return c.json(errorBody('invalid_request', 'Ungültige Eingabe.'), 400);
    }
    logError(err);
    return c.json(errorBody('internal', 'Interner Fehler.'), 500);
  });

  app.notFound((c) => c.json(errorBody('not_found', `Unbekannter Pfad ${new URL(c.req.url).pathname}`), 404));

  // A 413 may come before the body was read (a chunked upload still arriving): the connection
  // cannot carry another request, so say so instead of keeping it alive and resetting it.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set('Connection', 'close');
  });
  // Every page the server renders itself (payment page, QR codes, /outbox, login link answers):
  // no script, inline styles only, not framed. The shell page sets its own, wider policy below.
  app.use('*', async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (type.startsWith('text/html') && !c.res.headers.has('Content-Security-Policy')) {
      const formTargets = (c.get('formTargets' as never) as string[] | undefined) ?? [];
      c.res.headers.set('Content-Security-Policy', pageCsp(formTargets));
      c.res.headers.set('X-Frame-Options', 'DENY');
    }
  });
  // an event stream never ends: etag would wait for its whole body
  const tag = etag();
  app.use('*', (c, next) => (c.req.path.endsWith('/events') ? next() : tag(c, next)));
  // Resources are loaded cross-origin by the restaurants' pages: no CORP/COOP here (the shell
  // page gets its own, stricter headers below).
  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginEmbedderPolicy: false,
      xFrameOptions: false,
      referrerPolicy: 'no-referrer',
    }),
  );

  // CORS: public shop data from any origin without credentials ('*'); a shop that lists
  // `allowedOrigins` in its data gets its own origins only (and other origins a 403).
  const shopIdOf = (c: Context): string | undefined => {
    const m = /^\/api\/shop\/([^/]+)\//.exec(c.req.path);
    return m ? decodeURIComponent(m[1]) : (c.req.query('shop') ?? undefined);
  };
  const allowOrigin = async (c: Context): Promise<string | null> => {
    const origin = c.req.header('origin');
    if (!origin) return '*';
    if (origin === publicOrigin) return origin;
    const shopId = shopIdOf(c);
    const list = shopId ? (await ctx.shops.getShop(shopId))?.allowedOrigins : undefined;
    if (!list || list.length === 0) return '*';
    return list.includes(origin) ? origin : null;
  };
  // 'Einbinden': the page origins the shop's widgets ran on (the browser's Origin header; no fetch)
  const recordSighting = sightingRecorder(ctx.db);
  const withCors = corsAfterHandler({ allowMethods: ALLOW_METHODS, allowHeaders: ALLOW_HEADERS, exposeHeaders: ['ETag', 'Idempotent-Replayed'], maxAge: 600 });
  app.use('/api/*', async (c, next) => {
    // the operator's calls are for no page: no CORS headers at all (a preflight finds no route: 404)
    if (c.req.path.startsWith('/api/operator/')) return next();
    const allowed = await allowOrigin(c);
    const origin = c.req.header('origin');
    const sightedShop = /^\/api\/shop\//.test(c.req.path) ? shopIdOf(c) : undefined;
    if (allowed !== null && origin && origin !== publicOrigin && sightedShop && (await ctx.shops.getShop(sightedShop))) {
      recordSighting(sightedShop, origin).catch(() => undefined);
    }
    if (allowed === null) {
      if (c.req.method === 'OPTIONS') return c.body(null, 204, { Vary: 'Origin' });
      return c.json(errorBody('origin_not_allowed', 'Dieser Shop ist für diese Website nicht freigegeben.'), 403, { Vary: 'Origin' });
    }
    return withCors(c, next, allowed);
  });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', `Der Body ist größer als ${MAX_BODY_BYTES} Bytes.`), 413),
  });
  // the menu editor's draft and pictures have their own (larger) limits, checked after the owner's login
  app.use('/api/*', (c, next) => {
    if (LARGE_BODY_PATH.test(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A declared length (Node's parser reads exactly that many bytes) is checked as bodyLimit checks
    // it, without touching `c.req.raw.body`: that getter makes @hono/node-server build a whole web
    // Request and stream for the body (≈ 5 % of an order's CPU, docs/benchmarks.md), while the
    // route's c.req.text() reads the body straight from Node's request. A chunked body (no length)
    // is counted while read, by bodyLimit.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > MAX_BODY_BYTES ? limitBody(c, next) : next();
    }
    return limitBody(c, next);
  });
  // Anonymous writes: bounded per IP (tracking must not fill the database)
  const writeLimit = opts.writeLimit ?? { limit: 600, windowMs: 60_000 };
  // counted in the database: the bound holds across server processes (server/limits/store.ts)
  const limitWrites: MiddlewareHandler = dbRateLimiter({
    db: opts.db,
    scope: 'writes',
    windowMs: writeLimit.windowMs,
    limit: writeLimit.limit,
    now: ctx.now,
    key: (c) => clientKey(clientIp(c)),
    handler: (c) => c.json(errorBody('too_many_requests', 'Zu viele Anfragen – bitte kurz warten.'), 429),
  });
  app.on('POST', '/api/platform/*', limitWrites);
  // the pages' anonymous writes (server/routes/pages.ts) share the same bound
  for (const path of ['reservation', 'reservation/*', 'feedback/*', 'emailunsubscribe', 'jobs/*', 'coupon_mail/*', 'driver_code/*', 'group-order', 'group-order/*']) {
    app.on('POST', `/api/shop/:shopId/${path}`, limitWrites);
  }
  // An answer that fits one TCP segment (≈ 1.4 KB) gains nothing from gzip, which cost 0.6 ms of CPU
  // per order answer (1.3 KB; 6–7 % of the order load's profile, docs/benchmarks.md)
  app.use('/api/*', compress({ threshold: COMPRESS_THRESHOLD }));

  // without a registry of its own, production simulates payments only for the shops that name it
  const payments = opts.orders?.payments ?? (opts.production
    ? createPaymentRegistry(process.env, { simSecret: process.env.SIMULATED_PAYMENT_SECRET || undefined, simulatedFor: opts.simulatedShops ?? new Set<string>() })
    : undefined);
  // the shops' secrets: production has no development key to fall back on (main.ts: TISCHLEIN_SECRET_KEY)
  const secretKey = opts.orders?.secretKey !== undefined ? opts.orders.secretKey : opts.production ? null : DEV_SECRET_KEY;
  if (opts.production && secretKey?.equals(DEV_SECRET_KEY)) throw new Error('production mode cannot use the development secret key (TISCHLEIN_SECRET_KEY)');
  const events = opts.events ?? createEventHub(opts.db, logError);
  const orderService = mountOrders(app, ctx, { publicOrigin, linkTargets, outboxPage: !opts.production, ...opts.orders, payments, secretKey, events });
  opts.onOrderService?.(orderService);
  const menuChunks = opts.distDir ? (readFirstChunks(opts.distDir).menu ?? []) : [];
  app.route('/api/shop', shopRoutes(ctx, { publicOrigin, menuChunks }));
  app.route('/api/shop', groupRoutes(ctx));
  app.route('/api/shop', pageRoutes(ctx, { reportToken: opts.reportToken ?? null, publicOrigin }));
  app.route('/api/shop', tableRoutes(ctx, { publicOrigin }));
  app.route('/api/platform', accountRoutes(ctx, { publicOrigin, linkTargets, ...opts.accounts }));
  app.route('/api/platform', platformRoutes(ctx));
  app.route('/api/staff', staffRoutes(ctx, { publicOrigin, distDir: opts.distDir ?? null, production: !!opts.production, payments: orderService.payments, events, ...opts.staff }));
  // liveness and readiness for load balancers (public); the operator's calls only with OPERATOR_TOKEN
  app.route('/', healthRoutes(ctx, opts.ready));
  if (opts.operatorToken) app.route('/api/operator', operatorRoutes(ctx, { token: opts.operatorToken, kick: orderService.kick, failLimit: opts.operatorFailLimit, proxy: { trusted: Boolean(opts.trustProxy), watch: proxyWatch } }));
  opts.onOrderWatch?.({
    start: (o) => startOrderWatch(ctx, orderService.payments, o, logError),
    run: (now, scope) => runOrderWatch(ctx, orderService.payments, now, scope),
  });
  app.all('/api/*', (c) => c.json(errorBody('not_found', `Unbekannter API-Pfad ${new URL(c.req.url).pathname}`), 404));
  app.route('/media', mediaRoutes(ctx));

  const favicon = faviconPng();
  app.get('/favicon.ico', (c) =>
    c.body(new Uint8Array(favicon), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' }),
  );

  if (!opts.distDir) {
    app.get('*', (c) => c.text('dist/ fehlt – bitte zuerst `npm run build` ausführen.', 404));
    return app;
  }

  // The build's assets
  const assets = staticFiles(opts.distDir);
  for (const path of ['/embed/*', '/remotes/*', '/shell/*', '/embed.js', '/widgets.json']) app.use(path, assets);

  // Every other GET is a page route: the shell with the shop filled in (route segments may
  // contain dots, e.g. /abmelden/{type}/{email}); missing assets stay 404.
  const shellPage = createShellPage(opts.distDir, ctx.shops, { defaultShop: opts.defaultShop ?? null, publicHost: new URL(publicOrigin).hostname });
  const tileOrigin = (() => {
    try {
      return opts.tileUrl ? new URL(opts.tileUrl.replace(/[{}]/g, '')).origin : null;
    } catch {
      return null;
    }
  })();
  const shellHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", ...(tileOrigin ? [tileOrigin] : [])],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      // no manifest-src: WebKit does not know it and logs an error on every page; the shell links no manifest
      baseUri: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      // the menu editor's 'Vorschau' frames the shop's own preview page (GET /api/staff/{shop}/menu/preview)
      frameSrc: ["'self'"],
      frameAncestors: ["'self'", (c) => (c.get('frameAncestors' as never) as string | undefined) ?? ''],
    },
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
  });
  app.get('*', async (c) => {
    if (/^\/(embed|remotes|shell)\//.test(c.req.path) || /^\/[^/]+\.(js|json|css|map|txt|ico|png|svg|webmanifest)$/.test(c.req.path)) {
      return c.text('Nicht gefunden.', 404);
    }
    const page = await shellPage(c.req.path, c.req.header('host'));
    if (!page) return c.text('dist/ fehlt – bitte zuerst `npm run build` ausführen.', 404);
    const origins = page.allowedOrigins;
    c.set('frameAncestors' as never, (origins ?? []).join(' ') as never);
    await shellHeaders(c, async () => {
      c.res = c.html(page.html, page.status as 200, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    });
    return c.res;
  });

  return app;
}
