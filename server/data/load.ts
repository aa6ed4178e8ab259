// Loads and checks the shop data file: schema (valibot) first, then cross references.
// Every problem is reported with the path of the broken field.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import type { Catalog, Franchise, ShopConfig } from '@shared/domain';
import { checkCatalog, nulPaths, type CatalogProblem } from '@shared/menuedit/check';
import { formatPath, joinPath, type PathItem } from '@shared/menuedit/paths';
import { normalizePhone } from '../phone';
import { couponPercentTooHigh } from '@shared/menuedit/coupons';
import { DataFileSchema, type CouponData, type DataFile, type GazetteerStreetData, type ShopSettingsData } from './schema';

export interface LoadedShop {
  config: ShopConfig;
  catalog: Catalog;
  /** Origins whose pages may call this shop's API (config.allowedOrigins); undefined: any */
  allowedOrigins?: string[];
  /** config.simulatedPayments: the data names the simulated provider for this shop */
  simulatedPayments?: boolean;
  /** the shop serves the catalog of this shop (the data's catalogOf) */
  catalogOf?: string;
  /** the restaurant's own host names (the data's hosts) */
  hosts?: string[];
}

export interface FranchiseDef {
  id: string;
  slug: string;
  name: string;
  /** shop ids in file order */
  shopIds: string[];
}

export interface Gazetteer {
  city: string;
  streets: (GazetteerStreetData & { locality: string })[];
}

export interface ShopData {
  shops: Map<string, LoadedShop>;
  franchises: Map<string, FranchiseDef>;
  gazetteer: Gazetteer;
  coupons: (CouponData & { reservedPhone: string | null })[];
  /** private per-shop settings (order e-mail, webhook); a shop without an entry has none */
  settings?: Map<string, ShopSettingsData>;
}

export class DataFileError extends Error {
  constructor(
    readonly problems: string[],
    source = 'data file',
  ) {
    super(`${source} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DataFileError';
  }
}

export { formatPath };
const MAX_PROBLEMS = 25;

export async function loadDataFile(file: string): Promise<ShopData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new DataFileError([`cannot read ${file}: ${(e as Error).message}`], file);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DataFileError([`not valid JSON: ${(e as Error).message}`], file);
  }
  return parseData(json, file);
}

export function parseData(json: unknown, source = 'data file'): ShopData {
  const nul: CatalogProblem[] = [];
  nulPaths(json, [], nul);
  const result = v.safeParse(DataFileSchema, json, { abortPipeEarly: true });
  if (!result.success || nul.length) {
    const all = [...(result.issues ?? []).map((i) => `${formatPath(i.path as PathItem[])}: ${i.message}`), ...nul.map((p) => `${p.path}: ${p.message}`)];
    const problems = all.slice(0, MAX_PROBLEMS);
    if (all.length > MAX_PROBLEMS) problems.push(`… and ${all.length - MAX_PROBLEMS} more`);
    throw new DataFileError(problems, source);
  }
  const problems: string[] = [];
  const data = build(result.output, problems);
  if (problems.length) {
    throw new DataFileError(
      problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more`] : problems,
      source,
    );
  }
  return data;
}

function dupes<T>(items: T[], key: (t: T) => string, at: (i: number) => string, what: string, problems: string[]) {
  const seen = new Set<string>();
  items.forEach((t, i) => {
    const k = key(t);
    if (seen.has(k)) problems.push(`${at(i)}: duplicate ${what} '${k}'`);
    seen.add(k);
  });
}

