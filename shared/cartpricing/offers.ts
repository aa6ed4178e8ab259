// Offers: cart discounts, free items, free delivery, shared banners.
import type { Catalog, Cents, Offer, SelectedFreeItem } from '@shared/domain';
import { FREE_DELIVERY_REACHED, freeDeliveryFrom, freeDeliveryRemaining } from './texts';
import { FREE_DELIVERY_NEAR_MARGIN, FREE_ITEM_NEARLY_MARGIN, findSizePrice, indexCatalog, isValidSize, dishPrice, percentOf, type CartDiscountResult, type FreeItemOfferState, type FreeItemResult, type FreeItemState, type PricingContext } from '@shared/pricing';

function offersOf(catalog: Catalog, type: Offer['offerType']): Offer[] {
  return (catalog.offers ?? []).filter((o) => o.offerType === type);
}

/** group-only offers count only while group ordering is active */
function groupOk(o: Offer, ctx: PricingContext): boolean {
  return !o.groupOrderOnly || ctx.groupOrderActive;
}

function channelOk(o: Offer, ctx: PricingContext): boolean {
  return !o.channel || o.channel === 'all' || o.channel === ctx.channel;
}

/** Value of one cart discount offer on a subtotal: percent (rounded) or a fixed value, capped at the subtotal. */
export function cartDiscountValue(o: Pick<Offer, 'discountType' | 'value'>, subtotal: Cents): Cents {
  const v = Number.isFinite(o.value) && o.value > 0 ? o.value : 0;
  const raw = o.discountType === 'percent' ? percentOf(subtotal, Math.min(100, v)) : Math.round(v);
  return Math.max(0, Math.min(subtotal, raw));
}

/**
 * Cart discount offers: eligible when channel and group-only match and the subtotal reaches the
 * minimumOrderValue. Own reading: cart discounts do not stack; the one saving most is applied.
 */
export function cartDiscounts(catalog: Catalog, subtotal: Cents, ctx: PricingContext): CartDiscountResult[] {
  const results: CartDiscountResult[] = offersOf(catalog, 'cartDiscount')
    .filter((o) => channelOk(o, ctx) && groupOk(o, ctx))
    .map((o) => {
      const min = Math.max(0, o.minimumOrderValue || 0);
      const eligible = subtotal > 0 && subtotal >= min;
      return { offerId: o.id, title: o.title, eligible, applied: false, amount: eligible ? cartDiscountValue(o, subtotal) : 0, missing: Math.max(0, min - subtotal) };
    });
  let best: CartDiscountResult | null = null;
  for (const r of results) if (r.eligible && r.amount > 0 && (!best || r.amount > best.amount)) best = r;
  if (best) best.applied = true;
  for (const r of results) if (!r.applied) r.amount = 0;
  return results;
}

/** 'reached' at or above the minimum, 'nearly-reached' within 500 cents, else 'not-reached'. */
export function freeItemState(subtotal: Cents, minimumOrderValue: Cents): FreeItemState {
  if (subtotal >= minimumOrderValue) return 'reached';
  if (minimumOrderValue - subtotal <= FREE_ITEM_NEARLY_MARGIN) return 'nearly-reached';
  return 'not-reached';
}

export function freeItemOfferStates(catalog: Catalog, subtotal: Cents, ctx: PricingContext, twoForOneApplied: boolean): FreeItemOfferState[] {
  return offersOf(catalog, 'freeItem').filter((o) => groupOk(o, ctx)).map((o) => {
    const min = Math.max(0, o.minimumOrderValue || 0);
    const blocked = twoForOneApplied && !o.accumulativeTwoForOne;
    const state = blocked ? 'not-reached' : freeItemState(subtotal, min);
    return { offerId: o.id, title: o.title, minimumOrderValue: min, state, missing: Math.max(0, min - subtotal), blockedByTwoForOne: blocked };
  });
}

/**
 * Keep the selected free items whose offer is reached and whose dish/size the offer lists; one per
 * offer. Own reading of `combinable`: a non-combinable offer's item cannot be taken together with
 * another free item; the earlier selection wins. Each kept item adds its size's deposit.
 */
export function resolveFreeItems(
  catalog: Catalog, selected: readonly SelectedFreeItem[], states: readonly FreeItemOfferState[], ctx: PricingContext,
): { kept: FreeItemResult[]; dropped: SelectedFreeItem[] } {
  const idx = indexCatalog(catalog);
  const kept: FreeItemResult[] = [];
  const keptOffers: Offer[] = [];
  const dropped: SelectedFreeItem[] = [];
  for (const sel of selected) {
    const offer = idx.offers.get(sel?.offerId);
    const state = states.find((s) => s.offerId === sel?.offerId);
    const sizeId = sel?.sizeId === '' || sel?.sizeId === undefined ? null : sel?.sizeId;
    // a dish of a hidden category is no free item either
    const dish = offer && !idx.hiddenDishes.has(sel.dishId) ? idx.dishes.get(sel.dishId) : undefined;
    const listed = !!offer && offer.freeItems.some((r) => r.dishId === sel.dishId && (r.sizeId === null || r.sizeId === sizeId));
    const conflict = !!offer && keptOffers.length > 0 && (!offer.combinable || keptOffers.some((o) => !o.combinable));
    const again = keptOffers.includes(offer as Offer);
    if (!offer || offer.offerType !== 'freeItem' || state?.state !== 'reached' || !dish || !isValidSize(dish, sizeId) || !listed || conflict || again) {
      dropped.push(sel);
      continue;
    }
    keptOffers.push(offer);
    kept.push({
      offerId: offer.id, dishId: dish.id, sizeId, name: dish.name,
      value: dishPrice(catalog, dish, sizeId, ctx).price, deposit: findSizePrice(dish, sizeId)?.deposit || 0,
    });
  }
  return { kept, dropped };
}

export interface FreeDelivery {
  /** the lowest minimumOrderValue of the free-delivery offers; null without such offers */
  threshold: Cents | null;
  reached: boolean;
  banner: string | null;
}

/**
 * Free-delivery banner from the lowest minimumOrderValue of the free-delivery offers:
 * reached → 'Deine Lieferung ist kostenlos!*'; remaining ≤ 1000 → 'Noch {amount} bis …';
 * else 'Gratis Lieferung ab {threshold}!*'. Pickup shows none (it has no fee).
 */
export function freeDelivery(catalog: Catalog, subtotal: Cents, ctx: PricingContext): FreeDelivery {
  const offers = offersOf(catalog, 'freeDelivery').filter((o) => groupOk(o, ctx));
  if (offers.length === 0) return { threshold: null, reached: false, banner: null };
  const threshold = Math.min(...offers.map((o) => Math.max(0, o.minimumOrderValue || 0)));
  const remaining = threshold - subtotal;
  const reached = remaining <= 0;
  if (ctx.deliveryType === 'pickup') return { threshold, reached, banner: null };
  const banner = reached ? FREE_DELIVERY_REACHED
    : remaining <= FREE_DELIVERY_NEAR_MARGIN ? freeDeliveryRemaining(remaining) : freeDeliveryFrom(threshold);
  return { threshold, reached, banner };
}

export function sharedBanners(catalog: Catalog): { offerId: string; title: string; offers: Offer[] }[] {
  const idx = indexCatalog(catalog);
  return offersOf(catalog, 'sharedBanner').map((o) => ({
    offerId: o.id, title: o.title,
    offers: (o.offers ?? []).map((id) => idx.offers.get(id)).filter((x): x is Offer => !!x && x.offerType !== 'sharedBanner'),
  }));
}
