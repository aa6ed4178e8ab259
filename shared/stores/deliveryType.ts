// manual pre-selection wins over the automatic one.
import { atom, computed } from 'nanostores';
import type { DeliveryType } from '@shared/domain';
import { autoDeliveryType } from '@shared/rules';
import { $config } from './shop';

export const $deliveryTypePreSelection = atom<DeliveryType | null>(null);

export const $deliveryTypeAutoSelection = computed($config, autoDeliveryType);

export const $deliveryType = computed(
  [$deliveryTypePreSelection, $deliveryTypeAutoSelection],
  (manual, auto): DeliveryType => manual ?? auto,
);

export function setDeliveryType(type: DeliveryType | null): void {
  $deliveryTypePreSelection.set(type);
}
