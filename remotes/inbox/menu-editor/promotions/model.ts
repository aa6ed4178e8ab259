// Pure edits of the draft's set menus, discounts, two-for-one promotions, offers and popular
// combinations (like ../model.ts: each returns a new catalog). Removing an entry also removes the
// references to it, so the draft stays valid for the shared checks.
import type { Catalog, Discount, ItemSelection, Menu, MenuSlot, Offer, TwoForOnePromotion } from '@shared/domain';
import { selectionCoversDish } from '@shared/pricing';
import { idFrom } from '../model';

export type ListKey = 'menus' | 'discounts' | 'twoForOnePromotions' | 'offers';
export type Entry<K extends ListKey> = Catalog[K][number];

export const emptySelection = (): ItemSelection => ({ categories: [], dishesWithSizes: [], menus: [] });

function add<K extends ListKey>(c: Catalog, key: K, entry: Entry<K>): { catalog: Catalog; index: number } {
  return { catalog: { ...c, [key]: [...c[key], entry] }, index: c[key].length };
}

const ids = (c: Catalog, key: ListKey) => (c[key] as { id: string }[]).map((x) => x.id);

export function newSlot(menu: Menu): MenuSlot {
  return { id: idFrom(`${menu.id}-gang-${menu.slots.length + 1}`, menu.slots.map((s) => s.id), 'gang'), name: '', dishes: [], size: null };
}

export function newMenu(c: Catalog): { catalog: Catalog; index: number } {
  const menu: Menu = { id: idFrom('menue', ids(c, 'menus'), 'menue'), name: '', headline: null, teaser: null, price: 0, imageName: null, slots: [] };
  menu.slots.push(newSlot(menu));
  return add(c, 'menus', menu);
}

export function newDiscount(c: Catalog): { catalog: Catalog; index: number } {
  const d: Discount = { id: idFrom('rabatt', ids(c, 'discounts'), 'rabatt'), kind: 'percent', value: 10, appliesTo: emptySelection(), schedule: null, channel: 'all' };
  return add(c, 'discounts', d);
}

export function newPromotion(c: Catalog): { catalog: Catalog; index: number } {
  const t: TwoForOnePromotion = {
    id: idFrom('aktion', ids(c, 'twoForOnePromotions'), 'aktion'), title: '', label: '2 für 1', totalQuantity: 2, paidQuantity: 1,
    accumulative: false, allowDifferentDishes: true, itemSelection: emptySelection(),
  };
  return add(c, 'twoForOnePromotions', t);
}

export function newOffer(c: Catalog): { catalog: Catalog; index: number } {
  const o: Offer = {
    id: idFrom('angebot', ids(c, 'offers'), 'angebot'), title: '', description: '', offerType: 'cartDiscount', value: 10, discountType: 'percent',
    minimumOrderValue: 0, groupOrderOnly: false, offers: [], combinable: false, accumulativeTwoForOne: false, channel: 'all', freeItems: [],
    itemSelection: emptySelection(), imageName: null, hideCallToAction: false,
  };
  return add(c, 'offers', o);
}

/** Changes entry `index` of a list on a copy (`fn` may mutate the copy) */
export function updateEntry<K extends ListKey>(c: Catalog, key: K, index: number, fn: (x: Entry<K>) => void): Catalog {
  const list = c[key] as Entry<K>[];
  const copy = structuredClone(list[index]);
  fn(copy);
  return { ...c, [key]: list.map((x, i) => (i === index ? copy : x)) };
}

const withoutMenu = (s: ItemSelection, id: string): ItemSelection => (s.menus.includes(id) ? { ...s, menus: s.menus.filter((m) => m !== id) } : s);

/** Removes entry `index` and every reference to it (a menu from selections, a promotion from dishes, an offer from banners) */
export function removeEntry(c: Catalog, key: ListKey, index: number): Catalog {
  const id = (c[key] as { id: string }[])[index].id;
  const next: Catalog = { ...c, [key]: (c[key] as unknown[]).filter((_, i) => i !== index) };
  if (key === 'menus') {
    next.discounts = next.discounts.map((d) => ({ ...d, appliesTo: withoutMenu(d.appliesTo, id) }));
    next.twoForOnePromotions = next.twoForOnePromotions.map((t) => ({ ...t, itemSelection: withoutMenu(t.itemSelection, id) }));
    next.offers = next.offers.map((o) => ({ ...o, itemSelection: withoutMenu(o.itemSelection, id) }));
  }
  if (key === 'twoForOnePromotions') {
    next.dishes = next.dishes.map((d) => (d.twoForOnePromotionId === id ? { ...d, twoForOnePromotionId: null } : d));
  }
  if (key === 'offers') next.offers = next.offers.map((o) => (o.offers.includes(id) ? { ...o, offers: o.offers.filter((x) => x !== id) } : o));
  return next;
}

/** Ticks or unticks one entry of a list of ids (categories, menus, slot dishes, popular extras) */
export function toggle(list: string[], id: string, on: boolean): string[] {
  return on ? (list.includes(id) ? list : [...list, id]) : list.filter((x) => x !== id);
}

/** Ticks a whole dish (every size) or removes every reference to it */
export function toggleDish(s: ItemSelection, dishId: string, on: boolean): ItemSelection {
  const rest = s.dishesWithSizes.filter((r) => r.dishId !== dishId);
  return { ...s, dishesWithSizes: on ? [...rest, { dishId, sizeId: null }] : rest };
}

/**
 * The promotion a dish shows ('2 für 1' on its card, the choice dialog): the one it shows now while
 * that still covers it, else the first promotion covering it in any size, else none. Run after every
 * change of the two-for-one promotions, so the guest sees what the owner ticked.
 */
export function syncPromotionDisplay(c: Catalog): Catalog {
  const covers = (t: TwoForOnePromotion, d: Catalog['dishes'][number]) =>
    [null, ...d.sizes.map((s) => s.id)].some((size) => selectionCoversDish(t.itemSelection, d, size));
  let changed = false;
  const dishes = c.dishes.map((d) => {
    const own = c.twoForOnePromotions.find((t) => t.id === d.twoForOnePromotionId);
    const shown = own && covers(own, d) ? own.id : (c.twoForOnePromotions.find((t) => covers(t, d))?.id ?? null);
    if (shown === d.twoForOnePromotionId) return d;
    changed = true;
    return { ...d, twoForOnePromotionId: shown };
  });
  return changed ? { ...c, dishes } : c;
}
