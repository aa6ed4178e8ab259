// One typed function per platform call. Base: {origin}/api/platform.
import type { DeliveryPeriod } from '@shared/domain';
import { getApiConfig, requestValid } from './client';
import { DeliveryPeriodSchema } from '@shared/domain';

/**
 * GET config/deliveryPeriod. The spec lists it under the platform base; the platform
 * cannot know the shop from the path, so the shop id travels as the query parameter `shop`.
 */
export function getDeliveryPeriod(): Promise<DeliveryPeriod> {
  return requestValid('platform', '/config/deliveryPeriod', DeliveryPeriodSchema, 'delivery period', {
    query: { shop: getApiConfig().shopId },
  });
}
