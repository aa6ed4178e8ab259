// The address check of the address dialog, the franchise finder and the order: 'Straße Nr, PLZ Ort'
// -> a normalised address with coordinates, or a GeoError with the spec's German text.
//   1. where the gazetteer (the offline default) has streets, its answer is final;
//   2. everywhere else in Germany the postal-code table says whether code and town belong together;
//   3. a street-level geocoder (Photon, Nominatim), when configured, places the house; when it is
//      unreachable, the postal code's centre stands in (radius zones then measure to the centre).
import type { GeoAddress } from '@shared/domain';
import type { Gazetteer } from '../data/load';
import { GeoError, gazetteerKnowsStreet, parseAddress } from './address';
import { GazetteerGeocoder, GeocoderUnavailableError, type Geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim';
import { PhotonGeocoder } from './photon';
import { postalCodes as defaultPostalCodes, type PostalCodeDirectory } from './postalCodes';

export interface AddressResolverOptions {
  gazetteer: Gazetteer;
  /** street-level geocoder; default the gazetteer */
  geocoder?: Geocoder | null;
  postalCodes?: PostalCodeDirectory;
  /** a geocoder that could not answer is logged here */
  log?: (message: string) => void;
}

export type AddressResolver = (input: string) => Promise<Required<GeoAddress>>;

export function createAddressResolver(opts: AddressResolverOptions): AddressResolver {
  const gazetteer = new GazetteerGeocoder(opts.gazetteer);
  const geocoder = opts.geocoder ?? gazetteer;
  const table = opts.postalCodes ?? defaultPostalCodes;
  const log = opts.log ?? ((m: string) => console.warn(m));

  return async (input) => {
    const p = parseAddress(input);
    if (!p.zip && !p.city) {
      throw new GeoError(!p.streetNumber && gazetteerKnowsStreet(opts.gazetteer, p.street) ? 'MissingStreetNumber' : 'Incomplete');
    }
    // 1. the gazetteer's area: its streets are all there are (an unknown street is not found)
    if (geocoder === gazetteer && gazetteer.covers(p)) return gazetteer.geocode(p) as Promise<Required<GeoAddress>>;
    // 2. code and town
    if (!p.zip) throw new GeoError('Incomplete');
    const area = table.lookup(p.zip);
    if (!area) throw new GeoError('notFound');
    const city = p.city ? table.cityOf(area, p.city) : area.places[0];
    if (!city) throw new GeoError('notFound');
    if (!p.streetNumber) throw new GeoError('MissingStreetNumber');
    const query = { street: p.street, streetNumber: p.streetNumber, zip: p.zip, city };
    // 3. the house
    if (geocoder !== gazetteer) {
      try {
        const hit = await geocoder.geocode(query);
        if (!hit) throw new GeoError('notFound');
        return hit;
      } catch (e) {
        if (!(e instanceof GeocoderUnavailableError)) throw e;
        log(`geocoder unavailable, using the postal code's centre: ${e.message}`);
      }
    }
    return { ...query, latitude: area.latitude, longitude: area.longitude };
  };
}

export interface GeocoderEnv {
  TISCHLEIN_GEOCODER?: string;
  TISCHLEIN_GEOCODER_URL?: string;
  TISCHLEIN_GEOCODER_USER_AGENT?: string;
  TISCHLEIN_GEOCODER_TIMEOUT_MS?: string;
}

/** The configured street-level geocoder; null = the gazetteer. Throws a line naming the variable. */
export function geocoderFromEnv(env: GeocoderEnv, fetchFn?: typeof fetch): Geocoder | null {
  const kind = (env.TISCHLEIN_GEOCODER ?? '').trim().toLowerCase();
  if (kind === '' || kind === 'gazetteer') return null;
  if (kind !== 'photon' && kind !== 'nominatim') {
    throw new Error(`TISCHLEIN_GEOCODER: expected 'gazetteer', 'photon' or 'nominatim', got '${env.TISCHLEIN_GEOCODER}'`);
  }
  if (!env.TISCHLEIN_GEOCODER_URL) throw new Error(`TISCHLEIN_GEOCODER=${kind} needs TISCHLEIN_GEOCODER_URL (the geocoder's base URL)`);
  const timeoutRaw = env.TISCHLEIN_GEOCODER_TIMEOUT_MS;
  const timeoutMs = timeoutRaw ? Number(timeoutRaw) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= 30000)) {
    throw new Error('TISCHLEIN_GEOCODER_TIMEOUT_MS: expected milliseconds 100-30000');
  }
  const opts = { baseUrl: env.TISCHLEIN_GEOCODER_URL, userAgent: env.TISCHLEIN_GEOCODER_USER_AGENT, timeoutMs, fetch: fetchFn };
  return kind === 'photon' ? new PhotonGeocoder(opts) : new NominatimGeocoder(opts);
}
