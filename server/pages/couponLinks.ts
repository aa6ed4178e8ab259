// Coupons from links: activation from an e-mail (/reservieren/{emailid}) and a reservation by
// driver code (/f/{drivercode}), one coupon per phone, at most maxCoupons per code.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { DRIVER_CODE, LINK_ID, validateCouponReservation, PAGE_TEXTS } from '@shared/pages';
import { getShop, type ServerContext } from '../context';
import type { ShopRecord } from '../shops/repository';
import { HttpError } from '../http';
import { fieldError, objectBody } from './requests';

/** A driver code mints at most this many coupons unless its settings say otherwise (maxCoupons). */
export const DRIVER_CODE_MAX_COUPONS = 200;

export function couponLinkRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.get('/:shopId/coupon_mail/:emailId', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const row = await couponMail(shop.config.id, c.req.param('emailId'));
    return c.json({ activated: row.activated_at !== null });
  });

  const couponMail = async (shopId: string, emailId: string) => {
    if (!LINK_ID.test(emailId)) throw new HttpError(404, 'not_found', 'Diesen Gutschein-Link gibt es nicht.');
    const { rows } = await ctx.db.query<{ code: string; activated_at: string | null }>(
      'SELECT code, activated_at FROM coupon_mails WHERE shop_id = $1 AND email_id = $2',
      [shopId, emailId],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Diesen Gutschein-Link gibt es nicht.');
    return rows[0];
  };

  app.post('/:shopId/coupon_mail/:emailId/activate', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const row = await couponMail(shop.config.id, c.req.param('emailId'));
    await ctx.db.query('UPDATE coupon_mails SET activated_at = coalesce(activated_at, now()) WHERE email_id = $1', [c.req.param('emailId')]);
    // activating twice is fine: the guest gets the same code again
    return c.json({ success: true, code: row.code });
  });

  // ---------- coupon reservation by driver code (/f/{drivercode}) ----------

  const driverCode = (shop: ShopRecord, code: string) => {
    const found = DRIVER_CODE.test(code) ? shop.settings?.driverCodes?.find((d) => d.code.toUpperCase() === code.toUpperCase()) : undefined;
    if (!found) throw new HttpError(404, 'not_found', 'Diesen Code gibt es nicht.');
    return found;
  };

  app.get('/:shopId/driver_code/:code', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const d = driverCode(shop, c.req.param('code'));
    return c.json({ type: d.type, value: d.value, minimumOrderValue: d.minimumOrderValue });
  });

  app.post('/:shopId/driver_code/:code/reserve', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const d = driverCode(shop, c.req.param('code'));
    const checked = validateCouponReservation(await objectBody(c));
    if (!checked.ok) return fieldError(c, checked.errors);
    const phone = checked.value.phone;
    const shopId = shop.config.id;
    const max = d.maxCoupons ?? DRIVER_CODE_MAX_COUPONS;
    const code = await ctx.db.transaction(async (tx) => {
      const coupon = `${d.code.toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
      // ON CONFLICT DO NOTHING: the same phone twice at once waits for the first and gets its coupon (no 500)
      const claimed = await tx.query<{ coupon_code: string }>(
        `INSERT INTO driver_code_reservations (shop_id, driver_code, phone, coupon_code) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shop_id, driver_code, phone) DO NOTHING RETURNING coupon_code`,
        [shopId, d.code, phone, coupon],
      );
      if (!claimed.rows[0]) {
        const existing = await tx.query<{ coupon_code: string }>(
          'SELECT coupon_code FROM driver_code_reservations WHERE shop_id = $1 AND driver_code = $2 AND phone = $3',
          [shopId, d.code, phone],
        );
        if (existing.rows[0]) return existing.rows[0].coupon_code;
        throw new HttpError(409, 'conflict', PAGE_TEXTS.failed);
      }
      // one counter row per code: concurrent reservations serialise on it, none passes the bound
      const counted = await tx.query<{ issued: number }>(
        `INSERT INTO driver_code_counts (shop_id, driver_code, issued) VALUES ($1, $2, 1)
         ON CONFLICT (shop_id, driver_code) DO UPDATE SET issued = driver_code_counts.issued + 1
         WHERE driver_code_counts.issued < $3 RETURNING issued`,
        [shopId, d.code, max],
      );
      if (!counted.rows[0]) throw new HttpError(409, 'driver_code_used_up', PAGE_TEXTS.driverCodeUsedUp);
      const until = new Date(ctx.now().getTime() + d.validDays * 86_400_000).toISOString();
      await tx.query(
        `INSERT INTO coupons (shop_id, code, type, value, minimum_order_value, valid_from, valid_until, reserved_phone, max_uses)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)`,
        [shopId, coupon, d.type, d.value, d.minimumOrderValue, ctx.now().toISOString(), until, phone],
      );
      return coupon;
    });
    return c.json({ success: true, code, phone });
  });

  return app;
}
