import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeHandOver, encodeHandOver, HANDOVER_PREFIX, isHandOverHash, withHandOver, type HandOver } from './handover';

const sample: HandOver = {
  deliveryType: 'delivery',
  locationString: 'Karl-Liebknecht-Straße 12, 04107 Leipzig',
  selectedDish: 'classic-burger',
  serveAt: '18:30',
  cart: [{ kind: 'dish', lineId: 'a1', dishId: 'classic-burger', amount: 2, extras: [] }],
  geo: { deliveryFee: 150, minimumOrderValue: 1200, freeAfter: 3000, distance: 1.2, addr: { street: 'Karl-Liebknecht-Straße', streetNumber: '12', zip: '04107', city: 'Leipzig' } },
};

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('franchise hand-over hash', () => {
  it('round-trips, umlauts included', () => {
    const hash = encodeHandOver(sample);
    expect(hash.startsWith(HANDOVER_PREFIX)).toBe(true);
    expect(decodeHandOver(hash)).toEqual(sample);
    // the wire format is plain base64 of the JSON (other shops and pages can write it)
    expect(decodeHandOver(HANDOVER_PREFIX + b64(JSON.stringify(sample)))).toEqual(sample);
  });

  it('accepts URL-safe and percent-encoded base64', () => {
    const raw = encodeHandOver(sample).slice(HANDOVER_PREFIX.length);
    expect(decodeHandOver(HANDOVER_PREFIX + raw.replace(/\+/g, '-').replace(/\//g, '_'))).toEqual(sample);
    expect(decodeHandOver(HANDOVER_PREFIX + encodeURIComponent(raw))).toEqual(sample);
  });

  it('ignores what is not a hand-over', () => {
    expect(isHandOverHash('#menu')).toBe(false);
    expect(decodeHandOver('')).toBeNull();
    expect(decodeHandOver('#menu')).toBeNull();
    expect(decodeHandOver('#franchise')).toBeNull();
    expect(decodeHandOver('#franchise!!!not-base64')).toBeNull();
    expect(decodeHandOver('#franchise%E0%A4%A')).toBeNull();
    expect(decodeHandOver(HANDOVER_PREFIX + b64('{"deliveryType":'))).toBeNull();
    expect(decodeHandOver(HANDOVER_PREFIX + b64('null'))).toBeNull();
    expect(decodeHandOver(HANDOVER_PREFIX + b64('[]'))).toBeNull();
    expect(decodeHandOver(HANDOVER_PREFIX + btoa('\xff\xfe'))).toBeNull();
  });

  it('rejects wrong shapes', () => {
    const bad = (patch: Record<string, unknown>) => HANDOVER_PREFIX + b64(JSON.stringify({ ...sample, ...patch }));
    expect(decodeHandOver(bad({ deliveryType: 'drone' }))).toBeNull();
    expect(decodeHandOver(bad({ serveAt: '25:00' }))).toBeNull();
    expect(decodeHandOver(bad({ serveAt: '<script>' }))).toBeNull();
    expect(decodeHandOver(bad({ cart: 'x' }))).toBeNull();
    expect(decodeHandOver(bad({ cart: [1, 2] }))).toBeNull();
    expect(decodeHandOver(bad({ cart: Array.from({ length: 201 }, () => ({})) }))).toBeNull();
    expect(decodeHandOver(bad({ geo: { deliveryFee: -1 } }))).toBeNull();
    expect(decodeHandOver(bad({ locationString: 'x'.repeat(301) }))).toBeNull();
    const { geo: _g, ...noGeo } = sample;
    expect(decodeHandOver(HANDOVER_PREFIX + b64(JSON.stringify(noGeo)))).toBeNull();
    expect(decodeHandOver(bad({ serveAt: 'asap', geo: null, selectedDish: null }))).toMatchObject({ serveAt: 'asap', geo: null });
  });

  it('encode refuses a bad value, withHandOver replaces an old hash', () => {
    expect(() => encodeHandOver({ ...sample, serveAt: 'morgen' })).toThrow();
    const url = withHandOver('http://x.test/f=nord#old', sample);
    expect(url.startsWith('http://x.test/f=nord#franchise')).toBe(true);
    expect(decodeHandOver(url.slice(url.indexOf('#')))).toEqual(sample);
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        decodeHandOver(s);
        decodeHandOver(HANDOVER_PREFIX + s);
        decodeHandOver(HANDOVER_PREFIX + b64(s));
      }),
      { numRuns: 500 },
    );
  });
});
