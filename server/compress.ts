// Brotli/gzip for the one dynamic answer worth keeping compressed in memory (the bootstrap,
// per shop and minute). Static files come precompressed from the build (scripts/precompress.ts),
// other dynamic answers go through hono/compress.
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
