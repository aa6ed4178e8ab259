// Locally generated placeholder images: a PNG in a colour derived from the image id, with a
// lighter diagonal band so neighbouring tiles are told apart. Built with node:zlib only.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const MAX_WIDTH = 1920;
export const MAX_HEIGHT = 1080;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A stable colour for an id: hue from a hash, pleasant saturation and lightness. */
export function colourFor(id: string): [number, number, number] {
  const h = createHash('sha1').update(id).digest();
  return hslToRgb(((h[0] << 8) | h[1]) % 360, 0.45, 0.55);
}

function encodePng(width: number, height: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Web-Mercator pixel position of a point inside tile z/x/y (256 px), or null when outside. */
export function pixelInTile(lat: number, lng: number, z: number, x: number, y: number): [number, number] | null {
  const n = 2 ** z * 256;
  const px = ((lng + 180) / 360) * n - x * 256;
  const r = (lat * Math.PI) / 180;
  const py = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n - y * 256;
  return px >= 0 && px < 256 && py >= 0 && py < 256 ? [Math.floor(px), Math.floor(py)] : null;
}

/**
 * A locally generated map tile (256x256): a light background with a grid and a dot per
 * gazetteer street — enough for the 180 px franchise map to show where things are, offline.
 */
export function mapTilePng(z: number, x: number, y: number, points: readonly { latitude: number; longitude: number }[]): Buffer {
  const size = 256;
  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  const set = (px: number, py: number, rgb: readonly number[]) => {
    if (px < 0 || py < 0 || px >= size || py >= size) return;
    const o = py * stride + 1 + px * 3;
    raw[o] = rgb[0];
    raw[o + 1] = rgb[1];
    raw[o + 2] = rgb[2];
  };
  for (let py = 0; py < size; py++) {
    raw[py * stride] = 0;
    for (let px = 0; px < size; px++) set(px, py, px % 64 === 0 || py % 64 === 0 ? [221, 226, 214] : [240, 242, 234]);
  }
  const r = z >= 15 ? 4 : z >= 13 ? 2 : 1;
  for (const p of points) {
    const at = pixelInTile(p.latitude, p.longitude, z, x, y);
    if (!at) continue;
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) set(at[0] + dx, at[1] + dy, [150, 160, 150]);
  }
  return encodePng(size, size, raw);
}

/** An RGB PNG of the given size. */
export function placeholderPng(width: number, height: number, id: string): Buffer {
  const [r, g, b] = colourFor(id);
  const light = [r, g, b].map((x) => Math.round(x + (255 - x) * 0.25));
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  const band = Math.max(8, Math.round(Math.min(width, height) / 6));
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const inBand = Math.floor((x + y) / band) % 4 === 0;
      const o = row + 1 + x * 3;
      raw[o] = inBand ? light[0] : r;
      raw[o + 1] = inBand ? light[1] : g;
      raw[o + 2] = inBand ? light[2] : b;
    }
  }
  return encodePng(width, height, raw);
}
/**
 * Size from the URL: a 0 means "follow the other side" (the spec's logo 0x480), so 0x480 is
 * 480x480. Sizes above 1920x1080 are capped. Returns null for 0x0.
 */
export function effectiveSize(width: number, height: number): { width: number; height: number } | null {
  if (width === 0 && height === 0) return null;
  const w = Math.min(width || height, MAX_WIDTH);
  const h = Math.min(height || width, MAX_HEIGHT);
  return { width: Math.max(1, w), height: Math.max(1, h) };
}

/** Small LRU of generated images. */
export class ImageCache {
  private map = new Map<string, Buffer>();
  constructor(private max = 200) {}
  get(key: string, make: () => Buffer): Buffer {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const made = make();
    this.map.set(key, made);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return made;
  }
}
