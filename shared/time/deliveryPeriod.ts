// The delivery period computed from a shop's timetables at a
// given shop time. Pure: the time is a parameter.
import type { DeliveryPeriod, SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { addDays, dayIndexOf, daysBetween, formatDateDe, formatHHMM, MINUTES_PER_DAY, WEEKDAYS_DE, type ShopTime } from './clock';
import { activeIn, isActiveAt, nextOpening, rangesOn, specialPeriodOn, type MinuteRange } from './timetable';

/**
 * The delivery hours in force: the shop's own, or — when it has none of its own (absent or null:
 * 'Lieferzeiten wie Öffnungszeiten') — its opening times, so they follow every change of those.
 */
export function deliveryTimesOf<T extends TimetableEntry>(shop: { openingTimes?: readonly T[] | null; deliveryTimes?: readonly T[] | null }): readonly T[] {
  return shop.deliveryTimes ?? shop.openingTimes ?? [];
}

export interface DeliveryPeriodInput {
  openingTimes: readonly TimetableEntry[];
  /** Delivery hours; absent or null: the opening times (deliveryTimesOf) */
  deliveryTimes?: readonly TimetableEntry[] | null;
  specialOpeningTimes: readonly SpecialOpeningTime[];
  supportDelivery: boolean;
  supportPickup: boolean;
  /** Allow choosing a later serve time today while closed now (default true) */
  enablePreOrder?: boolean;
  /** Minutes from now to the earliest serve time (default delivery 45, pickup 20) */
  leadTimeMinutes?: { delivery: number; pickup: number };
  customerInfo?: string | null;
  sticker?: string | null;
}

export interface DeliveryPeriodOptions {
  /** false when the time is an override (tests, manual mode) */
  realtime?: boolean;
  /** Serve time slot length in minutes (default 15) */
  slotMinutes?: number;
}

export const DEFAULT_LEAD_TIME = { delivery: 45, pickup: 20 } as const;

/** Serve-time slots today ('HH:MM'), first at or after now + lead, while the timetable is active. */
export function serveTimeSlots(
  timetable: readonly TimetableEntry[] | undefined,
  specials: readonly SpecialOpeningTime[],
  now: Pick<ShopTime, 'date' | 'minute'>,
  leadMinutes: number,
  slotMinutes = 15,
): string[] {
  const out: string[] = [];
  const first = Math.ceil((now.minute + leadMinutes) / slotMinutes) * slotMinutes;
  // the day's ranges read once, not per slot (up to 96 slots; CPU per order, docs/benchmarks.md)
  const today = rangesOn(timetable, specials, now.date);
  let prev: MinuteRange[] | null = null;
  const yesterday = () => (prev ??= rangesOn(timetable, specials, addDays(now.date, -1)));
  for (let m = first; m < MINUTES_PER_DAY; m += slotMinutes) {
    if (activeIn(today, yesterday, m)) out.push(formatHHMM(m));
  }
  return out;
}

/** 'heute um 17:00 Uhr' / 'morgen um 11:00 Uhr' / 'Dienstag, 06.01.2027 um 11:00 Uhr' */
export function describeOpening(today: string, at: { date: string; minute: number }): string {
  const time = `${formatHHMM(at.minute)} Uhr`;
  const diff = daysBetween(today, at.date);
  if (diff === 0) return `heute um ${time}`;
  if (diff === 1) return `morgen um ${time}`;
  const weekday = WEEKDAYS_DE[dayIndexOf(at.date)];
  return `${weekday}, ${formatDateDe(at.date)} um ${time}`;
}

/** The closed message of a special period, ending with the reopening date when known. */
export function specialClosedMessage(special: SpecialOpeningTime, reopening: string | null): string {
  const name = special.name?.trim();
  let text: string;
  switch (special.reason) {
    case 'holiday':
      text = name ? `Wir haben wegen ${name} geschlossen.` : 'Wir haben feiertagsbedingt geschlossen.';
      break;
    case 'vacation':
      text = name ? `Wir sind im Betriebsurlaub (${name}).` : 'Wir sind im Betriebsurlaub.';
      break;
    case 'renovation':
      text = 'Wir haben wegen Renovierung geschlossen.';
      break;
    default:
      text = 'Wir haben aktuell geschlossen.';
  }
  return reopening ? `${text} Wieder geöffnet ab ${formatDateDe(reopening)}` : text;
}

export function computeDeliveryPeriod(
  input: DeliveryPeriodInput,
  now: ShopTime,
  options: DeliveryPeriodOptions = {},
): DeliveryPeriod {
  const slot = options.slotMinutes ?? 15;
  const lead = input.leadTimeMinutes ?? DEFAULT_LEAD_TIME;
  const specials = input.specialOpeningTimes;
  const opening = input.openingTimes;
  const delivery = deliveryTimesOf(input);

  const insideOpenHours = isActiveAt(opening, specials, now);
  const deliveryActive = isActiveAt(delivery, specials, now);
  const allowDelivery = input.supportDelivery && deliveryActive;
  const allowPickup = input.supportPickup && insideOpenHours;
  const acceptOrders = allowDelivery || allowPickup;

  const validServeTimes = {
    delivery: input.supportDelivery ? serveTimeSlots(delivery, specials, now, lead.delivery, slot) : [],
    pickup: input.supportPickup ? serveTimeSlots(opening, specials, now, lead.pickup, slot) : [],
  };
  const enablePreOrder = input.enablePreOrder ?? true;
  const allowOrders =
    acceptOrders || (enablePreOrder && (validServeTimes.delivery.length > 0 || validServeTimes.pickup.length > 0));

  let openInMinutes: number | null = null;
  let openAt: string | null = null;
  let nextOpeningTimeString: string | null = null;
  let closedMessage: string | null = null;
  if (!insideOpenHours) {
    const next = nextOpening(opening, specials, now);
    if (next && next.date === now.date) {
      openInMinutes = next.minute - now.minute;
      openAt = formatHHMM(next.minute);
    }
    if (next) nextOpeningTimeString = describeOpening(now.date, next);
    const special = specialPeriodOn(specials, now.date);
    if (special) closedMessage = specialClosedMessage(special, next ? next.date : null);
  }

  const pickupTime = allowPickup
    ? formatHHMM(Math.min(now.minute + lead.pickup, MINUTES_PER_DAY - 1))
    : (validServeTimes.pickup[0] ?? '');

  return {
    insideOpenHours,
    acceptOrders,
    allowOrders,
    allowDelivery,
    allowPickup,
    time: formatHHMM(now.minute),
    pickupTime,
    customerInfo: input.customerInfo ?? null,
    enablePreOrder,
    allowASAP: { pickup: allowPickup, delivery: allowDelivery },
    validServeTimes,
    openingTimes: [...opening],
    deliveryTimes: [...delivery],
    // past periods are of no interest to a client
    specialOpeningTimes: specials.filter((s) => s.until >= now.date),
    sticker: input.sticker ?? null,
    dayIndex: now.dayIndex,
    dayOfWeek: WEEKDAYS_DE[now.dayIndex],
    realtime: options.realtime ?? true,
    minOffset: now.minute,
    nextOpeningTimeString,
    specialClosedMessage: closedMessage,
    openInMinutes,
    openAt,
  };
}

/** Today's ranges of a timetable as 'from'/'to' strings (for franchise shop lines). */
export function todaysRanges(
  timetable: readonly TimetableEntry[] | undefined,
  specials: readonly SpecialOpeningTime[],
  date: string,
): { from: string; to: string }[] {
  const special = specialPeriodOn(specials, date);
  const source = special ? special.openingTimes : timetable;
  if (!source) return [{ from: '00:00', to: '24:00' }];
  const day = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return source.filter((e) => e.dayIndex === day).map((e) => ({ from: e.from, to: e.to }));
}


