// Offline geocoding against the demo gazetteer: parse 'Straße Hausnummer, PLZ Ort', find the
// street, compute distances. Error codes are the spec's.
// The input rules and the German texts are the widgets' own (@shared/rules, @shared/i18n).
import type { GeoAddress } from '@shared/domain';
import { ADDRESS_ERRORS, validateAddressInput } from '@shared/checkout';
import type { Gazetteer } from '../data/load';

export type GeoErrorCode = 'Incomplete' | 'MissingStreetNumber' | 'zipInsteadOfAddressEntered' | 'notFound' | 'empty';

export class GeoError extends Error {
  readonly code: GeoErrorCode;
  constructor(code: GeoErrorCode) {
    super(ADDRESS_ERRORS[code]);
    this.code = code;
  }
}

export interface ParsedAddress {
  street: string;
  streetNumber: string | null;
  zip: string | null;
  city: string | null;
}

const NUMBER = /^(.*?)[\s,]+(\d{1,4}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,4}\s?[a-zA-Z]?)?)$/;

/** 'Karl-Liebknecht-Straße 12a, 04107 Leipzig' -> parts. Throws GeoError for input it cannot use. */
export function parseAddress(input: string): ParsedAddress {
  const text = input.replace(/\s+/g, ' ').trim();
  const inputError = validateAddressInput({ input: text, deliveryType: 'delivery', franchiseMode: false });
  if (inputError === 'empty' || inputError === 'zipInsteadOfAddressEntered') throw new GeoError(inputError);
  const comma = text.indexOf(',');
  let streetPart = comma >= 0 ? text.slice(0, comma).trim() : text;
  let placePart = comma >= 0 ? text.slice(comma + 1).trim() : '';
  // 'Straße 1 04109 Leipzig' without a comma
  if (comma < 0) {
    const m = /^(.*?)\s(\d{5})(?:\s(.+))?$/.exec(text);
    if (m) {
      streetPart = m[1];
      placePart = `${m[2]}${m[3] ? ` ${m[3]}` : ''}`;
    }
  }
  let zip: string | null = null;
  let city: string | null = null;
  const place = /^(\d{5})?\s*(.*)$/.exec(placePart);
  if (place) {
    zip = place[1] ?? null;
    city = place[2].trim() || null;
  }
  const num = NUMBER.exec(streetPart);
  const street = (num ? num[1] : streetPart).trim();
  if (!street || /^\d+$/.test(street)) throw new GeoError('Incomplete');
  const streetNumber = num ? num[2].replace(/\s+/g, '') : null;
  return { street, streetNumber, zip, city };
}

/** lower case, 'str.' -> 'straße', 'ss' -> 'ß', no spaces/hyphens: compares street spellings */
export function streetKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/str\.?(?=$|\s|-)/g, 'straße')
    .replace(/strasse/g, 'straße')
    .replace(/[\s\-.]/g, '')
    .replace(/ß/g, 'ss');
}

type Street = Gazetteer['streets'][number];

/** The gazetteer's streets by `streetKey` (file order kept), its postal codes and towns (lower case). */
interface GazetteerIndex {
  byKey: Map<string, Street[]>;
  zips: Set<string>;
  towns: Set<string>;
}

// The gazetteer is loaded once and read only: its index is made once per street list instead of
// running streetKey (four regular expressions) over every street for every address (an order's).
const indexes = new WeakMap<readonly Street[], GazetteerIndex & { size: number }>();

function indexOf(gazetteer: Gazetteer): GazetteerIndex {
  const known = indexes.get(gazetteer.streets);
  if (known && known.size === gazetteer.streets.length) return known;
  const index = { byKey: new Map<string, Street[]>(), zips: new Set<string>(), towns: new Set<string>(), size: gazetteer.streets.length };
  for (const s of gazetteer.streets) {
    const key = streetKey(s.name);
    const list = index.byKey.get(key);
    if (list) list.push(s);
    else index.byKey.set(key, [s]);
    index.zips.add(s.postalCode);
    index.towns.add(s.locality.toLowerCase());
  }
  indexes.set(gazetteer.streets, index);
  return index;
}

/** Finds the address in the gazetteer. */
export function resolveAddress(gazetteer: Gazetteer, input: string): Required<GeoAddress> {
  return resolveParsed(gazetteer, parseAddress(input));
}

/** Whether the gazetteer has streets for the address's postal code (or, without one, its town). */
export function gazetteerCovers(gazetteer: Gazetteer, parsed: ParsedAddress): boolean {
  if (parsed.zip) return indexOf(gazetteer).zips.has(parsed.zip);
  const cityKey = parsed.city?.toLowerCase();
  return !!cityKey && indexOf(gazetteer).towns.has(cityKey);
}

/** Whether the gazetteer knows a street of this name anywhere. */
export function gazetteerKnowsStreet(gazetteer: Gazetteer, street: string): boolean {
  return indexOf(gazetteer).byKey.has(streetKey(street));
}

export function resolveParsed(gazetteer: Gazetteer, parsed: ParsedAddress): Required<GeoAddress> {
  const candidates = indexOf(gazetteer).byKey.get(streetKey(parsed.street)) ?? [];
  if (!parsed.zip && !parsed.city) {
    // a street alone: we cannot tell the town
    if (!parsed.streetNumber && candidates.length) throw new GeoError('MissingStreetNumber');
    throw new GeoError('Incomplete');
  }
  const cityKey = parsed.city?.toLowerCase();
  const match =
    candidates.find((s) => parsed.zip && s.postalCode === parsed.zip) ??
    candidates.find((s) => cityKey && s.locality.toLowerCase() === cityKey && !parsed.zip) ??
    null;
  if (!match) throw new GeoError('notFound');
  if (!parsed.streetNumber) throw new GeoError('MissingStreetNumber');
  // spread house numbers along the street a little, deterministically, so distances differ
  const n = Number.parseInt(parsed.streetNumber, 10) || 0;
  const offset = ((n % 200) - 100) * 0.000015;
  return {
    street: match.name,
    streetNumber: parsed.streetNumber,
    zip: match.postalCode,
    city: match.locality,
    latitude: round6(match.latitude + offset),
    longitude: round6(match.longitude + offset),
  };
}

export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Great-circle distance in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 6371.0088 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** km rounded to 10 m */
export function roundKm(km: number): number {
  return Math.round(km * 100) / 100;
}

/** Nearest gazetteer street to a point, with its distance in km. */
export function nearestStreet(gazetteer: Gazetteer, point: { latitude: number; longitude: number }) {
  let best = gazetteer.streets[0];
  let bestKm = Infinity;
  for (const s of gazetteer.streets) {
    const km = distanceKm(point, s);
    if (km < bestKm) {
      best = s;
      bestKm = km;
    }
  }
  return { street: best, km: bestKm };
}
