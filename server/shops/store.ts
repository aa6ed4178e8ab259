// Writes checked shop data (server/data/load.ts) into the shop tables (migration 012) and reads it
// back in the data format of docs/data-format.md: `npm run shop -- import|export`, the demo seed
// on the first start, and the tests. One transaction per import: a failing write changes nothing.
import { createHash } from 'node:crypto';
import type { Catalog } from '@shared/domain';
import type { Db, DbQuery } from '../db';
import type { Gazetteer, LoadedShop, ShopData } from '../data/load';
import type { CouponData, ShopSettingsData } from '../data/schema';
import { couponInstant } from '../seed';
import { readShopSecrets } from '../secrets';

/** The channel every server process listens on; the payload is the changed shop's id. */
export const SHOP_CHANNEL = 'shop_changed';

/** The stored form of a shop's config: the loaded config plus the two server-only fields. */
export function storedConfig(shop: LoadedShop): Record<string, unknown> {
  return {
    ...shop.config,
    ...(shop.allowedOrigins ? { allowedOrigins: shop.allowedOrigins } : {}),
    ...(shop.simulatedPayments ? { simulatedPayments: true } : {}),
  };
}

/** Stable JSON (keys sorted) and its sha-256: equal catalogs get equal hashes. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function catalogHash(catalog: Catalog): string {
  return createHash('sha256').update(canonical(catalog)).digest('hex');
}

/**
 * Writes `catalog` as the shop's next catalog version and publishes it (in the caller's
 * transaction; NOTIFY is the caller's). `createdBy`: the staff member's name, null for an import.
 * The shop row is locked first: two publishers of one shop take turns, each gets its own number.
 */
export async function writeCatalogVersion(tx: DbQuery, shopId: string, catalog: Catalog, createdBy: string | null): Promise<number> {
  await tx.query('SELECT 1 FROM shops WHERE id = $1 FOR UPDATE', [shopId]);
  const { rows } = await tx.query<{ max: number | null }>('SELECT MAX(version) AS max FROM catalog_versions WHERE shop_id = $1', [shopId]);
  const version = Number(rows[0]?.max ?? 0) + 1;
  await tx.query('INSERT INTO catalog_versions (shop_id, version, catalog, content_hash, created_by) VALUES ($1, $2, $3, $4, $5)', [
    shopId,
    version,
    JSON.stringify(catalog),
    catalogHash(catalog),
    createdBy,
  ]);
  await tx.query('UPDATE shops SET published_version = $2, updated_at = now() WHERE id = $1', [shopId, version]);
  return version;
}

export interface ImportResult {
  shops: number;
  /** shops that got a new published catalog version */
  newVersions: string[];
  coupons: number;
}

/**
 * Upserts every shop, franchise, coupon and settings entry of `data` and replaces the gazetteer, in
 * the given transaction. A shop's catalog becomes a new published version only when it differs
 * from the published one. Shops missing from `data` stay as they are. NOTIFY per shop (delivered
 * at commit).
 */
