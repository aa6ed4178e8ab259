// The owner's 'Öffnungszeiten' (staff app): opening and delivery times, special closures, delivery
// and pickup on/off, delivery zones — fields of the shop's config (docs/data-format.md). Checked by
// the shared rule (shared/settings/hours.ts), saved whole or not at all (configSection.ts).
import { hoursProblems, type HoursSection } from '@shared/settings/hours';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { readConfig, saveConfigSection, type StoredConfig } from './configSection';

type Flags = { supportDelivery?: boolean; supportPickup?: boolean };

export function hoursOf(config: StoredConfig): HoursSection {
  const flags = (config.flags ?? {}) as Flags;
  return {
    openingTimes: (config.openingTimes ?? []) as HoursSection['openingTimes'],
    // none stored: they follow the opening times (shared/time deliveryTimesOf)
    deliveryTimes: (config.deliveryTimes ?? null) as HoursSection['deliveryTimes'],
    specialOpeningTimes: (config.specialOpeningTimes ?? []) as HoursSection['specialOpeningTimes'],
    supportDelivery: flags.supportDelivery ?? true,
    supportPickup: flags.supportPickup ?? true,
    deliveryZones: (config.deliveryZones ?? []) as HoursSection['deliveryZones'],
  };
}

export async function readHours(q: DbQuery, shopId: string): Promise<HoursSection> {
  return hoursOf(await readConfig(q, shopId));
}

export type SaveHoursResult = { ok: true; hours: HoursSection } | { ok: false; fields: Record<string, string> };

export async function saveHours(ctx: ServerContext, shopId: string, hours: HoursSection): Promise<SaveHoursResult> {
  const r = await saveConfigSection(ctx, shopId, (config) => {
    const problems = hoursProblems(hours);
    if (Object.keys(problems).length) return { fields: problems };
    const { supportDelivery, supportPickup, deliveryTimes, ...fields } = hours;
    // 'wie Öffnungszeiten' stores no delivery times of its own: a later change of the opening times is theirs too
    const { deliveryTimes: _old, ...rest } = config;
    return { next: { ...rest, ...fields, ...(deliveryTimes !== null ? { deliveryTimes } : {}), flags: { ...((config.flags ?? {}) as object), supportDelivery, supportPickup } } };
  });
  return r.ok ? { ok: true, hours: hoursOf(r.config) } : r;
}
