// Item discounts: fixed price, euro and percent in that priority; the best
// resulting price wins; euro first, then percent on the remainder; rounded to whole cents.
import type { Catalog, Cents, Discount, Dish, Menu } from '@shared/domain';
import { discountLabel } from '@shared/rules';
import type { ItemPrice, PricingContext, SizeDiscount } from './types';
import { coversAllWeekdays, isScheduleActive } from './schedule';
import { selectionCoversDish, selectionCoversMenu } from './selection';
import { findSizePrice } from './catalogIndex';
import { roundCents } from './rounding';
import { litrePriceText } from './litre';

export interface DiscountOutcome {
  price: Cents;
  nonDiscounted: Cents;
  hasDiscount: boolean;
  /** which discount won */
  kind: 'fixed' | 'euroPercent' | null;
  euro: Cents;
  percent: number;
  allWeekdays: boolean;
  label: string | null;
}

function channelMatches(channel: Discount['channel'], ctx: PricingContext): boolean {
  return channel === 'all' || channel === undefined || channel === ctx.channel;
}

/** Discounts whose channel and schedule match now. */
export function activeDiscounts(catalog: Catalog, ctx: PricingContext): Discount[] {
  return (catalog.discounts ?? []).filter((d) => channelMatches(d.channel, ctx) && isScheduleActive(d.schedule, ctx.time));
}

export function discountsForDish(catalog: Catalog, dish: Dish, sizeId: string | null, ctx: PricingContext): Discount[] {
  return activeDiscounts(catalog, ctx).filter((d) => selectionCoversDish(d.appliesTo, dish, sizeId));
}

export function discountsForMenu(catalog: Catalog, menuId: string, ctx: PricingContext): Discount[] {
  return activeDiscounts(catalog, ctx).filter((d) => selectionCoversMenu(d.appliesTo, menuId));
}

/**
 * The best price of `base` under the given (already matching) discounts.
 * Candidates: the lowest fixed price; and the largest euro discount followed by the largest percent
 * on the remainder. The lower candidate wins; on a tie the fixed price (higher priority) wins.
 * Discounts never stack within a kind (own reading: two euro discounts do not add up).
 */
export function bestDiscount(base: Cents, discounts: readonly Discount[]): DiscountOutcome {
  let fixed: Discount | null = null;
  let euro: Discount | null = null;
  let percent: Discount | null = null;
  for (const d of discounts) {
    if (!Number.isFinite(d.value) || d.value < 0) continue;
    if (d.kind === 'fixed') { if (!fixed || d.value < fixed.value) fixed = d; }
    else if (d.kind === 'euro') { if (d.value > 0 && (!euro || d.value > euro.value)) euro = d; }
    else if (d.kind === 'percent') { if (d.value > 0 && (!percent || d.value > percent.value)) percent = d; }
  }
  const none: DiscountOutcome = {
    price: base, nonDiscounted: base, hasDiscount: false, kind: null, euro: 0, percent: 0, allWeekdays: true, label: null,
  };
  const fixedPrice = fixed ? Math.min(base, Math.round(fixed.value)) : Infinity;
  let comboPrice = Infinity;
  if (euro || percent) {
    const afterEuro = Math.max(0, base - (euro ? Math.round(euro.value) : 0));
    const pct = percent ? Math.min(100, percent.value) : 0;
    comboPrice = Math.max(0, roundCents((afterEuro * (100 - pct)) / 100));
  }
  const best = Math.min(fixedPrice, comboPrice);
  if (!(best < base)) return none;
  if (fixedPrice <= comboPrice) {
    const allWeekdays = coversAllWeekdays(fixed!.schedule);
    return {
      price: fixedPrice, nonDiscounted: base, hasDiscount: true, kind: 'fixed', euro: 0, percent: 0, allWeekdays,
      label: discountLabel({ fixed: true, allWeekdays }),
    };
  }
  const euroValue = euro ? Math.min(base, Math.round(euro.value)) : 0;
  const pctValue = percent ? Math.min(100, percent.value) : 0;
  const allWeekdays = (!euro || coversAllWeekdays(euro.schedule)) && (!percent || coversAllWeekdays(percent.schedule));
  return {
    price: comboPrice, nonDiscounted: base, hasDiscount: true, kind: 'euroPercent', euro: euroValue, percent: pctValue, allWeekdays,
    label: discountLabel({ euro: euroValue, percent: pctValue, allWeekdays }),
  };
}

/** Discount outcome for a dish in a size (base price only: extras and deposit are never discounted). */
export function dishDiscount(catalog: Catalog, dish: Dish, sizeId: string | null, ctx: PricingContext): DiscountOutcome {
  const sp = findSizePrice(dish, sizeId);
  const base = sp ? sp.price : 0;
  return bestDiscount(base, discountsForDish(catalog, dish, sp ? sp.sizeId ?? null : sizeId, ctx));
}

