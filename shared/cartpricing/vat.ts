// VAT (Umsatzsteuer) contained in an order, per rate: the order's gross amounts split by rate, each
// rate's VAT computed once from its gross sum. Pure; the server puts it into the guest's order
// confirmation (server/orders/guestMail.ts) and stores it with the order. docs/pricing.md "VAT".
//
// Rules (docs/decisions.md "VAT per rate"):
// - rate of a dish: its `vatRate` when the data sets one, else 19 % for drinks (`isDrink`), 7 % for food;
// - extras follow the dish they belong to; a side dish (an extra that is a dish) has its own rate;
// - a menu's price is split over its slot dishes in proportion to their single prices (menu extras
//   as priced);
// - two-for-one savings reduce the line they belong to; cart discounts and coupons are split over the
//   rates in proportion to the goods of each rate;
// - deposit (Pfand) follows the item it belongs to (it is part of the price of a drink, not a rate of its own);
// - the delivery fee follows the main service: split in proportion to the goods after discounts (all
//   food: 7 %; mixed: apportioned);
// - every split uses the largest remainder (apportionCents), so the parts add up to the cent;
// - rounding: VAT = gross × rate / (100 + rate), once per rate, rounded half up to whole cents (roundCents).
import type { CartExtra, CartItem, Catalog, Cents, Dish, VatRate } from '@shared/domain';
import { findSizePrice, indexCatalog, roundCents, type OrderBreakdown, type OrderLine } from '@shared/pricing';
import { findExtraGroup } from './extras';
import { priceExtras } from './line';

export const FOOD_VAT_RATE: VatRate = 7;
export const DRINK_VAT_RATE: VatRate = 19;
const RATES: readonly VatRate[] = [FOOD_VAT_RATE, DRINK_VAT_RATE];

export interface VatPart {
  /** percent */
  rate: VatRate;
  /** what the guest pays at this rate, VAT included */
  gross: Cents;
  net: Cents;
  vat: Cents;
}

export interface VatBreakdown {
  /** one entry per rate that has an amount, lowest rate first */
  parts: VatPart[];
  /** the order's grand total */
  gross: Cents;
  vat: Cents;
  net: Cents;
}

/** The VAT rate of a dish: its own when the data sets one, else drinks 19 %, food 7 %. */
export function dishVatRate(dish: Pick<Dish, 'isDrink' | 'vatRate'>): VatRate {
  return dish.vatRate ?? (dish.isDrink ? DRINK_VAT_RATE : FOOD_VAT_RATE);
}

/** The VAT contained in a gross amount at `rate` percent, rounded half up to whole cents. */
export function vatOfGross(gross: Cents, rate: number): Cents {
  return roundCents((gross * rate) / (100 + rate));
}

/**
 * Splits whole cents over weights (largest remainder): the parts add up to `total` exactly and
 * each is within one cent of its exact share; ties go to the earlier weight. Negative weights
 * count as 0; when every weight is 0 the whole amount goes to the first part.
 */
export function apportionCents(total: Cents, weights: readonly number[]): Cents[] {
  const out = weights.map(() => 0);
  if (!weights.length || !total) return out;
  if (total < 0) return apportionCents(-total, weights).map((x) => (x === 0 ? 0 : -x));
  const w = weights.map((x) => (Number.isFinite(x) && x > 0 ? x : 0));
  const sum = w.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    out[0] = total;
    return out;
  }
  let given = 0;
  const rest = w.map((x, i) => {
    const exact = (total * x) / sum;
    out[i] = Math.floor(exact);
    given += out[i];
    return { i, r: exact - out[i] };
  });
  rest.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; given < total; k++, given++) out[rest[k % rest.length].i] += 1;
  return out;
}

/** One share of a line: a value (the weight its price is split by) and the deposit it carries. */
interface Share {
  rate: VatRate;
  value: number;
  deposit: Cents;
}

/** The shares of one dish unit (its own price `base`, then each priced extra). */
function dishShares(catalog: Catalog, dish: Dish, sizeId: string | null, extras: readonly CartExtra[], base: number): Share[] {
  const idx = indexCatalog(catalog);
  const rate = dishVatRate(dish);
  const shares: Share[] = [{ rate, value: base, deposit: findSizePrice(dish, sizeId)?.deposit || 0 }];
  for (const x of priceExtras(catalog, dish, sizeId, extras).priced) {
    const item = findExtraGroup(dish, x.groupId)?.items.find((i) => i.id === x.itemId);
    const side = item?.type === 'dish' && item.dishId ? idx.dishes.get(item.dishId) : undefined;
    const deposit = side && item ? (findSizePrice(side, item.sizeId)?.deposit || 0) * x.amount : 0;
    shares.push({ rate: side ? dishVatRate(side) : rate, value: x.total, deposit });
  }
  return shares;
}

