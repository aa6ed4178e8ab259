// Static files (the build, the example pages) through @hono/node-server's serveStatic with the
// .br/.gz files the build wrote beside each asset (scripts/precompress.ts). Content-hashed names
// are cached for a year; everything else revalidates (ETag from hono/etag in app.ts).
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

/** A content hash in the name: `remoteEntry.3f9a1c2b7d.js`, `123.1a2b3c4d5e.js` */
export const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(path: string): string {
  const file = path.replace(/\.(br|gz|zst)$/, '');
  return HASHED_NAME.test(file.slice(file.lastIndexOf('/') + 1)) ? IMMUTABLE : 'no-cache';
}

const COMPRESSIBLE = /\.(js|mjs|css|json|html|svg|txt|map|webmanifest)$/;

/** Files of `root` (GET/HEAD); anything else falls through to the next handler. */
export function staticFiles(root: string, opts: { rewrite?: (path: string, c: Context) => string } = {}): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: opts.rewrite,
    onFound: (path, c) => {
      c.header('Cache-Control', cacheControlFor(path));
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Access-Control-Allow-Origin', '*');
      const plain = path.replace(/\.(br|gz|zst)$/, '');
      if (COMPRESSIBLE.test(plain) && !/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) {
        c.header('Vary', 'Accept-Encoding', { append: true });
      }
    },
  });
}
