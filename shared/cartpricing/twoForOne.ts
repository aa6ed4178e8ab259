// Two-for-one promotions: of every totalQuantity eligible items,
// paidQuantity are paid and the cheapest are free.
import { isRefundLine, type CartItem, type Catalog, type Cents, type Dish, type TwoForOnePromotion, type TwoForOneStatus } from '@shared/domain';
import { indexCatalog, isValidSize, selectionCoversDish, selectionCoversMenu, createDiscountMemo, dishDiscountLabel, type LinePrice, type PricingContext, type TwoForOneGroup } from '@shared/pricing';
import { priceLine } from './line';

/** The promotion group key: per promotion, or per promotion and dish/menu when different dishes are not allowed. */
export function twoForOneGroupKey(promo: TwoForOnePromotion, itemId: string): string {
  return promo.allowDifferentDishes ? promo.id : `${promo.id}:${itemId}`;
}

/** A dish (in a size) qualifies through the promotion's categories or dishesWithSizes list. */
export function dishQualifies(promo: TwoForOnePromotion, dish: Dish, sizeId: string | null): boolean {
  return selectionCoversDish(promo.itemSelection, dish, sizeId);
}

function usable(promo: TwoForOnePromotion): boolean {
  return Number.isInteger(promo.totalQuantity) && promo.totalQuantity >= 1
    && Number.isInteger(promo.paidQuantity) && promo.paidQuantity >= 0 && promo.paidQuantity < promo.totalQuantity;
}

/**
 * The promotion a cart line belongs to: the dish's own displayed promotion first, then the first
 * promotion of the catalog that covers it (own reading: a line counts for one promotion only).
 * Menu subitems never count on their own; a menu counts through the promotion's menus list.
 */
export function promotionForLine(catalog: Catalog, line: CartItem): { promo: TwoForOnePromotion; key: string } | null {
  const idx = indexCatalog(catalog);
  const promos = (catalog.twoForOnePromotions ?? []).filter(usable);
  if (isRefundLine(line)) return null;
  if (line.kind === 'menu') {
    const p = promos.find((x) => selectionCoversMenu(x.itemSelection, line.menuId));
    return p ? { promo: p, key: twoForOneGroupKey(p, line.menuId) } : null;
  }
  const dish = idx.dishes.get(line.dishId);
  if (!dish || !isValidSize(dish, line.sizeId)) return null;
  const sizeId = line.sizeId === '' ? null : line.sizeId;
  const own = dish.twoForOnePromotionId ? promos.find((p) => p.id === dish.twoForOnePromotionId) : undefined;
  const ordered = own ? [own, ...promos.filter((p) => p !== own)] : promos;
  const p = ordered.find((x) => dishQualifies(x, dish, sizeId));
  return p ? { promo: p, key: twoForOneGroupKey(p, dish.id) } : null;
}

export interface TwoForOneLineEffect {
  key: string;
  freeUnits: number;
  saving: Cents;
  /** the line is priced without its item discount (confirmed, not accumulative) */
  discountForfeited: boolean;
}

export interface TwoForOneResult {
  groups: TwoForOneGroup[];
  /** per cart line, same index as the items; undefined when no applied promotion touches the line */
  lines: (TwoForOneLineEffect | undefined)[];
  saving: Cents;
}

interface Member {
  line: CartItem;
  price: LinePrice;
  order: number;
}

/** How many units are free: ⌊units / total⌋ · (total − paid). */
export function freeUnitCount(promo: Pick<TwoForOnePromotion, 'totalQuantity' | 'paidQuantity'>, units: number): number {
  if (!(promo.totalQuantity >= 1) || !(promo.paidQuantity < promo.totalQuantity)) return 0;
  return Math.floor(units / promo.totalQuantity) * (promo.totalQuantity - Math.max(0, promo.paidQuantity));
}

/** Free the `count` cheapest units (by unit price); returns free units per member. */
function cheapest(members: Member[], unitPrice: (m: Member) => Cents, count: number): Map<Member, number> {
  const sorted = [...members].sort((a, b) => unitPrice(a) - unitPrice(b) || a.order - b.order);
  const out = new Map<Member, number>();
  let left = count;
  for (const m of sorted) {
    if (left <= 0) break;
    const n = Math.min(left, m.price.amount);
    out.set(m, n);
    left -= n;
  }
  return out;
}

/**
 * Evaluate every promotion group of the cart. `prices` are the lines' prices (same order as items).
 * A group with fewer units than totalQuantity is (back to) pending. A group needing confirmation
 * (some unit already discounted, promotion not accumulative) applies only when confirmed, and then
 * prices its lines without the item discount; a denied group keeps the item discounts.
 */
