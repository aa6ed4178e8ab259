// Price of one cart line: dish lines and menu lines.
import { isRefundLine, type CartExtra, type CartItem, type Catalog, type Cents, type Dish, type DishCartItem, type MenuCartItem } from '@shared/domain';
import { INVALID_DISH } from '@shared/i18n';
import { createDiscountMemo, findSizePrice, indexCatalog, isValidSize, lineAmount, type DiscountMemo, type LinePrice, type PricedExtra, type PricingContext } from '@shared/pricing';
import { extraAvailability, extraItemPrice, findExtraGroup, freeExtras } from './extras';
import { MAX_LINE_PRICE } from '@shared/pricing';

interface ExtrasPrice {
  priced: PricedExtra[];
  ignored: CartExtra[];
  total: Cents;
  freeValue: Cents;
  deposit: Cents;
}

/**
 * Extras of one dish unit: price per the dish's size, the first freeIngredients units free, and the
 * deposit of side dishes that are dishes with a deposit. Unknown or unorderable extras are ignored.
 */
export function priceExtras(catalog: Catalog, dish: Dish, sizeId: string | null, extras: readonly CartExtra[]): ExtrasPrice {
  const idx = indexCatalog(catalog);
  const free = freeExtras(dish, extras, sizeId);
  const priced: PricedExtra[] = [];
  const ignored: CartExtra[] = [];
  let total = 0;
  let freeValue = 0;
  let deposit = 0;
  for (const e of extras) {
    if (e.type === 'deposit') continue; // display-only
    const item = findExtraGroup(dish, e.groupId)?.items.find((i) => i.id === e.itemId);
    const amount = typeof e.amount === 'number' && Number.isFinite(e.amount) ? Math.max(0, Math.floor(e.amount)) : 0;
    if (!item || amount === 0 || extraAvailability(item, sizeId) !== 'available') {
      ignored.push(e);
      continue;
    }
    const unitPrice = extraItemPrice(item, sizeId);
    const freeAmount = Math.min(amount, free.find((f) => f.groupId === e.groupId && f.itemId === e.itemId)?.freeAmount ?? 0);
    const lineTotal = (amount - freeAmount) * unitPrice;
    priced.push({ groupId: e.groupId, itemId: e.itemId, amount, unitPrice, freeAmount, total: lineTotal });
    total += lineTotal;
    freeValue += freeAmount * unitPrice;
    if (item.type === 'dish' && item.dishId) {
      const side = idx.dishes.get(item.dishId);
      const sp = side ? findSizePrice(side, item.sizeId) : null;
      if (sp && sp.deposit > 0) deposit += sp.deposit * amount;
    }
  }
  return { priced, ignored, total, freeValue, deposit };
}

function invalid(line: CartItem, amount: number, problem: string): LinePrice {
  return {
    lineId: line.lineId, kind: line.kind, amount, unitPrice: 0, unitNonDiscounted: 0, unitDeposit: 0, total: 0,
    totalNonDiscounted: 0, deposit: 0, basePrice: 0, baseNonDiscounted: 0, extras: [], freeExtrasValue: 0,
    ignoredExtras: [], label: null, valid: false, problem,
  };
}

function finish(p: LinePrice): LinePrice {
  // lines priced above 999900 cents are removed (own reading: the line total)
  if (p.total > MAX_LINE_PRICE || p.unitPrice > MAX_LINE_PRICE) return { ...p, valid: false, problem: INVALID_DISH };
  return p;
}

export function priceDishLine(catalog: Catalog, line: DishCartItem, ctx: PricingContext, memo?: DiscountMemo): LinePrice {
  const amount = lineAmount(line.amount);
  const dish = indexCatalog(catalog).dishes.get(line.dishId);
  if (!dish || !isValidSize(dish, line.sizeId)) return invalid(line, amount, INVALID_DISH);
  const sizeId = line.sizeId === '' ? null : line.sizeId;
  const sp = findSizePrice(dish, sizeId)!;
  const d = (memo ?? createDiscountMemo(catalog, ctx)).dish(dish, sizeId);
  const ex = priceExtras(catalog, dish, sizeId, Array.isArray(line.extras) ? line.extras : []);
  const unitPrice = d.price + ex.total;
  const unitNonDiscounted = d.nonDiscounted + ex.total;
  const unitDeposit = (sp.deposit || 0) + ex.deposit;
  return finish({
    lineId: line.lineId, kind: 'dish', amount, unitPrice, unitNonDiscounted, unitDeposit,
    total: unitPrice * amount, totalNonDiscounted: unitNonDiscounted * amount, deposit: unitDeposit * amount,
    basePrice: d.price, baseNonDiscounted: d.nonDiscounted, extras: ex.priced, freeExtrasValue: ex.freeValue,
    ignoredExtras: ex.ignored, label: d.label, valid: true, problem: null,
  });
}

