// The reference shop API as a Hono app (testable with app.request()). Cross-cutting concerns are
// Hono's own middleware: cors, etag, body-limit, secure-headers, compress, serveStatic.
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { rateLimiter } from 'hono-rate-limiter';
import type { ServerContext } from './context';
import type { Db } from './db';
import type { ShopData } from './data/load';
import { errorBody, HttpError, jsonError, MAX_BODY_BYTES } from './http';
import { placeholderPng } from './media';
import { accountRoutes, type AccountOptions } from './routes/account';
import { mediaRoutes } from './routes/media';
import { mountOrders, type OrderOptions, type OrderService } from './routes/order';
import { groupRoutes } from './routes/group';
import { pageRoutes } from './routes/pages';
import { platformRoutes } from './routes/platform';
import { shopRoutes } from './routes/shop';
import { tableRoutes } from './routes/table';
import { createShellPage } from './shellPage';
import { readFirstChunks, staticFiles } from './static';

export interface AppOptions {
  data: ShopData;
  db: Db;
  /** The build folder served at / (null: none) */
  distDir?: string | null;
  /** The server's public origin, e.g. http://localhost:8080 */
  publicOrigin?: string;
  /** Map tile server template, e.g. https://tile.example/{z}/{x}/{y}.png (default: generated tiles) */
  tileUrl?: string | null;
  /** Disk cache folder of upstream tiles (default: none) */
  tileCacheDir?: string | null;
  /** fetch used for upstream tiles (tests) */
  tileFetch?: typeof fetch;
  /** Clock (tests) */
  now?: () => Date;
  /** `?at=` moves the clock of a request (browser tests only: TISCHLEIN_TEST_CLOCK=1) */
  testClock?: boolean;
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
}

const ALLOW_HEADERS = ['Content-Type', 'Authorization', 'If-None-Match', 'Accept', 'Idempotency-Key'];
const ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/** The tiny icon browsers ask every page for. */
export function faviconPng(): Buffer {
  return placeholderPng(32, 32, 'tischlein');
}

/** The client's IP (the socket's address; app.request() in tests has none). */
function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createApp(opts: AppOptions): Hono {
  const ctx: ServerContext = {
    data: opts.data,
    db: opts.db,
    now: opts.now ?? (() => new Date()),
    tileUrl: opts.tileUrl ?? null,
    testClock: opts.testClock ?? false,
    tileCacheDir: opts.tileCacheDir ?? null,
    tileFetch: opts.tileFetch,
  };
  const publicOrigin = opts.publicOrigin?.replace(/\/$/, '');
  const logError = opts.logError ?? ((e: unknown) => console.error('[tischlein]', e));

  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof HttpError) return jsonError(c, err);
    if (err instanceof HTTPException) {
      // the validator's JSON parser: malformed or missing JSON
      if (err.status === 400 && /json/i.test(err.message)) {
        return c.json(errorBody('invalid_json', `Kein gültiges JSON: ${err.message}`), 400);
      }
      return c.json(errorBody('invalid_request', err.message || 'Ungültige Anfrage.'), err.status);
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

  app.use('*', etag());
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
  const allowOrigin = (c: Context): string | null => {
    const origin = c.req.header('origin');
    if (!origin) return '*';
    if (origin === new URL(c.req.url).origin || origin === publicOrigin) return origin;
    const shopId = shopIdOf(c);
    const list = shopId ? ctx.data.shops.get(shopId)?.allowedOrigins : undefined;
    if (!list || list.length === 0) return '*';
    return list.includes(origin) ? origin : null;
  };
  app.use('/api/*', async (c, next) => {
    const allowed = allowOrigin(c);
    if (allowed === null) {
      if (c.req.method === 'OPTIONS') return c.body(null, 204, { Vary: 'Origin' });
      return c.json(errorBody('origin_not_allowed', 'Dieser Shop ist für diese Website nicht freigegeben.'), 403, { Vary: 'Origin' });
    }
    return cors({ origin: allowed, allowMethods: ALLOW_METHODS, allowHeaders: ALLOW_HEADERS, exposeHeaders: ['ETag', 'Idempotent-Replayed'], maxAge: 600 })(c, next);
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('payload_too_large', `Der Body ist größer als ${MAX_BODY_BYTES} Bytes.`), 413),
    }),
  );
  // Anonymous writes: bounded per IP (tracking must not fill the database)
  const writeLimit = opts.writeLimit ?? { limit: 600, windowMs: 60_000 };
  const limitWrites: MiddlewareHandler = rateLimiter({
    windowMs: writeLimit.windowMs,
    limit: writeLimit.limit,
    standardHeaders: 'draft-6',
    keyGenerator: clientIp,
    handler: (c) => c.json(errorBody('too_many_requests', 'Zu viele Anfragen – bitte kurz warten.'), 429),
  });
  app.on('POST', '/api/platform/*', limitWrites);
  // the pages' anonymous writes (server/routes/pages.ts) share the same bound
  for (const path of ['reservation', 'reservation/*', 'feedback/*', 'emailunsubscribe', 'jobs/*', 'coupon_mail/*', 'driver_code/*', 'group-order', 'group-order/*']) {
    app.on('POST', `/api/shop/:shopId/${path}`, limitWrites);
  }
  app.use('/api/*', compress());

  const orderService = mountOrders(app, ctx, { publicOrigin: opts.publicOrigin ?? null, ...opts.orders });
  opts.onOrderService?.(orderService);
  const menuChunks = opts.distDir ? (readFirstChunks(opts.distDir).menu ?? []) : [];
  app.route('/api/shop', shopRoutes(ctx, { publicOrigin: publicOrigin ?? null, menuChunks }));
  app.route('/api/shop', groupRoutes(ctx));
  app.route('/api/shop', pageRoutes(ctx, { reportToken: opts.reportToken ?? null, publicOrigin: publicOrigin ?? null }));
  app.route('/api/shop', tableRoutes(ctx, { publicOrigin: publicOrigin ?? null }));
  app.route('/api/platform', accountRoutes(ctx, { publicOrigin: publicOrigin ?? null, ...opts.accounts }));
  app.route('/api/platform', platformRoutes(ctx));
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
  const shellPage = createShellPage(opts.distDir, opts.data, opts.defaultShop ?? null);
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
    const page = await shellPage(c.req.path);
    if (!page) return c.text('dist/ fehlt – bitte zuerst `npm run build` ausführen.', 404);
    const origins = page.shopId ? ctx.data.shops.get(page.shopId)?.allowedOrigins : undefined;
    c.set('frameAncestors' as never, (origins ?? []).join(' ') as never);
    await shellHeaders(c, async () => {
      c.res = c.html(page.html, page.status as 200, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    });
    return c.res;
  });

  return app;
}
