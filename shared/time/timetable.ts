// Opening/delivery timetables with special closing periods. Pure.
// A timetable entry `to` earlier than (or equal to) `from` runs past midnight into the next day
// (after midnight, the previous day's entries are checked).
import type { SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { addDays, dayIndexOf, MINUTES_PER_DAY, parseHHMM, type ShopTime } from './clock';

/** Minutes relative to the start of a date; `end` may exceed 1440 for overnight ranges. */
export interface MinuteRange {
  start: number;
  end: number;
}

/** The special period covering `date` (ISO), if any. The first matching entry wins. */
export function specialPeriodOn(specials: readonly SpecialOpeningTime[], date: string): SpecialOpeningTime | null {
  for (const s of specials) if (s.from <= date && date <= s.until) return s;
  return null;
}

/**
 * Ranges of a timetable that start on `date`. Inside a special period its own opening times
 * replace the regular ones (empty = closed all day).
 * `timetable` undefined means "no timetable": open all day.
 */
export function rangesOn(
  timetable: readonly TimetableEntry[] | undefined,
  specials: readonly SpecialOpeningTime[],
  date: string,
): MinuteRange[] {
  const special = specialPeriodOn(specials, date);
  const source = special ? special.openingTimes : timetable;
  if (source === undefined) return [{ start: 0, end: MINUTES_PER_DAY }];
  const day = dayIndexOf(date);
  const out: MinuteRange[] = [];
  for (const e of source) {
    if (e.dayIndex !== day) continue;
    const start = parseHHMM(e.from);
    let end = parseHHMM(e.to);
    if (end <= start) end += MINUTES_PER_DAY;
    out.push({ start, end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Is the timetable active at `t`? Overnight ranges of the previous day count. */
export function isActiveAt(
  timetable: readonly TimetableEntry[] | undefined,
  specials: readonly SpecialOpeningTime[],
  t: Pick<ShopTime, 'date' | 'minute'>,
): boolean {
  return activeIn(rangesOn(timetable, specials, t.date), () => rangesOn(timetable, specials, addDays(t.date, -1)), t.minute);
}

/**
 * The rule of isActiveAt over ranges already read: `minute` lies in one of the day's ranges or in
 * an overnight range of the day before (`prev`, read only when needed). Callers that check many
 * minutes of one day read the ranges once (serveTimeSlots).
 */
export function activeIn(today: readonly MinuteRange[], prev: () => readonly MinuteRange[], minute: number): boolean {
  return today.some((r) => r.start <= minute && minute < r.end) || prev().some((r) => r.end > MINUTES_PER_DAY && minute + MINUTES_PER_DAY < r.end);
}

/** The next moment (at or after `t`, within `horizonDays`) the timetable becomes active. */
export function nextOpening(
  timetable: readonly TimetableEntry[] | undefined,
  specials: readonly SpecialOpeningTime[],
  t: Pick<ShopTime, 'date' | 'minute'>,
  horizonDays = 60,
): { date: string; minute: number } | null {
  for (let d = 0; d <= horizonDays; d++) {
    const date = addDays(t.date, d);
    for (const r of rangesOn(timetable, specials, date)) {
      if (d === 0 && r.start < t.minute) continue;
      return { date, minute: r.start };
    }
  }
  return null;
}
