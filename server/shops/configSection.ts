// Saving one section of the staff app's settings into the shop's config: the whole section or
// nothing. The section's own rule (German message per field) runs on the locked, stored config; the
// resulting config must pass the import's schema (configCheck.ts); then one UPDATE, NOTIFY
// shop_changed (every process drops its cached shop; open pages follow) and this process at once.
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { configProblems } from './configCheck';
import { SHOP_CHANNEL } from './store';

export type StoredConfig = Record<string, unknown> & { theme?: Record<string, string>; logo?: string | null; header?: string | null };

export function parseConfig(value: unknown): StoredConfig {
  return (typeof value === 'string' ? JSON.parse(value) : value) as StoredConfig;
}

/** The shop's config as stored now (not the cache: the owner sees what was saved) */
export async function readConfig(q: DbQuery, shopId: string, lock = false): Promise<StoredConfig> {
  const { rows } = await q.query<{ config: unknown }>(`SELECT config FROM shops WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [shopId]);
  if (!rows[0]) throw new Error(`no shop '${shopId}'`);
  return parseConfig(rows[0].config);
}

export type SectionResult = { ok: true; config: StoredConfig } | { ok: false; fields: Record<string, string> };

/**
 * `change` gets the stored config and answers the problems by field, or the next config. Nothing is
 * written when it or the schema finds a problem.
 */
export async function saveConfigSection(
  ctx: ServerContext,
  shopId: string,
  change: (config: StoredConfig) => { fields: Record<string, string> } | { next: StoredConfig },
): Promise<SectionResult> {
  const result = await ctx.db.transaction(async (tx): Promise<SectionResult> => {
    const r = change(await readConfig(tx, shopId, true));
    if ('fields' in r) return { ok: false, fields: r.fields };
    const schema = configProblems(r.next);
    if (schema.length) return { ok: false, fields: Object.fromEntries(schema.map((p) => [p.path, p.message])) };
    await tx.query('UPDATE shops SET config = $2, updated_at = now() WHERE id = $1', [shopId, JSON.stringify(r.next)]);
    await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, shopId]);
    return { ok: true, config: r.next };
  });
  // this process at once (the NOTIFY reaches the others, and this one again, at commit)
  if (result.ok) ctx.shops.invalidate(shopId);
  return result;
}
