// The address calls: the address lookup,
// reverse geolocation, the franchise's shop for an address and the map tiles. Loaded with the
// address and checkout widgets.
import { ApiError, getApiConfig, request, requestValid, seg, toApiError, validate } from '@shared/api';
import { FindForSchema, GeoResultSchema, ReverseGeoSchema } from '@shared/domain/calls';
import type { FindForQuery, FindForResult, GeoResult, ReverseGeoResult } from '@shared/domain';

/** GET /geolocation?lat&long&acc — reverse geolocation. */
export function reverseGeolocation(lat: number, long: number, acc: number): Promise<ReverseGeoResult> {
  return requestValid('shop', '/geolocation', ReverseGeoSchema, 'geolocation', { query: { lat, long, acc } });
}

/**
 * POST /geo {location}. Errors follow the spec's address lookup: 400 → the response data
 * (or its `error` field) as the code, 404 → 'notFound'.
 */
export async function lookupAddress(location: string): Promise<GeoResult> {
  try {
    return await requestValid('shop', '/geo', GeoResultSchema, 'geo', { method: 'POST', body: { location } });
  } catch (e) {
    throw addressError(e);
  }
}

function addressError(e: unknown): ApiError {
  const err = toApiError(e);
  if (err.status === 400) {
    const d = err.data;
    const code =
      typeof d === 'string' && d ? d
      : d && typeof d === 'object' && typeof (d as { error?: unknown }).error === 'string' ? (d as { error: string }).error
      : 'invalid';
    return new ApiError(code, `Address lookup failed: ${code}`, { status: 400, data: d, cause: err });
  }
  if (err.status === 404) return new ApiError('notFound', 'Address not found', { status: 404, data: err.data, cause: err });
  return err;
}

/** Leaflet URL template for GET /osm/tile/{z}/{x}/{y}. */
export function tileUrlTemplate(): string {
  return `${getApiConfig().shopBase}/osm/tile/{z}/{x}/{y}`;
}

/**
 * GET /franchise/{franchiseId}/find-for?location&deliveryType&serveAt.
 * A failed call yields an empty result carrying the error, never a throw.
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

