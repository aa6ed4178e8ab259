import { useStore } from '@nanostores/react';
import { $bootstrap, $deliveryType, $deliveryTypePreSelection } from '@shared/stores';
import type { DeliveryType } from '@shared/domain';
import type { WidgetProps } from '@shared/widget';

const LABELS: Record<DeliveryType, string> = { delivery: 'Lieferung', pickup: 'Abholung' };

export function AddressWidget(_props: WidgetProps) {
  const boot = useStore($bootstrap);
  const active = useStore($deliveryType);
  if (boot.status !== 'ready' || !boot.data) return null;
  const flags = boot.data.config.flags;
  const supported: Record<DeliveryType, boolean> = { delivery: flags.supportDelivery, pickup: flags.supportPickup };
  return (
    <div className="box">
      <div className="toggle" role="group" aria-label="Lieferung oder Abholung">
        {(['delivery', 'pickup'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={active === t}
            disabled={!supported[t]}
            onClick={() => $deliveryTypePreSelection.set(t)}
          >
            {LABELS[t]}
            {!supported[t] && ' nicht möglich'}
          </button>
        ))}
      </div>
    </div>
  );
}
