// The staff app's settings (docs/api.md "Staff API: settings"), owner only. Mounted from staff.ts,
// so every route here already has its caller: staff of THIS shop (401 / 403 otherwise).
//   GET /api/staff/{shopId}/settings/look          the look: primary, accent, logo, header, onPrimary
//   PUT /api/staff/{shopId}/settings/look {primary, accent, logo, header}
//       the whole look or nothing: 400 { error: 'invalid_settings', message, fields: { field: German text } }
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ServerContext } from '../context';
import { readLook, saveLook } from '../shops/look';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

const text = (field: string) => v.string(`${field}: Bitte als Text senden.`);
const image = (field: string) => v.optional(v.nullable(v.pipe(text(field), v.transform((s) => s.trim() || null))), null);
const LookSchema = v.object({ primary: text('primary'), accent: text('accent'), logo: image('logo'), header: image('header') });

export function staffSettingsRoutes(ctx: ServerContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  app.get('/:shopId/settings/look', async (c) => {
    requireOwner(c);
    return c.json({ look: await readLook(ctx.db, c.get('shopId')) });
  });

  app.put('/:shopId/settings/look', async (c) => {
    requireOwner(c);
    const body = await jsonOf(c, LookSchema);
    const r = await saveLook(ctx, c.get('shopId'), body);
    if (!r.ok) {
      const first = Object.values(r.fields)[0];
      return c.json({ error: 'invalid_settings', message: `Nicht gespeichert: ${first}`, fields: r.fields }, 400);
    }
    return c.json({ look: r.look });
  });

  return app;
}
