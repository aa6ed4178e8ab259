// 'Zahlung & Seiten' in the staff API (docs/api.md "Staff API: settings"), owner only. Mounted from
// staff.ts, so every route here already has its caller: staff of THIS shop (401 / 403 otherwise).
//   GET /api/staff/{shopId}/settings/shop   payment methods per type, pickup minimums (euro), legal pages, 'Über uns', flags
//   PUT /api/staff/{shopId}/settings/shop   the same object, saved whole or not at all: 400 invalid_settings { fields }
import { Hono } from 'hono';
import * as v from 'valibot';
import { PAYMENT_METHODS } from '@shared/domain/shop';
import type { ServerContext } from '../context';
import { readShopInfo, saveShopInfo } from '../shops/shopInfo';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

const method = v.picklist(PAYMENT_METHODS, `Unbekannte Zahlungsart. Möglich: ${PAYMENT_METHODS.join(', ')}.`);
const methods = (field: string) => v.pipe(v.array(method, `${field}: Bitte als Liste senden.`), v.maxLength(PAYMENT_METHODS.length, `${field}: zu viele Einträge.`));
const paragraphs = (field: string) =>
  v.pipe(v.array(v.pipe(v.string(`${field}: Bitte als Text senden.`), v.maxLength(20_000, `${field}: höchstens 20.000 Zeichen.`)), `${field}: Bitte als Liste von Absätzen senden.`), v.maxLength(200, `${field}: höchstens 200 Absätze.`));
const flag = (field: string) => v.boolean(`${field}: ja oder nein.`);
const ShopInfoSchema = v.object({
  paymentMethods: methods('paymentMethods'),
  paymentMethodsOnlyPickup: methods('paymentMethodsOnlyPickup'),
  paymentMethodsOnlyDelivery: methods('paymentMethodsOnlyDelivery'),
  paymentMethodsPickupMinimumOrderValue: v.record(method, v.number('paymentMethodsPickupMinimumOrderValue: Bitte als Zahl (Euro) senden.')),
  pages: v.object({ impressum: paragraphs('impressum'), datenschutz: paragraphs('datenschutz'), agb: paragraphs('agb') }),
  about: paragraphs('about'),
  flags: v.object({ enableDishPictures: flag('enableDishPictures'), showDishNumbers: flag('showDishNumbers'), enableLogin: flag('enableLogin'), enableReservations: flag('enableReservations') }),
});

export function staffShopInfoRoutes(ctx: ServerContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  app.get('/:shopId/settings/shop', async (c) => {
    requireOwner(c);
    return c.json({ shop: await readShopInfo(ctx.db, c.get('shopId')) });
  });
  app.put('/:shopId/settings/shop', async (c) => {
    requireOwner(c);
    const body = await jsonOf(c, ShopInfoSchema);
    const r = await saveShopInfo(ctx, c.get('shopId'), body);
    if (!r.ok) return c.json({ error: 'invalid_settings', message: `Nicht gespeichert: ${Object.values(r.fields)[0]}`, fields: r.fields }, 400);
    return c.json({ shop: r.info });
  });
  return app;
}
