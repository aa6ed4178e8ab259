import { useStore } from '@nanostores/react';
import { $bootstrap, $deliveryType, $deliveryTypePreSelection } from '@shared/stores';
import type { DeliveryType } from '@shared/domain';
import { ADDRESS_TEXT } from '@shared/i18n';
import type { WidgetProps } from '@shared/widget';
import { AddressForm } from './AddressForm';
import { FranchiseChooser } from './FranchiseChooser';
import type { Lookup } from './flow';

const LABELS: Record<DeliveryType, string> = { delivery: ADDRESS_TEXT.delivery, pickup: ADDRESS_TEXT.pickup };

export interface AddressWidgetProps extends WidgetProps {
  /** injected in tests */
  lookup?: Lookup;
  assign?: (url: string) => void;
}

export function AddressWidget({ host, lookup, assign }: AddressWidgetProps) {
  const boot = useStore($bootstrap);
  const active = useStore($deliveryType);
  if (boot.status !== 'ready' || !boot.data) return null;
  const { config, franchise } = boot.data;
  const flags = config.flags;
  const supported: Record<DeliveryType, boolean> = { delivery: flags.supportDelivery, pickup: flags.supportPickup };
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
      <AddressForm config={config} deliveryType={active} lookup={lookup} />
      {franchise && franchise.shops.length > 0 && (
        <FranchiseChooser franchise={franchise} currentShopId={config.id} deliveryType={active} host={host} assign={assign} />
      )}
    </div>
  );
}
