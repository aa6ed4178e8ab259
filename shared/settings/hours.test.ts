// The 'Öffnungszeiten' rule: each problem at its field's path with its German message.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatHHMM } from '@shared/time/clock';
import { hoursProblems, typedTime, type HoursSection } from './hours';
import { deliveryTimesOf } from '@shared/time/deliveryPeriod';

const zone = (over: Record<string, unknown>) => ({ id: 'z', name: 'Innenstadt', deliveryFee: 250, minimumOrderValue: 1500, freeAfter: 0, ...over }) as HoursSection['deliveryZones'][number];
const OK: HoursSection = {
  openingTimes: [{ dayIndex: 0, from: '11:30', to: '14:30' }, { dayIndex: 0, from: '17:30', to: '23:00' }, { dayIndex: 4, from: '18:00', to: '02:00' }],
  deliveryTimes: [],
  specialOpeningTimes: [{ reason: 'vacation', name: 'Betriebsferien', from: '2026-12-24', until: '2027-01-06', openingTimes: [] }],
  supportDelivery: true,
  supportPickup: true,
  deliveryZones: [zone({ id: 'a', postalCodes: ['01067', '01069'] }), zone({ id: 'b', name: 'Umland', maxDistanceKm: 5 })],
};

describe('hoursProblems', () => {
  it('accepts several ranges a day, a range past midnight, a one-day closure and both kinds of zones', () => {
    expect(hoursProblems(OK)).toEqual({});
    expect(hoursProblems({ ...OK, specialOpeningTimes: [{ reason: 'holiday', name: null, from: '2026-12-25', until: '2026-12-25', openingTimes: [] }] })).toEqual({});
  });

  it('refuses a closure ending before it starts, at its end date', () => {
    expect(hoursProblems({ ...OK, specialOpeningTimes: [{ reason: 'renovation', name: null, from: '2027-02-10', until: '2027-02-01', openingTimes: [] }] })).toEqual({
      'specialOpeningTimes.0.until': 'Die Schließung endet vor ihrem Beginn. Bitte ein Enddatum am oder nach dem ersten Tag wählen.',
    });
  });

  it('refuses a postal code of four digits and a code in two zones, at the zone’s codes', () => {
    expect(hoursProblems({ ...OK, deliveryZones: [zone({ postalCodes: ['1067'] })] })).toEqual({
      'deliveryZones.0.postalCodes': '„1067“ ist keine Postleitzahl: Bitte fünf Ziffern angeben, z. B. 01067.',
    });
    expect(hoursProblems({ ...OK, deliveryZones: [zone({ id: 'a', postalCodes: ['01067'] }), zone({ id: 'b', name: 'Neustadt', postalCodes: ['01099', '01067'] })] })).toEqual({
      'deliveryZones.1.postalCodes': 'Die Postleitzahl 01067 gehört schon zu einer anderen Zone.',
    });
  });

  it('refuses bad times, no service at all, a zone without name or kind, negative money', () => {
    expect(
      hoursProblems({
        ...OK,
        openingTimes: [{ dayIndex: 1, from: '25:00', to: '12:00' }, { dayIndex: 2, from: '12:00', to: '12:00' }],
        supportDelivery: false,
        supportPickup: false,
        deliveryZones: [zone({ name: ' ', deliveryFee: -1 }), zone({ maxDistanceKm: 2, postalCodes: ['01067'] })],
      }),
    ).toEqual({
      'openingTimes.0.from': 'Bitte eine Uhrzeit wie 11:30 angeben (00:00 bis 24:00).',
      'openingTimes.1.to': 'Beginn und Ende sind gleich. Bitte ein anderes Ende wählen (nach Mitternacht geht: 18:00 bis 02:00).',
      supportDelivery: 'Bitte Lieferung oder Abholung (oder beides) anbieten.',
      'deliveryZones.0.name': 'Bitte der Zone einen Namen geben.',
      'deliveryZones.0.postalCodes': 'Bitte entweder Postleitzahlen oder einen Umkreis in km angeben.',
      'deliveryZones.0.deliveryFee': 'Bitte einen Betrag in Euro angeben, z. B. 2,50.',
      'deliveryZones.1.postalCodes': 'Bitte entweder Postleitzahlen oder einen Umkreis in km angeben.',
    });
  });
});

describe("'Lieferzeiten wie Öffnungszeiten'", () => {
  const opening = [{ dayIndex: 0, from: '11:30', to: '22:00' }];
  const own = [{ dayIndex: 0, from: '17:00', to: '21:00' }];

  it('without delivery times of its own (absent or null) the shop delivers during its opening times; own ones win', () => {
    expect(deliveryTimesOf({ openingTimes: opening })).toEqual([{ dayIndex: 0, from: '11:30', to: '22:00' }]);
    expect(deliveryTimesOf({ openingTimes: opening, deliveryTimes: null })).toEqual([{ dayIndex: 0, from: '11:30', to: '22:00' }]);
    expect(deliveryTimesOf({ openingTimes: opening, deliveryTimes: own })).toEqual([{ dayIndex: 0, from: '17:00', to: '21:00' }]);
    // own and empty: no delivery at all (not the opening times)
    expect(deliveryTimesOf({ openingTimes: opening, deliveryTimes: [] })).toEqual([]);
  });

  it('null delivery times are not checked; own ones are, at their field', () => {
    expect(hoursProblems({ ...OK, deliveryTimes: null })).toEqual({});
    expect(hoursProblems({ ...OK, deliveryTimes: [{ dayIndex: 1, from: '18:00', to: '18:00' }] })).toEqual({
      'deliveryTimes.0.to': 'Beginn und Ende sind gleich. Bitte ein anderes Ende wählen (nach Mitternacht geht: 18:00 bis 02:00).',
    });
  });
});

describe('typedTime', () => {
  it('reads a clock time as people type it: hours alone, one digit, a dot, “Uhr”', () => {
    const read = (texts: string[]) => texts.map((t) => typedTime(t));
    expect(read(['9', '9:00', '09:00', ' 9.30 ', '9:30 Uhr', '21 Uhr', '0', '24', '24:00', '23:59'])).toEqual(['09:00', '09:00', '09:00', '09:30', '09:30', '21:00', '00:00', '24:00', '24:00', '23:59']);
  });
  it('refuses what is no clock time', () => {
    expect(['', '24:01', '25', '9:60', '9:5', '11 bis', '930', '-1', '9::00', '1:00:00'].map((t) => typedTime(t))).toEqual(Array(10).fill(null));
  });
  it('gives back every HH:MM as it is', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1440 }), (m) => typedTime(m === 1440 ? '24:00' : formatHHMM(m)) === (m === 1440 ? '24:00' : formatHHMM(m))));
  });
});