function build(file: DataFile, problems: string[]): ShopData {
  dupes(file.shops, (s) => s.config.id, (i) => `shops[${i}].config.id`, 'shop id', problems);
  dupes(file.franchises, (f) => f.id, (i) => `franchises[${i}].id`, 'franchise id', problems);
  dupes(file.franchises, (f) => f.slug, (i) => `franchises[${i}].slug`, 'franchise slug', problems);
  dupes(file.shops.filter((s) => s.config.slug), (s) => s.config.slug!, () => 'shops[].config.slug', 'slug', problems);

  const franchises = new Map<string, FranchiseDef>(
    file.franchises.map((f) => [f.id, { id: f.id, slug: f.slug, name: f.name, shopIds: [] }]),
  );
  const ownCatalogs = new Map<string, Catalog>();
  file.shops.forEach((s, i) => {
    const at = `shops[${i}]`;
    if (s.catalog && s.catalogOf) problems.push(`${at}: give either catalog or catalogOf, not both`);
    if (!s.catalog && !s.catalogOf) problems.push(`${at}.catalog: missing (or give catalogOf: '<shop id>')`);
    if (s.catalog) {
      const found: CatalogProblem[] = [];
      ownCatalogs.set(s.config.id, checkCatalog(s.catalog, found));
      for (const p of found) problems.push(`${joinPath(`${at}.catalog`, p.path)}: ${p.message}`);
    }
  });

  const shops = new Map<string, LoadedShop>();
  file.shops.forEach((s, i) => {
    const at = `shops[${i}].config`;
    const c = s.config;
    if (c.franchiseId) {
      const f = franchises.get(c.franchiseId);
      if (!f) problems.push(`${at}.franchiseId: unknown franchise '${c.franchiseId}'`);
      else f.shopIds.push(c.id);
      if (!c.slug) problems.push(`${at}.slug: a franchise shop needs a slug`);
    }
    c.specialOpeningTimes.forEach((p, j) => {
      if (p.until < p.from) problems.push(`${at}.specialOpeningTimes[${j}].until: before from`);
    });
    for (const [list, name] of [
      [c.paymentMethodsOnlyPickup, 'paymentMethodsOnlyPickup'],
      [c.paymentMethodsOnlyDelivery, 'paymentMethodsOnlyDelivery'],
    ] as const) {
      list.forEach((m, j) => {
        if (!c.paymentMethods.includes(m)) problems.push(`${at}.${name}[${j}]: '${m}' is not in paymentMethods`);
      });
    }
    const catalog = s.catalog ? ownCatalogs.get(c.id) : s.catalogOf ? ownCatalogs.get(s.catalogOf) : undefined;
    if (s.catalogOf && !ownCatalogs.has(s.catalogOf)) {
      problems.push(`shops[${i}].catalogOf: no shop '${s.catalogOf}' with its own catalog`);
    }
    const { allowedOrigins, simulatedPayments, ...rest } = c;
    const config: ShopConfig = {
      ...rest,
      title: c.title ?? c.restaurantName,
      // absent: the opening times, and it stays absent so the delivery times follow their later changes
      ...(c.deliveryTimes ? { deliveryTimes: c.deliveryTimes } : {}),
      deliveryZones: c.deliveryZones, // which zone serves an address: @shared/rules/deliveryZones (order does not matter)
    };
    if (catalog) {
      shops.set(c.id, {
        config,
        catalog,
        ...(allowedOrigins ? { allowedOrigins } : {}),
        ...(simulatedPayments ? { simulatedPayments } : {}),
        ...(s.catalogOf ? { catalogOf: s.catalogOf } : {}),
        ...(s.hosts.length ? { hosts: [...s.hosts].sort() } : {}),
      });
    }
  });
  const hostOwner = new Map<string, number>();
  file.shops.forEach((s, i) =>
    s.hosts.forEach((h, j) => {
      const other = hostOwner.get(h);
      if (other !== undefined) problems.push(`shops[${i}].hosts[${j}]: host '${h}' is already shops[${other}]'s`);
      else hostOwner.set(h, i);
    }),
  );

  file.coupons.forEach((cp, i) => {
    if (!shops.has(cp.shopId) && !file.shops.some((s) => s.config.id === cp.shopId)) {
      problems.push(`coupons[${i}].shopId: unknown shop '${cp.shopId}'`);
    }
    if (couponPercentTooHigh(cp)) problems.push(`coupons[${i}].value: a percent coupon is at most 100`);
    if (cp.reservedPhone != null && normalizePhone(cp.reservedPhone) === null) {
      problems.push(`coupons[${i}].reservedPhone: expected a phone number`);
    }
  });
  dupes(file.coupons, (c) => `${c.shopId}/${c.code.toUpperCase()}`, (i) => `coupons[${i}].code`, 'coupon code', problems);
  file.shopSettings.forEach((st, i) => {
    if (!file.shops.some((s) => s.config.id === st.shopId)) problems.push(`shopSettings[${i}].shopId: unknown shop '${st.shopId}'`);
  });
  dupes(file.shopSettings, (st) => st.shopId, (i) => `shopSettings[${i}].shopId`, 'shop id', problems);

  return {
    shops,
    franchises,
    gazetteer: {
      city: file.gazetteer.city,
      streets: file.gazetteer.streets.map((s) => ({ ...s, locality: s.locality ?? file.gazetteer.city })),
    },
    coupons: file.coupons.map((c) => ({ ...c, reservedPhone: c.reservedPhone == null ? null : normalizePhone(c.reservedPhone) })),
    settings: new Map(file.shopSettings.map((st) => [st.shopId, st])),
  };
}

export type { Franchise };
