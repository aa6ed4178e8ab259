// 'Einbinden' (staff app): the shop's own origins (`allowedOrigins`, saved through the one config
// section path) and the sightings of its widgets on pages (embed_sightings, migration 030).
// A sighting is the Origin header a browser put on a widget's call to /api/shop/{shop}/…: the
// server never fetches an owner's URL (no SSRF). Anyone can send an Origin header, so a sighting
// is a hint for the owner ("your page loaded the widget"), never a permission.
import { originsProblems } from '@shared/settings/embed';
import type { ServerContext } from '../context';
import type { Db, DbQuery } from '../db';
import { saveConfigSection } from './configSection';

export const MAX_SIGHTINGS_PER_SHOP = 50;
const WRITE_EVERY_MS = 60_000;

/** Remembers a sighting, at most once a minute per shop and origin in this process; bounded per shop */
export function sightingRecorder(db: Db, now: () => number = Date.now) {
  const written = new Map<string, number>();
  return async (shopId: string, origin: string): Promise<void> => {
    if (origin.length > 200 || !/^https?:\/\/[^/\s]+$/.test(origin)) return;
    const key = `${shopId}\n${origin}`;
    const t = now();
    if ((written.get(key) ?? -Infinity) > t - WRITE_EVERY_MS) return;
    if (written.size > 10_000) written.clear();
    written.set(key, t);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO embed_sightings (shop_id, origin, last_seen_at) VALUES ($1, $2, $3)
         ON CONFLICT (shop_id, origin) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
        [shopId, origin, new Date(t).toISOString()],
      );
      await tx.query(
        `DELETE FROM embed_sightings WHERE shop_id = $1 AND origin IN (
           SELECT origin FROM embed_sightings WHERE shop_id = $1 ORDER BY last_seen_at DESC, origin OFFSET $2)`,
        [shopId, MAX_SIGHTINGS_PER_SHOP],
      );
    });
  };
}

/** The last sighting of an origin for a shop (ISO time) or null */
export async function lastSighting(q: DbQuery, shopId: string, origin: string): Promise<string | null> {
  const { rows } = await q.query<{ last_seen_at: Date | string }>('SELECT last_seen_at FROM embed_sightings WHERE shop_id = $1 AND origin = $2', [shopId, origin]);
  return rows[0] ? new Date(rows[0].last_seen_at).toISOString() : null;
}

export type SaveOriginsResult = { ok: true; origins: string[] } | { ok: false; fields: Record<string, string> };

/** Saves the whole list (empty: any page may use the shop), or nothing */
export async function saveOrigins(ctx: ServerContext, shopId: string, origins: string[], production: boolean): Promise<SaveOriginsResult> {
  const list = origins.map((o) => o.trim());
  const r = await saveConfigSection(ctx, shopId, (config) => {
    const problems = originsProblems(list, production);
    if (Object.keys(problems).length) return { fields: problems };
    const { allowedOrigins: _old, ...rest } = config;
    return { next: list.length ? { ...rest, allowedOrigins: list } : rest };
  });
  return r.ok ? { ok: true, origins: (r.config.allowedOrigins as string[] | undefined) ?? [] } : r;
}
