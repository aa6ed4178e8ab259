// Extras of the customise dialog: price per size, availability,
// amounts, group limits, min validation, header texts, free extras, popular combination.
import type { CartExtra, Cents, Dish, ExtraGroup, ExtraItem } from '@shared/domain';
import {
  groupHeaderChoose, groupHeaderCount, groupHeaderMin, groupHeaderMinMax,
} from '@shared/i18n';
import { EXTRA_NOT_SELECTABLE, EXTRA_UNAVAILABLE } from '@shared/pricing';

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Price of one unit of an extra for the parent dish's size ('' / null = no size); falls back to `price`. */
export function extraItemPrice(item: ExtraItem, sizeId: string | null): Cents {
  const key = sizeId ?? '';
  const prices = item.prices;
  if (prices && typeof prices === 'object' && hasOwn(prices, key)) {
    const p = prices[key];
    if (typeof p === 'number' && Number.isFinite(p)) return p;
  }
  return typeof item.price === 'number' && Number.isFinite(item.price) ? item.price : 0;
}

export type ExtraAvailability = 'available' | 'notSelectable' | 'unavailable';

/** >= 999900: unavailable in the size ('In der Größe nicht verfügbar'); >= 9999: cannot be toggled. */
export function extraAvailability(item: ExtraItem, sizeId: string | null): ExtraAvailability {
  const p = extraItemPrice(item, sizeId);
  if (p >= EXTRA_UNAVAILABLE) return 'unavailable';
  if (p >= EXTRA_NOT_SELECTABLE) return 'notSelectable';
  return 'available';
}

/** All extra groups of a dish: extra ingredients first, then side dishes. */
export function extraGroups(dish: Dish): ExtraGroup[] {
  return [...(dish.extraIngredientGroups ?? []), ...(dish.sideDishGroups ?? [])];
}

export function findExtraGroup(dish: Dish, groupId: string): ExtraGroup | null {
  for (const g of extraGroups(dish)) if (g.id === groupId) return g;
  return null;
}

/** Total picks of a group in a list of extras. */
export function groupCount(extras: readonly CartExtra[], groupId: string): number {
  let n = 0;
  for (const e of extras) if (e.groupId === groupId) n += e.amount;
  return n;
}

function toCartExtra(group: ExtraGroup, item: ExtraItem, amount: number): CartExtra {
  return { groupId: group.id, itemId: item.id, itemName: item.name, promotion: null, amount, type: item.type };
}

/**
 * Set the amount of one extra. The amount is clamped to 0..maxAmount; a group with limit 1 clears
 * its other picks first; otherwise the group total never exceeds limit (limit > 0). Items that are
 * not selectable or unavailable in the size (price >= 9999) can only be removed, never added.
 * Returns a new list; unknown group or item leaves the list unchanged.
 */
/** A group where exactly one item must be picked (min = limit = 1, each item once): a radio group, not checkboxes. */
export function isSingleChoice(group: Pick<ExtraGroup, 'min' | 'limit' | 'maxAmount'>): boolean {
  return group.min === 1 && group.limit === 1 && group.maxAmount <= 1;
}

export function setExtraAmount(
  dish: Dish, current: readonly CartExtra[], groupId: string, itemId: string, amount: number, sizeId: string | null = null,
): CartExtra[] {
  const group = findExtraGroup(dish, groupId);
  const item = group?.items.find((i) => i.id === itemId);
  if (!group || !item) return [...current];
  const maxAmount = Math.max(1, Math.trunc(group.maxAmount) || 1);
  let wanted = Number.isFinite(amount) ? Math.trunc(amount) : 0;
  wanted = Math.min(maxAmount, Math.max(0, wanted));
  const existing = current.find((e) => e.groupId === groupId && e.itemId === itemId);
  if (wanted > (existing?.amount ?? 0) && extraAvailability(item, sizeId) !== 'available') return [...current];
  let others = current.filter((e) => !(e.groupId === groupId && e.itemId === itemId));
  if (group.limit === 1 && wanted > 0) {
    others = others.filter((e) => e.groupId !== groupId);
    wanted = 1;
  } else if (group.limit > 0) {
    wanted = Math.min(wanted, Math.max(0, group.limit - groupCount(others, groupId)));
  }
  if (wanted === 0) return others;
  const next = toCartExtra(group, item, wanted);
  // keep the item's place in the list when it was already picked
  if (existing) {
    const out: CartExtra[] = [];
    let placed = false;
    for (const e of current) {
      if (e === existing) { out.push(next); placed = true; }
      else if (others.includes(e)) out.push(e);
    }
    if (!placed) out.push(next);
    return out;
  }
  return [...others, next];
}

