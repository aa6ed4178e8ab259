// Shop-local wall-clock time from an instant. Pure: the instant is a parameter, never `new Date()`.

/** A moment in shop-local time. */
export interface ShopTime {
  /** ISO date 'YYYY-MM-DD' (shop-local) */
  date: string;
  /** 0 = Monday ... 6 = Sunday */
  dayIndex: number;
  /** Minutes since shop-local midnight, 0..1439 */
  minute: number;
}

export const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** A minute of the shop's week: what the shop clock shows. */
export interface WeekMinute {
  /** 0 = Monday ... 6 = Sunday */
  dayIndex: number;
  /** 0..1439 */
  minute: number;
}

/** The shop clock a delivery period stands for (its dayIndex and minOffset are "now"), clamped to the week. */
export function periodMinute(period: { dayIndex: number; minOffset: number }): WeekMinute {
  return {
    dayIndex: Math.min(6, Math.max(0, Math.floor(period.dayIndex))),
    minute: Math.min(MINUTES_PER_DAY - 1, Math.max(0, Math.floor(period.minOffset))),
  };
}

/** `t` plus `n` minutes (may be negative), rolling over midnight and Sunday → Monday. */
export function addMinutes(t: WeekMinute, n: number): WeekMinute {
  const total = t.dayIndex * MINUTES_PER_DAY + t.minute + n;
  const wrapped = ((total % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return { dayIndex: Math.floor(wrapped / MINUTES_PER_DAY), minute: wrapped % MINUTES_PER_DAY };
}

export const WEEKDAYS_DE = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Shop-local date, weekday and minute of `instant` in `timeZone` (IANA, e.g. 'Europe/Berlin'). */
export function shopTimeAt(instant: Date, timeZone: string): ShopTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour) % 24;
  return { date, dayIndex: dayIndexOf(date), minute: hour * 60 + Number(parts.minute) };
}

/** True when `timeZone` is a zone Intl knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function utcOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/** 0 = Monday ... 6 = Sunday for an ISO date. */
export function dayIndexOf(date: string): number {
  return (new Date(utcOf(date)).getUTCDay() + 6) % 7;
}

/** ISO date plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  return new Date(utcOf(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant of a shop-local date and minute (the minute may pass midnight: 1500 = 01:00 next day). */
export function instantOfShopTime(date: string, minute: number, timeZone: string): Date {
  const day = addDays(date, Math.floor(minute / MINUTES_PER_DAY));
  const m = ((minute % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const [y, mo, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, 0, m);
  // the zone's offset at that moment, found from the wall clock it shows (twice: across a DST change)
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = shopTimeAt(new Date(guess), timeZone);
    const [sy, smo, sd] = seen.date.split('-').map(Number);
    guess += wall - Date.UTC(sy, smo - 1, sd, 0, seen.minute);
  }
  return new Date(guess);
}

/** The next shop-local midnight after `now` (the end of the shop's day, 23 or 25 hours long when the clocks change). */
export function nextMidnight(now: Date, timeZone: string): Date {
  return instantOfShopTime(addDays(shopTimeAt(now, timeZone).date, 1), 0, timeZone);
}

/** Whether `s` is a real calendar date 'YYYY-MM-DD' (not 2026-02-29, not 2026-13-01). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const ms = utcOf(s);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcOf(b) - utcOf(a)) / 86_400_000);
}

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' */
export function formatDateDe(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** True for 'HH:MM' from '00:00' to '24:00'. */
export function isHHMM(value: string): boolean {
  const m = HHMM.exec(value);
  return !!m && (m[1] !== '24' || m[2] === '00');
}

/** The shop-local clock 'HH:MM' at an instant (a Date or an ISO text). */
export function shopClock(instant: Date | string, timeZone: string): string {
  return formatHHMM(shopTimeAt(new Date(instant), timeZone).minute);
}

/** 'HH:MM' -> minutes since midnight ('24:00' -> 1440). Throws on malformed input. */
export function parseHHMM(value: string): number {
  if (!isHHMM(value)) throw new Error(`expected 'HH:MM', got '${value}'`);
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

/** minutes since midnight -> 'HH:MM' (wraps at 24 h). */
export function formatHHMM(minute: number): string {
  const m = ((Math.floor(minute) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
