// The shop-time rules at a fixed clock: midnight, empty vs
// missing timetables, special closures and their wording, and the order time (serveAt).
import { describe, expect, it } from '@jest/globals';
import type { DeliveryPeriod, SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { resolveServeAt, serveAtChoices } from './index';
import { shopTimeAt } from './clock';
import { closedMessage, rangesText, upcomingClosures, weekHours } from './openingHours';
import { computeDeliveryPeriod } from './deliveryPeriod';
import { isActiveAt } from './timetable';
import { serveAtForOrder } from './serveAt';

// Fixed clock: Friday 27.11.2026, 23:30 Berlin
const FRIDAY_2330 = shopTimeAt(new Date('2026-11-27T22:30:00Z'), 'Europe/Berlin');
const late: TimetableEntry[] = [{ dayIndex: 4, from: '18:00', to: '02:00' }];

describe('timetables across midnight', () => {
  it('a range 18:00-02:00 is active before and after midnight, not after 02:00', () => {
    expect(FRIDAY_2330).toEqual({ date: '2026-11-27', dayIndex: 4, minute: 23 * 60 + 30 });
    expect(isActiveAt(late, [], FRIDAY_2330)).toBe(true);
    expect(isActiveAt(late, [], { date: '2026-11-28', minute: 90 })).toBe(true);
    expect(isActiveAt(late, [], { date: '2026-11-28', minute: 120 })).toBe(false);
    // Thursday night is not Friday's range
    expect(isActiveAt(late, [], { date: '2026-11-27', minute: 90 })).toBe(false);
  });
  it('the week table keeps the range as one', () => {
    expect(rangesText(weekHours(late)[4].ranges)).toBe('18:00 - 02:00');
  });
});

describe('empty vs missing timetable', () => {
  it('empty = closed every day, missing = open', () => {
    expect(isActiveAt([], [], FRIDAY_2330)).toBe(false);
    expect(isActiveAt(undefined, [], FRIDAY_2330)).toBe(true);
    expect(weekHours([]).map((d) => rangesText(d.ranges))).toEqual(Array(7).fill('geschlossen'));
    expect(weekHours(undefined).map((d) => rangesText(d.ranges))).toEqual(Array(7).fill('durchgehend geöffnet'));
  });
  it('ranges of a day are sorted and joined with " und "', () => {
    const split: TimetableEntry[] = [
      { dayIndex: 0, from: '17:00', to: '22:00' },
      { dayIndex: 0, from: '11:00', to: '14:00' },
    ];
    expect(weekHours(split)[0]).toMatchObject({ day: 'Montag' });
    expect(rangesText(weekHours(split)[0].ranges)).toBe('11:00 - 14:00 und 17:00 - 22:00');
  });
});

describe('special closures and closed messages', () => {
  const week: TimetableEntry[] = [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '11:00', to: '22:00' }));
  const input = (specials: SpecialOpeningTime[]) => ({ openingTimes: week, specialOpeningTimes: specials, supportDelivery: true, supportPickup: true });
  const at = { date: '2026-12-25', dayIndex: 4, minute: 12 * 60 };
  const special = (reason: SpecialOpeningTime['reason'], name?: string): SpecialOpeningTime => ({
    reason, from: '2026-12-24', until: '2026-12-26', openingTimes: [], name,
  });

  it('names the holiday, vacation and renovation and ends with the reopening date', () => {
    expect(closedMessage(computeDeliveryPeriod(input([special('holiday', 'Weihnachten')]), at))).toBe(
      'Wir haben wegen Weihnachten geschlossen. Wieder geöffnet ab 27.12.2026',
    );
    expect(closedMessage(computeDeliveryPeriod(input([special('vacation')]), at))).toBe(
      'Wir sind im Betriebsurlaub. Wieder geöffnet ab 27.12.2026',
    );
    expect(closedMessage(computeDeliveryPeriod(input([special('renovation')]), at))).toBe(
      'Wir haben wegen Renovierung geschlossen. Wieder geöffnet ab 27.12.2026',
    );
  });
  it('generic closure: "Wir haben aktuell geschlossen" with the next opening; open: none', () => {
    const evening = computeDeliveryPeriod(input([]), { date: '2026-11-27', dayIndex: 4, minute: 23 * 60 });
    expect(closedMessage(evening)).toBe('Wir haben aktuell geschlossen. Wieder geöffnet morgen um 11:00 Uhr.');
    expect(closedMessage(computeDeliveryPeriod(input([]), { date: '2026-11-27', dayIndex: 4, minute: 12 * 60 }))).toBeNull();
  });
  it('a special period with its own hours is open inside them', () => {
    const shortDay: SpecialOpeningTime = { reason: 'holiday', from: '2026-12-24', until: '2026-12-24', openingTimes: [{ dayIndex: 3, from: '11:00', to: '14:00' }] };
    expect(isActiveAt(week, [shortDay], { date: '2026-12-24', minute: 12 * 60 })).toBe(true);
    expect(isActiveAt(week, [shortDay], { date: '2026-12-24', minute: 15 * 60 })).toBe(false);
  });
  it('upcoming closures: past ones dropped, labels, dates, current flag', () => {
    const list = upcomingClosures(
      [special('vacation', 'Weihnachten'), { ...special('renovation'), from: '2026-01-05', until: '2026-01-09' }],
      '2026-12-25',
    );
    expect(list).toEqual([
      { reason: 'vacation', label: 'Betriebsurlaub (Weihnachten)', dates: '24.12.2026 – 26.12.2026', hours: 'geschlossen', current: true },
    ]);
  });
});

