// The order as the engine prices it: one computed store every widget reads (cart, cart button,
// checkout), so what the guest sees is what the server will charge (same shared/pricing).
import { atom, computed } from 'nanostores';
import type { SelectedFreeItem, TwoForOneStatus } from '@shared/domain';
import { priceOrder, restoreCart, type DeliveryInput, type OrderBreakdown, type PricingContext } from '@shared/pricing';
import { $bootstrap, $catalog } from './shop';
import { $cart, setCartRestorer } from './cart';
import { $coupon } from './coupon';
import { $deliveryType } from './deliveryType';
import { $shopTime } from './shopTime';
import { $tableNumber } from './session';

/** True while the guest is in an active group order (set by the group widget). */
export const $groupOrderActive = atom<boolean>(false);

/** The delivery zone of the guest's address (geo result), null until an address is known. */
export const $deliveryZone = atom<DeliveryInput | null>(null);

/** Two-for-one status per promotion group key (storefront-core.md §4); missing = pending. */
export const $twoForOneStatus = atom<Record<string, TwoForOneStatus>>({});
export function setTwoForOneStatus(groupKey: string, status: TwoForOneStatus): void {
  $twoForOneStatus.set({ ...$twoForOneStatus.get(), [groupKey]: status });
}

/** The free items the guest chose for reached free-item offers. */
export const $selectedFreeItems = atom<SelectedFreeItem[]>([]);
export function selectFreeItem(item: SelectedFreeItem): void {
  $selectedFreeItems.set([...$selectedFreeItems.get().filter((i) => i.offerId !== item.offerId), item]);
}
export function unselectFreeItem(offerId: string): void {
  $selectedFreeItems.set($selectedFreeItems.get().filter((i) => i.offerId !== offerId));
}

const MONDAY_NOON = { dayIndex: 0, minute: 720 };

export const $pricingContext = computed(
  [$shopTime, $deliveryType, $groupOrderActive, $tableNumber],
  (time, deliveryType, groupOrderActive, table): PricingContext => ({
    time: time ?? MONDAY_NOON,
    channel: table ? 'dineIn' : 'webshop',
    deliveryType,
    groupOrderActive,
  }),
);

export const $orderTotals = computed(
  [$catalog, $cart, $pricingContext, $coupon, $selectedFreeItems, $twoForOneStatus, $deliveryZone],
  (catalog, items, ctx, coupon, selectedFreeItems, twoForOneStatus, delivery): OrderBreakdown | null =>
    catalog
      ? priceOrder({ catalog, items, ctx, coupon, selectedFreeItems, twoForOneStatus, delivery: ctx.deliveryType === 'pickup' ? null : delivery })
      : null,
);

// Once the catalog is known, stored carts go through the engine's restore (storefront-core.md §4).
$bootstrap.subscribe((b) => {
  if (b.status !== 'ready') return;
  const catalog = b.data.catalog;
  setCartRestorer((raw) => restoreCart(catalog, raw, { ctx: $pricingContext.get(), hiddenTags: b.data.config.hiddenTags }));
});
