// serveTimeSlots reads the day's timetable once, not once per slot (up to 96 per order on the
// server), and keeps offering the same slots. Expected slots written out by hand.
import { describe, expect, it } from '@jest/globals';
import type { SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { serveTimeSlots } from './deliveryPeriod';

/** Entries whose times count how often they are read. */
function counted(entries: TimetableEntry[]): { table: TimetableEntry[]; reads: () => number } {
  let n = 0;
  const table = entries.map((e) => {
    const o = { dayIndex: e.dayIndex } as TimetableEntry;
    Object.defineProperty(o, 'from', { enumerable: true, get: () => (n++, e.from) });
    Object.defineProperty(o, 'to', { enumerable: true, get: () => (n++, e.to) });
    return o;
  });
  return { table, reads: () => n };
}

const none: SpecialOpeningTime[] = [];

describe('serveTimeSlots', () => {
  it('a whole day of slots from a timetable read once per day (2026-11-24, a Tuesday, 11:00–22:00)', () => {
    const { table, reads } = counted([1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '11:00', to: '22:00' })));
    const slots = serveTimeSlots(table, none, { date: '2026-11-24', minute: 9 * 60 }, 30);
    expect(slots).toHaveLength(44); // 11:00 … 21:45
    expect(slots.slice(0, 3)).toEqual(['11:00', '11:15', '11:30']);
    expect(slots.slice(-2)).toEqual(['21:30', '21:45']);
    // Tuesday's entry and Monday's (no entry: closed) at most once each: 2 reads per entry of the day
    expect(reads()).toBeLessThanOrEqual(4);
  });

  it('after midnight the evening before still counts (Friday 18:00–02:00, asked on Saturday 00:10)', () => {
    const { table, reads } = counted([{ dayIndex: 4, from: '18:00', to: '02:00' }, { dayIndex: 5, from: '12:00', to: '14:00' }]);
    // 2026-11-28 is a Saturday; lead 20 minutes: the first slot at 00:30
    expect(serveTimeSlots(table, none, { date: '2026-11-28', minute: 10 }, 20)).toEqual([
      '00:30', '00:45', '01:00', '01:15', '01:30', '01:45', '12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45',
    ]);
    expect(reads()).toBeLessThanOrEqual(4);
  });

  it('inside a special period its own times replace the week (Christmas Eve 2026, 11:00–14:00)', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '11:00', to: '22:00' }));
    const xmas: SpecialOpeningTime[] = [{ reason: 'holiday', from: '2026-12-24', until: '2026-12-24', openingTimes: [{ dayIndex: 3, from: '11:00', to: '14:00' }] }];
    expect(serveTimeSlots(week, xmas, { date: '2026-12-24', minute: 12 * 60 + 50 }, 30)).toEqual(['13:30', '13:45']);
  });
});
