// Visits, pings and events (delivery-checkout-service.md §4 "Visit tracking", §7 "Analytics").
// Every call passes one gate: $trackingAllowed (consent, never from localhost unless the dev flag
// 'trackOnLocalhost' says so). Without it nothing is sent, queued or counted. Never throws.
import {
  getApiConfig,
  isApiConfigured,
  pingVisit,
  sendPlatformEvent,
  trackEvent,
  trackEvents,
  trackVisit,
} from '@shared/api';
import type { TrackEventPayload } from '@shared/domain';
import { trackingPage, VISIT_PING_MS, EVENT_FLUSH_MS, EVENT_BATCH_MAX } from '@shared/rules';
import { $trackingAllowed } from './consent';
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

/** The gate: consent, not localhost, a shop and a configured API. */
function allowed(): boolean {
  return $trackingAllowed.get() && $shopId.get() !== null && isApiConfigured();
}

// ---------- events (POST /tr/e), batched ----------

let queue: TrackEventPayload[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function flush(): Promise<boolean> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = queue;
  queue = [];
  if (batch.length === 0 || !allowed()) return Promise.resolve(false);
  return batch.length === 1 ? trackEvent(batch[0]) : trackEvents(batch);
}

/** Sends queued events now (tests; the timer does it after EVENT_FLUSH_MS). */
export function flushTracking(): Promise<boolean> {
  return flush();
}

export function track(event: string, eventData?: unknown): Promise<boolean> {
  if (devFlag('trackEventsOnConsole')) console.info('[tischlein:track]', event, eventData ?? '');
  if (!allowed()) return Promise.resolve(false);
  queue.push({
    event,
    eventData,
    sessionId: getSessionId(),
    userId: null,
    visitCount: visitCount(),
    restaurantId: $shopId.get() as string,
    device: device(),
    design: 'default',
    account: null,
    website: 'webshop',
  });
  if (queue.length >= EVENT_BATCH_MAX) return flush();
  if (!flushTimer) flushTimer = setTimeout(() => void flush(), EVENT_FLUSH_MS);
  return Promise.resolve(true);
}

/** POST /event {type, action, context, sessionId} — through the same gate. */
export function sendEvent(type: string, action: string, context?: unknown): Promise<boolean> {
  if (!allowed()) return Promise.resolve(false);
  return sendPlatformEvent({ type, action, context, sessionId: getSessionId() });
}

// ---------- the visit (POST /tr/v, then POST /tr/v/{id} every 5 s while visible) ----------

let visitId: string | null = null;
let visitStarting = false;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let stopVisit: (() => void) | null = null;

function visible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

function startPings(): void {
  if (pingTimer || !visitId) return;
  pingTimer = setInterval(() => {
    if (!allowed()) return stopPings();
    if (visitId && visible()) void pingVisit(visitId);
  }, VISIT_PING_MS);
}

function stopPings(): void {
  if (pingTimer) clearInterval(pingTimer);
  pingTimer = null;
}

async function beginVisit(): Promise<void> {
  if (visitId) return startPings();
  if (visitStarting) return;
  visitStarting = true;
  try {
    const count = visitCount();
    const id = await trackVisit({
      page: typeof location !== 'undefined' ? trackingPage(location.pathname) : '/',
      orderId: null,
      sessionId: getSessionId(),
      userId: null,
      visitCount: count,
      restaurantId: $shopId.get() as string,
      device: device(),
      design: 'default',
      account: null,
      referrer: referrerOrigin(),
    });
    // consent may have been withdrawn while the request ran
    if (!id || !allowed()) return;
    visitId = id;
    local.set(keys.visitCount, String(count + 1));
    startPings();
  } finally {
    visitStarting = false;
  }
}

function referrerOrigin(): string | undefined {
  try {
    return typeof document !== 'undefined' && document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Page hidden or left: what is pending goes out with navigator.sendBeacon (one request each). */
function sendPendingByBeacon(): void {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = queue;
  queue = [];
  if (!allowed() || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const base = getApiConfig().platformBase;
  try {
    if (batch.length > 0) navigator.sendBeacon(`${base}/tr/e`, JSON.stringify(batch.length === 1 ? batch[0] : batch));
    if (visitId) navigator.sendBeacon(`${base}/tr/v/${encodeURIComponent(visitId)}`, '');
  } catch {
    /* a refused beacon is no reason to break the page */
  }
}

/**
 * Starts visit tracking for this page (shell and embed runtime). Nothing happens until
 * $trackingAllowed is true; withdrawal stops the pings and drops queued events at once.
 */
export function startVisitTracking(): () => void {
  if (stopVisit) return stopVisit;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      stopPings();
      sendPendingByBeacon();
    } else if (allowed()) {
      void beginVisit();
    }
  };
  const onPageHide = () => sendPendingByBeacon();
  const unsubscribe = $trackingAllowed.subscribe(() => update());
  const unsubscribeShop = $shopId.listen(() => update());
  function update() {
    if (allowed()) {
      if (visible()) void beginVisit();
    } else {
      stopPings();
      queue = [];
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
    }
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('pagehide', onPageHide);
  }
  stopVisit = () => {
    unsubscribe();
    unsubscribeShop();
    stopPings();
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', onPageHide);
    }
    stopVisit = null;
  };
  return stopVisit;
}

/** Test helper: forget the visit and the queue. */
export function resetTracking(): void {
  stopVisit?.();
  stopPings();
  visitId = null;
  visitStarting = false;
  queue = [];
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
}
