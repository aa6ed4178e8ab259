// Map tiles for the franchise map (GET /osm/tile/{z}/{x}/{y}).
// Without an upstream: tiles drawn locally (offline, from the gazetteer). With an upstream
// template (TISCHLEIN_TILE_URL) each tile is fetched once, with our User-Agent, and kept on disk,
// so the guest's browser only ever talks to the shop, and the cache survives a restart. Tiles are
// fetched only when a guest's map asks for them — never in bulk.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ImageCache } from './media';

export const TILE_USER_AGENT = 'Tischlein/0.1 (reference shop server; tile cache; https://github.com/tischlein)';
export const TILE_MAX_BYTES = 1_000_000;
export const TILE_MAX_ZOOM = 19;

export interface TileSourceOptions {
  /** e.g. https://tile.example/{z}/{x}/{y}.png; null = generated tiles */
  upstream: string | null;
  /** folder of the disk cache (upstream tiles); null = memory only */
  cacheDir: string | null;
  generate: (z: number, x: number, y: number) => Buffer;
  fetch?: typeof fetch;
}

export interface Tile {
  png: Buffer;
  /** 'generated', 'disk', 'upstream' or 'fallback' (upstream failed: a generated tile, not cached) */
  source: 'generated' | 'disk' | 'upstream' | 'fallback';
}

/** z 0..19, x and y inside 0..2^z-1 (integers). */
export function isValidTile(z: number, x: number, y: number): boolean {
  const ok = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v <= max;
  return ok(z, TILE_MAX_ZOOM) && ok(x, 2 ** z - 1) && ok(y, 2 ** z - 1);
}

function isPng(b: Buffer): boolean {
  return b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a;
}

export class TileSource {
  private memory = new ImageCache(500);
  private inflight = new Map<string, Promise<Tile>>();
  constructor(private opts: TileSourceOptions) {}

  async get(z: number, x: number, y: number): Promise<Tile> {
    if (!isValidTile(z, x, y)) throw new RangeError('invalid tile');
    const key = `${z}/${x}/${y}`;
    if (!this.opts.upstream) return { png: this.memory.get(key, () => this.opts.generate(z, x, y)), source: 'generated' };
    let p = this.inflight.get(key);
    if (!p) {
      p = this.load(z, x, y).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  private file(z: number, x: number, y: number): string | null {
    return this.opts.cacheDir ? join(this.opts.cacheDir, String(z), String(x), `${y}.png`) : null;
  }

  private async load(z: number, x: number, y: number): Promise<Tile> {
    const file = this.file(z, x, y);
    if (file) {
      const cached = await readFile(file).catch(() => null);
      if (cached && isPng(cached)) return { png: cached, source: 'disk' };
    }
    const url = this.opts.upstream!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    try {
      const res = await (this.opts.fetch ?? fetch)(url, { headers: { 'User-Agent': TILE_USER_AGENT, Accept: 'image/png' }, signal: AbortSignal.timeout(10_000) });
      const png = Buffer.from(await res.arrayBuffer());
      if (!res.ok || png.length > TILE_MAX_BYTES || !isPng(png)) throw new Error(`upstream tile ${res.status}`);
      if (file) {
        await mkdir(join(file, '..'), { recursive: true });
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(tmp, png);
        await rename(tmp, file);
      }
      return { png, source: 'upstream' };
    } catch (e) {
      console.warn('[tischlein] tile upstream failed, serving a generated tile', (e as Error).message);
      return { png: this.opts.generate(z, x, y), source: 'fallback' };
    }
  }
}
