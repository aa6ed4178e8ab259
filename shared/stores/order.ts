// The order as the engine prices it: one computed store every widget reads (cart, cart button,
// checkout), so what the guest sees is what the server will charge (same shared/cartpricing).
// The cart's pricing is not part of the embed runtime: it is loaded on first use (a widget reads
// the totals, a stored cart is restored, the menu adds a line), so a page that only shows the
// menu does not download it.
import { atom, computed, onMount } from 'nanostores';
import type { CartItem, Catalog, SelectedFreeItem, TwoForOneStatus } from '@shared/domain';
import type * as CartPricing from '@shared/cartpricing';
import { pricingContext, type DeliveryInput, type OrderBreakdown, type PricingContext } from '@shared/pricing';
import { $bootstrap, $catalog, $shopId } from './shop';
import { $cart, setCartRestorer } from './cart';
import { $soldOut } from './live';
import { $coupon } from './coupon';
import { $deliveryType } from './deliveryType';
import { $shopTime } from './shopTime';
import { $tableNumber } from './session';
import { keys, local, parseJson } from './storage';

/** True while the guest is in an active group order (set by the group widget). */
export const $groupOrderActive = atom<boolean>(false);

/** The guest's role in the group order (set by the group widget); only the owner's two-for-one choice counts. */
export const $groupRole = atom<'owner' | 'member' | null>(null);

// Start-up: a stored group membership counts at once (no location prompt for a member on reload),
// before the lazily loaded group widget reads the group.
$shopId.subscribe((shopId) => {
  const g = shopId ? (parseJson(local.get(keys.group(shopId))) as { groupId?: unknown; role?: unknown } | undefined) : undefined;
  $groupOrderActive.set(typeof g?.groupId === 'string');
  $groupRole.set(g?.role === 'owner' || g?.role === 'member' ? g.role : null);
});

/** The other members' lines the group owner pays for (set by @shared/group at checkout); priced with the own cart. */
export const $groupLines = atom<CartItem[]>([]);
/** In a group order, the other members' cart totals while they are not in $groupLines (set by @shared/group). */
export const $groupOthersSubtotal = atom<number>(0);
/** What the guest orders: the own cart, plus the members' lines when paying for a group. */
export const $orderItems = computed([$cart, $groupLines], (cart, group) => (group.length ? [...cart, ...group] : cart));

/** non-owner members of an active group get no two-for-one choice dialog. */
export const $isNonOwnerInActiveGroup = computed(
  [$groupOrderActive, $groupRole],
  (active, role) => active && role === 'member',
);

/** The delivery zone of the guest's address (geo result), null until an address is known. */
export const $deliveryZone = atom<DeliveryInput | null>(null);

/** Two-for-one status per promotion group key; missing = pending. */
export const $twoForOneStatus = atom<Record<string, TwoForOneStatus>>({});
export function setTwoForOneStatus(groupKey: string, status: TwoForOneStatus): void {
  $twoForOneStatus.set({ ...$twoForOneStatus.get(), [groupKey]: status });
}

/** The free items the guest chose for reached free-item offers. */
export const $selectedFreeItems = atom<SelectedFreeItem[]>([]);
/** The latest choice goes first: where offers do not combine, the engine keeps it and drops the older one. */
export function selectFreeItem(item: SelectedFreeItem): void {
  $selectedFreeItems.set([item, ...$selectedFreeItems.get().filter((i) => i.offerId !== item.offerId)]);
}
export function unselectFreeItem(offerId: string): void {
  $selectedFreeItems.set($selectedFreeItems.get().filter((i) => i.offerId !== offerId));
}

/** Stored choices, whatever storage holds: only well-formed entries survive (the engine re-checks them). */
export function parseSelectedFreeItems(raw: unknown): SelectedFreeItem[] {
  if (!Array.isArray(raw)) return [];
  const out: SelectedFreeItem[] = [];
  for (const e of raw.slice(0, 20)) {
    if (typeof e !== 'object' || e === null) continue;
    const { offerId, dishId, sizeId } = e as Record<string, unknown>;
    if (typeof offerId !== 'string' || typeof dishId !== 'string' || !(sizeId === null || typeof sizeId === 'string')) continue;
    out.push({ offerId, dishId, sizeId });
  }
  return out;
}

// The choice is kept with the cart, per shop, across reloads.
$shopId.subscribe((shopId) => {
  $selectedFreeItems.set(shopId ? parseSelectedFreeItems(parseJson(local.get(keys.freeItems(shopId)))) : []);
});
$selectedFreeItems.listen((items) => {
  const shopId = $shopId.get();
  if (shopId) local.set(keys.freeItems(shopId), JSON.stringify(items));
});

const MONDAY_NOON = { dayIndex: 0, minute: 720 };

