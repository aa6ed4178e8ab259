import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as v from 'valibot';
import type { DeliveryZone } from '@shared/domain';
import { shopSchemas } from '@shared/domain/shop';
import { strictKit } from '@shared/domain/kit';
import { duplicatePostalCodes } from '@shared/domain/shop';
import { deliveryZoneFor, zoneTerms } from './deliveryZones';

const radius = (id: string, km: number, fee: number): DeliveryZone => ({ id, name: id, maxDistanceKm: km, deliveryFee: fee, minimumOrderValue: 1000, freeAfter: 0 });
const byCode = (id: string, codes: string[], fee: number, min: number, freeAfter = 0): DeliveryZone => ({ id, name: id, postalCodes: codes, deliveryFee: fee, minimumOrderValue: min, freeAfter });

const HAMBURG = [byCode('innen', ['20095', '20097', '20099'], 190, 1500, 3500), byCode('altona', ['22765', '22767'], 290, 2000)];

describe('deliveryZoneFor', () => {
  it('finds the zone naming the postal code, whatever the distance', () => {
    expect(deliveryZoneFor(HAMBURG, { zip: '22767', distanceKm: 4.2 })?.id).toBe('altona');
    expect(deliveryZoneFor(HAMBURG, { zip: '20095', distanceKm: null })?.id).toBe('innen');
    expect(deliveryZoneFor(HAMBURG, { zip: ' 20099 ', distanceKm: 99 })?.id).toBe('innen');
  });

  it('is null for a code no zone names when there are no radius zones', () => {
    expect(deliveryZoneFor(HAMBURG, { zip: '21149', distanceKm: 0.5 })).toBeNull();
    expect(deliveryZoneFor(HAMBURG, { zip: null, distanceKm: 0.5 })).toBeNull();
  });

  it('takes the smallest radius zone reaching the distance, in any order of the data', () => {
    const zones = [radius('far', 6, 390), radius('near', 2.5, 150), radius('mid', 4.5, 290)];
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 2.5 })?.id).toBe('near');
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 2.51 })?.id).toBe('mid');
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 6 })?.id).toBe('far');
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 6.01 })).toBeNull();
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: null })).toBeNull();
  });

  it('prefers a postal-code zone over a nearer radius zone; radius zones serve the other codes', () => {
    const zones = [radius('near', 3, 150), byCode('dorf', ['04158'], 500, 3000)];
    expect(deliveryZoneFor(zones, { zip: '04158', distanceKm: 1 })?.id).toBe('dorf');
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 1 })?.id).toBe('near');
    expect(deliveryZoneFor(zones, { zip: '04109', distanceKm: 3.5 })).toBeNull();
  });

  it('property: a code named by a zone always finds that zone', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^\d{5}$/), { minLength: 1, maxLength: 20 }), fc.nat(19), fc.double({ min: 0, max: 50, noNaN: true }), (codes, i, km) => {
        const zone = byCode('z', codes, 100, 0);
        const code = codes[i % codes.length];
        return deliveryZoneFor([radius('r', 100, 1), zone], { zip: code, distanceKm: km }) === zone;
      }),
    );
  });
});

describe('zoneTerms', () => {
  it("is the zone's own fee, minimum and free-after (0 when absent)", () => {
    expect(zoneTerms(HAMBURG[0])).toEqual({ fee: 190, minimumOrderValue: 1500, freeAfter: 3500 });
    expect(zoneTerms({ id: 'x', name: 'x', postalCodes: ['20095'], deliveryFee: 250, minimumOrderValue: 1200 } as DeliveryZone)).toEqual({ fee: 250, minimumOrderValue: 1200, freeAfter: 0 });
  });
});

describe('duplicatePostalCodes and the data file check', () => {
  const S = shopSchemas(strictKit({ isHHMM: () => true, isTimeZone: () => true }));
  const zonesOf = (zones: unknown) => v.safeParse(v.object({ deliveryZones: S.ShopConfig.entries.deliveryZones }), { deliveryZones: zones });

  it('names each code that is in two zones once', () => {
    expect(duplicatePostalCodes([byCode('a', ['20095', '20097'], 1, 1), byCode('b', ['20097', '20095', '20099'], 1, 1), radius('r', 3, 1)])).toEqual(['20095', '20097']);
    expect(duplicatePostalCodes(HAMBURG)).toEqual([]);
  });

  it('refuses a code in two zones, a zone with both or neither kind, and a code that is not five digits', () => {
    const messages = (zones: unknown) => {
      const r = zonesOf(zones);
      return r.success ? [] : r.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`);
    };
    expect(messages([byCode('a', ['20095'], 1, 1), byCode('b', ['20095'], 1, 1)])).toEqual(['deliveryZones: postal code 20095 is in more than one zone']);
    expect(messages([{ ...radius('a', 3, 1), postalCodes: ['20095'] }])).toEqual(['deliveryZones.0: expected either maxDistanceKm or postalCodes, not both']);
    expect(messages([{ id: 'a', name: 'a', deliveryFee: 1, minimumOrderValue: 1 }])).toEqual(['deliveryZones.0: expected either maxDistanceKm or postalCodes, not both']);
    expect(messages([byCode('a', ['2009'], 1, 1)])).toEqual(['deliveryZones.0.postalCodes.0: expected a postal code of 5 digits']);
    expect(messages([byCode('a', [], 1, 1)])).toEqual(['deliveryZones.0.postalCodes: expected at least one postal code']);
    expect(messages(HAMBURG)).toEqual([]);
  });
});
