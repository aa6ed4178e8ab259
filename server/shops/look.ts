// The owner's 'Aussehen' (staff app): primary and accent colour, logo and header picture, kept in
// the shop's config (`theme` --tl-primary / --tl-accent, `logo`, `header`; docs/data-format.md).
// A save is checked whole — the look by the contrast rule (shared/look), the resulting config by
// the import's schema — and then written in one transaction with the shop row locked, with NOTIFY
// shop_changed: every process drops its cached shop, and widgets and shell read the new theme.
import { lookProblems, normalHex, type ShopLook } from '@shared/look/contrast';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { configProblems } from './configCheck';
import { SHOP_CHANNEL } from './store';

type StoredConfig = Record<string, unknown> & { theme?: Record<string, string>; logo?: string | null; header?: string | null };

/** the demo's colours (shared/ui's defaults): what a shop without a theme shows */
export const DEFAULT_LOOK = { primary: '#b1361e', accent: '#f2a900' } as const;

function parse(value: unknown): StoredConfig {
  return (typeof value === 'string' ? JSON.parse(value) : value) as StoredConfig;
}

async function storedConfig(q: DbQuery, shopId: string, lock: boolean): Promise<StoredConfig> {
  const { rows } = await q.query<{ config: unknown }>(`SELECT config FROM shops WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [shopId]);
  if (!rows[0]) throw new Error(`no shop '${shopId}'`);
  return parse(rows[0].config);
}

export function lookOf(config: StoredConfig): ShopLook & { onPrimary: string } {
  const theme = config.theme ?? {};
  return {
    primary: normalHex(theme['--tl-primary'] ?? '') ?? DEFAULT_LOOK.primary,
    accent: normalHex(theme['--tl-accent'] ?? '') ?? DEFAULT_LOOK.accent,
    logo: config.logo ?? null,
    header: config.header ?? null,
    onPrimary: normalHex(theme['--tl-on-primary'] ?? '') ?? '#ffffff',
  };
}

/** The look as stored now (not the cache: the owner sees what was saved) */
export async function readLook(q: DbQuery, shopId: string): Promise<ShopLook & { onPrimary: string }> {
  return lookOf(await storedConfig(q, shopId, false));
}

export type SaveLookResult = { ok: true; look: ShopLook & { onPrimary: string } } | { ok: false; fields: Record<string, string> };

/** Saves the whole look, or nothing: the problems by field (look fields, else config paths) */
export async function saveLook(ctx: ServerContext, shopId: string, look: ShopLook): Promise<SaveLookResult> {
  const result = await ctx.db.transaction(async (tx): Promise<SaveLookResult> => {
    const config = await storedConfig(tx, shopId, true);
    const problems = lookProblems(look, lookOf(config).onPrimary);
    if (Object.keys(problems).length) return { ok: false, fields: problems as Record<string, string> };
    const next: StoredConfig = {
      ...config,
      theme: { ...(config.theme ?? {}), '--tl-primary': normalHex(look.primary) as string, '--tl-accent': normalHex(look.accent) as string },
      logo: look.logo,
      header: look.header,
    };
    const schema = configProblems(next);
    if (schema.length) return { ok: false, fields: Object.fromEntries(schema.map((p) => [p.path, p.message])) };
    await tx.query('UPDATE shops SET config = $2, updated_at = now() WHERE id = $1', [shopId, JSON.stringify(next)]);
    await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, shopId]);
    return { ok: true, look: lookOf(next) };
  });
  // this process at once (the NOTIFY reaches the others, and this one again, at commit)
  if (result.ok) ctx.shops.invalidate(shopId);
  return result;
}
