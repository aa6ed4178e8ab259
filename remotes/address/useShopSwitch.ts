// Choosing a franchise shop: the current one closes the dialog (and opens the dish asked for);
// another one gets the guest's address, cart and time handed over in the URL's hash.
import type { FranchiseShop } from '@shared/domain';
import { encodeHandOver } from '@shared/checkout';
import { $cart, $deliveryType, $serveAt, clearFranchiseRequest, openDishLink, track, type FranchiseRequest } from '@shared/stores';
import type { AddressInfoDialogProps } from './dialogProps';
import { formatAddress, franchiseTarget } from './flow';
import { $address, closeInfoDialog, type DialogState } from './state';

export function useShopSwitch({ boot, host, assign = (url) => location.assign(url) }: Pick<AddressInfoDialogProps, 'boot' | 'host' | 'assign'>, request: FranchiseRequest | null) {
  return (shop: FranchiseShop, state: DialogState) => {
    const current = boot.config.id;
    const resolved = $address.get();
    if (shop.id === current) {
      closeInfoDialog();
      clearFranchiseRequest();
      if (request?.item?.kind === 'dish') openDishLink(request.item.id);
      return;
    }
    const addr = state.home ?? resolved?.addr ?? null;
    const zone = resolved?.zone ?? null;
    const hash = encodeHandOver({
      deliveryType: $deliveryType.get(),
      locationString: resolved?.input ?? (addr ? formatAddress(addr) : ''),
      selectedDish: request?.item?.kind === 'dish' ? request.item.id : null,
      serveAt: $serveAt.get(),
      cart: $cart.get() as unknown as Record<string, unknown>[],
      geo: addr
        ? {
            addr: { street: addr.street, streetNumber: addr.streetNumber, zip: addr.zip, city: addr.city, latitude: addr.latitude, longitude: addr.longitude },
            ...(zone ? { deliveryFee: zone.fee, minimumOrderValue: zone.minimumOrderValue, freeAfter: zone.freeAfter } : {}),
            distance: shop.distance,
          }
        : null,
    });
    const target = franchiseTarget(shop, request?.item ?? null, { inShell: host.inShell, origin: location.origin, shopUrl: host.shopUrl });
    void track('franchise-switch', { from: current, to: shop.id });
    assign(target + hash);
  };
}
