import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { shopTimeAt } from './clock';
import { addDays, dayIndexOf, formatHHMM, instantOfShopTime, isIsoDate, nextMidnight, parseHHMM, shopClock } from './clock';
import { computeDeliveryPeriod, serveTimeSlots } from './deliveryPeriod';
import { isActiveAt, nextOpening } from './timetable';

// Tuesday..Sunday 11:00-22:00, Monday closed
const week: TimetableEntry[] = [1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '11:00', to: '22:00' }));
const vacation: SpecialOpeningTime = { reason: 'vacation', from: '2026-12-24', until: '2026-12-27', openingTimes: [] };

describe('clock', () => {
  it('converts an instant to Berlin time (winter and summer)', () => {
    expect(shopTimeAt(new Date('2026-11-24T10:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-24', dayIndex: 1, minute: 11 * 60 + 30 });
    expect(shopTimeAt(new Date('2026-07-01T22:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-07-02', dayIndex: 3, minute: 30 });
  });
  it('parses and formats HH:MM', () => {
    expect(parseHHMM('24:00')).toBe(1440);
    expect(() => parseHHMM('25:00')).toThrow();
    expect(formatHHMM(1439)).toBe('23:59');
    expect(formatHHMM(1440 + 65)).toBe('01:05');
  });
  it('knows weekdays and adds days', () => {
    expect(dayIndexOf('2026-11-23')).toBe(0); // Monday
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('isIsoDate', () => {
  it('takes real calendar dates only', () => {
    expect(['2026-11-24', '2026-02-29', '2028-02-29', '2026-13-01', '2026-04-31', '24.11.2026', '2026-1-5', '', null, 20261124].map(isIsoDate)).toEqual([
      true, false, true, false, false, false, false, false, false, false,
    ]);
  });
});

describe('shop-local instants', () => {
  const BERLIN = 'Europe/Berlin';
  it('instantOfShopTime in winter and summer time, and past midnight', () => {
    expect(instantOfShopTime('2026-11-24', 22 * 60, BERLIN).toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(instantOfShopTime('2026-07-01', 22 * 60, BERLIN).toISOString()).toBe('2026-07-01T20:00:00.000Z');
    expect(instantOfShopTime('2026-11-24', 25 * 60, BERLIN).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // the night the clocks go back (25.10.2026): 12:00 is UTC+1 already
    expect(instantOfShopTime('2026-10-25', 12 * 60, BERLIN).toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('shopClock: the shop-local HH:MM of an instant, in winter and summer time', () => {
    expect(shopClock('2026-11-24T18:45:00Z', BERLIN)).toBe('19:45');
    expect(shopClock(new Date('2026-07-01T18:45:00Z'), BERLIN)).toBe('20:45');
    expect(shopClock('2026-11-24T23:05:00Z', BERLIN)).toBe('00:05');
  });

  it('nextMidnight: the end of the shop-local day, in winter, in summer and on the days the clocks change', () => {
    expect(nextMidnight(new Date('2026-11-24T11:00:00Z'), BERLIN).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(nextMidnight(new Date('2026-07-01T21:59:00Z'), BERLIN).toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(nextMidnight(new Date('2026-07-01T22:00:00Z'), BERLIN).toISOString()).toBe('2026-07-02T22:00:00.000Z');
    // 25.10.2026 has 25 hours: from 02:30 CEST (before the clocks go back) its end is 00:00 CET = 23:00 UTC
    expect(nextMidnight(new Date('2026-10-25T00:30:00Z'), BERLIN).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(nextMidnight(new Date('2026-10-25T10:00:00Z'), BERLIN).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // 29.03.2026 has 23 hours: from 01:30 CET (before the clocks go forward) its end is 00:00 CEST = 22:00 UTC
    expect(nextMidnight(new Date('2026-03-29T00:30:00Z'), BERLIN).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('timetable', () => {
  it('is active inside a range and closed on Monday', () => {
    expect(isActiveAt(week, [], { date: '2026-11-24', minute: 12 * 60 })).toBe(true);
    expect(isActiveAt(week, [], { date: '2026-11-24', minute: 22 * 60 })).toBe(false);
    expect(isActiveAt(week, [], { date: '2026-11-23', minute: 12 * 60 })).toBe(false);
  });
  it('checks the previous day after midnight', () => {
    const late: TimetableEntry[] = [{ dayIndex: 4, from: '18:00', to: '02:00' }];
    expect(isActiveAt(late, [], { date: '2026-11-28', minute: 60 })).toBe(true); // Saturday 01:00
    expect(isActiveAt(late, [], { date: '2026-11-28', minute: 150 })).toBe(false);
  });
  it('empty timetable is closed, missing is open', () => {
    expect(isActiveAt([], [], { date: '2026-11-24', minute: 600 })).toBe(false);
    expect(isActiveAt(undefined, [], { date: '2026-11-24', minute: 600 })).toBe(true);
  });
  it('special periods replace the timetable', () => {
    expect(isActiveAt(week, [vacation], { date: '2026-12-24', minute: 12 * 60 })).toBe(false);
    expect(nextOpening(week, [vacation], { date: '2026-12-24', minute: 600 })).toEqual({ date: '2026-12-29', minute: 660 });
  });
});

describe('computeDeliveryPeriod', () => {
  const input = { openingTimes: week, specialOpeningTimes: [vacation], supportDelivery: true, supportPickup: true };
  it('open: ASAP allowed, 15-minute slots after the lead time', () => {
    const p = computeDeliveryPeriod(input, { date: '2026-11-24', dayIndex: 1, minute: 12 * 60 + 7 });
    expect(p.insideOpenHours).toBe(true);
    expect(p.acceptOrders).toBe(true);
    expect(p.allowASAP).toEqual({ delivery: true, pickup: true });
    expect(p.validServeTimes.delivery[0]).toBe('13:00');
    expect(p.validServeTimes.pickup[0]).toBe('12:30');
    expect(p.validServeTimes.delivery.at(-1)).toBe('21:45');
    expect(p.openAt).toBeNull();
    expect(p.nextOpeningTimeString).toBeNull();
    expect(p.dayOfWeek).toBe('Dienstag');
  });
  it('before opening: openInMinutes and openAt, pre-order slots', () => {
    const p = computeDeliveryPeriod(input, { date: '2026-11-24', dayIndex: 1, minute: 10 * 60 + 30 });
    expect(p.insideOpenHours).toBe(false);
    expect(p.openInMinutes).toBe(30);
    expect(p.openAt).toBe('11:00');
    expect(p.nextOpeningTimeString).toBe('heute um 11:00 Uhr');
    expect(p.allowASAP.delivery).toBe(false);
    expect(p.allowOrders).toBe(true);
    expect(p.validServeTimes.delivery[0]).toBe('11:15');
  });
  it('closed day: next opening tomorrow, no openAt', () => {
    const p = computeDeliveryPeriod(input, { date: '2026-11-23', dayIndex: 0, minute: 12 * 60 });
    expect(p.openAt).toBeNull();
    expect(p.openInMinutes).toBeNull();
    expect(p.nextOpeningTimeString).toBe('morgen um 11:00 Uhr');
    expect(p.allowOrders).toBe(false);
    expect(p.specialClosedMessage).toBeNull();
  });
  it('special closing: message names the reason and ends with the reopening date', () => {
    const p = computeDeliveryPeriod(input, { date: '2026-12-25', dayIndex: 4, minute: 12 * 60 });
    expect(p.specialClosedMessage).toBe('Wir sind im Betriebsurlaub. Wieder geöffnet ab 29.12.2026');
    expect(p.nextOpeningTimeString).toBe('Dienstag, 29.12.2026 um 11:00 Uhr');
    const other = computeDeliveryPeriod(
      { ...input, specialOpeningTimes: [{ ...vacation, reason: 'other' }] },
      { date: '2026-12-25', dayIndex: 4, minute: 12 * 60 },
    );
    expect(other.specialClosedMessage).toMatch(/^Wir haben aktuell geschlossen\. .*29\.12\.2026$/);
  });
  it('respects unsupported types and separate delivery times', () => {
    const p = computeDeliveryPeriod(
      { ...input, supportPickup: false, deliveryTimes: [{ dayIndex: 1, from: '17:00', to: '21:00' }] },
      { date: '2026-11-24', dayIndex: 1, minute: 12 * 60 },
    );
    expect(p.allowPickup).toBe(false);
    expect(p.validServeTimes.pickup).toEqual([]);
    expect(p.allowDelivery).toBe(false);
    expect(p.insideOpenHours).toBe(true);
    expect(p.validServeTimes.delivery[0]).toBe('17:00');
  });
  it('slots never pass midnight', () => {
    expect(serveTimeSlots(undefined, [], { date: '2026-11-24', minute: 1430 }, 0)).toEqual([]);
  });
});

describe('properties', () => {
  const entry = fc.record({
    dayIndex: fc.integer({ min: 0, max: 6 }),
    from: fc.integer({ min: 0, max: 1439 }).map(formatHHMM),
    to: fc.integer({ min: 0, max: 1439 }).map(formatHHMM),
  });
  const moment = fc.record({ day: fc.integer({ min: 0, max: 400 }), minute: fc.integer({ min: 0, max: 1439 }) });

  it('the next opening is an open moment, and nothing opens before it', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), moment, (table, m) => {
        const t = { date: addDays('2026-01-01', m.day), minute: m.minute };
        const next = nextOpening(table, [], t, 8);
        if (!next) return table.length === 0;
        expect(isActiveAt(table, [], next)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('the delivery period never throws and its slots are ascending, within the day', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), moment, (table, m) => {
        const date = addDays('2026-01-01', m.day);
        const p = computeDeliveryPeriod(
          { openingTimes: table, specialOpeningTimes: [], supportDelivery: true, supportPickup: true },
          { date, dayIndex: dayIndexOf(date), minute: m.minute },
        );
        const slots = p.validServeTimes.delivery.map(parseHHMM);
        expect([...slots].sort((a, b) => a - b)).toEqual(slots);
        expect(p.acceptOrders).toBe(p.insideOpenHours);
        if (p.openInMinutes !== null) expect(p.openInMinutes).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