describe('order time (serveAt)', () => {
  const period = (p: Partial<DeliveryPeriod>): DeliveryPeriod =>
    ({ allowASAP: { delivery: true, pickup: true }, validServeTimes: { delivery: ['12:45', '13:00', '13:15'], pickup: ['12:30'] }, enablePreOrder: true, dayIndex: 1, ...p }) as DeliveryPeriod;

  it('open: ASAP first, then the times still ahead of the shop minute', () => {
    const c = serveAtChoices(period({}), 'delivery', { dayIndex: 1, minute: 12 * 60 + 50 });
    expect(c).toEqual({ asap: true, times: ['13:00', '13:15'], preOrder: false });
    expect(resolveServeAt(null, c)).toEqual({ value: 'asap', replaced: false });
  });
  it('closed with pre-orders: "bitte wählen" and the later times; without pre-orders nothing', () => {
    const closed = period({ allowASAP: { delivery: false, pickup: false } });
    const c = serveAtChoices(closed, 'delivery', { dayIndex: 1, minute: 600 });
    expect(c).toEqual({ asap: false, times: ['12:45', '13:00', '13:15'], preOrder: true });
    expect(resolveServeAt(null, c)).toEqual({ value: null, replaced: false });
    expect(serveAtChoices({ ...closed, enablePreOrder: false }, 'delivery', { dayIndex: 1, minute: 600 }).times).toEqual([]);
  });
  it('a time that has passed is replaced by the next valid one; the order sends none until confirmed', () => {
    const c = serveAtChoices(period({}), 'delivery', { dayIndex: 1, minute: 12 * 60 + 50 });
    expect(resolveServeAt('12:45', c)).toEqual({ value: '13:00', replaced: true });
    expect(resolveServeAt('13:15', c)).toEqual({ value: '13:15', replaced: false });
    expect(serveAtForOrder('12:45', c)).toBeNull();
    expect(serveAtForOrder('13:00', c)).toBe('13:00');
    const last = serveAtChoices(period({}), 'delivery', { dayIndex: 1, minute: 13 * 60 + 20 });
    expect(resolveServeAt('13:15', last)).toEqual({ value: 'asap', replaced: true });
  });
  it('ASAP no longer possible: the first pre-order time; a stale period (next day) offers nothing', () => {
    const closed = serveAtChoices(period({ allowASAP: { delivery: false, pickup: false } }), 'delivery', { dayIndex: 1, minute: 600 });
    expect(resolveServeAt('asap', closed)).toEqual({ value: '12:45', replaced: true });
    expect(serveAtChoices(period({}), 'delivery', { dayIndex: 2, minute: 5 }).times).toEqual([]);
    expect(resolveServeAt('garbage', serveAtChoices(period({}), 'pickup', null))).toEqual({ value: '12:30', replaced: true });
  });
});
