import { useEffect, useLayoutEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $bootstrap,
  $deliveryType,
  $deliveryTypePreSelection,
  $deliveryZone,
  $devFlags,
  $isNonOwnerInActiveGroup,
} from '@shared/stores';
import type { DeliveryType } from '@shared/domain';
import { codeFromSearch } from '@shared/group/rules';
import { ADDRESS_TEXT, INFO_DIALOG_TEXT, deliveryFeeText, freeAfterText, minimumOrderText, shouldAutoOpenInfoDialog } from '@shared/checkout';
import { Button } from '@shared/ui';
import { useFirstInstance, type WidgetProps } from '@shared/widget';
import { FranchiseMap } from './FranchiseMap';
import { AddressInfoDialog } from './AddressInfoDialog';
import { useFranchiseRequest } from './useFranchiseRequest';
import { formatAddress, type Lookup } from './flow';
import { $address, autoOpenedBefore, consumeHandOver, markAutoOpened, openInfoDialog, restoreAddress } from './state';

const LABELS: Record<DeliveryType, string> = { delivery: ADDRESS_TEXT.delivery, pickup: ADDRESS_TEXT.pickup };

export interface AddressWidgetProps extends WidgetProps {
  /** injected in tests */
  lookup?: Lookup;
  assign?: (url: string) => void;
  geolocation?: Geolocation | null;
}

/**
 * Inline: the delivery/pickup toggle and the current address with its minimum order value and
 * fee (or a button to enter one). Page-wide (first instance only): the info dialog, which opens by
 * itself when no minimum order value is known for delivery (first visit, once per tab), and the franchise hand-over on arrival.
 */
export function AddressWidget({ host, options, lookup, assign, geolocation }: AddressWidgetProps) {
  const boot = useStore($bootstrap);
  const active = useStore($deliveryType);
  const address = useStore($address);
  const zone = useStore($deliveryZone);
  const nonOwner = useStore($isNonOwnerInActiveGroup);
  const flags = useStore($devFlags);
  const first = useFirstInstance('address');
  const data = boot.status === 'ready' ? boot.data : null;
  const shopId = data?.config.id ?? null;
  const [restoredFor, setRestoredFor] = useState<string | null>(null);

  // Per shop: a hand-over in the URL wins over the remembered address (synchronously, before
  // the auto-open rule looks at the zone).
  useLayoutEffect(() => {
    if (!shopId) return;
    restoreAddress(shopId);
    if (first) consumeHandOver(shopId);
    setRestoredFor(shopId);
  }, [shopId, first]);

  useFranchiseRequest(data!, !!data && first);

  useEffect(() => {
    if (!shopId || !first || restoredFor !== shopId || options['auto-open'] === false || options['auto-open'] === 'false') return;
    if (autoOpenedBefore(shopId)) return;
    const open = shouldAutoOpenInfoDialog({
      minimumOrderValueKnown: !!$deliveryZone.get(),
      deliveryType: $deliveryType.get(),
      reorderLink: !!flags.rorderLink,
      nonOwnerGroupMember: nonOwner,
      // joining through the group's link: a member before the group widget has joined
      groupInvitation: typeof location !== 'undefined' && codeFromSearch(location.search) !== null,
    });
    if (!open) return;
    markAutoOpened(shopId);
    openInfoDialog();
    // Decided once per shop, when its address is restored: flags and options changing later must
    // not open the dialog over what the guest is doing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId, first, restoredFor]);

  if (!data) return null;
  const { config } = data;
  if (options.view === 'map') {
    // /anfahrt: the restaurant on the map
    return (
      <FranchiseMap
        shops={[{ id: config.id, name: config.restaurantName, latitude: config.latitude, longitude: config.longitude }]}
        highlighted={config.id}
        label={`${INFO_DIALOG_TEXT.mapLabel}: ${config.restaurantName}`}
      />
    );
  }
  const supported: Record<DeliveryType, boolean> = { delivery: config.flags.supportDelivery, pickup: config.flags.supportPickup };
  const shownZone = active === 'delivery' ? zone : null;
  return (
    <div className="box">
      <div className="toggle" role="group" aria-label={ADDRESS_TEXT.toggleLabel}>
        {(['delivery', 'pickup'] as const).map((t) => (
          <button
            key={t}
            type="button"
            className="toggle__button"
            aria-pressed={active === t}
            disabled={!supported[t]}
            onClick={() => $deliveryTypePreSelection.set(t)}
          >
            {LABELS[t]}
            {!supported[t] && ` ${ADDRESS_TEXT.notPossible}`}
          </button>
        ))}
      </div>
      {address?.addr && (active === 'pickup' || zone) ? (
        <div className="address-resolved" data-address="resolved">
          <p className="address-label">{ADDRESS_TEXT.locationLabel}</p>
          <p className="address-value">{formatAddress(address.addr)}</p>
          {shownZone && (
            <ul className="address-zone" data-fee={shownZone.fee} data-minimum={shownZone.minimumOrderValue}>
              <li>{minimumOrderText(shownZone.minimumOrderValue)}</li>
              <li>{deliveryFeeText(shownZone.fee)}</li>
              {shownZone.freeAfter > 0 && <li>{freeAfterText(shownZone.freeAfter)}</li>}
            </ul>
          )}
          <Button variant="secondary" onClick={() => openInfoDialog()}>
            {ADDRESS_TEXT.change}
          </Button>
        </div>
      ) : (
        <Button onClick={() => openInfoDialog()} data-action="enter-address">
          {INFO_DIALOG_TEXT.enterAddress}
        </Button>
      )}
      {first && <AddressInfoDialog boot={data} host={host} lookup={lookup} assign={assign} geolocation={geolocation} />}
    </div>
  );
}
