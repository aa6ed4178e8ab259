// The example pages server (development): the restaurant pages of examples/ on another origin,
// embedding the widgets from the shop server. It serves the pages and their assets only — never
// examples/data/ (the shop data holds waiter password hashes, driver codes and coupons).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { faviconPng } from './app';
import { staticFiles } from './static';

/** The assets a page may load; anything else (JSON above all) is not served. */
const ASSET = /\.(css|js|png|svg|jpe?g|webp|gif|ico|woff2?)$/;

/** The path as the file system will see it (serveStatic decodes it), or null when it does not decode. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function createExamplesApp(opts: { examplesDir: string; shopOrigin: string; franchiseShop: string }): Hono {
  const { examplesDir } = opts;
  const examples = new Hono();
  const favicon = faviconPng();
  const notFound = () => new Response('Nicht gefunden.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } });
  examples.use('*', etag());
  examples.use('*', compress());
  examples.get('/favicon.ico', (c) => c.body(new Uint8Array(favicon), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' }));
  // the shop data folder is no example page, however the path is spelled
  examples.use('*', async (c, next) => {
    const path = decodedPath(c.req.path);
    if (path === null || /(^|[\\/])data([\\/]|$)/i.test(path) || path.includes('\0')) return notFound();
    return next();
  });
  // pages: the shop's origin filled in; a folder without its slash gets it (relative assets)
  examples.get('*', async (c, next) => {
    if (!c.req.path.endsWith('/') && !/\.[a-z0-9]+$/i.test(c.req.path)) {
      const index = resolve(examplesDir, `.${c.req.path}`, 'index.html');
      if (index.startsWith(examplesDir + sep) && existsSync(index)) return c.redirect(`${c.req.path}/`, 301);
    }
    const path = c.req.path.endsWith('/') ? `${c.req.path}index.html` : c.req.path;
    if (!path.endsWith('.html')) return next();
    const file = resolve(examplesDir, `.${path}`);
    if (!file.startsWith(examplesDir + sep)) return next();
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch {
      return next();
    }
    html = html.replaceAll('__SHOP_ORIGIN__', opts.shopOrigin).replaceAll('__FRANCHISE_SHOP__', opts.franchiseShop);
    return c.html(html, 200, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  });
  // assets: only the kinds a page loads
  const assets = staticFiles(examplesDir);
  examples.get('*', async (c, next) => {
    const path = decodedPath(c.req.path) ?? '';
    if (!ASSET.test(path.toLowerCase())) return next();
    return assets(c, next);
  });
  examples.get('*', () => notFound());
  return examples;
}
