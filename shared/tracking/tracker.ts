// The sending side of tracking:
// the event queue, the visit with its pings, the beacon on page hide. Loaded by the stores' gate
// (shared/stores/tracking.ts) once tracking is allowed; everything it needs from the page comes
// in through TrackerContext, so it does not import the stores.
import { startPolling, type Poller } from '@shared/api';
import type { TrackEventPayload } from '@shared/domain';
import { EVENT_BATCH_MAX, EVENT_FLUSH_MS, VISIT_PING_MS, trackingPage } from '@shared/rules';
import { pingVisit, sendPlatformEvent, trackEvent, trackEvents, trackVisit } from './calls';

export interface TrackerContext {
  /** The gate: consent, not localhost, a shop and a configured API. */
  allowed(): boolean;
  shopId(): string;
  sessionId(): string;
  visitCount(): number;
  setVisitCount(n: number): void;
  platformBase(): string;
}

export interface Tracker {
  track(event: string, eventData?: unknown): Promise<boolean>;
  sendEvent(type: string, action: string, context?: unknown): Promise<boolean>;
  /** Tracking is allowed (again): listen to the page, begin or resume the visit. */
  resume(): void;
  /** Tracking is no longer allowed: stop the pings, drop what is queued. */
  halt(): void;
  /** Stop listening to the page (visit tracking stopped). */
  detach(): void;
  /** Sends queued events now (the timer does it after EVENT_FLUSH_MS). */
  flush(): Promise<boolean>;
  /** Forget the visit and the queue (tests). */
  reset(): void;
}

function device(): string {
  try {
    return typeof matchMedia === 'function' && matchMedia('(max-width: 1023px)').matches ? 'mobile' : 'desktop';
  } catch {
    return 'desktop';
  }
}

function visible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

function referrerOrigin(): string | undefined {
  try {
    return typeof document !== 'undefined' && document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

export function createTracker(ctx: TrackerContext): Tracker {
  let queue: TrackEventPayload[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let visitId: string | null = null;
  let visitStarting = false;
  let pinger: Poller | null = null;
  let attached = false;

  function clearQueue(): TrackEventPayload[] {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = queue;
    queue = [];
    return batch;
  }

  function flush(): Promise<boolean> {
    const batch = clearQueue();
    if (batch.length === 0 || !ctx.allowed()) return Promise.resolve(false);
    return batch.length === 1 ? trackEvent(batch[0]) : trackEvents(batch);
  }

  function startPings(): void {
    if (pinger || !visitId) return;
    pinger = startPolling({
      load: async () => {
        if (!ctx.allowed()) return stopPings();
        if (visitId && visible()) await pingVisit(visitId);
      },
      intervalMs: VISIT_PING_MS,
      delayFirst: true,
    });
  }

  function stopPings(): void {
    pinger?.stop();
    pinger = null;
  }

  async function beginVisit(): Promise<void> {
    if (visitId) return startPings();
    if (visitStarting) return;
    visitStarting = true;
    try {
      const count = ctx.visitCount();
      const id = await trackVisit({
        page: typeof location !== 'undefined' ? trackingPage(location.pathname) : '/',
        orderId: null,
        sessionId: ctx.sessionId(),
        userId: null,
        visitCount: count,
        restaurantId: ctx.shopId(),
        device: device(),
        design: 'default',
        account: null,
        referrer: referrerOrigin(),
      });
      // consent may have been withdrawn while the request ran
      if (!id || !ctx.allowed()) return;
      visitId = id;
      ctx.setVisitCount(count + 1);
      startPings();
    } finally {
      visitStarting = false;
    }
  }

  /** Page hidden or left: what is pending goes out with navigator.sendBeacon (one request each). */
  function sendPendingByBeacon(): void {
    const batch = clearQueue();
    if (!ctx.allowed() || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
    const base = ctx.platformBase();
    try {
      if (batch.length > 0) navigator.sendBeacon(`${base}/tr/e`, JSON.stringify(batch.length === 1 ? batch[0] : batch));
      if (visitId) navigator.sendBeacon(`${base}/tr/v/${encodeURIComponent(visitId)}`, '');
    } catch {
      /* a refused beacon is no reason to break the page */
    }
  }

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      stopPings();
      sendPendingByBeacon();
    } else if (ctx.allowed()) {
      void beginVisit();
    }
  };
  const onPageHide = () => sendPendingByBeacon();

  function detach(): void {
    stopPings();
    if (!attached) return;
    attached = false;
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', onPageHide);
    }
  }

  return {
    track(event, eventData) {
      if (!ctx.allowed()) return Promise.resolve(false);
      queue.push({
        event,
        eventData,
        sessionId: ctx.sessionId(),
        userId: null,
        visitCount: ctx.visitCount(),
        restaurantId: ctx.shopId(),
        device: device(),
        design: 'default',
        account: null,
        website: 'webshop',
      });
      if (queue.length >= EVENT_BATCH_MAX) return flush();
      if (!flushTimer) flushTimer = setTimeout(() => void flush(), EVENT_FLUSH_MS);
      return Promise.resolve(true);
    },
    sendEvent(type, action, context) {
      if (!ctx.allowed()) return Promise.resolve(false);
      return sendPlatformEvent({ type, action, context, sessionId: ctx.sessionId() });
    },
    resume() {
      if (!attached && typeof document !== 'undefined') {
        attached = true;
        document.addEventListener('visibilitychange', onVisibility);
        addEventListener('pagehide', onPageHide);
      }
      if (ctx.allowed() && visible()) void beginVisit();
    },
    halt() {
      stopPings();
      clearQueue();
    },
    detach,
    flush,
    reset() {
      detach();
      visitId = null;
      visitStarting = false;
      clearQueue();
    },
  };
}