/** What the menu shows for a dish in one size. Unknown size: all zero, no label. */
export function dishPrice(catalog: Catalog, dish: Dish, sizeId: string | null, ctx: PricingContext): ItemPrice {
  const sp = findSizePrice(dish, sizeId);
  const d = dishDiscount(catalog, dish, sizeId, ctx);
  const size = sizeId === null ? null : dish.sizes.find((s) => s.id === sizeId) ?? null;
  return {
    price: d.price,
    nonDiscounted: d.nonDiscounted,
    deposit: sp ? sp.deposit || 0 : 0,
    label: d.label,
    hasDiscount: d.hasDiscount,
    litrePrice: size ? litrePriceText(size.name, d.price) : null,
  };
}

function sizeKeys(dish: Dish): (string | null)[] {
  return dish.sizes.length > 0 ? dish.sizes.map((s) => s.id) : [null];
}

/** Dish.sizeDiscounts of the spec: per size id ('' for a dish without sizes) label, hasDiscount, resultPrice. */
export function sizeDiscounts(catalog: Catalog, dish: Dish, ctx: PricingContext): Record<string, SizeDiscount> {
  const out: Record<string, SizeDiscount> = Object.create(null);
  for (const sizeId of sizeKeys(dish)) {
    const d = dishDiscount(catalog, dish, sizeId, ctx);
    out[sizeId ?? ''] = { label: d.label, hasDiscount: d.hasDiscount, resultPrice: d.price };
  }
  return out;
}

/**
 * Dish.bestDiscountCombination of the spec: one label for the dish over all its sizes.
 * Several percent values across sizes: the smallest percent plus ' & mehr'.
 */
export function dishDiscountLabel(catalog: Catalog, dish: Dish, ctx: PricingContext): string | null {
  const outcomes = sizeKeys(dish).map((s) => dishDiscount(catalog, dish, s, ctx)).filter((d) => d.hasDiscount);
  if (outcomes.length === 0) return null;
  const withPercent = outcomes.filter((d) => d.kind === 'euroPercent' && d.percent > 0);
  if (withPercent.length > 0) {
    const percents = new Set(withPercent.map((d) => d.percent));
    const smallest = withPercent.reduce((a, b) => (b.percent < a.percent ? b : a));
    return discountLabel({
      euro: smallest.euro,
      percent: smallest.percent,
      severalPercents: percents.size > 1,
      allWeekdays: withPercent.every((d) => d.allWeekdays),
    });
  }
  return outcomes[0].label;
}

/**
 * Discount outcomes memoised for one catalog and context (one priceOrder call): the active
 * discounts are evaluated once and every dish size / menu once.
 */
export interface DiscountMemo {
  dish(dish: Dish, sizeId: string | null): DiscountOutcome;
  menu(menu: Menu): DiscountOutcome;
}

export function createDiscountMemo(catalog: Catalog, ctx: PricingContext): DiscountMemo {
  const active = activeDiscounts(catalog, ctx);
  const dishes = new Map<Dish, Map<string | null, DiscountOutcome>>();
  const menus = new Map<Menu, DiscountOutcome>();
  return {
    dish(dish, sizeId) {
      let bySize = dishes.get(dish);
      if (!bySize) dishes.set(dish, (bySize = new Map()));
      let d = bySize.get(sizeId);
      if (!d) {
        const sp = findSizePrice(dish, sizeId);
        const key = sp ? sp.sizeId ?? null : sizeId;
        d = bestDiscount(sp ? sp.price : 0, active.filter((x) => selectionCoversDish(x.appliesTo, dish, key)));
        bySize.set(sizeId, d);
      }
      return d;
    },
    menu(menu) {
      let d = menus.get(menu);
      if (!d) menus.set(menu, (d = bestDiscount(menu.price, active.filter((x) => selectionCoversMenu(x.appliesTo, menu.id)))));
      return d;
    },
  };
}

export function menuDiscount(catalog: Catalog, menu: Menu, ctx: PricingContext): DiscountOutcome {
  return bestDiscount(menu.price, discountsForMenu(catalog, menu.id, ctx));
}

/** What the menu card shows for a menu (set meal). */
export function menuPrice(catalog: Catalog, menu: Menu, ctx: PricingContext): ItemPrice {
  const d = menuDiscount(catalog, menu, ctx);
  return { price: d.price, nonDiscounted: d.nonDiscounted, deposit: 0, label: d.label, hasDiscount: d.hasDiscount, litrePrice: null };
}
