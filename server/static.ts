// Static files (the build in dist/, the example pages): content-hash aware caching, strong
// ETags, brotli/gzip compressed once and kept in memory (or precomputed .br/.gz siblings).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { compress, COMPRESSIBLE, pickEncoding, type Encoding } from './compress';
import { etagMatches } from './http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** A content hash in the name: `remoteEntry.3f9a1c2b.js`, `chunk.1a2b3c4d5e.css` */
export const HASHED_NAME = /\.[0-9a-f]{8,}\./;

export interface StaticOptions {
  root: string;
  /**
   * 'root': a path that is no file (and looks like a page, not an asset) gets root/index.html;
   * 'directory': the nearest index.html up the tree; 'none': 404.
   */
  fallback: 'root' | 'directory' | 'none';
  /** Access-Control-Allow-Origin: * */
  cors: boolean;
  /** Rewrites .html files once when they are loaded (e.g. to fill in the shop's origin). */
  transformHtml?: (html: string) => string;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  type: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

async function isFile(path: string): Promise<{ mtimeMs: number; size: number } | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { mtimeMs: s.mtimeMs, size: s.size } : null;
  } catch {
    return null;
  }
}

export function createStaticHandler(opts: StaticOptions) {
  const root = resolve(opts.root);
  const cache = new Map<string, CachedFile>();

  async function load(path: string): Promise<CachedFile | null> {
    const st = await isFile(path);
    if (!st) return null;
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    let body = await readFile(path);
    if (opts.transformHtml && extname(path).toLowerCase() === '.html') {
      body = Buffer.from(opts.transformHtml(body.toString('utf8')), 'utf8');
    }
    const entry: CachedFile = {
      mtimeMs: st.mtimeMs,
      size: st.size,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      encoded: {},
    };
    cache.set(path, entry);
    return entry;
  }

  async function encoded(path: string, file: CachedFile, enc: Encoding): Promise<Buffer> {
    const have = file.encoded[enc];
    if (have) return have;
    const sibling = await isFile(`${path}.${enc === 'br' ? 'br' : 'gz'}`);
    const out =
      sibling && sibling.mtimeMs >= file.mtimeMs
        ? await readFile(`${path}.${enc === 'br' ? 'br' : 'gz'}`)
        : compress(file.body, enc, 'best');
    file.encoded[enc] = out;
    return out;
  }

  /** Inside root, or null (traversal, NUL bytes, bad escapes). */
  function safePath(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
    return full === root || full.startsWith(root + sep) ? full : null;
  }

  async function find(urlPath: string): Promise<{ path: string; fallback: boolean } | null> {
    const full = safePath(urlPath);
    if (!full) return null;
    if (await isFile(full)) return { path: full, fallback: false };
    const index = join(full, 'index.html');
    if (await isFile(index)) return { path: index, fallback: false };
    if (opts.fallback === 'root') {
      // missing assets stay 404 so a loader does not get HTML for a script
      const ext = extname(full);
      if (ext && ext !== '.html') return null;
      const rootIndex = join(root, 'index.html');
      return (await isFile(rootIndex)) ? { path: rootIndex, fallback: true } : null;
    }
    if (opts.fallback === 'directory') {
      let dir = resolve(full, '..');
      while (dir === root || dir.startsWith(root + sep)) {
        const candidate = join(dir, 'index.html');
        if (await isFile(candidate)) return { path: candidate, fallback: true };
        if (dir === root) break;
        dir = resolve(dir, '..');
      }
    }
    return null;
  }

  /** A response for GET/HEAD of `urlPath`, or null when there is nothing to serve. */
  return async function serve(req: Request, urlPath: string): Promise<Response | null> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const found = await find(urlPath);
    if (!found) return null;
    const file = await load(found.path);
    if (!file) return null;
    const headers = new Headers({
      'Content-Type': file.type,
      ETag: file.etag,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control':
        !found.fallback && HASHED_NAME.test(found.path.slice(found.path.lastIndexOf(sep) + 1))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
    });
    if (opts.cors) headers.set('Access-Control-Allow-Origin', '*');
    const compressible = COMPRESSIBLE.test(file.type) && file.size >= 256;
    if (compressible) headers.set('Vary', 'Accept-Encoding');
    if (etagMatches(req.headers.get('if-none-match') ?? undefined, file.etag)) {
      return new Response(null, { status: 304, headers });
    }
    let body: Buffer = file.body;
    const enc = compressible ? pickEncoding(req.headers.get('accept-encoding')) : null;
    if (enc) {
      body = await encoded(found.path, file, enc);
      headers.set('Content-Encoding', enc);
    }
    headers.set('Content-Length', String(body.byteLength));
    return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
