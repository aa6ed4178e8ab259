// The shops as the server reads them: from the shop tables (migration 012), through a bounded
// in-process cache (least recently used first out) keyed by shop id and catalog version. Every
// change ends with NOTIFY shop_changed '<shop id>' (server/shops/store.ts); each process LISTENs
// and drops that shop (and the shops serving its catalog). A lost LISTEN connection drops all.
import type { Catalog, ShopConfig } from '@shared/domain';
import type { Db, DbQuery } from '../db';
import type { FranchiseDef, LoadedShop } from '../data/load';
import type { ShopSettingsData } from '../data/schema';
import { SHOP_CHANNEL } from './store';

export interface ShopRecord extends LoadedShop {
  /** The published catalog's version, `{n}-{hash}` (the catalog's shop's n): immutable content */
  catalogVersion: string;
  /** private settings (never sent to a browser); undefined: none */
  settings?: ShopSettingsData;
  franchiseId: string | null;
  /** changes with every change of the shop (its row's updated_at and the catalog version): a cache key */
  stamp: string;
}

export interface ShopRepository {
  /**
   * The shop (cached). Inside a transaction pass its `tx`: a shop not in the cache is then read
   * through that transaction. Read through the pool, PGlite's one connection would wait for the
   * transaction that waits for the read (the server stops answering), and on PostgreSQL the
   * transaction would hold a second connection.
   */
  getShop(id: string, tx?: DbQuery): Promise<ShopRecord | null>;
  /** The shop of a restaurant's own host name (lower case, no port) */
  shopByHost(host: string): Promise<ShopRecord | null>;
  /** The shop of a /f={slug} prefix (its slug, or its id) */
  shopBySlug(slug: string): Promise<ShopRecord | null>;
  franchise(id: string): Promise<FranchiseDef | null>;
  /** A published or older catalog version of the shop (`{n}-{hash}`); null: no such version */
  catalogVersion(shopId: string, version: string): Promise<Catalog | null>;
  /** The shop shown without prefix and host: 'demo' if it exists, else the first */
  defaultShopId(): Promise<string | null>;
  /** Every shop with its config (not cached; start-up checks) */
  allConfigs(): Promise<Map<string, Pick<LoadedShop, 'config' | 'simulatedPayments'>>>;
  /** Drops the cached shop (or all); NOTIFY does this in every process */
  invalidate(shopId?: string): void;
  /** LISTEN for changes; returns stop() */
  listen(): Promise<() => Promise<void>>;
  /** How many shops sit in the cache (tests, memory) */
  cachedCount(): number;
}

export interface RepositoryOptions {
  /** most shops kept in memory (default 100) */
  maxShops?: number;
  /** a cached shop is read again after this long even without NOTIFY (default 60 s) */
  maxAgeMs?: number;
  now?: () => number;
}

interface Row {
  id: string;
  franchise_id: string | null;
  config: unknown;
  catalog_of: string | null;
  catalog: unknown;
  version: number | null;
  content_hash: string | null;
  settings: unknown;
  hosts: string[] | null;
  updated_at: Date | string;
}

const SHOP_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const VERSION = /^(\d{1,9})-([0-9a-f]{12})$/;

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function versionOf(version: number, hash: string): string {
  return `${version}-${hash.slice(0, 12)}`;
}

const SELECT_SHOP = `
  SELECT s.id, s.franchise_id, s.config, s.catalog_of, c.catalog, c.version, c.content_hash, st.settings, s.updated_at,
    ARRAY(SELECT h.host FROM shop_hosts h WHERE h.shop_id = s.id ORDER BY h.host) AS hosts
  FROM shops s
  LEFT JOIN shops src ON src.id = COALESCE(s.catalog_of, s.id)
  LEFT JOIN catalog_versions c ON c.shop_id = src.id AND c.version = src.published_version
  LEFT JOIN shop_settings st ON st.shop_id = s.id`;

