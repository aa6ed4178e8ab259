// One typed function per platform call (delivery-checkout-service.md §7). Base: {origin}/api/platform.
import type { DeliveryPeriod } from '@shared/domain';
import { getApiConfig, request, requestValid } from './client';
import { DeliveryPeriodSchema } from '@shared/domain';
import type { PlatformEventPayload } from '@shared/domain';

/**
 * GET config/deliveryPeriod. The spec lists it under the platform base; the platform
 * cannot know the shop from the path, so the shop id travels as the query parameter `shop`.
 */
export function getDeliveryPeriod(): Promise<DeliveryPeriod> {
  return requestValid('platform', '/config/deliveryPeriod', DeliveryPeriodSchema, 'delivery period', {
    query: { shop: getApiConfig().shopId },
  });
}

/** POST /event {type, action, context, sessionId}. Tracking never throws. */
export async function sendPlatformEvent(payload: PlatformEventPayload): Promise<boolean> {
  try {
    await request('platform', '/event', { method: 'POST', body: payload });
    return true;
  } catch {
    return false;
  }
}
