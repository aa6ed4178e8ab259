// 'Einbinden' in the staff API (docs/api.md "Staff API: settings"), owner only. Mounted from staff.ts,
// so every route here already has its caller: staff of THIS shop (401 / 403 otherwise).
//   GET  /api/staff/{shopId}/settings/embed            the snippets (origin: PUBLIC_ORIGIN), the shop's origins
//   PUT  /api/staff/{shopId}/settings/origins {origins} the shop's own origins (allowedOrigins), whole or nothing
//   GET  /api/staff/{shopId}/settings/embed/seen?url=… when a widget last ran on that page's origin (no fetch of the URL)
//   GET  /api/staff/{shopId}/settings/export           the shop as a data file, without credentials (download)
//   POST /api/staff/{shopId}/settings/import           a data file of this shop: checked whole, written whole or not at all
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { EMBED_WIDGETS, embedScript, embedSnippet, originOfPage } from '@shared/settings/embed';
import type { ServerContext } from '../context';
import { errorBody, HttpError, readJson } from '../http';
import { readConfig } from '../shops/configSection';
import { lastSighting, saveOrigins } from '../shops/embed';
import { exportOwnShop, importOwnShop } from '../shops/ownerImport';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
const OriginsSchema = v.object({
  origins: v.pipe(v.array(v.string('origins: Bitte als Text senden.'), 'origins: Bitte als Liste senden.'), v.maxLength(100, 'origins: höchstens 100.')),
});

export function staffEmbedRoutes(ctx: ServerContext, opts: { publicOrigin: string; production?: boolean }): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  const production = opts.production ?? false;
  for (const path of ['/:shopId/settings/embed', '/:shopId/settings/embed/*', '/:shopId/settings/origins', '/:shopId/settings/export', '/:shopId/settings/import']) {
    app.use(path, async (c, next) => {
      requireOwner(c);
      await next();
    });
  }

  app.get('/:shopId/settings/embed', async (c) => {
    const shopId = c.get('shopId');
    const config = await readConfig(ctx.db, shopId);
    return c.json({
      publicOrigin: opts.publicOrigin,
      script: embedScript(opts.publicOrigin, shopId),
      widgets: EMBED_WIDGETS.map((w) => ({ id: w.id, label: w.label, snippet: embedSnippet(opts.publicOrigin, shopId, w.id) })),
      origins: (config.allowedOrigins as string[] | undefined) ?? [],
      httpsOnly: production,
    });
  });

  app.put('/:shopId/settings/origins', async (c) => {
    const body = await jsonOf(c, OriginsSchema);
    const r = await saveOrigins(ctx, c.get('shopId'), body.origins, production);
    if (!r.ok) return c.json({ error: 'invalid_settings', message: `Nicht gespeichert: ${Object.values(r.fields)[0]}`, fields: r.fields }, 400);
    return c.json({ origins: r.origins });
  });

  app.get('/:shopId/settings/embed/seen', async (c) => {
    const url = c.req.query('url') ?? '';
    const origin = originOfPage(url);
    if (!origin) throw new HttpError(400, 'invalid_url', 'Bitte die Adresse der Seite angeben, z. B. https://www.mein-restaurant.de/speisekarte');
    return c.json({ origin, lastSeenAt: await lastSighting(ctx.db, c.get('shopId'), origin) });
  });

  app.get('/:shopId/settings/export', async (c) => {
    const shopId = c.get('shopId');
    const data = await exportOwnShop(ctx, shopId);
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="tischlein-${shopId.replace(/[^A-Za-z0-9._-]/g, '_')}.json"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(
    '/:shopId/settings/import',
    bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: (c: Context) => c.json(errorBody('payload_too_large', 'Die Datei ist zu groß (höchstens 4 MB).'), 413) }),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'json_required', 'Bitte als JSON senden (Content-Type: application/json).');
      let json: unknown;
      try {
        json = await readJson(c);
      } catch (e) {
        if (e instanceof HttpError) return c.json({ ...errorBody('invalid_file', 'Nichts importiert: Die Datei ist kein gültiges JSON.'), problems: ['Die Datei ist kein gültiges JSON.'] }, 400);
        throw e;
      }
      const r = await importOwnShop(ctx, c.get('shopId'), json);
      if (!r.ok) return c.json({ ...errorBody('invalid_file', `Nichts importiert: ${r.problems.length} Problem${r.problems.length === 1 ? '' : 'e'} in der Datei.`), problems: r.problems }, 400);
      ctx.shops.invalidate(c.get('shopId'));
      return c.json({ imported: true, newVersion: r.newVersion, coupons: r.coupons });
    },
  );

  return app;
}
