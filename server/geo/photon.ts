// Photon (https://github.com/komoot/photon): GET {base}/api?q=…&limit=…&lang=de answers a GeoJSON
// FeatureCollection; each feature's properties carry name, street, housenumber, postcode, city,
// countrycode; its geometry a Point [longitude, latitude].
import * as v from 'valibot';
import type { GeocodeQuery, GeocodedAddress } from './geocoder';
import { coordinate, HttpGeocoder, sameHouseNumber } from './http';
import { streetKey } from './address';

const text = v.optional(v.union([v.string(), v.number()]));
const PhotonAnswer = v.looseObject({
  type: v.literal('FeatureCollection'),
  features: v.array(
    v.looseObject({
      geometry: v.looseObject({ type: v.literal('Point'), coordinates: v.tuple([v.number(), v.number()]) }),
      properties: v.looseObject({
        name: text, street: text, housenumber: text, postcode: text, city: text, countrycode: text,
        /** 'house', 'street', 'city', … */
        type: text,
      }),
    }),
  ),
});

const str = (x: string | number | undefined) => (x === undefined ? '' : String(x).trim());

export class PhotonGeocoder extends HttpGeocoder {
  readonly name = 'photon' as const;

  protected url(q: GeocodeQuery): URL {
    const url = this.endpoint('/api');
    url.searchParams.set('q', `${q.street} ${q.streetNumber}, ${q.zip} ${q.city}`);
    url.searchParams.set('limit', '5');
    url.searchParams.set('lang', 'de');
    return url;
  }

  protected read(body: unknown, q: GeocodeQuery): GeocodedAddress | null {
    const r = v.safeParse(PhotonAnswer, body);
    if (!r.success) return null;
    const inGermany = r.output.features.filter((f) => str(f.properties.countrycode).toUpperCase() === 'DE');
    const want = streetKey(q.street);
    // the house itself; else the street (the number as written, the street's position)
    const house = inGermany.find((f) => f.properties.housenumber !== undefined && streetKey(str(f.properties.street)) === want
      && sameHouseNumber(str(f.properties.housenumber), q.streetNumber));
    const street = house ?? inGermany.find((f) => str(f.properties.type) === 'street' && streetKey(str(f.properties.name)) === want);
    const hit = house ?? street;
    if (!hit) return null;
    const latitude = coordinate(hit.geometry.coordinates[1], -90, 90);
    const longitude = coordinate(hit.geometry.coordinates[0], -180, 180);
    if (latitude === null || longitude === null) return null;
    const p = hit.properties;
    const postcode = str(p.postcode);
    return {
      street: str(house ? p.street : p.name) || q.street,
      streetNumber: house ? str(p.housenumber) : q.streetNumber,
      zip: /^\d{5}$/.test(postcode) ? postcode : q.zip,
      city: str(p.city) || q.city,
      latitude,
      longitude,
    };
  }
}
