// One typed function per platform call (delivery-checkout-service.md §7). Base: {origin}/api/platform.
import type { DeliveryPeriod } from '@shared/domain';
import { getApiConfig, request, requestValid, seg, validate } from './client';
import { toApiError } from './errors';
import { DeliveryPeriodSchema, FindForSchema, UserSchema } from '@shared/domain';
import type { FindForQuery, FindForResult, LoginLinkResult, PlatformEventPayload, User } from '@shared/domain';

/** POST /auth/request-link {email, webshop, franchise}. */
export async function requestLoginLink(body: { email: string; webshop: string; franchise?: string | null }): Promise<LoginLinkResult> {
  try {
    const data = await request<unknown>('platform', '/auth/request-link', { method: 'POST', body });
    const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
    if (error === 'user-not-found') return { ok: false, error: 'user-not-found' };
    if (error) return { ok: false, error: 'error' };
    return { ok: true };
  } catch (e) {
    const err = toApiError(e);
    const d = err.data as { error?: unknown } | string | undefined;
    const code = typeof d === 'string' ? d : d?.error;
    return { ok: false, error: code === 'user-not-found' ? 'user-not-found' : 'error' };
  }
}

/** GET /user/info with the bearer token; 401 logs and yields null (spec §8). */
export async function getUserInfo(token: string): Promise<User | null> {
  try {
    return await requestValid('platform', '/user/info', UserSchema, 'user', { token });
  } catch (e) {
    const err = toApiError(e);
    if (err.status === 401) {
      console.warn('Token is expired or invalid.');
      return null;
    }
    throw err;
  }
}

/**
 * GET /franchise/{franchiseId}/find-for?location&deliveryType&serveAt.
 * A failed call yields an empty result carrying the error (spec §8), never a throw.
 */
export async function findFranchiseShop(franchiseId: string, query: FindForQuery): Promise<FindForResult> {
  try {
    const data = await request<unknown>('platform', `/franchise/${seg(franchiseId)}/find-for`, {
      query: { location: query.location, deliveryType: query.deliveryType, serveAt: query.serveAt },
    });
    const parsed = validate(FindForSchema, data, 'find-for');
    return { ...parsed, allShops: parsed.allShops, slug: parsed.slug, id: parsed.id } as FindForResult;
  } catch (e) {
    const err = toApiError(e);
    return { found: false, allShops: [], slug: null, id: null, error: err.data ?? err };
  }
}

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
