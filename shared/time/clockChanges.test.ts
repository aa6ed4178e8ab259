// The shop clock (clock.ts) across clock changes, in zones with odd offsets and before 1970, read
// forwards, backwards and again. Expected values are written out by hand from the zones' rules: Europe/Berlin goes to summer time on the last Sunday of March
// at 01:00 UTC and back on the last Sunday of October at 01:00 UTC; Australia/Lord_Howe goes from
// +10:30 to +11:00 on the first Sunday of October at 02:00 local (15:30 UTC the day before: inside
// a UTC hour).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { instantOfShopTime, nextMidnight, shopTimeAt } from './clock';

const BERLIN = 'Europe/Berlin';
const at = (iso: string, zone = BERLIN) => shopTimeAt(new Date(iso), zone);

// each case: instant (UTC) → shop-local date, weekday (0 = Monday), minute of the day
const BERLIN_CASES: [string, string, number, number][] = [
  // spring 2026: Sunday 29 March, 02:00 CET → 03:00 CEST at 01:00 UTC
  ['2026-03-28T22:59:00Z', '2026-03-28', 5, 23 * 60 + 59],
  ['2026-03-28T23:30:00Z', '2026-03-29', 6, 30],
  ['2026-03-29T00:00:00Z', '2026-03-29', 6, 60],
  ['2026-03-29T00:59:59Z', '2026-03-29', 6, 60 + 59],
  ['2026-03-29T01:00:00Z', '2026-03-29', 6, 3 * 60],
  ['2026-03-29T01:30:00Z', '2026-03-29', 6, 3 * 60 + 30],
  ['2026-03-29T21:59:00Z', '2026-03-29', 6, 23 * 60 + 59],
  ['2026-03-29T22:00:00Z', '2026-03-30', 0, 0],
  // autumn 2026: Sunday 25 October, 03:00 CEST → 02:00 CET at 01:00 UTC (02:00–02:59 twice)
  ['2026-10-24T21:59:00Z', '2026-10-24', 5, 23 * 60 + 59],
  ['2026-10-24T22:00:00Z', '2026-10-25', 6, 0],
  ['2026-10-25T00:30:00Z', '2026-10-25', 6, 2 * 60 + 30],
  ['2026-10-25T00:59:59Z', '2026-10-25', 6, 2 * 60 + 59],
  ['2026-10-25T01:00:00Z', '2026-10-25', 6, 2 * 60],
  ['2026-10-25T01:30:00Z', '2026-10-25', 6, 2 * 60 + 30],
  ['2026-10-25T22:59:00Z', '2026-10-25', 6, 23 * 60 + 59],
  ['2026-10-25T23:00:00Z', '2026-10-26', 0, 0],
  // winter and summer, far from a change; a leap day
  ['2026-11-26T13:05:00Z', '2026-11-26', 3, 14 * 60 + 5],
  ['2028-02-29T23:15:00Z', '2028-03-01', 2, 15],
  ['2027-07-04T10:00:00Z', '2027-07-04', 6, 12 * 60],
];

