// Menu widget rules: closed wording, liability note, declarations,
// extras folding per marker, dish links, and the dietary filter and search (beyond the spec).
// Pure: plain data in, plain data out.
import type { Catalog, Declaration, DeliveryPeriod, Dish, ExtraGroup, ExtraItem, Franchise } from '@shared/domain';
import { CLOSED_TODAY, MARKER_NAMES, closedOpensAt, closedOpensInMinutes } from '@shared/i18n';
import { effectiveTags } from './tags';

// ---------- orders closed ----------

/**
 * Orders are closed when no order is possible at all, not even a pre-order for later today
 * (own reading: a shop that takes pre-orders is not "closed" for the menu).
 */
export function ordersClosed(period: Pick<DeliveryPeriod, 'allowOrders'> | null | undefined): boolean {
  return !!period && !period.allowOrders;
}

/**
 * During a special closure (holiday, vacation, renovation) its message, which names it and ends with
 * the reopening date ('Wir sind im Betriebsurlaub. Wieder geöffnet ab 07.01.2027'); else
 * 'Wir öffnen in {n} Minuten.' (only under 60), 'Wir öffnen um {time} Uhr.', else 'Wir haben für heute geschlossen.'
 */
export function closedWording(period: (Pick<DeliveryPeriod, 'openInMinutes' | 'openAt'> & Partial<Pick<DeliveryPeriod, 'specialClosedMessage'>>) | null | undefined): string {
  if (period?.specialClosedMessage) return period.specialClosedMessage;
  const n = period?.openInMinutes;
  if (typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 60) return closedOpensInMinutes(Math.ceil(n));
  if (period?.openAt) return closedOpensAt(period.openAt);
  return CLOSED_TODAY;
}

export function allFranchiseShopsClosed(franchise: Pick<Franchise, 'shops'> | null | undefined): boolean {
  return !!franchise && franchise.shops.length > 0 && franchise.shops.every((s) => !s.acceptOrders);
}

// ---------- declarations and the liability note ----------

function ingredientIds(dish: Dish): string[] {
  const ids = [...(dish.primaryIngredients ?? []), ...(dish.secondaryIngredients ?? [])];
  for (const sd of [...(dish.primarySubDishes ?? []), ...(dish.secondarySubDishes ?? [])]) {
    ids.push(...(sd.primaryIngredients ?? []), ...(sd.secondaryIngredients ?? []));
  }
  return [...new Set(ids)];
}

export interface DishDeclarations {
  additives: Declaration[];
  allergens: Declaration[];
}

function splitDeclarations(catalog: Catalog, ids: Iterable<string>): DishDeclarations {
  const byId = new Map(catalog.declarations.map((d) => [d.id, d]));
  const seen = new Set<string>();
  const out: DishDeclarations = { additives: [], allergens: [] };
  for (const id of ids) {
    const d = byId.get(id);
    if (!d || seen.has(id)) continue;
    seen.add(id);
    (d.kind === 'additive' ? out.additives : out.allergens).push(d);
  }
  const byCode = (a: Declaration, b: Declaration) => a.code.localeCompare(b.code, 'de', { numeric: true });
  out.additives.sort(byCode);
  out.allergens.sort(byCode);
  return out;
}

/** Additives and allergens of a dish: its own declarations and those of all its ingredients. */
export function dishDeclarations(catalog: Catalog, dish: Dish): DishDeclarations {
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  const ids: string[] = [...(dish.declarations ?? [])];
  for (const id of ingredientIds(dish)) ids.push(...(ingredients.get(id)?.declarations ?? []));
  return splitDeclarations(catalog, ids);
}

/** Allergens of the extra ingredients, per extra (only extras with at least one allergen). */
export function extraAllergens(catalog: Catalog, dish: Dish): { name: string; allergens: Declaration[] }[] {
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  const out: { name: string; allergens: Declaration[] }[] = [];
  const seen = new Set<string>();
  for (const g of [...(dish.extraIngredientGroups ?? []), ...(dish.sideDishGroups ?? [])]) {
    for (const item of g.items) {
      if (item.type !== 'ingredient' || !item.ingredientId || seen.has(item.id)) continue;
      seen.add(item.id);
      const decl = ingredients.get(item.ingredientId)?.declarations ?? [];
      const { allergens } = splitDeclarations(catalog, decl);
      if (allergens.length) out.push({ name: item.name, allergens });
    }
  }
  return out;
}

/**
 * if one main ingredient has nutrition info, the product packaging is binding;
 * otherwise the trace-allergen notice.
 */
export function liabilityNoteKind(catalog: Catalog, dish: Dish): 'packaging' | 'traces' {
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  return (dish.primaryIngredients ?? []).some((id) => !!ingredients.get(id)?.nutrientInformation) ? 'packaging' : 'traces';
}

// ---------- extras folding ----------

export const EXTRAS_FOLD_AFTER = 3;

export interface ExtraEntry {
  group: ExtraGroup;
  item: ExtraItem;
}

export interface ExtraMarkerSection {
  /** 9991..9993, or null for extras without a marker */
  marker: number | null;
  title: string;
  entries: ExtraEntry[];
}