export function computeTwoForOne(
  catalog: Catalog, items: readonly CartItem[], prices: readonly LinePrice[],
  statuses: Readonly<Record<string, TwoForOneStatus>> = {},
): TwoForOneResult {
  const groups = new Map<string, { promo: TwoForOnePromotion; members: Member[] }>();
  items.forEach((line, i) => {
    const price = prices[i];
    if (!price || !price.valid) return;
    const hit = promotionForLine(catalog, line);
    if (!hit) return;
    let g = groups.get(hit.key);
    if (!g) groups.set(hit.key, (g = { promo: hit.promo, members: [] }));
    g.members.push({ line, price, order: i });
  });
  const out: TwoForOneGroup[] = [];
  const lines: (TwoForOneLineEffect | undefined)[] = new Array(items.length).fill(undefined);
  let total = 0;
  for (const [key, { promo, members }] of groups) {
    const units = members.reduce((n, m) => n + m.price.amount, 0);
    const discounted = members.some((m) => m.price.unitPrice < m.price.unitNonDiscounted);
    const needsConfirmation = !promo.accumulative && discounted;
    const given = Object.prototype.hasOwnProperty.call(statuses, key) ? statuses[key] : 'pending';
    const status: TwoForOneStatus = units < promo.totalQuantity ? 'pending'
      : given === 'confirmed' || given === 'denied' ? given : 'pending';
    const freeCount = freeUnitCount(promo, units);
    // not accumulative: the promotion is weighed at non-discounted prices
    const basis = (m: Member) => (promo.accumulative ? m.price.unitPrice : m.price.unitNonDiscounted);
    const free = cheapest(members, basis, freeCount);
    let potentialSaving = 0;
    for (const [m, n] of free) potentialSaving += n * basis(m);
    const discountSaving = promo.accumulative ? 0
      : members.reduce((s, m) => s + (m.price.unitNonDiscounted - m.price.unitPrice) * m.price.amount, 0);
    const applied = freeCount > 0 && (!needsConfirmation || status === 'confirmed');
    const saving = applied ? potentialSaving : 0;
    if (applied) {
      for (const m of members) {
        lines[m.order] = {
          key, freeUnits: free.get(m) ?? 0, saving: (free.get(m) ?? 0) * basis(m), discountForfeited: needsConfirmation,
        };
      }
    }
    total += saving;
    out.push({
      key, promotionId: promo.id, title: promo.title, label: promo.label, status, units, freeUnits: applied ? freeCount : 0,
      needsConfirmation, applied, saving, potentialSaving, discountSaving, lineIds: members.map((m) => m.line.lineId),
    });
  }
  return { groups: out, lines, saving: total };
}

export interface TwoForOneChoiceInput {
  catalog: Catalog;
  /** the cart including the line just added */
  items: readonly CartItem[];
  dishId: string;
  sizeId: string | null;
  ctx: PricingContext;
  statuses?: Readonly<Record<string, TwoForOneStatus>>;
  /** the user is a member, not the owner, of an active group order */
  isNonOwnerInActiveGroup: boolean;
}

export interface TwoForOneChoice {
  offer: boolean;
  groupKey: string | null;
  promotionSaving: Cents;
  discountSaving: Cents;
}

/**
 * the choice dialog 'Wähle Deinen Rabatt' is offered after adding to the cart
 * only when the dish has a promotion display and a best discount combination; the user is not a
 * non-owner in an active group; the promotion is not accumulative; the status is pending; dish and
 * size qualify; and the promotion saving is greater than the discount already saved.
 */
export function twoForOneChoice(input: TwoForOneChoiceInput): TwoForOneChoice {
  const no: TwoForOneChoice = { offer: false, groupKey: null, promotionSaving: 0, discountSaving: 0 };
  const { catalog, ctx } = input;
  const dish = indexCatalog(catalog).dishes.get(input.dishId);
  if (!dish || !dish.twoForOnePromotionId) return no;
  const promo = indexCatalog(catalog).promotions.get(dish.twoForOnePromotionId);
  if (!promo || !usable(promo)) return no;
  const key = twoForOneGroupKey(promo, dish.id);
  if (dishDiscountLabel(catalog, dish, ctx) === null) return { ...no, groupKey: key };
  if (input.isNonOwnerInActiveGroup || promo.accumulative) return { ...no, groupKey: key };
  const memo = createDiscountMemo(catalog, ctx);
  const prices = input.items.map((l) => priceLine(catalog, l, ctx, memo));
  const result = computeTwoForOne(catalog, input.items, prices, input.statuses ?? {});
  const group = result.groups.find((g) => g.key === key);
  const status = input.statuses && Object.prototype.hasOwnProperty.call(input.statuses, key) ? input.statuses[key] : 'pending';
  const promotionSaving = group?.potentialSaving ?? 0;
  const discountSaving = group?.discountSaving ?? 0;
  const offer = status === 'pending' && (group?.status ?? 'pending') === 'pending'
    && dishQualifies(promo, dish, input.sizeId) && promotionSaving > discountSaving;
  return { offer, groupKey: key, promotionSaving, discountSaving };
}

export function shouldOfferTwoForOneChoice(input: TwoForOneChoiceInput): boolean {
  return twoForOneChoice(input).offer;
}

/** The status to keep after a cart change: back to pending when the group fell below totalQuantity. */
export function nextTwoForOneStatus(status: TwoForOneStatus, units: number, promo: Pick<TwoForOnePromotion, 'totalQuantity'>): TwoForOneStatus {
  return units < promo.totalQuantity ? 'pending' : status;
}

/** Statuses from a member cart's confirmedTwoForOnePromotions (and optionally the denied keys). */
export function twoForOneStatusesFrom(confirmed: readonly string[], denied: readonly string[] = []): Record<string, TwoForOneStatus> {
  const out: Record<string, TwoForOneStatus> = Object.create(null);
  for (const k of denied) if (typeof k === 'string') out[k] = 'denied';
  for (const k of confirmed) if (typeof k === 'string') out[k] = 'confirmed';
  return out;
}

/** The group keys with status confirmed (the order payload's confirmedTwoForOnePromotions). */
export function confirmedTwoForOnePromotions(groups: readonly TwoForOneGroup[]): string[] {
  return groups.filter((g) => g.status === 'confirmed').map((g) => g.key);
}

/** The group keys that apply (the order payload's expectedTwoForOnePromotions, for the server to compare). */
export function expectedTwoForOnePromotions(groups: readonly TwoForOneGroup[]): string[] {
  return groups.filter((g) => g.applied).map((g) => g.key);
}
