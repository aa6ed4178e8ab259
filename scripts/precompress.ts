// Post-build step: a .br and a .gz beside every compressible asset of the build folder
// (TISCHLEIN_DIST, default dist), so the server sends them as they are (serveStatic with
// `precompressed: true`) instead of compressing on every request.
//   tsx scripts/precompress.ts [dir]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|json|html|svg|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

export function precompressDir(dir: string): { files: number; bytes: number; br: number } {
  const out = { files: 0, bytes: 0, br: 0 };
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name)) continue;
      const body = readFileSync(path);
      for (const ext of ['.br', '.gz']) {
        try {
          unlinkSync(path + ext); // stale from an earlier build
        } catch {
          /* none */
        }
      }
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) writeFileSync(path + '.br', br);
      if (gz.length < body.length) writeFileSync(path + '.gz', gz);
      out.files += 1;
      out.bytes += body.length;
      out.br += Math.min(br.length, body.length);
    }
  };
  if (statSync(dir).isDirectory()) walk(dir);
  return out;
}

if (process.argv[1] && /precompress\.ts$/.test(process.argv[1])) {
  const dir = resolve(process.argv[2] ?? process.env.TISCHLEIN_DIST ?? 'dist');
  const r = precompressDir(dir);
  console.log(`precompressed ${r.files} files in ${dir}: ${r.bytes} -> ${r.br} bytes (brotli)`);
}
