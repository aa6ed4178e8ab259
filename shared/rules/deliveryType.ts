// without a manual choice, a shop that delivers starts on delivery.
import type { DeliveryType, ShopConfig } from '@shared/domain';

/** The automatic delivery type of a shop: pickup only where it does not deliver. */
export function autoDeliveryType(config: Pick<ShopConfig, 'flags'> | null | undefined): DeliveryType {
  return config && !config.flags.supportDelivery ? 'pickup' : 'delivery';
}
