// The owner's coupons ('Speisekarte' → 'Gutscheine'; docs/api.md "Staff API: coupons"). Coupons
// live in the table `coupons`, not in the catalog: a saved coupon counts at once, no publishing.
// Mounted from staff.ts (staff of THIS shop only); every route here is for the owner (logged in).
//   GET    /api/staff/{shopId}/coupons              the shop's coupons with their use counts
//   PUT    /api/staff/{shopId}/coupons {CouponForm} adds or changes the coupon of that code (uses kept)
//   DELETE /api/staff/{shopId}/coupons/{code}       removes it
import { Hono } from 'hono';
import { checkCoupon, COUPON_CODE } from '@shared/menuedit/coupons';
import type { ServerContext } from '../context';
import { errorBody, HttpError, readJson } from '../http';
import { couponKey } from '../orders/coupons';
import { couponInstant } from '../seed';
import { requireOwner, type StaffEnv } from './staffAccess';

/** The most coupons a shop keeps (the list is one answer) */
export const MAX_COUPONS = 500;

interface Row {
  code: string;
  type: 'percent' | 'value';
  value: number;
  minimum_order_value: number;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  max_uses: number | null;
  uses: number;
  reserved_phone: string | null;
}

const iso = (x: Date | string) => (x instanceof Date ? x : new Date(x)).toISOString();
/** the stored instants as the form's days: from = its day, until = the day before the stored end (exclusive) */
const day = (x: Date | string | null, end: boolean) => (x === null ? null : new Date(Date.parse(iso(x)) - (end ? 1 : 0)).toISOString().slice(0, 10));

export function staffCouponRoutes(ctx: ServerContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  app.get('/:shopId/coupons', async (c) => {
    requireOwner(c);
    const { rows } = await ctx.db.query<Row>(
      'SELECT code, type, value, minimum_order_value, valid_from, valid_until, max_uses, uses, reserved_phone FROM coupons WHERE shop_id = $1 ORDER BY code LIMIT $2',
      [c.get('shopId'), MAX_COUPONS],
    );
    return c.json({
      coupons: rows.map((r) => ({
        code: r.code, type: r.type, value: Number(r.value), minimumOrderValue: Number(r.minimum_order_value), validFrom: day(r.valid_from, false),
        validUntil: day(r.valid_until, true), maxUses: r.max_uses === null ? null : Number(r.max_uses), uses: Number(r.uses), reserved: r.reserved_phone !== null,
      })),
    });
  });

  app.put('/:shopId/coupons', async (c) => {
    requireOwner(c);
    if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new HttpError(415, 'json_required', 'Bitte als JSON senden (Content-Type: application/json).');
    const checked = checkCoupon(await readJson(c));
    if (!checked.ok) return c.json({ ...errorBody('invalid_coupon', 'Der Gutschein hat noch Fehler.'), problems: checked.problems.map((p) => ({ path: p.path, message: p.de })) }, 422);
    const k = checked.coupon;
    const shopId = c.get('shopId');
    const { rows } = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM coupons WHERE shop_id = $1', [shopId]);
    const exists = await ctx.db.query('SELECT 1 FROM coupons WHERE shop_id = $1 AND code = $2', [shopId, k.code]);
    if (exists.rows.length === 0 && Number(rows[0].n) >= MAX_COUPONS) throw new HttpError(409, 'too_many_coupons', `Höchstens ${MAX_COUPONS} Gutscheine je Restaurant. Bitte alte löschen.`);
    await ctx.db.query(
      `INSERT INTO coupons (shop_id, code, type, value, minimum_order_value, valid_from, valid_until, reserved_phone, max_uses)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)
       ON CONFLICT (shop_id, code) DO UPDATE SET type = EXCLUDED.type, value = EXCLUDED.value, minimum_order_value = EXCLUDED.minimum_order_value,
         valid_from = EXCLUDED.valid_from, valid_until = EXCLUDED.valid_until, max_uses = EXCLUDED.max_uses`,
      [shopId, k.code, k.type, k.value, k.minimumOrderValue, couponInstant(k.validFrom, false), couponInstant(k.validUntil, true), k.maxUses],
    );
    return c.json({ coupon: k });
  });

  app.delete('/:shopId/coupons/:code', async (c) => {
    requireOwner(c);
    const code = c.req.param('code');
    if (!COUPON_CODE.test(code)) throw new HttpError(404, 'coupon_not_found', 'Diesen Gutschein gibt es nicht.');
    const r = await ctx.db.query('DELETE FROM coupons WHERE shop_id = $1 AND code = $2 RETURNING code', [c.get('shopId'), couponKey(code)]);
    if (r.rows.length === 0) throw new HttpError(404, 'coupon_not_found', 'Diesen Gutschein gibt es nicht.');
    return c.json({ deleted: couponKey(code) });
  });

  return app;
}