/**
 * Groups without forceGroup go into the EXTRAS section, one list per marker (9991 'Fleisch & Fisch
 * Extras', 9992 'Vegetarische Extras', 9993 'Vegane Extras'), in marker order; each list folds after
 * EXTRAS_FOLD_AFTER entries. Groups with forceGroup are shown as their own groups.
 */
export function extrasByMarker(groups: readonly ExtraGroup[]): ExtraMarkerSection[] {
  const sections = new Map<string, ExtraMarkerSection>();
  for (const g of groups) {
    if (g.forceGroup) continue;
    const marker = g.marker != null && MARKER_NAMES[g.marker] ? g.marker : null;
    const key = marker === null ? `g:${g.id}` : `m:${marker}`;
    let s = sections.get(key);
    if (!s) {
      s = { marker, title: marker === null ? g.name : MARKER_NAMES[marker], entries: [] };
      sections.set(key, s);
    }
    for (const item of g.items) s.entries.push({ group: g, item });
  }
  return [...sections.values()].sort((a, b) => (a.marker ?? 99999) - (b.marker ?? 99999));
}

// ---------- hidden categories ----------

/**
 * The dishes a guest cannot see because the restaurant hid their category (menu editor): listed in
 * a hidden category or belonging to one, and listed in no visible category (the menu shows a visible
 * category's list). A guest cannot order what they cannot see: the cart, set-menu slots and free
 * items refuse these dishes like unknown ones. Dishes in no category at all (e.g. only in a set menu)
 * are not hidden, nor are extras that name a dish (a side dish stays orderable as an extra).
 */
export function hiddenDishIds(catalog: Pick<Catalog, 'categories' | 'dishes'>): Set<string> {
  const hiddenCats = new Set<string>();
  const shown = new Set<string>();
  const out = new Set<string>();
  for (const c of catalog.categories ?? []) {
    if (c.hidden) {
      hiddenCats.add(c.id);
      for (const id of c.dishes ?? []) out.add(id);
    } else for (const id of c.dishes ?? []) shown.add(id);
  }
  if (hiddenCats.size === 0) return out;
  for (const d of catalog.dishes ?? []) if (hiddenCats.has(d.category)) out.add(d.id);
  for (const id of shown) out.delete(id);
  return out;
}

// ---------- dish links ----------

const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A dish from a link: by id first, then by its name (case, accents and punctuation ignored); never a hidden one. */
export function findDishByNameOrId(catalog: Catalog, nameOrId: string): Dish | null {
  const q = String(nameOrId ?? '').trim();
  if (!q) return null;
  const hidden = hiddenDishIds(catalog);
  const dishes = hidden.size ? catalog.dishes.filter((d) => !hidden.has(d.id)) : catalog.dishes;
  const byId = dishes.find((d) => d.id === q);
  if (byId) return byId;
  const n = norm(q);
  return n ? dishes.find((d) => norm(d.name) === n) ?? null : null;
}

// ---------- dietary filter and search (beyond the spec) ----------

export const DIET_FILTERS = ['vegan', 'vegetarian', 'glutenFree', 'milkFree', 'nutFree'] as const;
export type DietFilter = (typeof DIET_FILTERS)[number];

/** Allergen codes of the German food information regulation (LMIV) the filters exclude. */
const EXCLUDED_ALLERGEN_CODES: Readonly<Record<string, readonly string[]>> = {
  glutenFree: ['A'],
  milkFree: ['G'],
  nutFree: ['E', 'H'],
};

/**
 * A dish passes when it meets every selected filter: vegan / vegetarian by its displayed tags
 * (vegan implies vegetarian); "without" filters by the allergens of the dish and its ingredients
 * (nuts also by the 'nut' tag). Extras the guest may add are not considered.
 */
export function matchesDietFilters(catalog: Catalog, dish: Dish, filters: readonly DietFilter[], hiddenTags: readonly string[] = []): boolean {
  if (filters.length === 0) return true;
  const tags = effectiveTags(dish, hiddenTags.filter((t) => t !== 'vegan' && t !== 'vegetarian'));
  let allergenCodes: Set<string> | null = null;
  for (const f of filters) {
    if (f === 'vegan' && !tags.includes('vegan')) return false;
    if (f === 'vegetarian' && !tags.includes('vegetarian')) return false;
    const codes = EXCLUDED_ALLERGEN_CODES[f];
    if (codes) {
      allergenCodes ??= new Set(dishDeclarations(catalog, dish).allergens.map((d) => d.code.toUpperCase()));
      if (codes.some((c) => allergenCodes!.has(c))) return false;
      if (f === 'nutFree' && dish.tags.includes('nut')) return false;
    }
  }
  return true;
}

/** Search by name (any part, case and accents ignored) or number (from its start). */
export function matchesSearch(dish: Pick<Dish, 'name' | 'number'>, query: string): boolean {
  const q = query.trim();
  if (!q) return true;
  if (dish.number && /^\d+[a-z]?$/i.test(q)) return dish.number.toLowerCase().startsWith(q.toLowerCase());
  const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return fold(dish.name).includes(fold(q));
}
