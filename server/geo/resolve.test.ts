// The address check beyond the gazetteer: the postal-code table for all of Germany, a street-level
// geocoder where configured, the code's centre when that geocoder cannot answer.
import { describe, expect, it } from '@jest/globals';
import type { GeoErrorCode } from './address';
import { GeoError } from './address';
import { GeocoderUnavailableError, type Geocoder, type GeocodeQuery } from './geocoder';
import { PostalCodeDirectory, postalCodes } from './postalCodes';
import { createAddressResolver } from './resolve';

const gazetteer = {
  city: 'Leipzig',
  streets: [
    { name: 'Augustusplatz', postalCode: '04109', latitude: 51.3397, longitude: 12.3808, locality: 'Leipzig' },
    { name: 'Karl-Liebknecht-Straße', postalCode: '04107', latitude: 51.327, longitude: 12.375, locality: 'Leipzig' },
  ],
};

async function code(p: Promise<unknown>): Promise<GeoErrorCode | 'resolved'> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    if (e instanceof GeoError) return e.code;
    throw e;
  }
}

describe('the postal-code table', () => {
  it('is read on first use only', () => {
    let reads = 0;
    const table = new PostalCodeDirectory(() => {
      reads++;
      return '# comment\n20095\t53.5494\t10.0059\tHamburg|Hamburg Altstadt\n';
    });
    expect(table.loaded).toBe(false);
    expect(table.lookup('20095')?.places).toEqual(['Hamburg', 'Hamburg Altstadt']);
    expect(table.lookup('2009x')).toBeNull();
    expect(table.lookup('99999')).toBeNull();
    expect(reads).toBe(1);
  });

  it('has every German delivery code with its town, and its centre inside the town', () => {
    // Hamburg Rathaus 53.5503 N 9.9921 E; Leipzig Augustusplatz 51.3397 N 12.3808 E; Garmisch 47.49 N 11.10 E
    const hh = postalCodes.lookup('20095')!;
    expect(hh.places[0]).toBe('Hamburg');
    expect(Math.abs(hh.latitude - 53.5503)).toBeLessThan(0.02);
    expect(Math.abs(hh.longitude - 9.9921)).toBeLessThan(0.03);
    expect(postalCodes.lookup('04109')?.places).toEqual(['Leipzig']);
    expect(postalCodes.lookup('82467')?.places).toContain('Garmisch-Partenkirchen');
    expect(postalCodes.lookup('01561')?.places).toContain('Lampertswalde');
    expect(postalCodes.lookup('00000')).toBeNull();
  });

  it('accepts the town of a code in the ways guests write it, and nothing else', () => {
    const area = postalCodes.lookup('22767')!;
    expect(postalCodes.cityOf(area, 'hamburg')).toBe('Hamburg');
    expect(postalCodes.cityOf(area, 'Hamburg-Altona')).toBe('Hamburg-Altona');
    expect(postalCodes.cityOf(area, 'Hamburg Sankt Pauli')).toBe('Hamburg Sankt Pauli');
    expect(postalCodes.cityOf(area, 'Bremen')).toBeNull();
    expect(postalCodes.cityOf(area, 'Ham')).toBeNull();
    expect(postalCodes.cityOf(postalCodes.lookup('80331')!, 'Muenchen')).toBeNull();
    expect(postalCodes.cityOf(postalCodes.lookup('80331')!, 'münchen')).toBe('München');
  });
});

describe('createAddressResolver with the gazetteer (the offline default)', () => {
  const resolve = createAddressResolver({ gazetteer, log: () => undefined });

  it("keeps the gazetteer's answers where it has streets: an unknown street there is not found", async () => {
    expect(await resolve('Augustusplatz 1, 04109 Leipzig')).toMatchObject({ street: 'Augustusplatz', zip: '04109', city: 'Leipzig' });
    expect(await code(resolve('Erfundene Gasse 3, 04109 Leipzig'))).toBe('notFound');
    expect(await code(resolve('Augustusplatz, 04109 Leipzig'))).toBe('MissingStreetNumber');
    expect(await code(resolve('Augustusplatz'))).toBe('MissingStreetNumber');
    expect(await code(resolve('Erfundene Gasse 3'))).toBe('Incomplete');
  });

  it('takes an address anywhere else in Germany at its postal code centre', async () => {
    expect(await resolve('Mönckebergstraße 7, 20095 Hamburg')).toEqual({
      street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg', latitude: 53.5494, longitude: 10.0059,
    });
    expect(await resolve('Hauptstr. 3, 01561 Lampertswalde')).toMatchObject({ street: 'Hauptstr.', zip: '01561', city: 'Lampertswalde' });
  });

  it('refuses a code that does not exist, a town that is not the code’s, a missing number or code', async () => {
    expect(await code(resolve('Mönckebergstraße 7, 99999 Hamburg'))).toBe('notFound');
    expect(await code(resolve('Mönckebergstraße 7, 20095 Berlin'))).toBe('notFound');
    expect(await code(resolve('Mönckebergstraße, 20095 Hamburg'))).toBe('MissingStreetNumber');
    expect(await code(resolve('Mönckebergstraße 7, Hamburg'))).toBe('Incomplete');
  });
});

describe('createAddressResolver with a street-level geocoder', () => {
  const hamburgHouse = { street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg', latitude: 53.550661, longitude: 10.000382 };
  const geocoder = (answer: (q: GeocodeQuery) => Promise<typeof hamburgHouse | null>) => {
    const asked: GeocodeQuery[] = [];
    const g: Geocoder = { name: 'photon', geocode: (q) => (asked.push(q), answer(q)) };
    return { g, asked };
  };

  it("asks it with the table's town, and takes its house", async () => {
    const { g, asked } = geocoder(async () => hamburgHouse);
    const resolve = createAddressResolver({ gazetteer, geocoder: g, log: () => undefined });
    expect(await resolve('mönckebergstr. 7, 20095 hamburg')).toEqual(hamburgHouse);
    expect(asked).toEqual([{ street: 'mönckebergstr.', streetNumber: '7', zip: '20095', city: 'Hamburg' }]);
  });

  it('is asked in the gazetteer’s city too (the gazetteer is only the default)', async () => {
    const { g, asked } = geocoder(async () => null);
    const resolve = createAddressResolver({ gazetteer, geocoder: g, log: () => undefined });
    expect(await code(resolve('Augustusplatz 1, 04109 Leipzig'))).toBe('notFound');
    expect(asked).toHaveLength(1);
  });

  it('does not ask it for a code or town the table refuses', async () => {
    const { g, asked } = geocoder(async () => hamburgHouse);
    const resolve = createAddressResolver({ gazetteer, geocoder: g, log: () => undefined });
    expect(await code(resolve('Mönckebergstraße 7, 20095 Berlin'))).toBe('notFound');
    expect(asked).toHaveLength(0);
  });

  it("uses the code's centre when the geocoder cannot answer, and logs it", async () => {
    const logged: string[] = [];
    const { g } = geocoder(async () => {
      throw new GeocoderUnavailableError('photon', 'HTTP 503');
    });
    const resolve = createAddressResolver({ gazetteer, geocoder: g, log: (m) => logged.push(m) });
    expect(await resolve('Mönckebergstraße 7, 20095 Hamburg')).toEqual({
      street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg', latitude: 53.5494, longitude: 10.0059,
    });
    expect(logged).toEqual(["geocoder unavailable, using the postal code's centre: photon: HTTP 503"]);
  });
});
