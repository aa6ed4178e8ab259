// The opening-hours page and closed messages: per weekday the ranges of a timetable, the special closures still ahead, and
// the closed message of a delivery period. Pure; German wording lives here like describeOpening.
import type { DeliveryPeriod, SpecialOpeningTime, TimeRange, TimetableEntry } from '@shared/domain';
import { formatDateDe, WEEKDAYS_DE } from './clock';

export interface WeekdayHours {
  dayIndex: number;
  day: (typeof WEEKDAYS_DE)[number];
  /** null = no timetable at all, open all day; [] = closed that day */
  ranges: TimeRange[] | null;
}

/** A missing timetable means open, an empty one closed. Ranges past midnight stay one range. */
export function weekHours(timetable: readonly TimetableEntry[] | null | undefined): WeekdayHours[] {
  return WEEKDAYS_DE.map((day, dayIndex) => ({
    dayIndex,
    day,
    ranges: timetable
      ? timetable
          .filter((e) => e.dayIndex === dayIndex)
          .map((e) => ({ from: e.from, to: e.to }))
          .sort((a, b) => a.from.localeCompare(b.from))
      : null,
  }));
}

/** 'from - to' joined with ' und '; 'geschlossen' for none; 'durchgehend geöffnet' without a timetable. */
export function rangesText(ranges: readonly TimeRange[] | null): string {
  if (ranges === null) return 'durchgehend geöffnet';
  if (ranges.length === 0) return 'geschlossen';
  return ranges.map((r) => `${r.from} - ${r.to}`).join(' und ');
}

export const CLOSURE_REASON_DE: Record<SpecialOpeningTime['reason'], string> = {
  holiday: 'Feiertag',
  vacation: 'Betriebsurlaub',
  renovation: 'Renovierung',
  other: 'Geschlossen',
};

export interface Closure {
  reason: SpecialOpeningTime['reason'];
  /** 'Betriebsurlaub (Weihnachten)' */
  label: string;
  /** '24.12.2026 – 27.12.2026' or '24.12.2026' */
  dates: string;
  /** the ranges open during the period ('geschlossen' when none) */
  hours: string;
  /** the period covers `today` */
  current: boolean;
}

/** Special periods not yet over on `today` (ISO), in date order. */
export function upcomingClosures(specials: readonly SpecialOpeningTime[], today: string): Closure[] {
  return specials
    .filter((s) => s.until >= today)
    .slice()
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((s) => {
      const name = s.name?.trim();
      const hours = s.openingTimes.length
        ? s.openingTimes.map((e) => `${WEEKDAYS_DE[e.dayIndex] ?? ''} ${e.from} - ${e.to}`.trim()).join(', ')
        : 'geschlossen';
      return {
        reason: s.reason,
        label: name ? `${CLOSURE_REASON_DE[s.reason]} (${name})` : CLOSURE_REASON_DE[s.reason],
        dates: s.from === s.until ? formatDateDe(s.from) : `${formatDateDe(s.from)} – ${formatDateDe(s.until)}`,
        hours,
        current: s.from <= today && today <= s.until,
      };
    });
}

/**
 * The closed message of a period: the special period's message (holiday, vacation,
 * renovation, with the reopening date), else 'Wir haben aktuell geschlossen.' with the next
 * opening; null while open.
 */
export function closedMessage(
  period: Pick<DeliveryPeriod, 'insideOpenHours' | 'specialClosedMessage' | 'nextOpeningTimeString'> | null,
): string | null {
  if (!period || period.insideOpenHours) return null;
  if (period.specialClosedMessage) return period.specialClosedMessage;
  const next = period.nextOpeningTimeString;
  return next ? `Wir haben aktuell geschlossen. Wieder geöffnet ${next}.` : 'Wir haben aktuell geschlossen.';
}
