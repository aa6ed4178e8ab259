// The shop's live state (shared/ops): taking orders or not (pause, no staff device), busy
// minutes, sold-out dishes and extras. Asked every few seconds while the page is visible, so every
// open page follows the staff within seconds. A change of pause or busy reloads the delivery
// period (the server applies them to the serve times); a change of the sold-out list re-checks
// the cart (what dropped is listed in 'Warenkorb Probleme').
import { atom, computed } from 'nanostores';
import { getShopLive, startPolling, type Poller } from '@shared/api';
import type { ShopLive } from '@shared/ops/rules';
import { recheckCart } from './cart';
import { $bootstrap, $shopId, loadShop, refreshDeliveryPeriod } from './shop';

export const SHOP_LIVE_POLL_MS = 5000;

/** null until the first answer (the shop is assumed to take orders: the server refuses otherwise). */
export const $shopLive = atom<ShopLive | null>(null);

export const $soldOut = computed($shopLive, (l): ReadonlySet<string> => new Set(l?.soldOut ?? []));

/** The German notice while the shop takes no orders, else null. */
export const $ordersNotice = computed($shopLive, (l) => (l && !l.takingOrders ? l.notice : null));

/** Takes an answer: what changed is passed on (period, cart, a newly published menu). */
export async function receiveShopLive(next: ShopLive & { catalogVersion?: string }): Promise<void> {
  const prev = $shopLive.get();
  $shopLive.set(next);
  // a menu published since the page loaded: load it; the cart is restored against it and what
  // changed is listed in 'Warenkorb Probleme'
  const b = $bootstrap.get();
  const shopId = $shopId.get();
  if (shopId && next.catalogVersion && b.status === 'ready' && b.data.catalogVersion && b.data.catalogVersion !== next.catalogVersion) {
    void loadShop(shopId, { force: true });
  }
  if (next.soldOut.length && (!prev || prev.soldOut.join('\n') !== next.soldOut.join('\n'))) recheckCart();
  if (prev && (prev.takingOrders !== next.takingOrders || prev.busyMinutes !== next.busyMinutes)) await refreshDeliveryPeriod();
}

export async function refreshShopLive(): Promise<boolean> {
  try {
    await receiveShopLive(await getShopLive());
    return true;
  } catch (e) {
    console.warn('[tischlein] shop state refresh failed', e);
    return false;
  }
}

let poller: Poller | null = null;
let unlistenShop: (() => void) | null = null;
const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
const onVisible = () => {
  if (visible()) poller?.refresh();
};

/**
 * Asks now and every `intervalMs` while the page is visible (the shared poller: the next question
 * only after the last answer), at once when the page becomes visible again or the shop changes.
 */
export function startShopLive(intervalMs = SHOP_LIVE_POLL_MS): () => void {
  if (poller) return stopShopLive;
  poller = startPolling({
    load: async () => {
      if (visible()) await receiveShopLive(await getShopLive());
    },
    onFailure: (_failures, _stopped, e) => console.warn('[tischlein] shop state refresh failed', e),
    intervalMs,
  });
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  // another shop of the franchise: its own state at once
  unlistenShop = $shopId.listen(() => {
    $shopLive.set(null);
    poller?.refresh();
  });
  return stopShopLive;
}

export function stopShopLive(): void {
  poller?.stop();
  poller = null;
  unlistenShop?.();
  unlistenShop = null;
  if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
}

/** Test helper. */
export function resetShopLive(): void {
  stopShopLive();
  $shopLive.set(null);
}
