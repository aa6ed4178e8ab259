// Puts the mutable part of the data file (coupons, coupon e-mails) into the database, upserting on start.
import type { Db } from './db';
import type { ShopData } from './data/load';

/** 'YYYY-MM-DD' -> that day 00:00 UTC (validFrom) or the next day 00:00 UTC (validUntil, inclusive day). */
export function couponInstant(value: string | null, end: boolean): string | null {
  if (value === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0);
    return new Date(ms).toISOString();
  }
  return new Date(Date.parse(value)).toISOString();
}

export async function seedDatabase(db: Db, data: ShopData): Promise<{ coupons: number }> {
  for (const c of data.coupons) {
    await db.query(
      `INSERT INTO coupons (shop_id, code, type, value, minimum_order_value, valid_from, valid_until, reserved_phone, max_uses)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (shop_id, code) DO UPDATE SET type = EXCLUDED.type, value = EXCLUDED.value,
         minimum_order_value = EXCLUDED.minimum_order_value, valid_from = EXCLUDED.valid_from,
         valid_until = EXCLUDED.valid_until, reserved_phone = EXCLUDED.reserved_phone, max_uses = EXCLUDED.max_uses`,
      [
        c.shopId,
        c.code.toUpperCase(),
        c.type,
        c.value,
        c.minimumOrderValue,
        couponInstant(c.validFrom, false),
        couponInstant(c.validUntil, true),
        c.reservedPhone,
        c.maxUses ?? null,
      ],
    );
  }
  // coupon e-mails: the link ids; activation state is kept across restarts
  for (const [shopId, settings] of data.settings ?? []) {
    for (const m of settings.couponMails ?? []) {
      await db.query(
        `INSERT INTO coupon_mails (email_id, shop_id, code) VALUES ($1, $2, $3)
         ON CONFLICT (email_id) DO UPDATE SET shop_id = EXCLUDED.shop_id, code = EXCLUDED.code`,
        [m.id, shopId, m.code.toUpperCase()],
      );
    }
  }
  return { coupons: data.coupons.length };
}
