// Pure edits of the draft catalog (the editor's state): each returns a new catalog, the old one
// stays untouched (React compares by reference). Ids are made from names and never reused.
import type { Catalog, Dish, ExtraGroup, ExtraItem } from '@shared/domain';
import { formatPath } from '@shared/menuedit';

/** The field path of keys, as the checks name it: p('dishes', 3, 'prices', 0, 'price') → 'dishes[3].prices[0].price' */
export const p = (...keys: (string | number)[]): string => formatPath(keys.map((key) => ({ key })));

/** 'Poke Bowl' → 'poke-bowl' (umlauts written out), unique among `taken` ('poke-bowl-2', …) */
export function idFrom(name: string, taken: Iterable<string>, fallback: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || fallback;
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const clone = <T>(x: T): T => structuredClone(x);

export function addCategory(c: Catalog, name: string): Catalog {
  const id = idFrom(name, c.categories.map((x) => x.id), 'kategorie');
  return { ...c, categories: [...c.categories, { id, name, description: null, imageName: null, dishes: [] }] };
}

/** Moves category `from` to position `to` (drag and drop, 'Nach oben'/'Nach unten') */
export function moveCategory(c: Catalog, from: number, to: number): Catalog {
  if (to < 0 || to >= c.categories.length || from === to) return c;
  const list = [...c.categories];
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return { ...c, categories: list };
}

export function updateCategory(c: Catalog, index: number, patch: Partial<Catalog['categories'][number]>): Catalog {
  return { ...c, categories: c.categories.map((x, i) => (i === index ? { ...x, ...patch } : x)) };
}

export function removeCategory(c: Catalog, index: number): Catalog {
  return { ...c, categories: c.categories.filter((_, i) => i !== index) };
}

export function newDish(c: Catalog, categoryId: string): { catalog: Catalog; index: number } {
  const id = idFrom('gericht', c.dishes.map((d) => d.id), 'gericht');
  const dish: Dish = {
    id, name: '', number: null, subtext: null, category: categoryId, sizes: [], prices: [{ sizeId: null, price: 0, deposit: 0 }],
    isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [],
    extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null,
    description: null, twoForOnePromotionId: null,
  };
  return {
    catalog: {
      ...c,
      dishes: [...c.dishes, dish],
      categories: c.categories.map((x) => (x.id === categoryId ? { ...x, dishes: [...x.dishes, id] } : x)),
    },
    index: c.dishes.length,
  };
}

export function updateDish(c: Catalog, index: number, fn: (d: Dish) => void): Catalog {
  const d = clone(c.dishes[index]);
  fn(d);
  let categories = c.categories;
  if (d.category !== c.dishes[index].category) {
    // the dish moves to the end of its new category's list
    categories = categories.map((x) =>
      x.id === d.category ? { ...x, dishes: [...x.dishes.filter((id) => id !== d.id), d.id] } : { ...x, dishes: x.dishes.filter((id) => id !== d.id) },
    );
  }
  return { ...c, categories, dishes: c.dishes.map((x, i) => (i === index ? d : x)) };
}

export function removeDish(c: Catalog, index: number): Catalog {
  const id = c.dishes[index].id;
  return { ...c, dishes: c.dishes.filter((_, i) => i !== index), categories: c.categories.map((x) => ({ ...x, dishes: x.dishes.filter((d) => d !== id) })) };
}

/** A size added: the dish without sizes gets its one price as the first size's; a new size costs 0 until typed */
export function addSize(d: Dish): void {
  const taken = d.sizes.map((s) => s.id);
  const id = idFrom(`groesse-${d.sizes.length + 1}`, taken, 'groesse');
  if (d.sizes.length === 0) {
    const first = d.prices[0] ?? { sizeId: null, price: 0, deposit: 0 };
    d.sizes = [{ id, name: '', description: null }];
    d.prices = [{ ...first, sizeId: id }];
  } else {
    d.sizes.push({ id, name: '', description: null });
    d.prices.push({ sizeId: id, price: 0, deposit: 0 });
  }
  for (const g of [...d.extraIngredientGroups, ...d.sideDishGroups]) for (const it of g.items) it.prices[id] = it.price;
}

/** A size removed with its price; the last one removed leaves the dish with one price */
export function removeSize(d: Dish, index: number): void {
  const id = d.sizes[index].id;
  d.sizes.splice(index, 1);
  const kept = d.prices.filter((x) => x.sizeId !== id);
  d.prices = d.sizes.length === 0 ? [{ ...(kept[0] ?? d.prices[0]), sizeId: null }] : kept;
  for (const g of [...d.extraIngredientGroups, ...d.sideDishGroups]) for (const it of g.items) delete it.prices[id];
}

export function newGroup(d: Dish, kind: 'extraIngredientGroups' | 'sideDishGroups'): void {
  const taken = [...d.extraIngredientGroups, ...d.sideDishGroups].map((g) => g.id);
  const group: ExtraGroup = {
    id: idFrom(`${d.id}-${kind === 'sideDishGroups' ? 'beilage' : 'extra'}`, taken, 'gruppe'),
    name: '', min: kind === 'sideDishGroups' ? 1 : 0, limit: kind === 'sideDishGroups' ? 1 : 0, maxAmount: 1, forceGroup: true,
    groupType: 'ingredient', marker: null, items: [],
  };
  d[kind].push(group);
}

export function newItem(d: Dish, g: ExtraGroup): void {
  const taken = [...d.extraIngredientGroups, ...d.sideDishGroups].flatMap((x) => x.items.map((i) => i.id));
  const item: ExtraItem = {
    id: idFrom(`${g.id}-wahl`, taken, 'wahl'), type: 'ingredient', ingredientId: null, dishId: null, sizeId: null, name: '', price: 0,
    prices: Object.fromEntries(d.sizes.map((s) => [s.id, 0])),
  };
  g.items.push(item);
}

/** An item's base price follows its first available size price (the fallback for a size without its own) */
export function syncItemPrice(it: ExtraItem, unavailable: number): void {
  const available = Object.values(it.prices).filter((x) => x < unavailable);
  if (Object.keys(it.prices).length) it.price = available[0] ?? unavailable;
}
