// Delivery zones: which zone serves an address, and what it costs there. Two kinds, as German
// delivery services define them: by distance from the shop (radius, `maxDistanceKm`) and by the
// address's postal code (`postalCodes`). Pure: the server prices orders and answers the address
// check with this, and the widgets show what the server answered (docs/decisions.md, "Delivery
// zones by postal code").
import type { DeliveryZone } from '@shared/domain';

/** The fields of a zone this module reads (the schema in @shared/domain/shop uses it before its type exists). */

/** What a zone asks of an order, in cents: its fee, its minimum order value, free delivery from. */
export interface ZoneTerms {
  fee: number;
  minimumOrderValue: number;
  /** 0 = never free */
  freeAfter: number;
}

export interface ZoneQuery {
  /** the address's postal code, five digits; null when not known */
  zip: string | null;
  /** distance from the shop in km; null when not known */
  distanceKm: number | null;
}

export const isPostalCodeZone = (z: DeliveryZone): boolean => Array.isArray(z.postalCodes);
export const isRadiusZone = (z: DeliveryZone): boolean => !isPostalCodeZone(z) && typeof z.maxDistanceKm === 'number';

/**
 * The zone serving an address, or null when it is outside every zone.
 * A postal-code zone naming the address's code wins: the restaurant named that code on purpose.
 * Otherwise the smallest radius zone reaching the distance (zones sorted by distance here, so
 * their order in the data does not matter).
 */
export function deliveryZoneFor(zones: readonly DeliveryZone[], q: ZoneQuery): DeliveryZone | null {
  const zip = q.zip?.trim() ?? '';
  if (zip) {
    const byCode = zones.find((z) => isPostalCodeZone(z) && z.postalCodes!.includes(zip));
    if (byCode) return byCode;
  }
  if (q.distanceKm === null || !Number.isFinite(q.distanceKm)) return null;
  const km = q.distanceKm;
  return (
    zones
      .filter(isRadiusZone)
      .sort((a, b) => a.maxDistanceKm! - b.maxDistanceKm!)
      .find((z) => km <= z.maxDistanceKm!) ?? null
  );
}

/** A zone's terms for the pricing engine (`priceOrder`'s `delivery`). */
export function zoneTerms(zone: DeliveryZone): ZoneTerms {
  return { fee: zone.deliveryFee, minimumOrderValue: zone.minimumOrderValue, freeAfter: zone.freeAfter ?? 0 };
}

