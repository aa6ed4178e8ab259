// Is a schedule active at a shop time? Weekdays 0 = Monday; ranges 'HH:MM', from inclusive, to exclusive.
import type { Schedule } from '@shared/domain';
import type { ShopTime } from './types';

const MINUTES_PER_DAY = 1440;

/** 'HH:MM' → minute of the day; '24:00' → 1440; garbage → null. */
export function parseClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(String(text).trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/**
 * A range whose end is not after its start runs over midnight: it covers the rest of its
 * weekday and the next day up to `to` (e.g. Friday 22:00–02:00 is active on Saturday 01:00).
 */
export function isScheduleActive(schedule: Schedule | null | undefined, time: ShopTime): boolean {
  if (!schedule) return true;
  const day = ((Math.trunc(time.dayIndex) % 7) + 7) % 7;
  const minute = time.minute;
  const previous = (day + 6) % 7;
  const days = Array.isArray(schedule.weekdays) ? schedule.weekdays : [];
  const today = days.includes(day);
  if (!Array.isArray(schedule.times) || schedule.times.length === 0) return today;
  for (const range of schedule.times) {
    const from = parseClock(range.from);
    let to = parseClock(range.to);
    if (from === null || to === null) continue;
    if (to === 0) to = MINUTES_PER_DAY;
    if (to > from) {
      if (today && minute >= from && minute < to) return true;
    } else {
      if (today && minute >= from) return true;
      if (days.includes(previous) && minute < to) return true;
    }
  }
  return false;
}

/** The schedule covers all seven weekdays (label prefix 'Heute'); no schedule counts as all. */
export function coversAllWeekdays(schedule: Schedule | null | undefined): boolean {
  if (!schedule) return true;
  for (let d = 0; d < 7; d++) if (!schedule.weekdays.includes(d)) return false;
  return true;
}
