// Cart restore: re-check every stored line against the catalog.
// Input is untrusted (storage, another shop, a group member): this never throws and only reads
// own properties, building fresh objects, so `__proto__` keys cannot reach any prototype.
import { isRefundLine, type CartExtra, type CartItem, type Catalog, type Dish, type DishCartItem, type Ingredient, type Menu, type MenuCartItem, type MenuSlot } from '@shared/domain';
import { INVALID_DISH } from '@shared/i18n';
import { RESTORE_SIZE_MISSING, restoreDishNotFound, restoreGroupInvalid, restoreGroupNotFound, restoreIngredientNotFound, restoreMenuNotFound, restoreSizeNotFound } from './texts';
import { effectiveTags } from '@shared/rules';
import { indexCatalog, createDiscountMemo, type PricingContext, type DiscountMemo } from '@shared/pricing';
import { extraAvailability, extraGroups, findExtraGroup, groupsOutOfRange } from './extras';
import { priceLine } from './line';
import { catalogExtraKeys, soldOutInLine, soldOutName } from '@shared/ops/rules';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from '@shared/ops/guestTexts';

export interface RestoreOptions {
  ctx: PricingContext;
  /** the catalog the cart was made with (franchise switch): gives names for the messages */
  previousCatalog?: Catalog | null;
  hiddenTags?: readonly string[];
  /** dishes, menus and extras sold out now (shared/ops): a line using one is dropped */
  soldOut?: ReadonlySet<string>;
}

export interface RestoreResult {
  items: CartItem[];
  /** one German message per dropped line */
  problems: string[];
}

type Raw = Record<string, unknown>;

class Drop {
  constructor(readonly message: string) {}
}

const MAX_LINES = 1000;
const MAX_EXTRAS = 200;

