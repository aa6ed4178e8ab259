// Nominatim (https://nominatim.org): the structured GET {base}/search?street=…&postalcode=…&city=…
// &countrycodes=de&format=jsonv2&addressdetails=1 answers an array of places with lat/lon as
// strings and address {road, house_number, postcode, city | town | village, country_code}.
import * as v from 'valibot';
import type { GeocodeQuery, GeocodedAddress } from './geocoder';
import { coordinate, HttpGeocoder } from './http';

const text = v.optional(v.string());
const NominatimAnswer = v.array(
  v.looseObject({
    lat: v.union([v.string(), v.number()]),
    lon: v.union([v.string(), v.number()]),
    address: v.optional(
      v.looseObject({
        road: text, pedestrian: text, house_number: text, postcode: text,
        city: text, town: text, village: text, municipality: text, country_code: text,
      }),
    ),
  }),
);

export class NominatimGeocoder extends HttpGeocoder {
  readonly name = 'nominatim' as const;

  protected url(q: GeocodeQuery): URL {
    const url = this.endpoint('/search');
    url.searchParams.set('street', `${q.streetNumber} ${q.street}`);
    url.searchParams.set('postalcode', q.zip);
    url.searchParams.set('city', q.city);
    url.searchParams.set('countrycodes', 'de');
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('limit', '1');
    url.searchParams.set('accept-language', 'de');
    return url;
  }

  protected read(body: unknown, q: GeocodeQuery): GeocodedAddress | null {
    const r = v.safeParse(NominatimAnswer, body);
    if (!r.success) return null;
    const hit = r.output.find((p) => (p.address?.country_code ?? 'de').toLowerCase() === 'de');
    if (!hit) return null;
    const latitude = coordinate(hit.lat, -90, 90);
    const longitude = coordinate(hit.lon, -180, 180);
    const a = hit.address ?? {};
    const road = (a.road ?? a.pedestrian ?? '').trim();
    // a town or a postal area alone is not a street-level answer
    if (latitude === null || longitude === null || !road) return null;
    const postcode = (a.postcode ?? '').trim();
    return {
      street: road,
      streetNumber: a.house_number?.trim() || q.streetNumber,
      zip: /^\d{5}$/.test(postcode) ? postcode : q.zip,
      city: (a.city ?? a.town ?? a.village ?? a.municipality ?? '').trim() || q.city,
      latitude,
      longitude,
    };
  }
}
