// The typed address → the delivery zone (fee, minimum order value) the cart prices with.
import { ADDRESS_ERRORS, lookupAddress } from '@shared/checkout';
import { $deliveryZone } from '@shared/stores';

/** Looks the address up and sets the zone; a German message when it is unknown; offline when the server is not reached. */
export async function resolveZone(location: string): Promise<{ inArea: boolean } | { error: string } | { offline: true }> {
  try {
    const geo = await lookupAddress(location);
    const zone = geo.minimumOrderValue === undefined || geo.minimumOrderValue === null ? null : { fee: geo.deliveryFee, minimumOrderValue: geo.minimumOrderValue, freeAfter: geo.freeAfter };
    $deliveryZone.set(zone);
    return { inArea: zone !== null };
  } catch (e) {
    const code = (e as { code?: string }).code ?? 'notFound';
    if ((e as { status?: number }).status === undefined) return { offline: true };
    return { error: ADDRESS_ERRORS[code as keyof typeof ADDRESS_ERRORS] ?? ADDRESS_ERRORS.notFound };
  }
}