function isObj(x: unknown): x is Raw {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function own(o: Raw, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/** ids may be stored as strings or numbers */
function id(x: unknown): string | null {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return null;
}

function text(x: unknown): string | null {
  return typeof x === 'string' && x.length > 0 && x.length <= 200 ? x : null;
}

function list(x: unknown, max: number): unknown[] {
  return Array.isArray(x) ? x.slice(0, max) : [];
}

function amountOf(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 1 ? Math.floor(x) : 1;
}

interface Ctx {
  catalog: Catalog;
  prev: Catalog | null;
  opts: RestoreOptions;
  usedIds: Set<string>;
  seq: number;
  memo: DiscountMemo;
}

function prevDish(c: Ctx, dishId: string | null): Dish | undefined {
  return c.prev && dishId !== null ? indexCatalog(c.prev).dishes.get(dishId) : undefined;
}

function lineIdOf(c: Ctx, raw: unknown): string {
  let lid = text(raw);
  if (lid === null || c.usedIds.has(lid)) {
    do lid = `restored-${++c.seq}`; while (c.usedIds.has(lid));
  }
  c.usedIds.add(lid);
  return lid;
}

function ingredientName(c: Ctx, ingredientId: string): string {
  const find = (cat: Catalog | null): Ingredient | undefined => (cat ? indexCatalog(cat).ingredients.get(ingredientId) : undefined);
  return find(c.catalog)?.name ?? find(c.prev)?.name ?? ingredientId;
}

/** Re-check one dish (a cart line, or a menu subitem when `slot` is given). Throws Drop. */
function restoreDish(c: Ctx, raw: Raw, slot: MenuSlot | null): DishCartItem {
  const idx = indexCatalog(c.catalog);
  const dishId = id(own(raw, 'dishId'));
  const dish = dishId !== null ? idx.dishes.get(dishId) : undefined;
  const old = prevDish(c, dishId);
  if (!dish) throw new Drop(restoreDishNotFound(text(own(raw, 'dishName')) ?? text(own(raw, 'name')) ?? old?.name ?? dishId ?? '?'));
  // a dish of a hidden category: the guest cannot see it, so it cannot be ordered (also not in a set menu)
  if (idx.hiddenDishes.has(dish.id)) throw new Drop(restoreDishNotFound(dish.name));
  if (slot && !slot.dishes.includes(dish.id)) throw new Drop(restoreDishNotFound(dish.name));

  // size
  const rawSize = own(raw, 'sizeId');
  const sizeId = rawSize === null || rawSize === undefined || rawSize === '' ? null : id(rawSize);
  if (dish.sizes.length > 0) {
    if (sizeId === null) throw new Drop(RESTORE_SIZE_MISSING);
    const size = dish.sizes.find((s) => s.id === sizeId);
    if (!size || !dish.prices.some((p) => p.sizeId === sizeId)) {
      throw new Drop(restoreSizeNotFound(old?.sizes.find((s) => s.id === sizeId)?.name ?? sizeId));
    }
    if (slot && slot.size !== null && size.name !== slot.size) throw new Drop(restoreSizeNotFound(size.name));
  } else if (sizeId !== null) {
    throw new Drop(restoreSizeNotFound(old?.sizes.find((s) => s.id === sizeId)?.name ?? sizeId));
  }

  // removed components
  const removable = new Set([...dish.secondaryIngredients, ...dish.secondarySubDishes.map((s) => s.id)]);
  const without: string[] = [];
  for (const w of list(own(raw, 'without'), MAX_EXTRAS)) {
    const wid = id(w);
    if (wid === null || !removable.has(wid)) throw new Drop(restoreIngredientNotFound(wid === null ? '?' : ingredientName(c, wid)));
    if (!without.includes(wid)) without.push(wid);
  }

  // extras
  const extras: CartExtra[] = [];
  for (const e of list(own(raw, 'extras'), MAX_EXTRAS)) {
    if (!isObj(e)) throw new Drop(restoreIngredientNotFound('?'));
    // deposit entries are display-only: the engine derives the deposit itself
    if (own(e, 'type') === 'deposit') continue;
    const groupId = id(own(e, 'groupId'));
    const group = groupId !== null ? findExtraGroup(dish, groupId) : null;
    if (!group) {
      const oldGroup = old && groupId !== null ? findExtraGroup(old, groupId) : null;
      throw new Drop(restoreGroupNotFound(oldGroup?.name ?? groupId ?? '?'));
    }
    const itemId = id(own(e, 'itemId'));
    const item = group.items.find((i) => i.id === itemId);
    if (!item) throw new Drop(restoreIngredientNotFound(text(own(e, 'itemName')) ?? itemId ?? '?'));
    // unavailable / not selectable in this size: the extra is removed, the line stays
    if (extraAvailability(item, sizeId) !== 'available') continue;
    const maxAmount = Math.max(1, Math.trunc(group.maxAmount) || 1);
    const amount = Math.min(maxAmount, amountOf(own(e, 'amount')));
    const same = extras.find((x) => x.groupId === group.id && x.itemId === item.id);
    if (same) same.amount = Math.min(maxAmount, same.amount + amount);
    else extras.push({ groupId: group.id, itemId: item.id, itemName: item.name, promotion: null, amount, type: item.type });
  }
  const bad = groupsOutOfRange(extraGroups(dish), extras);
  if (bad.length > 0) throw new Drop(restoreGroupInvalid(findExtraGroup(dish, bad[0])!.name));

  const extraTags: string[] = [];
  const ing = idx.ingredients;
  for (const e of extras) {
    const item = findExtraGroup(dish, e.groupId)?.items.find((i) => i.id === e.itemId);
    if (item?.ingredientId) extraTags.push(...(ing.get(item.ingredientId)?.tags ?? []));
  }
  const promotion = text(own(raw, 'promotion'));
  const rawPrice = own(raw, 'price');
  const refund = isRefundLine({ promotion }) && typeof rawPrice === 'number' && Number.isFinite(rawPrice) && rawPrice <= 0 && rawPrice >= -999900;
  return {
    kind: 'dish',
    lineId: slot ? text(own(raw, 'lineId')) ?? `${slot.id}` : lineIdOf(c, own(raw, 'lineId')),
    dishId: dish.id,
    sizeId,
    memberName: text(own(raw, 'memberName')),
    amount: slot ? 1 : amountOf(own(raw, 'amount')),
    price: refund ? Math.round(rawPrice as number) : 0,
    priceNonDiscounted: refund ? Math.round(rawPrice as number) : 0,
    promotion: refund ? promotion : null,
    without,
    tags: effectiveTags(dish, c.opts.hiddenTags ?? [], extraTags),
    slotId: slot ? slot.id : null,
    extras,
  };
}

/** Every slot needs exactly one subitem whose dish the slot offers. */
function restoreMenu(c: Ctx, raw: Raw): MenuCartItem {
  const menuId = id(own(raw, 'menuId'));
  const menu: Menu | undefined = menuId !== null ? indexCatalog(c.catalog).menus.get(menuId) : undefined;
  if (!menu) {
    const old = c.prev && menuId !== null ? indexCatalog(c.prev).menus.get(menuId) : undefined;
    throw new Drop(restoreMenuNotFound(text(own(raw, 'menuName')) ?? text(own(raw, 'name')) ?? old?.name ?? menuId ?? '?'));
  }
  const rawSubs = list(own(raw, 'subitems'), MAX_EXTRAS);
  const subitems: DishCartItem[] = [];
  for (const slot of menu.slots) {
    const matches = rawSubs.filter((s): s is Raw => isObj(s) && id(own(s, 'slotId')) === slot.id);
    if (matches.length !== 1) throw new Drop(restoreMenuNotFound(menu.name));
    subitems.push(restoreDish(c, matches[0], slot));
  }
  if (rawSubs.length !== menu.slots.length) throw new Drop(restoreMenuNotFound(menu.name));
  const dt = own(raw, 'deliveryType');
  return {
    kind: 'menu',
    lineId: lineIdOf(c, own(raw, 'lineId')),
    menuId: menu.id,
    memberName: text(own(raw, 'memberName')),
    amount: amountOf(own(raw, 'amount')),
    price: 0,
    deliveryType: dt === 'delivery' || dt === 'pickup' ? dt : null,
    subitems,
    promotion: null,
  };
}

function restoreOne(c: Ctx, raw: unknown): CartItem {
  if (!isObj(raw)) throw new Drop(INVALID_DISH);
  const kind = own(raw, 'kind');
  const item = kind === 'menu' || (kind === undefined && own(raw, 'menuId') !== undefined)
    ? restoreMenu(c, raw)
    : restoreDish(c, raw, null);
  const sold = c.opts.soldOut?.size ? soldOutInLine(item, c.opts.soldOut, catalogExtraKeys(c.catalog)) : null;
  if (sold !== null) throw new Drop(OPS_TEXTS.soldOutLine(soldOutName(c.catalog, sold)));
  const p = priceLine(c.catalog, item, c.opts.ctx, c.memo);
  if (!p.valid) throw new Drop(INVALID_DISH);
  if (item.kind === 'dish' && !isRefundLine(item)) {
    item.price = p.unitPrice;
    item.priceNonDiscounted = p.unitNonDiscounted;
  } else if (item.kind === 'menu') {
    item.price = p.unitPrice;
  }
  return item;
}

/**
 * Restore a stored cart: an array of lines (or an object with an `items` array). Lines that no
 * longer fit the catalog are dropped, each with one German message; kept lines get fresh prices
 * and tags. Never throws.
 */
export function restoreCart(catalog: Catalog, raw: unknown, opts: RestoreOptions): RestoreResult {
  const items: CartItem[] = [];
  const problems: string[] = [];
  let lines: unknown[] = [];
  try {
    if (Array.isArray(raw)) lines = raw;
    else if (isObj(raw) && Array.isArray(own(raw, 'items'))) lines = own(raw, 'items') as unknown[];
  } catch {
    return { items, problems };
  }
  let c: Ctx;
  try {
    c = { catalog, prev: opts?.previousCatalog ?? null, opts, usedIds: new Set(), seq: 0, memo: createDiscountMemo(catalog, opts.ctx) };
  } catch {
    // no usable context or catalog: nothing can be re-checked
    for (let i = 0; i < lines.length; i++) problems.push(INVALID_DISH);
    return { items, problems };
  }
  const n = Math.min(lines.length, MAX_LINES);
  for (let i = 0; i < n; i++) {
    try {
      items.push(restoreOne(c, lines[i]));
    } catch (e) {
      problems.push(e instanceof Drop ? e.message : INVALID_DISH);
    }
  }
  if (lines.length > n) for (let i = n; i < lines.length; i++) problems.push(INVALID_DISH);
  return { items, problems };
}