export function createShopRepository(db: Db, opts: RepositoryOptions = {}): ShopRepository {
  const maxShops = opts.maxShops ?? 100;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const now = opts.now ?? Date.now;
  /** Map keeps insertion order: the first key is the least recently used */
  const cache = new Map<string, { shop: ShopRecord; at: number }>();
  /** host / slug -> shop id; dropped whole on any change (small) */
  const lookups = new Map<string, string | null>();
  let franchises: Map<string, FranchiseDef> | null = null;
  let defaultShop: { id: string | null } | null = null;
  /** bumped by every invalidation: a read that started before it does not fill the cache */
  let generation = 0;

  function toRecord(r: Row): ShopRecord | null {
    if (r.catalog === null || r.version === null || r.content_hash === null) return null;
    const stored = parseJson<ShopConfig & { allowedOrigins?: string[]; simulatedPayments?: boolean }>(r.config);
    const { allowedOrigins, simulatedPayments, ...config } = stored;
    const settings = r.settings === null ? undefined : parseJson<ShopSettingsData>(r.settings);
    return {
      config: config as ShopConfig,
      catalog: parseJson<Catalog>(r.catalog),
      catalogVersion: versionOf(Number(r.version), r.content_hash),
      franchiseId: r.franchise_id,
      stamp: `${versionOf(Number(r.version), r.content_hash)}@${new Date(r.updated_at).getTime()}`,
      ...(allowedOrigins ? { allowedOrigins } : {}),
      ...(simulatedPayments ? { simulatedPayments } : {}),
      ...(r.catalog_of ? { catalogOf: r.catalog_of } : {}),
      ...(r.hosts && r.hosts.length ? { hosts: [...r.hosts].sort() } : {}),
      ...(settings ? { settings } : {}),
    };
  }

  function remember(shop: ShopRecord, gen: number) {
    if (gen !== generation) return;
    cache.delete(shop.config.id);
    cache.set(shop.config.id, { shop, at: now() });
    while (cache.size > maxShops) cache.delete(cache.keys().next().value as string);
  }

  /** reads in flight: 200 requests for a shop not in the cache make one query, not 200 */
  const reading = new Map<string, { gen: number; promise: Promise<ShopRecord | null> }>();

  async function getShop(id: string, tx?: DbQuery): Promise<ShopRecord | null> {
    if (!SHOP_ID.test(id)) return null;
    const hit = cache.get(id);
    if (hit && now() - hit.at < maxAgeMs) {
      cache.delete(id);
      cache.set(id, hit);
      return hit.shop;
    }
    const gen = generation;
    if (tx) {
      // not joined with a read in flight: that one waits for the pool (on PGlite: for this transaction)
      const { rows } = await tx.query<Row>(`${SELECT_SHOP} WHERE s.id = $1`, [id]);
      const shop = rows[0] ? toRecord(rows[0]) : null;
      if (shop) remember(shop, gen);
      return shop;
    }
    const pending = reading.get(id);
    if (pending && pending.gen === gen) return pending.promise;
    const entry = { gen, promise: null as unknown as Promise<ShopRecord | null> };
    entry.promise = (async () => {
      try {
        const { rows } = await db.query<Row>(`${SELECT_SHOP} WHERE s.id = $1`, [id]);
        const shop = rows[0] ? toRecord(rows[0]) : null;
        if (shop) remember(shop, gen);
        else cache.delete(id);
        return shop;
      } finally {
        if (reading.get(id) === entry) reading.delete(id);
      }
    })();
    reading.set(id, entry);
    return entry.promise;
  }

  async function lookup(key: string, sql: string, param: string): Promise<ShopRecord | null> {
    let id = lookups.get(key);
    if (id === undefined) {
      const gen = generation;
      const { rows } = await db.query<{ id: string }>(sql, [param]);
      id = rows[0]?.id ?? null;
      // unknown names are not remembered: a flood of made-up hosts must not fill memory
      if (id !== null && gen === generation) {
        if (lookups.size >= 4 * maxShops) lookups.clear();
        lookups.set(key, id);
      }
    }
    return id === null ? null : getShop(id);
  }

  const repo: ShopRepository = {
    getShop,
    shopByHost: (host) => lookup(`h:${host}`, 'SELECT shop_id AS id FROM shop_hosts WHERE host = $1', host.toLowerCase()),
    shopBySlug: (slug) => lookup(`s:${slug}`, 'SELECT id FROM shops WHERE slug = $1 OR id = $1 ORDER BY (slug = $1) DESC LIMIT 1', slug.toLowerCase()),
    async franchise(id) {
      if (!franchises) {
        const gen = generation;
        const { rows } = await db.query<{ id: string; slug: string; name: string; shop_ids: string[] | null }>(
          `SELECT f.id, f.slug, f.name, ARRAY(SELECT s.id FROM shops s WHERE s.franchise_id = f.id ORDER BY s.position, s.id) AS shop_ids
           FROM franchises f`,
        );
        const map = new Map(rows.map((r) => [r.id, { id: r.id, slug: r.slug, name: r.name, shopIds: r.shop_ids ?? [] }]));
        if (gen !== generation) return map.get(id) ?? null;
        franchises = map;
      }
      return franchises.get(id) ?? null;
    },
    async catalogVersion(shopId, version) {
      const m = VERSION.exec(version);
      if (!m || !SHOP_ID.test(shopId)) return null;
      const current = await getShop(shopId);
      if (!current) return null;
      if (current.catalogVersion === version) return current.catalog;
      const { rows } = await db.query<{ catalog: unknown }>(
        `SELECT c.catalog FROM shops s JOIN catalog_versions c ON c.shop_id = COALESCE(s.catalog_of, s.id)
         WHERE s.id = $1 AND c.version = $2 AND left(c.content_hash, 12) = $3`,
        [shopId, Number(m[1]), m[2]],
      );
      return rows[0] ? parseJson<Catalog>(rows[0].catalog) : null;
    },
    async defaultShopId() {
      if (!defaultShop) {
        const gen = generation;
        const { rows } = await db.query<{ id: string }>("SELECT id FROM shops ORDER BY (id = 'demo') DESC, position, id LIMIT 1");
        const value = { id: rows[0]?.id ?? null };
        if (gen !== generation) return value.id;
        defaultShop = value;
      }
      return defaultShop.id;
    },
    async allConfigs() {
      const { rows } = await db.query<{ id: string; config: unknown }>('SELECT id, config FROM shops ORDER BY position, id');
      return new Map(
        rows.map((r) => {
          const { allowedOrigins: _o, simulatedPayments, ...config } = parseJson<ShopConfig & { allowedOrigins?: string[]; simulatedPayments?: boolean }>(r.config);
          return [r.id, { config: config as ShopConfig, ...(simulatedPayments ? { simulatedPayments } : {}) }];
        }),
      );
    },
    invalidate(shopId) {
      generation++;
      lookups.clear();
      franchises = null;
      defaultShop = null;
      if (shopId === undefined || shopId === '') {
        cache.clear();
        return;
      }
      cache.delete(shopId);
      for (const [id, entry] of cache) if (entry.shop.catalogOf === shopId) cache.delete(id);
    },
    listen() {
      return db.listen(
        SHOP_CHANNEL,
        (payload) => repo.invalidate(payload),
        () => repo.invalidate(),
      );
    },
    cachedCount: () => cache.size,
  };
  return repo;
}
