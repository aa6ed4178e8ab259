// The order time (serveAt) of: 'asap' or a serve time 'HH:MM'
// of today from the delivery period. Pure: the shop minute is a parameter.
import type { DeliveryPeriod, DeliveryType } from '@shared/domain';
import { isHHMM, parseHHMM } from './clock';

/** 'asap' or 'HH:MM'; null = not chosen yet ('bitte wählen'). */
export type ServeAt = 'asap' | string;

export interface ServeAtChoices {
  /** the first option reads 'So schnell wie möglich' (true) or 'bitte wählen' (false) */
  asap: boolean;
  /** valid serve times still ahead of the shop minute */
  times: string[];
  /** true when the shop is closed now and these times are pre-orders */
  preOrder: boolean;
}

export type ServePeriod = Pick<DeliveryPeriod, 'allowASAP' | 'validServeTimes' | 'enablePreOrder' | 'dayIndex'> &
  Partial<Pick<DeliveryPeriod, 'acceptOrders'>>;

/**
 * What the order-time select offers for `type`. `now` is the shop clock (day and minute); a clock
 * on another day than the period's means the period is stale and today's times have passed.
 */
export function serveAtChoices(
  period: ServePeriod | null,
  type: DeliveryType,
  now: { dayIndex: number; minute: number } | null,
): ServeAtChoices {
  if (!period) return { asap: false, times: [], preOrder: false };
  const asap = !!period.allowASAP?.[type];
  const all = (period.validServeTimes?.[type] ?? []).filter(isHHMM);
  const cutoff = !now ? -1 : now.dayIndex === period.dayIndex ? now.minute : Number.POSITIVE_INFINITY;
  const ahead = all.filter((t) => parseHHMM(t) > cutoff);
  // Closed now: later times are pre-orders, offered only when the shop takes them.
  const preOrder = !asap;
  const times = preOrder && !period.enablePreOrder ? [] : ahead;
  return { asap, times, preOrder: preOrder && times.length > 0 };
}

export interface ServeAtResolution {
  value: ServeAt | null;
  /** the chosen value was no longer possible and got replaced (the guest is told) */
  replaced: boolean;
}

/**
 * Keeps a still valid choice; a passed or impossible one becomes the next valid time after it,
 * else ASAP when allowed, else nothing. No choice yet: ASAP when allowed, else nothing.
 */
export function resolveServeAt(current: ServeAt | null, choices: ServeAtChoices): ServeAtResolution {
  const fallback = choices.asap ? 'asap' : null;
  if (current === null) return { value: fallback, replaced: false };
  if (current === 'asap') {
    if (choices.asap) return { value: 'asap', replaced: false };
    return { value: choices.times[0] ?? null, replaced: true };
  }
  if (choices.times.includes(current)) return { value: current, replaced: false };
  const wanted = isHHMM(current) ? parseHHMM(current) : -1;
  const next = choices.times.find((t) => parseHHMM(t) > wanted) ?? fallback ?? choices.times[0] ?? null;
  return { value: next, replaced: true };
}

/** The value an order sends: 'asap' or 'HH:MM'; null when nothing valid is chosen. */
export function serveAtForOrder(value: ServeAt | null, choices: ServeAtChoices): ServeAt | null {
  const r = resolveServeAt(value, choices);
  return r.replaced ? null : r.value;
}

/**
 * the chosen type checked against the current delivery period: ASAP now, or a pre-order time
 * when the shop takes pre-orders. False means 'currentlyUnavailable'.
 */
export function typeAvailableNow(
  period: Pick<DeliveryPeriod, 'allowASAP' | 'validServeTimes' | 'enablePreOrder'> | null,
  type: DeliveryType,
): boolean {
  if (!period) return true; // unknown: the server decides at checkout
  if (period.allowASAP?.[type]) return true;
  return !!period.enablePreOrder && (period.validServeTimes?.[type]?.length ?? 0) > 0;
}
