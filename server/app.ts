// The reference shop API as a Hono app (testable with app.request()).
import { Hono, type Context } from 'hono';
import { compressResponses } from './compress';
import type { ServerContext } from './context';
import type { Db } from './db';
import type { ShopData } from './data/load';
import { errorBody, HttpError, jsonError } from './http';
import { mediaRoutes } from './routes/media';
import { platformRoutes } from './routes/platform';
import { shopRoutes } from './routes/shop';
import { createShellPage } from './shellPage';
import { createStaticHandler } from './static';

export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:8081', 'http://127.0.0.1:8081'];

export interface AppOptions {
  data: ShopData;
  db: Db;
  /** The build folder served at / (null: none) */
  distDir?: string | null;
  /** Origins that may call /api/* with credentials (the server's own origin always may) */
  allowedOrigins?: string[];
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
  /** Unexpected errors go here (default console.error) */
  logError?: (err: unknown) => void;
  /** The shop the shell shows without a /f={slug} prefix (default 'demo', else the first) */
  defaultShop?: string | null;
}

/** Comma-separated origins from an env value. */
export function parseOrigins(value: string | undefined): string[] {
  if (!value) return DEFAULT_ALLOWED_ORIGINS;
  return value
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

const ALLOW_HEADERS = 'Content-Type, Authorization, If-None-Match, Accept';
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

export function createApp(opts: AppOptions): Hono {
  const ctx: ServerContext = { data: opts.data, db: opts.db, now: opts.now ?? (() => new Date()), tileUrl: opts.tileUrl ?? null, tileCacheDir: opts.tileCacheDir ?? null, tileFetch: opts.tileFetch };
  const allowed = new Set((opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).map((o) => o.replace(/\/$/, '')));
  if (opts.publicOrigin) allowed.add(opts.publicOrigin.replace(/\/$/, ''));
  const logError = opts.logError ?? ((e: unknown) => console.error('[tischlein]', e));
  const serveStatic = opts.distDir ? createStaticHandler({ root: opts.distDir, fallback: 'root', cors: true }) : null;

  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof HttpError) return jsonError(c, err);
    // database data exceptions (SQLSTATE class 22) are bad input that got through
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) {
      return c.json(errorBody('invalid_request', 'Ungültige Eingabe.'), 400);
    }
    logError(err);
    return c.json(errorBody('internal', 'Interner Fehler.'), 500);
  });

  app.notFound((c) => c.json(errorBody('not_found', `Unbekannter Pfad ${new URL(c.req.url).pathname}`), 404));

  app.use('*', compressResponses);

  // CORS for the API: only allowed origins, with credentials
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    const ok = !!origin && (allowed.has(origin) || origin === new URL(c.req.url).origin);
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Vary: 'Origin' };
      if (ok) {
        headers['Access-Control-Allow-Origin'] = origin!;
        headers['Access-Control-Allow-Credentials'] = 'true';
        headers['Access-Control-Allow-Methods'] = ALLOW_METHODS;
        headers['Access-Control-Allow-Headers'] = c.req.header('access-control-request-headers') ?? ALLOW_HEADERS;
        headers['Access-Control-Max-Age'] = '600';
      }
      return c.body(null, 204, headers);
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (ok) {
      c.res.headers.set('Access-Control-Allow-Origin', origin!);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.set('Access-Control-Expose-Headers', 'ETag');
    }
  });

  app.route('/api/shop', shopRoutes(ctx));
  app.route('/api/platform', platformRoutes(ctx));
  app.all('/api/*', (c) => c.json(errorBody('not_found', `Unbekannter API-Pfad ${new URL(c.req.url).pathname}`), 404));
  app.route('/media', mediaRoutes(ctx));

  const shellPage = opts.distDir ? createShellPage(opts.distDir, opts.data, opts.defaultShop ?? null) : null;
  const staticRoute = async (c: Context) => {
    if (!serveStatic || !shellPage) return c.text('dist/ fehlt – bitte zuerst `npm run build` ausführen.', 404);
    const path = new URL(c.req.url).pathname;
    // Everything but the build's assets is a page route: the shell with the shop filled in
    // (route segments may contain dots, e.g. /abmelden/{type}/{email}).
    if (!/^\/(embed|remotes|shell)\//.test(path) && !/^\/[^/]+\.(js|json|css|map|txt|ico|png|svg|webmanifest)$/.test(path)) {
      const page = await shellPage(path);
      if (page) {
        return c.html(page.html, page.status as 200, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      }
    }
    const res = await serveStatic(c.req.raw, new URL(c.req.url).pathname);
    return res ?? c.text('Nicht gefunden.', 404);
  };
  app.get('*', staticRoute);

  return app;
}
