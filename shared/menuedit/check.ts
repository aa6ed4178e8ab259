// The catalog's checks beyond its schema (cross references, min ≤ limit, one price per size …)
// and the German message of every problem, mapped to the field's path. The import reports the
// English reason with the path (server/data/load.ts); the editor shows the German one at the field.
import * as v from '@shared/domain/valibot';
import type { Catalog, Dish } from '@shared/domain';
import { formatPath, joinPath, type PathItem } from './paths';
import { CatalogFileSchema, type CatalogFile } from './schema';
import { MENU_EDIT_TEXTS as T } from './texts';

export interface CatalogProblem {
  /** the field, relative to the catalog: `dishes[3].prices[0].price` */
  path: string;
  /** the import's English reason */
  message: string;
  /** the German message the editor shows at the field */
  de: string;
}

/** The most problems reported at once (a broken file should not flood anyone) */
export const MAX_PROBLEMS = 25;

type Issue = v.BaseIssue<unknown> & { path?: readonly PathItem[]; requirement?: unknown };

const MONEY_KEYS = new Set(['price', 'deposit', 'minimumOrderValue']);

/** The German message of a schema issue, from its kind and the field it is at. */
export function germanIssue(issue: Issue): string {
  const keys = (issue.path ?? []).map((p) => p.key);
  const last = keys[keys.length - 1];
  const parentKey = keys.length >= 2 ? keys[keys.length - 2] : undefined;
  const money = MONEY_KEYS.has(String(last)) || parentKey === 'prices';
  switch (issue.type) {
    case 'strict_object':
      return T.unknownField(String(last));
    case 'non_empty':
      return last === 'name' || last === 'title' ? T.nameMissing : T.textMissing;
    case 'min_length':
      return Array.isArray(issue.input) ? T.listNeedsOne : T.textMissing;
    case 'regex':
      return last === 'id' || typeof last === 'number' ? T.badId : T.badValue;
    case 'integer':
      return money ? T.priceMalformed : T.wholeNumber;
    case 'min_value':
      return money ? T.priceNegative : T.atLeast(Number(issue.requirement));
    case 'max_value':
      return T.atMost(Number(issue.requirement));
    case 'picklist':
      return T.pickOne;
    case 'check':
      return issue.message.startsWith("expected a time 'HH:MM'") ? T.badTime : T.badValue;
    case 'string':
      if (issue.input === undefined && (last === 'name' || last === 'title')) return T.nameMissing;
      return issue.input === undefined ? T.textMissing : T.badValue;
    case 'number':
      return money ? T.priceMalformed : T.wholeNumber;
    default:
      return T.badValue;
  }
}

/** Paths of strings (values or keys) with U+0000: PostgreSQL's jsonb cannot store that character. */
export function nulPaths(value: unknown, path: PathItem[], out: CatalogProblem[]): void {
  // deeper than any catalog goes: the schema refuses it anyway (and a crafted 100 000 levels must not overflow the stack)
  if (out.length > MAX_PROBLEMS || path.length > 32) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ path: formatPath(path), message: 'contains the character U+0000, which cannot be stored', de: T.unstorable });
  } else if (Array.isArray(value)) {
    value.forEach((x, i) => nulPaths(x, [...path, { key: i }], out));
  } else if (value && typeof value === 'object') {
    for (const [k, x] of Object.entries(value)) {
      if (k.includes('\u0000')) out.push({ path: formatPath(path), message: 'a key contains the character U+0000', de: T.unstorable });
      nulPaths(x, [...path, { key: k }], out);
    }
  }
}

function dupes<X>(items: X[], key: (x: X) => string, at: (i: number) => string, what: string, report: Report) {
  const seen = new Set<string>();
  items.forEach((x, i) => {
    const k = key(x);
    if (seen.has(k)) report(at(i), `duplicate ${what} '${k}'`, T.duplicateId);
    seen.add(k);
  });
}

type Report = (path: string, message: string, de: string) => void;

/**
 * Cross-reference checks of a schema-checked catalog; every problem goes to `problems` with its
 * path relative to the catalog. Returns the catalog with the categories' dish lists filled in.
 */
