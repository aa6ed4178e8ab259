// Loads and checks the shop data file: schema (valibot) first, then cross references.
// Every problem is reported with the path of the broken field.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import type { Catalog, Dish, Franchise, ShopConfig } from '@shared/domain';
import { normalizePhone } from '../phone';
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

type PathItem = { key?: unknown };

/** `shops[0].catalog.dishes[3].prices[0].price` from a valibot issue path */
export function formatPath(path: readonly PathItem[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(root)';
}

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

/** Paths of strings (values or keys) with U+0000: PostgreSQL's jsonb cannot store that character. */
function nulPaths(value: unknown, path: PathItem[], out: string[]): void {
  if (out.length > MAX_PROBLEMS) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(`${formatPath(path)}: contains the character U+0000, which cannot be stored`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, { key: i }], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) out.push(`${formatPath(path)}: a key contains the character U+0000`);
      nulPaths(v, [...path, { key: k }], out);
    }
  }
}

export function parseData(json: unknown, source = 'data file'): ShopData {
  const nul: string[] = [];
  nulPaths(json, [], nul);
  const result = v.safeParse(DataFileSchema, json, { abortPipeEarly: true });
  if (!result.success || nul.length) {
    const all = [...(result.issues ?? []).map((i) => `${formatPath(i.path as PathItem[])}: ${i.message}`), ...nul];
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
    if (s.catalog) ownCatalogs.set(s.config.id, checkCatalog(s.catalog, `${at}.catalog`, problems));
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
      deliveryTimes: c.deliveryTimes ?? c.openingTimes,
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
    if (cp.type === 'percent' && cp.value > 100) problems.push(`coupons[${i}].value: a percent coupon is at most 100`);
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

type RawCatalog = NonNullable<DataFile['shops'][number]['catalog']>;

/** Cross-reference checks; returns the catalog with derived category dish lists. */
function checkCatalog(raw: RawCatalog, at: string, problems: string[]): Catalog {
  const categoryIds = new Set(raw.categories.map((c) => c.id));
  const dishById = new Map(raw.dishes.map((d) => [d.id, d]));
  const ingredientIds = new Set(raw.ingredients.map((i) => i.id));
  const declarationIds = new Set(raw.declarations.map((d) => d.id));
  const menuIds = new Set(raw.menus.map((m) => m.id));
  const promoIds = new Set(raw.twoForOnePromotions.map((p) => p.id));
  const offerIds = new Set(raw.offers.map((o) => o.id));

  dupes(raw.categories, (c) => c.id, (i) => `${at}.categories[${i}].id`, 'category id', problems);
  dupes(raw.dishes, (d) => d.id, (i) => `${at}.dishes[${i}].id`, 'dish id', problems);
  dupes(raw.ingredients, (d) => d.id, (i) => `${at}.ingredients[${i}].id`, 'ingredient id', problems);
  dupes(raw.declarations, (d) => d.id, (i) => `${at}.declarations[${i}].id`, 'declaration id', problems);
  dupes(raw.menus, (d) => d.id, (i) => `${at}.menus[${i}].id`, 'menu id', problems);
  dupes(raw.offers, (d) => d.id, (i) => `${at}.offers[${i}].id`, 'offer id', problems);

  const refs = (list: readonly string[], known: Set<string> | Map<string, unknown>, path: string, what: string) =>
    list.forEach((x, j) => {
      if (!known.has(x)) problems.push(`${path}[${j}]: unknown ${what} '${x}'`);
    });
  const selection = (
    s: { categories: string[]; dishesWithSizes: { dishId: string; sizeId: string | null }[]; menus: string[] },
    path: string,
  ) => {
    refs(s.categories, categoryIds, `${path}.categories`, 'category');
    refs(s.menus, menuIds, `${path}.menus`, 'menu');
    s.dishesWithSizes.forEach((r, j) => dishRef(r, `${path}.dishesWithSizes[${j}]`));
  };
  const dishRef = (r: { dishId: string; sizeId: string | null }, path: string) => {
    const d = dishById.get(r.dishId);
    if (!d) problems.push(`${path}.dishId: unknown dish '${r.dishId}'`);
    else if (r.sizeId !== null && !d.sizes.some((s) => s.id === r.sizeId)) {
      problems.push(`${path}.sizeId: dish '${d.id}' has no size '${r.sizeId}'`);
    }
  };

  raw.ingredients.forEach((ing, i) => refs(ing.declarations, declarationIds, `${at}.ingredients[${i}].declarations`, 'declaration'));

  raw.dishes.forEach((d, i) => {
    const p = `${at}.dishes[${i}]`;
    if (!categoryIds.has(d.category)) problems.push(`${p}.category: unknown category '${d.category}'`);
    const sizeIds = new Set(d.sizes.map((s) => s.id));
    dupes(d.sizes, (s) => s.id, (j) => `${p}.sizes[${j}].id`, 'size id', problems);
    if (d.sizes.length === 0) {
      if (d.prices.length !== 1 || d.prices[0].sizeId !== null) {
        problems.push(`${p}.prices: a dish without sizes has exactly one price with sizeId null`);
      }
    } else {
      d.prices.forEach((pr, j) => {
        if (pr.sizeId === null || !sizeIds.has(pr.sizeId)) problems.push(`${p}.prices[${j}].sizeId: expected one of the dish's size ids`);
      });
      d.sizes.forEach((s, j) => {
        if (!d.prices.some((pr) => pr.sizeId === s.id)) problems.push(`${p}.sizes[${j}]: no price for size '${s.id}'`);
      });
    }
    refs(d.primaryIngredients, ingredientIds, `${p}.primaryIngredients`, 'ingredient');
    refs(d.secondaryIngredients, ingredientIds, `${p}.secondaryIngredients`, 'ingredient');
    for (const key of ['primarySubDishes', 'secondarySubDishes'] as const) {
      d[key].forEach((sd, j) => {
        refs(sd.primaryIngredients, ingredientIds, `${p}.${key}[${j}].primaryIngredients`, 'ingredient');
        refs(sd.secondaryIngredients, ingredientIds, `${p}.${key}[${j}].secondaryIngredients`, 'ingredient');
      });
    }
    refs(d.declarations, declarationIds, `${p}.declarations`, 'declaration');
    const itemIds = new Set<string>();
    for (const key of ['extraIngredientGroups', 'sideDishGroups'] as const) {
      d[key].forEach((g, j) => {
        const gp = `${p}.${key}[${j}]`;
        if (g.limit > 0 && g.min > g.limit) problems.push(`${gp}.min: greater than limit`);
        g.items.forEach((it, k) => {
          const ip = `${gp}.items[${k}]`;
          itemIds.add(it.id);
          if (it.type === 'ingredient' && it.ingredientId !== null && !ingredientIds.has(it.ingredientId)) {
            problems.push(`${ip}.ingredientId: unknown ingredient '${it.ingredientId}'`);
          }
          if (it.type === 'dish') {
            if (it.dishId === null) problems.push(`${ip}.dishId: a dish item needs a dishId`);
            else dishRef({ dishId: it.dishId, sizeId: it.sizeId }, ip);
          }
          for (const sizeKey of Object.keys(it.prices)) {
            if (sizeKey !== '' && !sizeIds.has(sizeKey)) {
              problems.push(`${ip}.prices["${sizeKey}"]: dish '${d.id}' has no size '${sizeKey}'`);
            }
          }
        });
      });
    }
    refs(d.popularExtraCombination, itemIds, `${p}.popularExtraCombination`, 'extra item');
    const allItems = [...d.extraIngredientGroups, ...d.sideDishGroups].flatMap((g) => g.items);
    d.popularExtraCombination.forEach((id, j) => {
      const it = allItems.find((x) => x.id === id);
      // >= 9999 cannot be added to popular combinations
      if (it && it.price >= 9999) problems.push(`${p}.popularExtraCombination[${j}]: '${id}' costs >= 9999 and is not selectable`);
    });
    if (d.twoForOnePromotionId !== null && !promoIds.has(d.twoForOnePromotionId)) {
      problems.push(`${p}.twoForOnePromotionId: unknown promotion '${d.twoForOnePromotionId}'`);
    }
  });

  raw.categories.forEach((c, i) => {
    if (c.dishes) refs(c.dishes, dishById, `${at}.categories[${i}].dishes`, 'dish');
  });
  raw.menus.forEach((m, i) =>
    m.slots.forEach((s, j) => {
      const p = `${at}.menus[${i}].slots[${j}]`;
      refs(s.dishes, dishById, `${p}.dishes`, 'dish');
      // the slot offers dishes without sizes or with a size of that name
      s.dishes.forEach((id, k) => {
        const d = dishById.get(id);
        if (d && s.size !== null && d.sizes.length > 0 && !d.sizes.some((x) => x.name === s.size)) {
          problems.push(`${p}.dishes[${k}]: dish '${id}' has no size '${s.size}' (the slot would never offer it)`);
        }
      });
    }),
  );
  raw.discounts.forEach((d, i) => {
    if (d.kind === 'percent' && d.value > 100) problems.push(`${at}.discounts[${i}].value: percent is at most 100`);
    selection(d.appliesTo, `${at}.discounts[${i}].appliesTo`);
  });
  raw.twoForOnePromotions.forEach((p, i) => {
    if (p.paidQuantity >= p.totalQuantity) problems.push(`${at}.twoForOnePromotions[${i}].paidQuantity: must be below totalQuantity`);
    selection(p.itemSelection, `${at}.twoForOnePromotions[${i}].itemSelection`);
  });
  raw.offers.forEach((o, i) => {
    const p = `${at}.offers[${i}]`;
    refs(o.offers, offerIds, `${p}.offers`, 'offer');
    o.freeItems.forEach((r, j) => dishRef(r, `${p}.freeItems[${j}]`));
    selection(o.itemSelection, `${p}.itemSelection`);
    if (o.offerType === 'cartDiscount' && o.discountType === 'percent' && o.value > 100) {
      problems.push(`${p}.value: percent is at most 100`);
    }
    if (o.offerType === 'freeItem' && o.freeItems.length === 0) problems.push(`${p}.freeItems: a freeItem offer needs items`);
  });

  return {
    ...raw,
    categories: raw.categories.map((c) => ({
      ...c,
      dishes: c.dishes ?? raw.dishes.filter((d) => d.category === c.id).map((d) => d.id),
    })),
    dishes: raw.dishes as Dish[],
  };
}

export type { Franchise };
