import { describe, expect, it } from '@jest/globals';
import { GeoError, gazetteerCovers, gazetteerKnowsStreet, parseAddress, resolveAddress, streetKey } from './address';

const gazetteer = {
  city: 'Leipzig',
  streets: [
    { name: 'Karl-Liebknecht-Straße', postalCode: '04107', latitude: 51.327, longitude: 12.375, locality: 'Leipzig' },
    { name: 'Markt', postalCode: '04109', latitude: 51.3406, longitude: 12.3747, locality: 'Leipzig' },
  ],
};

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as GeoError).code;
  }
  return 'ok';
};

describe('geo', () => {
  it('parses German addresses', () => {
    expect(parseAddress('Karl-Liebknecht-Straße 12a, 04107 Leipzig')).toEqual({
      street: 'Karl-Liebknecht-Straße',
      streetNumber: '12a',
      zip: '04107',
      city: 'Leipzig',
    });
    expect(parseAddress('Markt 1 04109 Leipzig')).toMatchObject({ street: 'Markt', streetNumber: '1', zip: '04109' });
    expect(parseAddress('Markt 3-5, Leipzig')).toMatchObject({ streetNumber: '3-5', zip: null, city: 'Leipzig' });
  });
  it('matches street spellings', () => {
    expect(streetKey('Karl-Liebknecht-Str.')).toBe(streetKey('karl liebknecht strasse'));
  });
  it('resolves and reports the spec error codes', () => {
    expect(resolveAddress(gazetteer, 'Karl-Liebknecht-Str. 5, 04107 Leipzig').street).toBe('Karl-Liebknecht-Straße');
    expect(code(() => resolveAddress(gazetteer, '04109'))).toBe('zipInsteadOfAddressEntered');
    expect(code(() => resolveAddress(gazetteer, 'Markt, 04109 Leipzig'))).toBe('MissingStreetNumber');
    expect(code(() => resolveAddress(gazetteer, 'Markt 1'))).toBe('Incomplete');
    expect(code(() => resolveAddress(gazetteer, 'Hauptstraße 1, 12345 Berlin'))).toBe('notFound');
    expect(code(() => resolveAddress(gazetteer, '   '))).toBe('empty');
  });
  it('the gazetteer index: same street in two towns, spellings, postal codes and towns; each street name read once, not per address', () => {
    const reads = new Map<string, number>();
    const street = (name: string, postalCode: string, locality: string, latitude: number) => ({
      get name() {
        reads.set(`${name} ${postalCode}`, (reads.get(`${name} ${postalCode}`) ?? 0) + 1);
        return name;
      },
      postalCode, latitude, longitude: 12.4, locality,
    });
    const g = {
      city: 'Leipzig',
      streets: [street('Hauptstraße', '04416', 'Markkleeberg', 51.28), street('Markt', '04109', 'Leipzig', 51.34), street('Hauptstraße', '04158', 'Leipzig', 51.39)],
    };
    // street number 100: no offset, so the coordinates are the street's own
    expect(resolveAddress(g, 'Hauptstr. 100, 04158 Leipzig')).toEqual({ street: 'Hauptstraße', streetNumber: '100', zip: '04158', city: 'Leipzig', latitude: 51.39, longitude: 12.4 });
    expect(resolveAddress(g, 'Hauptstrasse 100, Markkleeberg')).toEqual({ street: 'Hauptstraße', streetNumber: '100', zip: '04416', city: 'Markkleeberg', latitude: 51.28, longitude: 12.4 });
    expect(code(() => resolveAddress(g, 'Hauptstraße 1, 04109 Leipzig'))).toBe('notFound');
    expect(gazetteerCovers(g, { street: 'x', streetNumber: '1', zip: '04416', city: null })).toBe(true);
    expect(gazetteerCovers(g, { street: 'x', streetNumber: '1', zip: '10115', city: 'Leipzig' })).toBe(false);
    expect(gazetteerCovers(g, { street: 'x', streetNumber: '1', zip: null, city: 'markkleeberg' })).toBe(true);
    expect(gazetteerCovers(g, { street: 'x', streetNumber: '1', zip: null, city: 'Berlin' })).toBe(false);
    expect(gazetteerKnowsStreet(g, 'markt')).toBe(true);
    expect(gazetteerKnowsStreet(g, 'Marktplatz')).toBe(false);
    reads.clear();
    for (let i = 0; i < 50; i++) resolveAddress(g, 'Hauptstraße 7, 04158 Leipzig');
    // the answer's name only: before, streetKey read every street's name for every address (150 reads each)
    expect(Object.fromEntries(reads)).toEqual({ 'Hauptstraße 04158': 50 });
    // a street added to the list (or a new list) is found
    g.streets.push(street('Ring', '04109', 'Leipzig', 51.33));
    expect(resolveAddress(g, 'Ring 100, 04109 Leipzig').latitude).toBe(51.33);
    g.streets = [street('Brühl', '04109', 'Leipzig', 51.3432)];
    expect(resolveAddress(g, 'Brühl 100, 04109 Leipzig').latitude).toBe(51.3432);
    expect(code(() => resolveAddress(g, 'Markt 1, 04109 Leipzig'))).toBe('notFound');
  });
});