describe('shop clock across clock changes', () => {
  it('Europe/Berlin across both clock changes of 2026, forwards, backwards and again (asked again)', () => {
    const expected = BERLIN_CASES.map(([, date, dayIndex, minute]) => ({ date, dayIndex, minute }));
    expect(BERLIN_CASES.map(([iso]) => at(iso))).toEqual(expected);
    expect([...BERLIN_CASES].reverse().map(([iso]) => at(iso))).toEqual([...expected].reverse());
    expect(BERLIN_CASES.map(([iso]) => at(iso))).toEqual(expected);
  });

  it('Australia/Lord_Howe: a change at half past a UTC hour', () => {
    const LH = 'Australia/Lord_Howe';
    // the hour 15:00–16:00 UTC on 3 October 2026: +10:30 until 15:30, then +11:00
    const cases: [string, number][] = [
      ['2026-10-03T15:00:00Z', 60 + 30],
      ['2026-10-03T15:29:00Z', 60 + 59],
      ['2026-10-03T15:30:00Z', 2 * 60 + 30],
      ['2026-10-03T15:59:00Z', 2 * 60 + 59],
      ['2026-10-03T15:10:00Z', 60 + 40],
    ];
    for (const [iso, minute] of cases) expect(at(iso, LH)).toEqual({ date: '2026-10-04', dayIndex: 6, minute });
    // the hours around it have one offset each
    expect(at('2026-10-03T14:59:00Z', LH)).toEqual({ date: '2026-10-04', dayIndex: 6, minute: 60 + 29 });
    expect(at('2026-10-03T16:00:00Z', LH)).toEqual({ date: '2026-10-04', dayIndex: 6, minute: 3 * 60 });
  });

  it('zones with odd offsets and the southern summer', () => {
    expect(at('2026-11-26T13:05:00Z', 'Asia/Kolkata')).toEqual({ date: '2026-11-26', dayIndex: 3, minute: 18 * 60 + 35 });
    expect(at('2026-11-26T13:05:00Z', 'Asia/Kathmandu')).toEqual({ date: '2026-11-26', dayIndex: 3, minute: 18 * 60 + 50 });
    expect(at('2026-11-26T13:05:00Z', 'America/St_Johns')).toEqual({ date: '2026-11-26', dayIndex: 3, minute: 9 * 60 + 35 });
    // New Zealand in summer (+13): already Friday
    expect(at('2026-11-26T13:05:00Z', 'Pacific/Auckland')).toEqual({ date: '2026-11-27', dayIndex: 4, minute: 2 * 60 + 5 });
    // before 1970 (negative day numbers): Berlin was UTC+1 that winter
    expect(at('1969-12-31T12:00:00Z')).toEqual({ date: '1969-12-31', dayIndex: 2, minute: 13 * 60 });
    expect(at('1969-12-31T23:30:00Z')).toEqual({ date: '1970-01-01', dayIndex: 3, minute: 30 });
    expect(at('1969-12-31T23:30:00Z', 'UTC')).toEqual({ date: '1969-12-31', dayIndex: 2, minute: 23 * 60 + 30 });
  });

  it('instantOfShopTime and nextMidnight on the days the clocks change (asked again)', () => {
    for (let round = 0; round < 2; round++) {
      expect(instantOfShopTime('2026-03-29', 3 * 60, BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
      expect(instantOfShopTime('2026-03-29', 60 + 59, BERLIN).toISOString()).toBe('2026-03-29T00:59:00.000Z');
      expect(instantOfShopTime('2026-03-29', 12 * 60, BERLIN).toISOString()).toBe('2026-03-29T10:00:00.000Z');
      expect(instantOfShopTime('2026-10-25', 12 * 60, BERLIN).toISOString()).toBe('2026-10-25T11:00:00.000Z');
      expect(instantOfShopTime('2026-10-25', 0, BERLIN).toISOString()).toBe('2026-10-24T22:00:00.000Z');
      expect(instantOfShopTime('2026-10-25', 4 * 60, BERLIN).toISOString()).toBe('2026-10-25T03:00:00.000Z');
      expect(nextMidnight(new Date('2026-03-29T00:30:00Z'), BERLIN).toISOString()).toBe('2026-03-29T22:00:00.000Z');
      expect(nextMidnight(new Date('2026-10-25T00:30:00Z'), BERLIN).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    }
  });

  it('an unknown zone or an invalid instant still throws', () => {
    expect(() => shopTimeAt(new Date('2026-11-26T12:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => shopTimeAt(new Date('nope'), BERLIN)).toThrow(RangeError);
  });

  it('agrees with a second Intl reading (other locale, weekday from Intl), for any instant 1990–2060 in zones with and without summer time', () => {
    const zones = [BERLIN, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];
    const reference = new Map(zones.map((z) => [z, new Intl.DateTimeFormat('en-GB', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })]));
    const WEEKDAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const p = Object.fromEntries(reference.get(zone)!.formatToParts(ms).map((x) => [x.type, x.value]));
        expect(shopTimeAt(new Date(ms), zone)).toEqual({ date: `${p.year}-${p.month}-${p.day}`, dayIndex: WEEKDAY.indexOf(p.weekday), minute: Number(p.hour) * 60 + Number(p.minute) });
      }),
      { numRuns: 3000 },
    );
  });
});
