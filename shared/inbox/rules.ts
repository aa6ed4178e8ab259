// The order inbox's rules, pure: which tab an order is in, which step may follow
// which, the ready time told to the guest. The server decides with these; the staff app shows
// the same. Time is always a parameter.
import { canChangeStatus, type OrderStatus } from '@shared/checkout';
import { isHHMM, parseHHMM } from '@shared/time/clock';

export type InboxTab = 'new' | 'planned' | 'active' | 'done';
export const INBOX_TABS: readonly InboxTab[] = ['new', 'planned', 'active', 'done'];

/** The presets of 'Annehmen' (minutes); any whole number in MIN..MAX may be typed. */
export const ACCEPT_PRESETS = [15, 30, 45, 60] as const;
export const ACCEPT_MINUTES_MIN = 1;
export const ACCEPT_MINUTES_MAX = 240;
export const REFUSE_REASON_MAX = 200;

/** The accept presets with the busy minutes added ('Viel los' moves the ready time preset too, shared/ops). */
export function acceptPresets(busyMinutes: number): number[] {
  return ACCEPT_PRESETS.map((m) => Math.min(ACCEPT_MINUTES_MAX, m + Math.max(0, busyMinutes)));
}
/** A pre-order moves from 'Geplant' to 'Neu' this long before its wanted time (default). */
export const PLANNED_LEAD_MINUTES = 60;

export type DeliveryKind = 'delivery' | 'pickup';

/** The facts of an order the rules need. */
export interface InboxFacts {
  status: OrderStatus;
  deliveryType: DeliveryKind;
  /** shop-local 'HH:MM' of a pre-order on the order's day; null = as soon as possible */
  serveAt: string | null;
  accepted: boolean;
  refused: boolean;
}

/** A wanted time 'HH:MM' of the order's day as minutes since midnight; null when it is none ('24:00' is the next day). */
export function minuteOfHhmm(hhmm: string): number | null {
  return isHHMM(hhmm) && hhmm !== '24:00' ? parseHHMM(hhmm) : null;
}

const DONE: ReadonlySet<OrderStatus> = new Set(['delivered', 'picked_up', 'cancelled']);

/**
 * The tab of an order. `nowMinute`: shop-local minutes since midnight on the order's day.
 * Not yet accepted: 'Neu', or 'Geplant' while a pre-order is more than `leadMinutes` away.
 */
export function inboxTab(o: InboxFacts, nowMinute: number, leadMinutes = PLANNED_LEAD_MINUTES): InboxTab {
  if (o.refused || DONE.has(o.status)) return 'done';
  if (o.accepted) return 'active';
  const due = o.serveAt ? minuteOfHhmm(o.serveAt) : null;
  if (due !== null && due - nowMinute > leadMinutes) return 'planned';
  return 'new';
}

/**
 * Whether staff may move an accepted order from `from` to `to`: the order rule of
 * shared/checkout (one step at a time, along the delivery type); cancelling is 'Ablehnen' only.
 */
export function canStaffMove(from: OrderStatus, to: OrderStatus, deliveryType: DeliveryKind): boolean {
  return to !== 'cancelled' && canChangeStatus(from, to, deliveryType);
}

/** The step staff may take next on an accepted order (null when finished). */
export function nextStep(status: OrderStatus, deliveryType: DeliveryKind): OrderStatus | null {
  const order: OrderStatus[] = ['in_preparation', 'on_the_way', 'ready_for_pickup', 'delivered', 'picked_up'];
  return order.find((to) => canStaffMove(status, to, deliveryType)) ?? null;
}

/** Whether `n` is a number of minutes 'Annehmen' takes. */
export function isAcceptMinutes(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= ACCEPT_MINUTES_MIN && n <= ACCEPT_MINUTES_MAX;
}

/**
 * When the order will be ready (pickup) or at the guest (delivery), as shop-local minutes of the
 * day: now + minutes, but a pre-order keeps its wanted time when that is later.
 */
export function readyMinute(nowMinute: number, minutes: number, serveAt: string | null): number {
  const asked = nowMinute + minutes;
  const wanted = serveAt ? minuteOfHhmm(serveAt) : null;
  return wanted !== null && wanted > asked ? wanted : asked;
}

/** 'Nr. 42' */
export function orderNumberText(n: number | null | undefined): string {
  return n ? `Nr. ${n}` : '';
}

/** An order no one may accept or refuse any more: accepted, refused, or cancelled (an open dialog for it closes). */
export function isDecided(o: { accepted: boolean; refused: boolean; status: OrderStatus | string }): boolean {
  return o.accepted || o.refused || o.status === 'cancelled';
}
