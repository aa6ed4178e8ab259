// Visit and event tracking (Analytics), on the platform base.
// Tracking must never break a flow: failures resolve to null/false.
import { requestValid, request, seg } from '@shared/api';
import { TrackVisitSchema } from '@shared/domain/calls';
import type { PlatformEventPayload, TrackEventPayload, VisitPayload } from '@shared/domain';

/** POST /tr/v → the visit id, or null. */
export async function trackVisit(payload: VisitPayload): Promise<string | null> {
  try {
    const data = await requestValid('platform', '/tr/v', TrackVisitSchema, 'visit', {
      method: 'POST',
      body: { website: 'webshop', ...payload },
    });
    return data.success === false ? null : data.id;
  } catch {
    return null;
  }
}

/** POST /tr/v/{id} — the 5 s keep-alive ping. */
export async function pingVisit(id: string): Promise<boolean> {
  try {
    await request('platform', `/tr/v/${seg(id)}`, { method: 'POST', body: {} });
    return true;
  } catch {
    return false;
  }
}

/** POST /tr/e. */
export async function trackEvent(payload: TrackEventPayload): Promise<boolean> {
  try {
    await request('platform', '/tr/e', { method: 'POST', body: { website: 'webshop', ...payload } });
    return true;
  } catch {
    return false;
  }
}

/** POST /tr/e with a list: several events in one request (the server takes up to 20). */
export async function trackEvents(payloads: TrackEventPayload[]): Promise<boolean> {
  try {
    await request('platform', '/tr/e', { method: 'POST', body: payloads.map((p) => ({ website: 'webshop', ...p })) });
    return true;
  } catch {
    return false;
  }
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
