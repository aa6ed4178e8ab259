// Content negotiation for brotli/gzip and a middleware compressing dynamic text answers.
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The preferred encoding the client accepts: brotli over gzip; q=0 excludes. */
export function pickEncoding(acceptEncoding: string | undefined | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function compress(body: Uint8Array, encoding: Encoding, quality: 'fast' | 'best'): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? (body.length < 1_000_000 ? 11 : 9) : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: quality === 'best' ? 9 : 6 });
}

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_SIZE = 1024;

/** Compresses JSON and other text answers that are not compressed yet. */
export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || res.status === 204 || res.status === 304 || c.req.method === 'HEAD') return;
  if (res.headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  if (!/accept-encoding/i.test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding');
  if (!encoding) return;
  const raw = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  if (raw.byteLength < MIN_SIZE) {
    c.res = new Response(raw, { status: res.status, headers });
    return;
  }
  const out = compress(raw, encoding, 'fast');
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(out.byteLength));
  c.res = undefined as unknown as Response; // hono: replace, do not merge headers
  c.res = new Response(new Uint8Array(out), { status: res.status, headers });
};