function lineShares(catalog: Catalog, item: CartItem, l: OrderLine): Share[] {
  const idx = indexCatalog(catalog);
  const base = l.discountForfeited ? l.baseNonDiscounted : l.basePrice;
  if (item.kind === 'dish') {
    const dish = idx.dishes.get(item.dishId);
    if (!dish) return [{ rate: FOOD_VAT_RATE, value: 1, deposit: 0 }]; // a waiter refund of a dish no longer listed
    if (item.promotion === 'waiter-refund') return [{ rate: dishVatRate(dish), value: 1, deposit: 0 }];
    return dishShares(catalog, dish, item.sizeId === '' ? null : item.sizeId, Array.isArray(item.extras) ? item.extras : [], base);
  }
  // a menu: its price over the slot dishes by their single prices, each subitem's extras as priced
  const subs = (Array.isArray(item.subitems) ? item.subitems : []).flatMap((s) => {
    const dish = idx.dishes.get(s.dishId);
    return dish ? [{ s, dish, sizeId: s.sizeId === '' ? null : s.sizeId, amount: Math.max(1, Math.floor(s.amount) || 1) }] : [];
  });
  if (!subs.length) return [{ rate: FOOD_VAT_RATE, value: 1, deposit: 0 }];
  const bases = apportionCents(base, subs.map((x) => (findSizePrice(x.dish, x.sizeId)?.price ?? 0) * x.amount));
  return subs.flatMap((x, i) => {
    const shares = dishShares(catalog, x.dish, x.sizeId, Array.isArray(x.s.extras) ? x.s.extras : [], 0);
    return shares.map((sh, k) => ({ ...sh, value: (k === 0 ? bases[i] : sh.value * x.amount), deposit: sh.deposit * x.amount }));
  });
}

/**
 * The VAT of a priced order (priceOrder's breakdown of `items` on `catalog`), per rate. The parts'
 * gross amounts add up to the order's grand total.
 */
export function orderVat(catalog: Catalog, items: readonly CartItem[], b: OrderBreakdown): VatBreakdown {
  const goods = new Map<VatRate, number>(RATES.map((r) => [r, 0]));
  const deposit = new Map<VatRate, number>(RATES.map((r) => [r, 0]));
  const add = (m: Map<VatRate, number>, r: VatRate, x: number) => m.set(r, (m.get(r) ?? 0) + x);
  const byId = new Map(items.map((i) => [i.lineId, i]));
  const idx = indexCatalog(catalog);
  for (const l of b.lines) {
    const item = byId.get(l.lineId);
    const shares = item ? lineShares(catalog, item, l) : [{ rate: FOOD_VAT_RATE, value: 1, deposit: 0 }];
    apportionCents(l.payable, shares.map((s) => s.value)).forEach((x, i) => add(goods, shares[i].rate, x));
    // the line's deposit as its items carry it (per unit × amount); what does not match goes with its first share
    let placed = 0;
    for (const s of shares) {
      add(deposit, s.rate, s.deposit * l.amount);
      placed += s.deposit * l.amount;
    }
    if (placed !== l.deposit) add(deposit, shares[0].rate, l.deposit - placed);
  }
  for (const f of b.freeItems) {
    const dish = idx.dishes.get(f.dishId);
    add(deposit, dish ? dishVatRate(dish) : FOOD_VAT_RATE, f.deposit);
  }
  const g = RATES.map((r) => goods.get(r) ?? 0);
  const reductions = apportionCents(b.discounts.cartDiscount + b.discounts.coupon, g);
  const afterReductions = g.map((x, i) => x - reductions[i]);
  const fee = apportionCents(b.deliveryFee, afterReductions);
  let gross = RATES.map((r, i) => afterReductions[i] + (deposit.get(r) ?? 0) + fee[i]);
  // clamped totals (refunds larger than the order, a grand total raised to the delivery fee): the
  // grand total, split as the parts would have it
  if (gross.reduce((a, x) => a + x, 0) !== b.grandTotal) gross = apportionCents(b.grandTotal, gross);
  const parts = RATES.map((rate, i) => {
    const vat = vatOfGross(gross[i], rate);
    return { rate, gross: gross[i], net: gross[i] - vat, vat };
  }).filter((p) => p.gross !== 0);
  const vat = parts.reduce((a, p) => a + p.vat, 0);
  return { parts, gross: b.grandTotal, vat, net: b.grandTotal - vat };
}
