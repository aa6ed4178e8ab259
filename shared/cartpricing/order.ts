// One order total (priceOrder): the single source for the cart widget, the checkout and the server.
import type { Cents } from '@shared/domain';
import { priceLine } from './line';
import { createDiscountMemo, type OrderBreakdown, type OrderInput, type OrderLine } from '@shared/pricing';
import { computeTwoForOne } from './twoForOne';
import { cartDiscounts, freeDelivery, freeItemOfferStates, resolveFreeItems, sharedBanners } from './offers';
import { couponDiscount } from './coupon';

/**
 * Order of the steps (each base is documented in docs/pricing.md):
 * lines (item discounts) → two-for-one → subtotal → cart discount → discounted subtotal
 * (base of free items, free delivery, coupon, minimum order value) → coupon → deposit → delivery fee → grand total.
 */
export function priceOrder(input: OrderInput): OrderBreakdown {
  const { catalog, ctx } = input;
  // untrusted input belongs through restoreCart first; this only guards against non-objects
  const items = Array.isArray(input.items) ? input.items.filter((l) => typeof l === 'object' && l !== null) : [];
  const memo = createDiscountMemo(catalog, ctx);
  const prices = items.map((l) => priceLine(catalog, l, ctx, memo));
  const tfo = computeTwoForOne(catalog, items, prices, input.twoForOneStatus ?? {});

  const lines: OrderLine[] = [];
  const invalidLineIds: string[] = [];
  let itemsNonDiscounted = 0;
  let itemsTotal = 0;
  let itemDiscount = 0;
  let subtotalRaw = 0;
  let lineDeposit = 0;
  prices.forEach((p, i) => {
    if (!p.valid) { invalidLineIds.push(p.lineId); return; }
    const eff = tfo.lines[i];
    const forfeited = eff?.discountForfeited ?? false;
    const before = forfeited ? p.totalNonDiscounted : p.total;
    const saving = eff?.saving ?? 0;
    const payable = before - saving;
    itemsNonDiscounted += p.totalNonDiscounted;
    itemsTotal += p.total;
    itemDiscount += p.totalNonDiscounted - before;
    subtotalRaw += payable;
    lineDeposit += p.deposit;
    const line = p as OrderLine;
    line.twoForOneKey = eff?.key ?? null;
    line.freeUnits = eff?.freeUnits ?? 0;
    line.twoForOneSaving = saving;
    line.discountForfeited = forfeited;
    line.payable = payable;
    lines.push(line);
  });
  // refund lines are negative; the order itself never is (own reading)
  const subtotal = Math.max(0, subtotalRaw);
  const ordered = lines.length > 0;

  const cart = cartDiscounts(catalog, subtotal, ctx);
  const cartDiscount = cart.find((c) => c.applied)?.amount ?? 0;
  const discountedSubtotal = subtotal - cartDiscount;

  const twoForOneApplied = tfo.groups.some((g) => g.applied);
  const freeItemOffers = freeItemOfferStates(catalog, discountedSubtotal, ctx, twoForOneApplied);
  const { kept: freeItems, dropped: droppedFreeItems } = resolveFreeItems(
    catalog, ordered ? input.selectedFreeItems ?? [] : [], freeItemOffers, ctx,
  );
  if (!ordered) droppedFreeItems.push(...(input.selectedFreeItems ?? []));

  const coupon = couponDiscount(input.coupon, discountedSubtotal);
  const couponAmount = coupon?.applied ? coupon.amount : 0;

  const deposit = lineDeposit + freeItems.reduce((s, f) => s + f.deposit, 0);

  const fd = freeDelivery(catalog, discountedSubtotal, ctx);
  let deliveryFee: Cents = 0;
  let deliveryFeeWaived = false;
  if (ctx.deliveryType === 'delivery' && input.delivery && ordered) {
    const zoneFee = Math.max(0, Math.round(input.delivery.fee || 0));
    const freeAfter = Math.max(0, input.delivery.freeAfter || 0);
    deliveryFeeWaived = zoneFee > 0 && (fd.reached || (freeAfter > 0 && discountedSubtotal >= freeAfter));
    deliveryFee = deliveryFeeWaived ? 0 : zoneFee;
  }

  const minValue = ctx.deliveryType === 'delivery' && input.delivery ? Math.max(0, input.delivery.minimumOrderValue || 0) : 0;
  // a group order is one order: the other members' carts count toward the minimum
  const towardMinimum = discountedSubtotal + Math.max(0, Math.round(input.groupOthersSubtotal || 0));
  const minimumOrder = !ordered
    ? { status: 'not-ordered' as const, missing: minValue, value: minValue }
    : towardMinimum < minValue
      ? { status: 'not-reached' as const, missing: minValue - towardMinimum, value: minValue }
      : { status: 'reached' as const, missing: 0, value: minValue };

  const grandTotal = Math.max(deliveryFee, discountedSubtotal - couponAmount + deposit + deliveryFee);

  return {
    lines, invalidLineIds, itemsNonDiscounted, itemsTotal,
    discounts: { item: itemDiscount, twoForOne: tfo.saving, cartDiscount, coupon: couponAmount },
    twoForOne: tfo.groups, subtotal, cartDiscounts: cart, discountedSubtotal,
    freeItemOffers, freeItems, droppedFreeItems, coupon, subtotalAfterCoupon: discountedSubtotal - couponAmount, deposit, deliveryFee, deliveryFeeWaived,
    freeDeliveryBanner: fd.banner,
    sharedBanners: sharedBanners(catalog), minimumOrder, grandTotal,
  };
}
