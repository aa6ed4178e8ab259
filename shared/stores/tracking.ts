// Visits, pings and events: the
// gate. Every call passes $trackingAllowed (consent, never from localhost unless the dev flag
// 'trackOnLocalhost' says so). Without it nothing is sent, queued, counted or even downloaded:
// the sending side (@shared/tracking) is loaded the first time tracking is allowed. Never throws.
import type * as Tracking from '@shared/tracking';
import { getApiConfig, isApiConfigured } from '@shared/api';
import { $trackingAllowed } from './consent';
import { devFlag } from './dev';
import { getSessionId } from './session';
import { $shopId } from './shop';
import { keys, local } from './storage';

export function visitCount(): number {
  const n = Number(local.get(keys.visitCount));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The gate: consent, not localhost, a shop and a configured API. */
function allowed(): boolean {
  return $trackingAllowed.get() && $shopId.get() !== null && isApiConfigured();
}

const context: Tracking.TrackerContext = {
  allowed,
  shopId: () => $shopId.get() as string,
  sessionId: getSessionId,
  visitCount,
  setVisitCount: (n) => local.set(keys.visitCount, String(n)),
  platformBase: () => getApiConfig().platformBase,
};

let tracker: Tracking.Tracker | null = null;
let loading: Promise<Tracking.Tracker> | null = null;
function load(): Promise<Tracking.Tracker> {
  loading ??= import('@shared/tracking').then(
    (m) => (tracker ??= m.createTracker(context)),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function track(event: string, eventData?: unknown): Promise<boolean> {
  if (devFlag('trackEventsOnConsole')) console.info('[tischlein:track]', event, eventData ?? '');
  if (!allowed()) return Promise.resolve(false);
  return load().then(
    (t) => t.track(event, eventData),
    () => false,
  );
}

/** POST /event {type, action, context, sessionId} — through the same gate. */
export function sendEvent(type: string, action: string, context?: unknown): Promise<boolean> {
  if (!allowed()) return Promise.resolve(false);
  return load().then(
    (t) => t.sendEvent(type, action, context),
    () => false,
  );
}

/** Sends queued events now, after a tracker still loading (tests; the timer does it after EVENT_FLUSH_MS). */
export function flushTracking(): Promise<boolean> {
  if (!loading) return Promise.resolve(false);
  return loading.then(
    (t) => t.flush(),
    () => false,
  );
}

let stopVisit: (() => void) | null = null;

/**
 * Starts visit tracking for this page (shell and embed runtime). Nothing happens until
 * $trackingAllowed is true; withdrawal stops the pings and drops queued events at once.
 */
export function startVisitTracking(): () => void {
  if (stopVisit) return stopVisit;
  const update = () => {
    if (allowed()) {
      void load().then(
        (t) => {
          if (stopVisit) t.resume();
        },
        () => undefined,
      );
    } else {
      tracker?.halt();
    }
  };
  stopVisit = () => {
    unsubscribe();
    unsubscribeShop();
    tracker?.detach();
    stopVisit = null;
  };
  const unsubscribe = $trackingAllowed.subscribe(() => update());
  const unsubscribeShop = $shopId.listen(() => update());
  return stopVisit;
}

/** Test helper: forget the visit and the queue. */
export function resetTracking(): void {
  stopVisit?.();
  tracker?.reset();
}