/** Ids of groups with min > 0 whose picks are fewer than min ('Bitte wählen!'). */
export function validateGroups(groups: readonly ExtraGroup[], extras: readonly CartExtra[]): string[] {
  const invalid: string[] = [];
  for (const g of groups) if (g.min > 0 && groupCount(extras, g.id) < g.min) invalid.push(g.id);
  return invalid;
}

/** Groups under min or over limit (limit > 0): the restore check. */
export function groupsOutOfRange(groups: readonly ExtraGroup[], extras: readonly CartExtra[]): string[] {
  const bad: string[] = [];
  for (const g of groups) {
    const n = groupCount(extras, g.id);
    if ((g.min > 0 && n < g.min) || (g.limit > 0 && n > g.limit)) bad.push(g.id);
  }
  return bad;
}

/**
 * '(n Auswählen)' when limit equals min; '(count/limit)' when only limit; '(min a, max b)' when both;
 * '(min a)' when only min; '' when neither.
 */
export function groupHeaderText(group: Pick<ExtraGroup, 'min' | 'limit'>, count: number): string {
  const { min, limit } = group;
  if (min > 0 && limit > 0) return limit === min ? groupHeaderChoose(min) : groupHeaderMinMax(min, limit);
  if (limit > 0) return groupHeaderCount(count, limit);
  if (min > 0) return groupHeaderMin(min);
  return '';
}

export interface FreeExtraUnit {
  groupId: string;
  itemId: string;
  freeAmount: number;
}

/**
 * The first `dish.freeIngredients` extra units, highest priced first, are free. Only extra
 * ingredients count (side dishes never are free); unavailable/not selectable extras never count.
 * Ties keep the order of the extras list.
 */
export function freeExtras(dish: Dish, extras: readonly CartExtra[], sizeId: string | null): FreeExtraUnit[] {
  let free = Math.max(0, Math.trunc(dish.freeIngredients) || 0);
  if (free === 0) return [];
  const ingredientGroups = dish.extraIngredientGroups ?? [];
  const candidates: { e: CartExtra; price: number; order: number }[] = [];
  extras.forEach((e, order) => {
    const g = ingredientGroups.find((x) => x.id === e.groupId);
    const item = g?.items.find((i) => i.id === e.itemId);
    if (!item || e.amount <= 0) return;
    const price = extraItemPrice(item, sizeId);
    if (price >= EXTRA_NOT_SELECTABLE) return;
    candidates.push({ e, price, order });
  });
  candidates.sort((a, b) => b.price - a.price || a.order - b.order);
  const out: FreeExtraUnit[] = [];
  for (const c of candidates) {
    if (free <= 0) break;
    const n = Math.min(free, c.e.amount);
    out.push({ groupId: c.e.groupId, itemId: c.e.itemId, freeAmount: n });
    free -= n;
  }
  return out;
}

export interface PopularSelection {
  /** the extras now in the dialog */
  extras: CartExtra[];
  /** what to give back to deselectPopularCombination */
  stored: CartExtra[];
}

/**
 * Selecting the popular combination stores the current extras, keeps the picks of mandatory
 * (min > 0) groups and adds each popular item once (items priced >= 9999 in the size are skipped).
 */
export function selectPopularCombination(dish: Dish, current: readonly CartExtra[], sizeId: string | null): PopularSelection {
  const mandatory = new Set(extraGroups(dish).filter((g) => g.min > 0).map((g) => g.id));
  let extras: CartExtra[] = current.filter((e) => mandatory.has(e.groupId)).map((e) => ({ ...e }));
  for (const itemId of dish.popularExtraCombination ?? []) {
    for (const g of extraGroups(dish)) {
      const item = g.items.find((i) => i.id === itemId);
      if (!item || extraAvailability(item, sizeId) !== 'available') continue;
      if (extras.some((e) => e.groupId === g.id && e.itemId === itemId)) break;
      extras = setExtraAmount(dish, extras, g.id, itemId, 1, sizeId);
      break;
    }
  }
  return { extras, stored: current.map((e) => ({ ...e })) };
}

/** Deselecting restores the stored extras. */
export function deselectPopularCombination(stored: readonly CartExtra[]): CartExtra[] {
  return stored.map((e) => ({ ...e }));
}

/**
 * Drop extras that cannot be ordered in the size (e.g. after a size change): unavailable (>= 999900)
 * as the spec says, and (own reading) not selectable (>= 9999) too — such a price is a marker, not a price.
 */
export function removeUnavailableExtras(dish: Dish, extras: readonly CartExtra[], sizeId: string | null): CartExtra[] {
  return extras.filter((e) => {
    const item = findExtraGroup(dish, e.groupId)?.items.find((i) => i.id === e.itemId);
    return !!item && extraAvailability(item, sizeId) === 'available';
  });
}