export async function writeShopData(tx: DbQuery, data: ShopData, opts: { platform?: boolean } = {}): Promise<ImportResult> {
  // platform: false (an owner's import of the own shop): franchises and the gazetteer stay as they are
  const platform = opts.platform ?? true;
  const newVersions: string[] = [];
  for (const f of platform ? data.franchises.values() : []) {
    await tx.query(
      `INSERT INTO franchises (id, slug, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name`,
      [f.id, f.slug, f.name],
    );
  }
  const { rows: pos } = await tx.query<{ n: number }>('SELECT COALESCE(MAX(position), -1) + 1 AS n FROM shops');
  let position = Number(pos[0].n);
  // slugs move between shops within one file: clear the file's shops' slugs first
  await tx.query('UPDATE shops SET slug = NULL WHERE id = ANY($1)', [[...data.shops.keys()]]);
  for (const [id, shop] of data.shops) {
    await tx.query(
      `INSERT INTO shops (id, slug, franchise_id, position, config, catalog_of, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, franchise_id = EXCLUDED.franchise_id, config = EXCLUDED.config,
         catalog_of = EXCLUDED.catalog_of, updated_at = now()`,
      [id, shop.config.slug ?? null, shop.config.franchiseId ?? null, position++, JSON.stringify(storedConfig(shop)), shop.catalogOf ?? null],
    );
  }
  for (const [id, shop] of data.shops) {
    if (shop.catalogOf) {
      await tx.query('UPDATE shops SET published_version = NULL WHERE id = $1', [id]);
    } else {
      const hash = catalogHash(shop.catalog);
      const { rows } = await tx.query<{ published_version: number | null; content_hash: string | null; max: number | null }>(
        `SELECT s.published_version, c.content_hash, (SELECT MAX(version) FROM catalog_versions WHERE shop_id = s.id) AS max
         FROM shops s LEFT JOIN catalog_versions c ON c.shop_id = s.id AND c.version = s.published_version WHERE s.id = $1`,
        [id],
      );
      if (rows[0]?.content_hash !== hash) {
        await writeCatalogVersion(tx, id, shop.catalog, null);
        newVersions.push(id);
      }
    }
    await tx.query('DELETE FROM shop_hosts WHERE shop_id = $1', [id]);
    for (const host of shop.hosts ?? []) {
      // a host another shop had moves to this one (the file is the truth for the shops it names)
      await tx.query('INSERT INTO shop_hosts (host, shop_id) VALUES ($1, $2) ON CONFLICT (host) DO UPDATE SET shop_id = EXCLUDED.shop_id', [host, id]);
    }
    const settings = data.settings?.get(id);
    if (settings) {
      await tx.query(
        'INSERT INTO shop_settings (shop_id, settings) VALUES ($1, $2) ON CONFLICT (shop_id) DO UPDATE SET settings = EXCLUDED.settings',
        // secrets never sit here in plain text: they are stored encrypted in shop_secrets (server/secrets)
        [id, JSON.stringify({ ...settings, secrets: undefined })],
      );
      for (const m of settings.couponMails ?? []) {
        await tx.query(
          `INSERT INTO coupon_mails (email_id, shop_id, code) VALUES ($1, $2, $3)
           ON CONFLICT (email_id) DO UPDATE SET shop_id = EXCLUDED.shop_id, code = EXCLUDED.code`,
          [m.id, id, m.code.toUpperCase()],
        );
      }
    } else {
      await tx.query('DELETE FROM shop_settings WHERE shop_id = $1', [id]);
    }
  }
  for (const c of data.coupons) {
    await tx.query(
      `INSERT INTO coupons (shop_id, code, type, value, minimum_order_value, valid_from, valid_until, reserved_phone, max_uses)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (shop_id, code) DO UPDATE SET type = EXCLUDED.type, value = EXCLUDED.value,
         minimum_order_value = EXCLUDED.minimum_order_value, valid_from = EXCLUDED.valid_from,
         valid_until = EXCLUDED.valid_until, reserved_phone = EXCLUDED.reserved_phone, max_uses = EXCLUDED.max_uses`,
      [c.shopId, c.code.toUpperCase(), c.type, c.value, c.minimumOrderValue, couponInstant(c.validFrom, false), couponInstant(c.validUntil, true), c.reservedPhone, c.maxUses ?? null],
    );
  }
  if (platform) {
    await tx.query(
      `INSERT INTO platform_data (key, value, updated_at) VALUES ('gazetteer', $1, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [JSON.stringify(data.gazetteer)],
    );
  }
  for (const id of data.shops.keys()) await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, id]);
  return { shops: data.shops.size, newVersions, coupons: data.coupons.length };
}

/** Imports checked data in one transaction. */
export function importShopData(db: Db, data: ShopData): Promise<ImportResult> {
  return db.transaction((tx) => writeShopData(tx, data));
}

/** The advisory lock of the start-up import ('tiscj'): servers starting together import once. */
export const SEED_LOCK = 0x746973636a;

/**
 * At start: imports `load()` when the database has no shop, or always with `update`; several
 * processes starting at once take turns (the later ones find the shops there). One transaction.
 */
export async function importAtStart(db: Db, load: () => Promise<ShopData>, update: boolean): Promise<{ existing: number; imported: ImportResult | null }> {
  return db.session(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    try {
      const existing = await shopCount(conn);
      if (existing > 0 && !update) return { existing, imported: null };
      const data = await load();
      await conn.query('BEGIN');
      try {
        const imported = await writeShopData(conn, data);
        await conn.query('COMMIT');
        return { existing, imported };
      } catch (e) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => undefined);
    }
  });
}

export async function shopCount(db: DbQuery): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM shops');
  return Number(rows[0].n);
}

export async function readGazetteer(db: DbQuery): Promise<Gazetteer | null> {
  const { rows } = await db.query<{ value: Gazetteer }>("SELECT value FROM platform_data WHERE key = 'gazetteer'");
  return rows[0]?.value ?? null;
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface ExportOptions {
  /** include the credentials: the waiter password hash and the shop's secrets (decrypted); default: left out */
  withSecrets?: boolean;
  /** the server key the shop's secrets are encrypted with (TISCHLEIN_SECRET_KEY), for `withSecrets` */
  secretKey?: Buffer | null;
}

/**
 * The data file (docs/data-format.md) of the given shops (all when empty): their franchises, their
 * published catalogs (a catalogOf whose shop is not exported becomes the catalog itself), coupons,
 * settings and the gazetteer. Without `withSecrets` no credential leaves the database; with it the
 * waiter password hashes and each shop's secrets (shop_secrets, decrypted with `secretKey`: an
 * import of the file stores them encrypted again) are in the file — a file to keep like a password.
 */
export async function exportShopData(db: DbQuery, shopIds: string[] = [], opts: ExportOptions = {}): Promise<Record<string, unknown>> {
  const { rows: shops } = await db.query<{
    id: string;
    franchise_id: string | null;
    config: unknown;
    catalog_of: string | null;
    catalog: unknown;
    hosts: string[] | null;
    settings: unknown;
  }>(
    `SELECT s.id, s.franchise_id, s.config, s.catalog_of, c.catalog, st.settings,
       ARRAY(SELECT h.host FROM shop_hosts h WHERE h.shop_id = s.id ORDER BY h.host) AS hosts
     FROM shops s
     LEFT JOIN shops src ON src.id = COALESCE(s.catalog_of, s.id)
     LEFT JOIN catalog_versions c ON c.shop_id = src.id AND c.version = src.published_version
     LEFT JOIN shop_settings st ON st.shop_id = s.id
     WHERE cardinality($1::text[]) = 0 OR s.id = ANY($1)
     ORDER BY s.position, s.id`,
    [shopIds],
  );
  const missing = shopIds.filter((id) => !shops.some((s) => s.id === id));
  if (missing.length) throw new Error(`no shop ${missing.map((m) => `'${m}'`).join(', ')}`);
  const ids = new Set(shops.map((s) => s.id));
  const franchiseIds = [...new Set(shops.flatMap((s) => (s.franchise_id ? [s.franchise_id] : [])))];
  const { rows: franchises } = await db.query<{ id: string; slug: string; name: string }>(
    'SELECT id, slug, name FROM franchises WHERE id = ANY($1) ORDER BY id',
    [franchiseIds],
  );
  const { rows: coupons } = await db.query<{
    code: string;
    shop_id: string;
    type: 'percent' | 'value';
    value: number;
    minimum_order_value: number;
    valid_from: Date | string | null;
    valid_until: Date | string | null;
    reserved_phone: string | null;
    max_uses: number | null;
  }>('SELECT * FROM coupons WHERE shop_id = ANY($1) ORDER BY shop_id, code', [[...ids]]);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  const gazetteer = await readGazetteer(db);
  const shopSettings: ShopSettingsData[] = [];
  for (const s of shops) {
    const settings = s.settings ? parseJson<ShopSettingsData>(s.settings) : null;
    if (!opts.withSecrets) {
      if (settings) {
        const { waiterPassword: _secret, secrets: _none, ...rest } = settings;
        shopSettings.push(rest as ShopSettingsData);
      }
      continue;
    }
    const secrets = await readShopSecrets(db, opts.secretKey ?? null, s.id);
    const withSecrets = Object.keys(secrets).length ? { secrets } : {};
    // a shop with secrets and no settings: an entry of its own (the defaults of every other setting)
    if (settings || withSecrets.secrets) shopSettings.push({ ...(settings ?? { shopId: s.id }), ...withSecrets } as ShopSettingsData);
  }
  return {
    version: 1,
    gazetteer,
    franchises,
    shops: shops.map((s) => {
      const ownCatalog = !s.catalog_of || !ids.has(s.catalog_of);
      return {
        config: parseJson(s.config),
        ...(ownCatalog ? { catalog: parseJson<unknown>(s.catalog) } : { catalogOf: s.catalog_of }),
        hosts: [...(s.hosts ?? [])].sort(),
      };
    }),
    coupons: coupons.map(
      (c): CouponData => ({
        code: c.code,
        shopId: c.shop_id,
        type: c.type,
        value: Number(c.value),
        minimumOrderValue: Number(c.minimum_order_value),
        validFrom: iso(c.valid_from),
        validUntil: iso(c.valid_until),
        reservedPhone: c.reserved_phone,
        maxUses: c.max_uses === null ? null : Number(c.max_uses),
      }),
    ),
    shopSettings,
  };
}
