// 'Zahlung & Seiten' (staff app): payment methods per type and pickup minimums, the legal pages,
// 'Über uns' and the owner's flags, kept in the shop's config (docs/data-format.md). Checked by the
// section's rule (shared/settings/shopInfo.ts), saved whole or not at all (configSection.ts).
import type { PaymentMethod, StaticPage } from '@shared/domain/shop';
import { LEGAL_PAGES, OWNER_FLAGS, shopInfoProblems, type OwnerFlag, type ShopInfoSection } from '@shared/settings/shopInfo';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { readConfig, saveConfigSection, type StoredConfig } from './configSection';

const FLAG_DEFAULTS: Record<OwnerFlag, boolean> = { enableDishPictures: true, showDishNumbers: false, enableLogin: false, enableReservations: false };

export function shopInfoOf(config: StoredConfig): ShopInfoSection {
  const pages = (config.pages as StaticPage[] | undefined) ?? [];
  const flags = (config.flags as Partial<Record<OwnerFlag, boolean>> | undefined) ?? {};
  return {
    paymentMethods: (config.paymentMethods as PaymentMethod[] | undefined) ?? ['offline'],
    paymentMethodsOnlyPickup: (config.paymentMethodsOnlyPickup as PaymentMethod[] | undefined) ?? [],
    paymentMethodsOnlyDelivery: (config.paymentMethodsOnlyDelivery as PaymentMethod[] | undefined) ?? [],
    paymentMethodsPickupMinimumOrderValue: (config.paymentMethodsPickupMinimumOrderValue as Partial<Record<PaymentMethod, number>> | undefined) ?? {},
    pages: Object.fromEntries(LEGAL_PAGES.map((p) => [p.id, pages.find((x) => x.id === p.id)?.body ?? []])) as ShopInfoSection['pages'],
    about: (config.about as string[] | undefined) ?? [],
    flags: Object.fromEntries(OWNER_FLAGS.map((f) => [f, flags[f] ?? FLAG_DEFAULTS[f]])) as ShopInfoSection['flags'],
  };
}

export async function readShopInfo(q: DbQuery, shopId: string): Promise<ShopInfoSection> {
  return shopInfoOf(await readConfig(q, shopId));
}

export type SaveShopInfoResult = { ok: true; info: ShopInfoSection } | { ok: false; fields: Record<string, string> };

export async function saveShopInfo(ctx: ServerContext, shopId: string, s: ShopInfoSection): Promise<SaveShopInfoResult> {
  const r = await saveConfigSection(ctx, shopId, (config) => {
    const problems = shopInfoProblems(s);
    if (Object.keys(problems).length) return { fields: problems };
    const pages = [...((config.pages as StaticPage[] | undefined) ?? [])];
    for (const p of LEGAL_PAGES) {
      const body = s.pages[p.id];
      const at = pages.findIndex((x) => x.id === p.id);
      // an empty page is left out (the shop shows no link to it); the others stay where they were
      if (body.length === 0) {
        if (at >= 0) pages.splice(at, 1);
      } else if (at >= 0) pages[at] = { ...pages[at], body };
      else pages.push({ id: p.id, name: p.name, title: p.title, body });
    }
    const minimums = Object.fromEntries(Object.entries(s.paymentMethodsPickupMinimumOrderValue).filter(([m, euro]) => euro && s.paymentMethods.includes(m as PaymentMethod)));
    return {
      next: {
        ...config,
        paymentMethods: s.paymentMethods,
        paymentMethodsOnlyPickup: s.paymentMethodsOnlyPickup,
        paymentMethodsOnlyDelivery: s.paymentMethodsOnlyDelivery,
        paymentMethodsPickupMinimumOrderValue: minimums,
        pages,
        about: s.about,
        flags: { ...((config.flags as Record<string, boolean> | undefined) ?? {}), ...s.flags },
      },
    };
  });
  return r.ok ? { ok: true, info: shopInfoOf(r.config) } : r;
}
