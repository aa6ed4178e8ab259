// Starts the shop data for a page: API origin and shop id, then the one bootstrap request
// (reusing the response the embed stub already started, if any).
import { configureApi, primeBootstrap } from '@shared/api';
import { loadShop, startShopServices } from '@shared/stores';

export interface StartOptions {
  shopId: string;
  apiOrigin: string;
  prefetched?: Promise<Response> | null;
}

export function startShop(opts: StartOptions): void {
  configureApi({ origin: opts.apiOrigin, shopId: opts.shopId });
  if (opts.prefetched) primeBootstrap(opts.prefetched);
  void loadShop(opts.shopId);
  // shop clock (one minute per minute) and the delivery period refresh every 5 minutes
  startShopServices();
}
