// The menu editor's routes (docs/api.md "Staff API" → "Speisekarte"), owner only, logged in:
//   GET  …/menu/draft                      the draft (or the published catalog) with its revision
//   PUT  …/menu/draft {revision, catalog}   checked with the import's schema; 422 with every field's
//                                           German message, 409 when another device saved since
//   POST …/menu/publish {revision}          the draft becomes the next catalog version (NOTIFY)
//   GET  …/menu/versions                   the versions with date and who
//   POST …/menu/versions/{v}/restore {revision}  that content published again as a new version
//   (GET …/menu/preview, the draft in the real widgets: ./menuPreview.ts)
//   POST …/menu/images (image/jpeg|png|webp, ≤ 2 MB)  a picture: { imageName } for a dish or category
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { ServerContext } from '../context';
import { errorBody, HttpError } from '../http';
import {
  DraftInvalidError, IMAGE_TEXTS, IMAGE_TYPES, listVersions, MAX_IMAGE_BYTES, publishDraft, readDraft, restoreVersion, saveDraft, sniffImage,
  storeImage, type ImageType,
} from '../staff/menu';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

/** A draft may be far larger than other bodies (a big menu); the app's 64 KB limit skips these paths. */
export const MAX_DRAFT_BYTES = 1024 * 1024;
/** The paths whose bodies are bounded here instead of by the app's limit */
export const LARGE_BODY_PATH = /^\/api\/staff\/[^/]+\/(menu\/(draft|images)|settings\/import)$/;

const revision = v.pipe(v.number('revision: expected a number'), v.integer('revision: expected a whole number'), v.minValue(0, 'revision: expected >= 0'));
const SaveSchema = v.object({ revision, catalog: v.unknown() });
const RevisionSchema = v.object({ revision });

const who = (c: Context<StaffEnv>): string => {
  const p = c.get('principal');
  return p.kind === 'session' ? p.user.name : 'POS';
};

export function menuEditorRoutes(ctx: ServerContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  // every route here is the owner's (a POS key or a staff login gets 403)
  app.use('/:shopId/menu/*', async (c, next) => {
    requireOwner(c);
    await next();
  });
  const tooLarge = (message: string) => (c: Context) => c.json(errorBody('payload_too_large', message), 413);

  app.get('/:shopId/menu/draft', async (c) => c.json(await readDraft(ctx.db, c.get('shopId'))));

  app.put(
    '/:shopId/menu/draft',
    bodyLimit({ maxSize: MAX_DRAFT_BYTES, onError: tooLarge('Die Speisekarte ist zu groß zum Speichern (höchstens 1 MB).') }),
    async (c) => {
      const body = await jsonOf(c, SaveSchema);
      try {
        return c.json(await saveDraft(ctx.db, c.get('shopId'), body.revision, body.catalog, who(c)));
      } catch (e) {
        if (e instanceof DraftInvalidError) return c.json({ ...errorBody('invalid_draft', e.message), problems: e.problems.map((p) => ({ path: p.path, message: p.de })) }, 422);
        throw e;
      }
    },
  );

  app.post('/:shopId/menu/publish', async (c) => {
    const { revision: rev } = await jsonOf(c, RevisionSchema);
    try {
      const r = await publishDraft(ctx.db, c.get('shopId'), rev, who(c));
      // this process follows at once (the others through NOTIFY)
      ctx.shops.invalidate(c.get('shopId'));
      return c.json(r);
    } catch (e) {
      if (e instanceof DraftInvalidError) return c.json({ ...errorBody('invalid_draft', e.message), problems: e.problems.map((p) => ({ path: p.path, message: p.de })) }, 422);
      throw e;
    }
  });

  app.get('/:shopId/menu/versions', async (c) => c.json({ versions: await listVersions(ctx.db, c.get('shopId')) }));

  app.post('/:shopId/menu/versions/:version/restore', async (c) => {
    const raw = c.req.param('version');
    if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, 'unknown_version', 'Diese Version der Speisekarte gibt es nicht.');
    const { revision: rev } = await jsonOf(c, RevisionSchema);
    const r = await restoreVersion(ctx.db, c.get('shopId'), Number(raw), rev, who(c));
    ctx.shops.invalidate(c.get('shopId'));
    return c.json(r);
  });

  app.post(
    '/:shopId/menu/images',
    bodyLimit({ maxSize: MAX_IMAGE_BYTES, onError: tooLarge(IMAGE_TEXTS.tooLarge) }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(type)) throw new HttpError(415, 'image_type', IMAGE_TEXTS.type);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw new HttpError(400, 'image_empty', IMAGE_TEXTS.empty);
      if (!sniffImage(bytes, type as ImageType)) throw new HttpError(400, 'image_broken', IMAGE_TEXTS.broken);
      const imageName = `u-${randomBytes(12).toString('hex')}`;
      await storeImage(ctx.db, c.get('shopId'), imageName, type as ImageType, bytes, who(c));
      return c.json({ imageName }, 201);
    },
  );

  return app;
}
