import { describe, expect, it } from '@jest/globals';
import { GeoError, parseAddress, resolveAddress, streetKey } from './address';

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
});
