// Addresses and distances: parsing, the gazetteer, the postal-code table, the geocoders.
export { GeoError, distanceKm, nearestStreet, parseAddress, resolveAddress, roundKm, streetKey, type GeoErrorCode, type ParsedAddress } from './address';
export { GazetteerGeocoder, GeocoderUnavailableError, type GeocodeQuery, type GeocodedAddress, type Geocoder } from './geocoder';
export { NominatimGeocoder } from './nominatim';
export { PhotonGeocoder } from './photon';
export { PostalCodeDirectory, postalCodes } from './postalCodes';
export { createAddressResolver, geocoderFromEnv, type AddressResolver, type GeocoderEnv } from './resolve';
