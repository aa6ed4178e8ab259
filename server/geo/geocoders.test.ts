// The Photon and Nominatim adapters against answers in those APIs' shapes (fixtures/), through a
// fake fetch: no network in tests.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GeocoderUnavailableError } from './geocoder';
import { DEFAULT_GEOCODER_USER_AGENT } from './http';
import { NominatimGeocoder } from './nominatim';
import { PhotonGeocoder } from './photon';
import { geocoderFromEnv } from './resolve';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init });
    return answer();
  }) as typeof fetch;
  return { fn, calls };
}
const json = (body: string, status = 200) => () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

const MOENCKEBERG = { street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg' };

describe('PhotonGeocoder', () => {
  it('asks {base}/api with the whole address, in German, with its User-Agent, and reads the house', async () => {
    const f = fakeFetch(json(fixture('photon-moenckebergstrasse-7-hamburg.json')));
    const g = new PhotonGeocoder({ baseUrl: 'https://photon.example.org/', fetch: f.fn });
    expect(await g.geocode(MOENCKEBERG)).toEqual({
      street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg', latitude: 53.550661, longitude: 10.000382,
    });
    expect(f.calls).toHaveLength(1);
    const { url, init } = f.calls[0];
    expect(url.origin + url.pathname).toBe('https://photon.example.org/api');
    expect(url.searchParams.get('q')).toBe('Mönckebergstraße 7, 20095 Hamburg');
    expect(url.searchParams.get('lang')).toBe('de');
    expect((init?.headers as Record<string, string>)['User-Agent']).toBe(DEFAULT_GEOCODER_USER_AGENT);
  });

  it('takes the street when the house is not mapped, keeping the number as written', async () => {
    const f = fakeFetch(json(fixture('photon-street-only.json')));
    const g = new PhotonGeocoder({ baseUrl: 'http://localhost:2322', fetch: f.fn });
    expect(await g.geocode({ street: 'Schanzenstr.', streetNumber: '12a', zip: '20357', city: 'Hamburg' })).toEqual({
      street: 'Schanzenstraße', streetNumber: '12a', zip: '20357', city: 'Hamburg', latitude: 53.562913, longitude: 9.961234,
    });
  });

  it('answers null when Photon knows no such address, and does not ask twice for the same address', async () => {
    const f = fakeFetch(json(fixture('photon-empty.json')));
    const g = new PhotonGeocoder({ baseUrl: 'http://localhost:2322', fetch: f.fn });
    expect(await g.geocode(MOENCKEBERG)).toBeNull();
    expect(await g.geocode({ ...MOENCKEBERG, street: 'mönckebergstraße ' })).toBeNull();
    expect(f.calls).toHaveLength(1);
  });

  it('is unavailable on an error status, a broken answer or a timeout', async () => {
    for (const answer of [json('{}', 503), json('<html>oops</html>')]) {
      const g = new PhotonGeocoder({ baseUrl: 'http://localhost:2322', fetch: fakeFetch(answer).fn });
      await expect(g.geocode(MOENCKEBERG)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    }
    const hanging = (async (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    const slow = new PhotonGeocoder({ baseUrl: 'http://localhost:2322', fetch: hanging, timeoutMs: 50 });
    await expect(slow.geocode(MOENCKEBERG)).rejects.toThrow('photon: no answer within 50 ms');
  });

  it('keeps at most cacheSize answers', async () => {
    const f = fakeFetch(json(fixture('photon-empty.json')));
    const g = new PhotonGeocoder({ baseUrl: 'http://localhost:2322', fetch: f.fn, cacheSize: 2 });
    for (const n of ['1', '2', '3', '1']) await g.geocode({ ...MOENCKEBERG, streetNumber: n });
    // '1' was dropped when '3' came in, so it is asked again
    expect(f.calls.map((c) => c.url.searchParams.get('q'))).toEqual([
      'Mönckebergstraße 1, 20095 Hamburg', 'Mönckebergstraße 2, 20095 Hamburg', 'Mönckebergstraße 3, 20095 Hamburg', 'Mönckebergstraße 1, 20095 Hamburg',
    ]);
  });
});

describe('NominatimGeocoder', () => {
  it('asks the structured {base}/search in jsonv2 with address details, limited to Germany', async () => {
    const f = fakeFetch(json(fixture('nominatim-moenckebergstrasse-7-hamburg.json')));
    const g = new NominatimGeocoder({ baseUrl: 'http://osm.internal/nominatim', fetch: f.fn, userAgent: 'Pizzeria Roma (ops@pizzeria-roma.de)' });
    expect(await g.geocode(MOENCKEBERG)).toEqual({
      street: 'Mönckebergstraße', streetNumber: '7', zip: '20095', city: 'Hamburg', latitude: 53.550661, longitude: 10.000382,
    });
    const { url, init } = f.calls[0];
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      street: '7 Mönckebergstraße', postalcode: '20095', city: 'Hamburg', countrycodes: 'de', format: 'jsonv2', addressdetails: '1', limit: '1', 'accept-language': 'de',
    });
    expect((init?.headers as Record<string, string>)['User-Agent']).toBe('Pizzeria Roma (ops@pizzeria-roma.de)');
  });

  it('reads a village as the town and keeps the number as written when only the road is known', async () => {
    const g = new NominatimGeocoder({ baseUrl: 'http://osm.internal', fetch: fakeFetch(json(fixture('nominatim-village.json'))).fn });
    expect(await g.geocode({ street: 'Dorfstraße', streetNumber: '3', zip: '01561', city: 'Lampertswalde' })).toEqual({
      street: 'Dorfstraße', streetNumber: '3', zip: '01561', city: 'Lampertswalde', latitude: 51.310294, longitude: 13.680122,
    });
  });

  it('answers null for an empty list', async () => {
    const g = new NominatimGeocoder({ baseUrl: 'http://osm.internal', fetch: fakeFetch(json(fixture('nominatim-empty.json'))).fn });
    expect(await g.geocode(MOENCKEBERG)).toBeNull();
  });
});

describe('geocoderFromEnv', () => {
  it('is the gazetteer (null) unless TISCHLEIN_GEOCODER names photon or nominatim with a URL', () => {
    expect(geocoderFromEnv({})).toBeNull();
    expect(geocoderFromEnv({ TISCHLEIN_GEOCODER: 'gazetteer' })).toBeNull();
    expect(geocoderFromEnv({ TISCHLEIN_GEOCODER: 'photon', TISCHLEIN_GEOCODER_URL: 'http://localhost:2322' })?.name).toBe('photon');
    expect(geocoderFromEnv({ TISCHLEIN_GEOCODER: 'Nominatim', TISCHLEIN_GEOCODER_URL: 'https://nominatim.example.org' })?.name).toBe('nominatim');
    expect(() => geocoderFromEnv({ TISCHLEIN_GEOCODER: 'google' })).toThrow("TISCHLEIN_GEOCODER: expected 'gazetteer', 'photon' or 'nominatim', got 'google'");
    expect(() => geocoderFromEnv({ TISCHLEIN_GEOCODER: 'photon' })).toThrow('TISCHLEIN_GEOCODER=photon needs TISCHLEIN_GEOCODER_URL');
    expect(() => geocoderFromEnv({ TISCHLEIN_GEOCODER: 'photon', TISCHLEIN_GEOCODER_URL: 'file:///etc/passwd' })).toThrow('expected an http(s) URL');
    expect(() => geocoderFromEnv({ TISCHLEIN_GEOCODER: 'photon', TISCHLEIN_GEOCODER_URL: 'http://user:pw@host' })).toThrow('no user or password');
    expect(() => geocoderFromEnv({ TISCHLEIN_GEOCODER: 'photon', TISCHLEIN_GEOCODER_URL: 'http://h', TISCHLEIN_GEOCODER_TIMEOUT_MS: '5' })).toThrow('TISCHLEIN_GEOCODER_TIMEOUT_MS');
  });
});