export const $pricingContext = computed(
  [$shopTime, $deliveryType, $groupOrderActive, $tableNumber],
  (time, deliveryType, groupOrderActive, table): PricingContext =>
    pricingContext({ time: time ?? MONDAY_NOON, deliveryType, groupOrderActive, table: table !== null }),
);

export type CartEngine = typeof CartPricing;
/** The cart's pricing once loaded (null before), for the stores below; others use loadCartEngine(). */
const $cartEngine = atom<CartEngine | null>(null);
let engine: CartEngine | null = null;
let engineLoad: Promise<CartEngine> | null = null;

/** Loads the cart's pricing (once; a failed download is tried again on the next call). */
export function loadCartEngine(): Promise<CartEngine> {
  engineLoad ??= import('@shared/cartpricing').then(
    (m) => {
      engine = m;
      $cartEngine.set(m);
      plugRestorer();
      return m;
    },
    (e: unknown) => {
      engineLoad = null;
      throw e;
    },
  );
  return engineLoad;
}

/** The cart's pricing when it is already loaded, else null (and the download starts). */
export function cartEngineNow(): CartEngine | null {
  if (!engine) void loadCartEngine().catch(warnEngine);
  return engine;
}

function warnEngine(e: unknown): void {
  console.warn('[tischlein] the cart pricing could not be loaded', e);
}

/** null until the catalog and the cart's pricing are there. */
export const $orderTotals = computed(
  [$cartEngine, $catalog, $orderItems, $pricingContext, $coupon, $selectedFreeItems, $twoForOneStatus, $deliveryZone, $groupOthersSubtotal],
  (eng, catalog, items, ctx, coupon, selectedFreeItems, twoForOneStatus, delivery, groupOthersSubtotal): OrderBreakdown | null =>
    eng && catalog
      ? eng.priceOrder({ catalog, items, ctx, coupon, selectedFreeItems, twoForOneStatus, delivery: ctx.deliveryType === 'pickup' ? null : delivery, groupOthersSubtotal })
      : null,
);
// Whoever reads the totals needs the engine.
onMount($orderTotals, () => {
  void loadCartEngine().catch(warnEngine);
});

// Selections of offers no longer reached (or no longer valid) are dropped.
// The order is only watched while something is selected.
let stopWatchingFreeItems: (() => void) | null = null;
$selectedFreeItems.subscribe((selected) => {
  if (selected.length === 0) {
    stopWatchingFreeItems?.();
    stopWatchingFreeItems = null;
    return;
  }
  if (stopWatchingFreeItems) return;
  stopWatchingFreeItems = $orderTotals.subscribe((order) => {
    const dropped = order?.droppedFreeItems ?? [];
    if (dropped.length === 0) return;
    const current = $selectedFreeItems.get();
    const keep = current.filter((s) => !dropped.some((d) => d.offerId === s.offerId && d.dishId === s.dishId && d.sizeId === s.sizeId));
    if (keep.length !== current.length) $selectedFreeItems.set(keep);
  });
});

/**
 * Catalogs seen on this page, by shop, and the one each replaced: dropped lines are named from
 * the catalog they were made with (another shop's after a franchise switch, else the shop's previous one).
 */
const catalogsByShop = new Map<string, Catalog>();
const previousByShop = new Map<string, Catalog>();

/** Plugs the engine's restore in for the current shop's catalog (once both are there). */
function plugRestorer(): void {
  const b = $bootstrap.get();
  if (!engine || !b || b.status !== 'ready') return;
  const eng = engine;
  const catalog = b.data.catalog;
  const shopId = $shopId.get() ?? b.data.config.id;
  setCartRestorer(
    (raw, meta) =>
      eng.restoreCart(catalog, raw, {
        ctx: $pricingContext.get(),
        hiddenTags: b.data.config.hiddenTags,
        previousCatalog: (meta.fromShopId ? catalogsByShop.get(meta.fromShopId) : previousByShop.get(shopId)) ?? null,
        // read at each re-check: what the staff marked sold out leaves the cart (shared/ops)
        soldOut: $soldOut.get(),
      }),
    shopId,
  );
}

// A cart with lines needs the engine (restore of stored lines, re-checks, the two-for-one choice).
$cart.listen((items) => {
  if (items.length > 0 && !engine) void loadCartEngine().catch(warnEngine);
});

// Once the catalog is known, stored carts go through the engine's restore;
// until the engine is loaded the lines are kept as stored.
$bootstrap.subscribe((b) => {
  if (b.status !== 'ready') return;
  const catalog = b.data.catalog;
  const shopId = $shopId.get() ?? b.data.config.id;
  const known = catalogsByShop.get(shopId);
  if (known && known !== catalog) previousByShop.set(shopId, known);
  catalogsByShop.set(shopId, catalog);
  plugRestorer();
});
