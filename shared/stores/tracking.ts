// Event tracking from stores and widgets (POST /tr/e). Never throws, never blocks a flow.
import { isApiConfigured, trackEvent } from '@shared/api';
import { devFlag } from './dev';
import { getSessionId } from './session';
import { $shopId } from './shop';
import { keys, local } from './storage';

export function visitCount(): number {
  const n = Number(local.get(keys.visitCount));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function device(): string {
  try {
    return typeof matchMedia === 'function' && matchMedia('(max-width: 1023px)').matches ? 'mobile' : 'desktop';
  } catch {
    return 'desktop';
  }
}

export function track(event: string, eventData?: unknown): Promise<boolean> {
  if (devFlag('trackEventsOnConsole')) console.info('[tischlein:track]', event, eventData ?? '');
  const shopId = $shopId.get();
  if (!shopId || !isApiConfigured()) return Promise.resolve(false);
  return trackEvent({
    event,
    eventData,
    sessionId: getSessionId(),
    userId: null,
    visitCount: visitCount(),
    restaurantId: shopId,
    device: device(),
    design: 'default',
    account: null,
    website: 'webshop',
  });
}