export function checkCatalog(raw: CatalogFile, problems: CatalogProblem[]): Catalog {
  const report: Report = (path, message, de) => problems.push({ path, message, de });
  const categoryIds = new Set(raw.categories.map((c) => c.id));
  const dishById = new Map(raw.dishes.map((d) => [d.id, d]));
  const ingredientIds = new Set(raw.ingredients.map((i) => i.id));
  const declarationIds = new Set(raw.declarations.map((d) => d.id));
  const menuIds = new Set(raw.menus.map((m) => m.id));
  const promoIds = new Set(raw.twoForOnePromotions.map((p) => p.id));
  const offerIds = new Set(raw.offers.map((o) => o.id));

  dupes(raw.categories, (c) => c.id, (i) => `categories[${i}].id`, 'category id', report);
  dupes(raw.dishes, (d) => d.id, (i) => `dishes[${i}].id`, 'dish id', report);
  dupes(raw.ingredients, (d) => d.id, (i) => `ingredients[${i}].id`, 'ingredient id', report);
  dupes(raw.declarations, (d) => d.id, (i) => `declarations[${i}].id`, 'declaration id', report);
  dupes(raw.menus, (d) => d.id, (i) => `menus[${i}].id`, 'menu id', report);
  dupes(raw.offers, (d) => d.id, (i) => `offers[${i}].id`, 'offer id', report);

  const refs = (list: readonly string[], known: Set<string> | Map<string, unknown>, path: string, what: string) =>
    list.forEach((x, j) => {
      if (!known.has(x)) report(`${path}[${j}]`, `unknown ${what} '${x}'`, T.unknownRef);
    });
  const dishRef = (r: { dishId: string; sizeId: string | null }, path: string) => {
    const d = dishById.get(r.dishId);
    if (!d) report(`${path}.dishId`, `unknown dish '${r.dishId}'`, T.unknownRef);
    else if (r.sizeId !== null && !d.sizes.some((s) => s.id === r.sizeId)) report(`${path}.sizeId`, `dish '${d.id}' has no size '${r.sizeId}'`, T.noSuchSize);
  };
  const selection = (s: { categories: string[]; dishesWithSizes: { dishId: string; sizeId: string | null }[]; menus: string[] }, path: string) => {
    refs(s.categories, categoryIds, `${path}.categories`, 'category');
    refs(s.menus, menuIds, `${path}.menus`, 'menu');
    s.dishesWithSizes.forEach((r, j) => dishRef(r, `${path}.dishesWithSizes[${j}]`));
  };

  raw.ingredients.forEach((ing, i) => refs(ing.declarations, declarationIds, `ingredients[${i}].declarations`, 'declaration'));

  raw.dishes.forEach((d, i) => {
    const p = `dishes[${i}]`;
    if (!categoryIds.has(d.category)) report(`${p}.category`, `unknown category '${d.category}'`, T.unknownCategory);
    const sizeIds = new Set(d.sizes.map((s) => s.id));
    dupes(d.sizes, (s) => s.id, (j) => `${p}.sizes[${j}].id`, 'size id', report);
    if (d.sizes.length === 0) {
      if (d.prices.length !== 1 || d.prices[0].sizeId !== null) report(`${p}.prices`, 'a dish without sizes has exactly one price with sizeId null', T.singlePrice);
    } else {
      d.prices.forEach((pr, j) => {
        if (pr.sizeId === null || !sizeIds.has(pr.sizeId)) report(`${p}.prices[${j}].sizeId`, "expected one of the dish's size ids", T.pricePerSize);
      });
      d.sizes.forEach((s, j) => {
        if (!d.prices.some((pr) => pr.sizeId === s.id)) report(`${p}.sizes[${j}]`, `no price for size '${s.id}'`, T.sizeWithoutPrice);
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
        if (g.limit > 0 && g.min > g.limit) report(`${gp}.min`, 'greater than limit', T.minAboveLimit);
        g.items.forEach((it, k) => {
          const ip = `${gp}.items[${k}]`;
          itemIds.add(it.id);
          if (it.type === 'ingredient' && it.ingredientId !== null && !ingredientIds.has(it.ingredientId)) {
            report(`${ip}.ingredientId`, `unknown ingredient '${it.ingredientId}'`, T.unknownRef);
          }
          if (it.type === 'dish') {
            if (it.dishId === null) report(`${ip}.dishId`, 'a dish item needs a dishId', T.dishItemNeedsDish);
            else dishRef({ dishId: it.dishId, sizeId: it.sizeId }, ip);
          }
          for (const sizeKey of Object.keys(it.prices)) {
            if (sizeKey !== '' && !sizeIds.has(sizeKey)) report(joinPath(ip, formatPath([{ key: 'prices' }, { key: sizeKey }])), `dish '${d.id}' has no size '${sizeKey}'`, T.noSuchSize);
          }
        });
      });
    }
    refs(d.popularExtraCombination, itemIds, `${p}.popularExtraCombination`, 'extra item');
    const allItems = [...d.extraIngredientGroups, ...d.sideDishGroups].flatMap((g) => g.items);
    d.popularExtraCombination.forEach((id, j) => {
      const it = allItems.find((x) => x.id === id);
      // >= 9999 cannot be added to popular combinations
      if (it && it.price >= 9999) report(`${p}.popularExtraCombination[${j}]`, `'${id}' costs >= 9999 and is not selectable`, T.popularNotSelectable);
    });
    if (d.twoForOnePromotionId !== null && !promoIds.has(d.twoForOnePromotionId)) {
      report(`${p}.twoForOnePromotionId`, `unknown promotion '${d.twoForOnePromotionId}'`, T.unknownRef);
    }
  });

  raw.categories.forEach((c, i) => {
    if (c.dishes) refs(c.dishes, dishById, `categories[${i}].dishes`, 'dish');
  });
  raw.menus.forEach((m, i) =>
    m.slots.forEach((s, j) => {
      const p = `menus[${i}].slots[${j}]`;
      refs(s.dishes, dishById, `${p}.dishes`, 'dish');
      // the slot offers dishes without sizes or with a size of that name
      s.dishes.forEach((id, k) => {
        const d = dishById.get(id);
        if (d && s.size !== null && d.sizes.length > 0 && !d.sizes.some((x) => x.name === s.size)) {
          report(`${p}.dishes[${k}]`, `dish '${id}' has no size '${s.size}' (the slot would never offer it)`, T.slotSizeMissing);
        }
      });
    }),
  );
  raw.discounts.forEach((d, i) => {
    if (d.kind === 'percent' && d.value > 100) report(`discounts[${i}].value`, 'percent is at most 100', T.percentMax);
    selection(d.appliesTo, `discounts[${i}].appliesTo`);
    // a range ending before it starts runs past midnight (shared/pricing/schedule.ts); one of no length is a typo
    d.schedule?.times.forEach((t, j) => {
      if (t.from === t.to) report(`discounts[${i}].schedule.times[${j}].to`, 'from and to are equal', T.sameTimes);
    });
  });
  raw.twoForOnePromotions.forEach((p, i) => {
    if (p.paidQuantity >= p.totalQuantity) report(`twoForOnePromotions[${i}].paidQuantity`, 'must be below totalQuantity', T.paidBelowTotal);
    selection(p.itemSelection, `twoForOnePromotions[${i}].itemSelection`);
  });
  raw.offers.forEach((o, i) => {
    const p = `offers[${i}]`;
    refs(o.offers, offerIds, `${p}.offers`, 'offer');
    o.freeItems.forEach((r, j) => dishRef(r, `${p}.freeItems[${j}]`));
    selection(o.itemSelection, `${p}.itemSelection`);
    if (o.offerType === 'cartDiscount' && o.discountType === 'percent' && o.value > 100) report(`${p}.value`, 'percent is at most 100', T.percentMax);
    if (o.offerType === 'freeItem' && o.freeItems.length === 0) report(`${p}.freeItems`, 'a freeItem offer needs items', T.freeItemsMissing);
  });

  return {
    ...raw,
    categories: raw.categories.map((c) => ({ ...c, dishes: c.dishes ?? raw.dishes.filter((d) => d.category === c.id).map((d) => d.id) })),
    dishes: raw.dishes as Dish[],
  };
}

export type CatalogCheck = { ok: true; catalog: Catalog } | { ok: false; problems: CatalogProblem[] };

/**
 * The whole check of a catalog document (the menu editor's draft, an imported catalog): schema,
 * storable text, cross references. At most MAX_PROBLEMS problems, each with its path and German message.
 */
export function checkCatalogDocument(input: unknown, base = ''): CatalogCheck {
  const problems: CatalogProblem[] = [];
  nulPaths(input, [], problems);
  const r = v.safeParse(CatalogFileSchema, input, { abortPipeEarly: true });
  if (!r.success) {
    problems.unshift(
      ...r.issues.map((i) => ({ path: formatPath(i.path as PathItem[] | undefined), message: i.message, de: germanIssue(i as Issue) })),
    );
  }
  const catalog = r.success && problems.length === 0 ? checkCatalog(r.output, problems) : null;
  if (problems.length || !catalog) {
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS).map((p) => ({ ...p, path: joinPath(base, p.path === '(root)' ? '' : p.path) || '(root)' })) };
  }
  return { ok: true, catalog };
}