/**
 * Menu line: the (discounted) menu price plus the priced extras of every subitem (each subitem's
 * dish size and freeIngredients); subitem base prices are included in the menu price; subitem
 * deposits are added as deposit.
 */
export function priceMenuLine(catalog: Catalog, line: MenuCartItem, ctx: PricingContext, memo?: DiscountMemo): LinePrice {
  const amount = lineAmount(line.amount);
  const idx = indexCatalog(catalog);
  const menu = idx.menus.get(line.menuId);
  if (!menu) return invalid(line, amount, INVALID_DISH);
  const d = (memo ?? createDiscountMemo(catalog, ctx)).menu(menu);
  let extrasTotal = 0;
  let freeValue = 0;
  let unitDeposit = 0;
  const extras: PricedExtra[] = [];
  const ignored: CartExtra[] = [];
  for (const sub of Array.isArray(line.subitems) ? line.subitems : []) {
    const dish = idx.dishes.get(sub.dishId);
    if (!dish || !isValidSize(dish, sub.sizeId)) return invalid(line, amount, INVALID_DISH);
    const sizeId = sub.sizeId === '' ? null : sub.sizeId;
    const ex = priceExtras(catalog, dish, sizeId, Array.isArray(sub.extras) ? sub.extras : []);
    const subAmount = lineAmount(sub.amount);
    extrasTotal += ex.total * subAmount;
    freeValue += ex.freeValue * subAmount;
    unitDeposit += ((findSizePrice(dish, sizeId)?.deposit || 0) + ex.deposit) * subAmount;
    extras.push(...ex.priced);
    ignored.push(...ex.ignored);
  }
  const unitPrice = d.price + extrasTotal;
  const unitNonDiscounted = d.nonDiscounted + extrasTotal;
  return finish({
    lineId: line.lineId, kind: 'menu', amount, unitPrice, unitNonDiscounted, unitDeposit,
    total: unitPrice * amount, totalNonDiscounted: unitNonDiscounted * amount, deposit: unitDeposit * amount,
    basePrice: d.price, baseNonDiscounted: d.nonDiscounted, extras, freeExtrasValue: freeValue,
    ignoredExtras: ignored, label: d.label, valid: true, problem: null,
  });
}

/**
 * Price one cart line (dish or menu) at the shop time. Never throws on well-typed input.
 * `memo` (createDiscountMemo) lets a caller pricing many lines evaluate discounts once.
 */
export function priceLine(catalog: Catalog, line: CartItem, ctx: PricingContext, memo?: DiscountMemo): LinePrice {
  if (isRefundLine(line) && line.kind === 'dish') return refundLinePrice(line);
  return line.kind === 'menu' ? priceMenuLine(catalog, line, ctx, memo) : priceDishLine(catalog, line, ctx, memo);
}

/** A waiter refund line carries its own (negative) price; it is not re-priced from the catalog. */
function refundLinePrice(line: DishCartItem): LinePrice {
  const amount = lineAmount(line.amount);
  const unit = Number.isFinite(line.price) ? Math.round(line.price) : 0;
  return {
    lineId: line.lineId, kind: 'dish', amount, unitPrice: unit, unitNonDiscounted: unit, unitDeposit: 0,
    total: unit * amount, totalNonDiscounted: unit * amount, deposit: 0, basePrice: unit, baseNonDiscounted: unit,
    extras: [], freeExtrasValue: 0, ignoredExtras: [], label: null, valid: true, problem: null,
  };
}
