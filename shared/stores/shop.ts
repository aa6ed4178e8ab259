// Shop data: the one bootstrap request and what derives from it.
import { atom, computed } from 'nanostores';
import type { Bootstrap, Catalog, DeliveryPeriod, ShopConfig } from '@shared/domain';
import { configureApi, switchApiShop, getApiConfig, getBootstrap, getDeliveryPeriod, isApiConfigured, startPolling, toApiError, type ApiError, type Poller } from '@shared/api';

export type BootstrapState =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: Bootstrap; error: null }
  | { status: 'error'; data: null; error: ApiError };

export const $shopId = atom<string | null>(null);

export const $bootstrap = atom<BootstrapState>({ status: 'loading', data: null, error: null });

export const $config = computed($bootstrap, (b): ShopConfig | null => b.data?.config ?? null);
export const $catalog = computed($bootstrap, (b): Catalog | null => b.data?.catalog ?? null);

/** Starts with the bootstrap's period; refreshDeliveryPeriod() replaces it (every 5 min). */
export const $deliveryPeriod = atom<DeliveryPeriod | null>(null);

let inflight: { shopId: string; promise: Promise<void> } | null = null;

/**
 * Loads the shop once. Several widgets may call this at the same time: they share one
 * request. A ready shop is not reloaded unless `force` is set.
 */
export function loadShop(shopId: string, opts: { force?: boolean } = {}): Promise<void> {
  if (inflight && inflight.shopId === shopId) return inflight.promise;
  const current = $bootstrap.get();
  if (!opts.force && $shopId.get() === shopId && current.status === 'ready') return Promise.resolve();

  if (!isApiConfigured()) configureApi({ shopId });
  else if (getApiConfig().shopId !== shopId) switchApiShop(shopId);
  $shopId.set(shopId);
  if (current.status !== 'ready' || current.data.config.id !== shopId) {
    $bootstrap.set({ status: 'loading', data: null, error: null });
  }
  const promise = getBootstrap()
    .then((data) => {
      if ($shopId.get() !== shopId) return;
      $bootstrap.set({ status: 'ready', data, error: null });
      $deliveryPeriod.set(data.deliveryPeriod);
    })
    .catch((e: unknown) => {
      if ($shopId.get() !== shopId) return;
      const error = toApiError(e);
      console.error('[tischlein] shop data could not be loaded', error);
      $bootstrap.set({ status: 'error', data: null, error });
    })
    .finally(() => {
      if (inflight?.promise === promise) inflight = null;
    });
  inflight = { shopId, promise };
  return promise;
}

/** Reloads the delivery period; a failure keeps the last known one. */
export async function refreshDeliveryPeriod(): Promise<boolean> {
  try {
    const period = await getDeliveryPeriod();
    $deliveryPeriod.set(period);
    // The menu changed since the bootstrap: load it; the cart is restored against it and what is
    // gone is listed in 'Warenkorb Probleme' (shared/stores/order.ts keeps the previous catalog).
    const b = $bootstrap.get();
    const shopId = $shopId.get();
    if (shopId && period.catalogVersion && b.status === 'ready' && b.data.catalogVersion && b.data.catalogVersion !== period.catalogVersion) {
      void loadShop(shopId, { force: true });
    }
    return true;
  } catch (e) {
    console.warn('[tischlein] delivery period refresh failed', e);
    return false;
  }
}

export const DELIVERY_PERIOD_REFRESH_MS = 5 * 60 * 1000;

let refresher: Poller | null = null;

/** the delivery period is reloaded every 5 minutes. */
export function startDeliveryPeriodRefresh(): () => void {
  refresher ??= startPolling({ load: refreshDeliveryPeriod, intervalMs: DELIVERY_PERIOD_REFRESH_MS, delayFirst: true });
  return stopDeliveryPeriodRefresh;
}

export function stopDeliveryPeriodRefresh(): void {
  refresher?.stop();
  refresher = null;
}

/** Test helper. */
export function resetShop(): void {
  inflight = null;
  stopDeliveryPeriodRefresh();
  $shopId.set(null);
  $bootstrap.set({ status: 'loading', data: null, error: null });
  $deliveryPeriod.set(null);
}
