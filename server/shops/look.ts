// The owner's 'Aussehen' (staff app): primary and accent colour, logo and header picture, kept in
// the shop's config (`theme` --tl-primary / --tl-accent, `logo`, `header`; docs/data-format.md).
// Checked by the contrast rule (shared/look), saved whole or not at all (configSection.ts).
import { lookProblems, normalHex, type ShopLook } from '@shared/look/contrast';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { readConfig, saveConfigSection, type StoredConfig } from './configSection';

/** the demo's colours (shared/ui's defaults): what a shop without a theme shows */
export const DEFAULT_LOOK = { primary: '#b1361e', accent: '#f2a900' } as const;

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

export async function readLook(q: DbQuery, shopId: string): Promise<ShopLook & { onPrimary: string }> {
  return lookOf(await readConfig(q, shopId));
}

export type SaveLookResult = { ok: true; look: ShopLook & { onPrimary: string } } | { ok: false; fields: Record<string, string> };

/** Saves the whole look, or nothing: the problems by field (look fields, else config paths) */
export async function saveLook(ctx: ServerContext, shopId: string, look: ShopLook): Promise<SaveLookResult> {
  const r = await saveConfigSection(ctx, shopId, (config) => {
    const problems = lookProblems(look, lookOf(config).onPrimary) as Record<string, string>;
    if (Object.keys(problems).length) return { fields: problems };
    return {
      next: {
        ...config,
        theme: { ...(config.theme ?? {}), '--tl-primary': normalHex(look.primary) as string, '--tl-accent': normalHex(look.accent) as string },
        logo: look.logo,
        header: look.header,
      },
    };
  });
  return r.ok ? { ok: true, look: lookOf(r.config) } : r;
}
