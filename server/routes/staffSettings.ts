// The staff app's settings (docs/api.md "Staff API: settings"), owner only. Mounted from staff.ts,
// so every route here already has its caller: staff of THIS shop (401 / 403 otherwise).
//   GET /api/staff/{shopId}/settings/look          the look: primary, accent, logo, header, onPrimary
//   PUT /api/staff/{shopId}/settings/look {primary, accent, logo, header}
//   GET /api/staff/{shopId}/settings/hours         opening and delivery times, closures, delivery/pickup, zones
//   PUT /api/staff/{shopId}/settings/hours {openingTimes, deliveryTimes (null: as the opening times), specialOpeningTimes, supportDelivery, supportPickup, deliveryZones}
//   a section is saved whole or not at all: 400 { error: 'invalid_settings', message, fields: { path: German text } }
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ServerContext } from '../context';
import { readHours, saveHours } from '../shops/hours';
import { readLook, saveLook } from '../shops/look';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

const text = (field: string) => v.string(`${field}: Bitte als Text senden.`);
const image = (field: string) => v.optional(v.nullable(v.pipe(text(field), v.transform((s) => s.trim() || null))), null);
const LookSchema = v.object({ primary: text('primary'), accent: text('accent'), logo: image('logo'), header: image('header') });

const num = (field: string) => v.number(`${field}: Bitte als Zahl senden.`);
const Range = v.object({ dayIndex: v.pipe(num('dayIndex'), v.integer('dayIndex: 0 (Montag) bis 6 (Sonntag)'), v.minValue(0, 'dayIndex: 0 (Montag) bis 6 (Sonntag)'), v.maxValue(6, 'dayIndex: 0 (Montag) bis 6 (Sonntag)')), from: text('from'), to: text('to') });
const Ranges = (field: string) => v.pipe(v.array(Range, `${field}: Bitte als Liste senden.`), v.maxLength(100, `${field}: höchstens 100 Zeiten.`));
const HoursSchema = v.object({
  openingTimes: Ranges('openingTimes'),
  // null: 'Lieferzeiten wie Öffnungszeiten' (they follow the opening times)
  deliveryTimes: v.nullable(Ranges('deliveryTimes')),
  specialOpeningTimes: v.pipe(
    v.array(
      v.object({
        reason: v.picklist(['holiday', 'vacation', 'renovation', 'other'], 'reason: Feiertag, Urlaub, Renovierung oder Sonstiges.'),
        name: v.optional(v.nullable(v.pipe(text('name'), v.maxLength(80, 'name: höchstens 80 Zeichen.'))), null),
        from: text('from'),
        until: text('until'),
        openingTimes: v.optional(Ranges('openingTimes'), []),
      }),
      'specialOpeningTimes: Bitte als Liste senden.',
    ),
    v.maxLength(100, 'specialOpeningTimes: höchstens 100 Schließungen.'),
  ),
  supportDelivery: v.boolean('supportDelivery: ja oder nein.'),
  supportPickup: v.boolean('supportPickup: ja oder nein.'),
  deliveryZones: v.pipe(
    v.array(
      v.object({
        id: v.pipe(text('id'), v.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'id: 1–64 Buchstaben, Ziffern, . _ : -')),
        name: v.pipe(text('name'), v.maxLength(80, 'name: höchstens 80 Zeichen.')),
        maxDistanceKm: v.optional(num('maxDistanceKm')),
        postalCodes: v.optional(v.pipe(v.array(text('postalCodes'), 'postalCodes: Bitte als Liste senden.'), v.maxLength(500, 'postalCodes: höchstens 500.'))),
        deliveryFee: num('deliveryFee'),
        minimumOrderValue: num('minimumOrderValue'),
        freeAfter: v.optional(num('freeAfter'), 0),
      }),
      'deliveryZones: Bitte als Liste senden.',
    ),
    v.maxLength(50, 'deliveryZones: höchstens 50 Zonen.'),
  ),
});

const refused = (fields: Record<string, string>) => ({ error: 'invalid_settings', message: `Nicht gespeichert: ${Object.values(fields)[0]}`, fields });

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
    if (!r.ok) return c.json(refused(r.fields), 400);
    return c.json({ look: r.look });
  });

  app.get('/:shopId/settings/hours', async (c) => {
    requireOwner(c);
    return c.json({ hours: await readHours(ctx.db, c.get('shopId')) });
  });

  app.put('/:shopId/settings/hours', async (c) => {
    requireOwner(c);
    const body = await jsonOf(c, HoursSchema);
    const r = await saveHours(ctx, c.get('shopId'), body);
    if (!r.ok) return c.json(refused(r.fields), 400);
    return c.json({ hours: r.hours });
  });

  return app;
}
