// A delivery order's address: normalised by the gazetteer or the postal-code table (server/geo),
// a correction shown to the guest before it is used, the delivery zone by postal code or distance.
import type { ShopConfig } from '@shared/domain';
import { deliveryZoneFor } from '@shared/rules/deliveryZones';
import type { ServerContext } from '../context';
import { distanceKm, GeoError, roundKm, streetKey } from '../geo';
import { AddressCorrectedError, FormError } from './errors';
import type { OrderSubmissionInput } from './submission';

export type ResolvedAddress = Awaited<ReturnType<ServerContext['resolveAddress']>>;

/** The address as the server will store it and its zone (null: outside every zone, or no delivery). */
export async function checkDeliveryAddress(
  ctx: ServerContext, config: ShopConfig, fv: OrderSubmissionInput['formValues'], skipCorrection: boolean,
): Promise<{ geo: ResolvedAddress; zone: ReturnType<typeof deliveryZoneFor> }> {
  let geo: ResolvedAddress;
  try {
    geo = await ctx.resolveAddress(`${fv.street} ${fv.streetNumber}, ${fv.zip} ${fv.city}`);
  } catch (e) {
    if (e instanceof GeoError) throw new FormError({ street: e.message }, e.message);
    throw e;
  }
  const differs = streetKey(geo.street) !== streetKey(fv.street.trim()) || geo.zip !== fv.zip.trim()
    || geo.city.toLowerCase() !== fv.city.trim().toLowerCase() || geo.streetNumber.toLowerCase() !== fv.streetNumber.replace(/\s+/g, '').toLowerCase();
  const cosmetic = !differs && (geo.street !== fv.street.trim() || geo.city !== fv.city.trim());
  if ((differs || cosmetic) && !skipCorrection) {
    throw new AddressCorrectedError({ street: geo.street, streetNumber: geo.streetNumber, zip: geo.zip, city: geo.city });
  }
  const zone = config.flags.supportDelivery ? deliveryZoneFor(config.deliveryZones, { zip: geo.zip, distanceKm: roundKm(distanceKm(config, geo)) }) : null;
  return { geo, zone };
}
