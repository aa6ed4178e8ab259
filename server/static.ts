// Static files (the build, the example pages) through @hono/node-server's serveStatic with the
// .br/.gz files the build wrote beside each asset (scripts/precompress.ts). Content-hashed names
// are cached for a year; everything else revalidates (ETag from hono/etag in app.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const CHUNK_PATH = /^\/remotes\/[a-z]+\/[\w.-]+\.js$/;

/**
 * Each widget's first chunks, as the build lists them in `first-chunks.json` (webpack.config.ts,
 * FirstChunksPlugin): widget name → paths under /remotes. A missing or malformed file gives no
 * preloads (the widget then loads its chunk a round trip later, as before), never an error.
 */
export function readFirstChunks(distDir: string): Record<string, string[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(distDir, 'first-chunks.json'), 'utf8'));
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string[]> = {};
  for (const [name, files] of Object.entries(raw)) {
    if (Array.isArray(files)) out[name] = files.filter((f): f is string => typeof f === 'string' && CHUNK_PATH.test(f));
  }
  return out;
}
