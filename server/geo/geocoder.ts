// One interface for street-level coordinates. The gazetteer of the data file is the offline
// default; Photon and Nominatim (open-source geocoders a restaurant or operator can host) are
// adapters behind TISCHLEIN_GEOCODER (server/geo/photon.ts, nominatim.ts).
import type { Gazetteer } from '../data/load';
import { gazetteerCovers, resolveParsed, type ParsedAddress } from './address';

/** The address as the guest entered it, town and code already checked against the postal-code table. */
export interface GeocodeQuery {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
}

export interface GeocodedAddress {
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  readonly name: 'gazetteer' | 'photon' | 'nominatim';
  /**
   * Street-level coordinates of an address; null = the geocoder knows no such address.
   * Throws GeocoderUnavailableError when it cannot answer (network, timeout, a broken answer):
   * the address is then placed at its postal code's centre.
   */
  geocode(q: GeocodeQuery): Promise<GeocodedAddress | null>;
  /**
   * A geocoder with data of one area only (the gazetteer): whether it has data for the address.
   * Its answer is final there (an unknown street is not found); elsewhere it is not asked.
   */
  covers?(parsed: ParsedAddress): boolean;
}

export class GeocoderUnavailableError extends Error {
  constructor(geocoder: string, reason: string) {
    super(`${geocoder}: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

/** The data file's street list (offline; the demo city). */
export class GazetteerGeocoder implements Geocoder {
  readonly name = 'gazetteer' as const;
  constructor(private readonly gazetteer: Gazetteer) {}

  covers(parsed: ParsedAddress): boolean {
    return gazetteerCovers(this.gazetteer, parsed);
  }

  /** Throws GeoError('notFound' | 'MissingStreetNumber') like the address check always did. */
  geocode(q: GeocodeQuery | ParsedAddress): Promise<GeocodedAddress | null> {
    return Promise.resolve(resolveParsed(this.gazetteer, { street: q.street, streetNumber: q.streetNumber, zip: q.zip, city: q.city }));
  }
}
