// GET /media/{shopId}/{imageId}/{width}x{height}.{webp|png|jpg} — generated placeholders.
// Every format answers PNG bytes with Content-Type image/png (browsers sniff nothing here:
// the type header is honest, the extension only names the wish).
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { getShop, type ServerContext } from '../context';
import { HttpError } from '../http';
import { effectiveSize, ImageCache, placeholderPng } from '../media';
import { readImage } from '../staff/menu';

const FILE = /^(\d{1,5})x(\d{1,5})\.(webp|png|jpg|jpeg)$/;
const IMAGE_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** pictures uploaded in the menu editor (server/staff/menu.ts) */
const UPLOAD_ID = /^u-[0-9a-f]{24}$/;

export function mediaRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const cache = new ImageCache(200);

  app.get('/:shopId/:imageId/:file', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId'));
    const imageId = c.req.param('imageId');
    if (!IMAGE_ID.test(imageId)) throw new HttpError(400, 'invalid_request', 'imageId: expected letters, digits, . _ -');
    const m = FILE.exec(c.req.param('file'));
    if (!m) throw new HttpError(400, 'invalid_request', "expected '{width}x{height}.{webp|png|jpg}'");
    const size = effectiveSize(Number(m[1]), Number(m[2]));
    if (!size) throw new HttpError(400, 'invalid_request', 'width and height cannot both be 0');
    if (UPLOAD_ID.test(imageId)) {
      // a picture the owner uploaded (the menu editor): the same bytes for every size asked for
      // (the browser scales it into the box the URL names); the id is never reused, so immutable
      const img = await readImage(ctx.db, shop.config.id, imageId);
      if (!img) throw new HttpError(404, 'not_found', 'Dieses Bild gibt es nicht.');
      return c.body(new Uint8Array(img.bytes), 200, {
        'Content-Type': img.type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Length': String(img.bytes.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        'Access-Control-Allow-Origin': '*',
      });
    }
    const key = `${imageId}/${size.width}x${size.height}`;
    const png = cache.get(key, () => placeholderPng(size.width, size.height, imageId));
    const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    const headers = {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
      ETag: etag,
      'Access-Control-Allow-Origin': '*',
    };
    // If-None-Match: hono/etag (app.ts) answers 304 with this ETag
    return c.body(new Uint8Array(png), 200, { ...headers, 'Content-Length': String(png.byteLength) });
  });

  app.all('*', (c) => c.json({ error: 'not_found', message: 'Unbekannter Medienpfad.' }, 404));
  return app;
}
