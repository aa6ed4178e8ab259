// The shop's state during the day, pure: is the shop taking orders now (pause, no device), what is
// sold out, how far serve times move when the kitchen is busy, when a pause or a sold-out mark
// ends, when an unanswered order is refused and when a failed refund is tried again. The server
// decides with these functions and the storefront and staff app show the same. Time is always a
// parameter (an instant and the shop's time zone).
import type { CartItem, Catalog, DeliveryPeriod, SpecialOpeningTime, TimetableEntry } from '@shared/domain';
import { indexCatalog } from '@shared/pricing/catalogIndex';
import { addDays, formatHHMM, instantOfShopTime, MINUTES_PER_DAY, nextMidnight, shopTimeAt } from '@shared/time/clock';
import { rangesOn } from '@shared/time/timetable';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from './guestTexts';

/** 'Bestellungen pausieren' for … */
export const PAUSE_CHOICES = [15, 30, 60, 'tomorrow'] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];
/** 'Viel los' adds this much per press, up to BUSY_MAX */
export const BUSY_STEP = 15;
export const BUSY_MAX = 60;
/** an order not accepted within this time is refused (minutes; the owner may change it, 0 = off) */
export const DEFAULT_ANSWER_MINUTES = 8;
export const ANSWER_MINUTES_MIN = 2;
export const ANSWER_MINUTES_MAX = 60;
/** no staff device for this long while the shop takes orders: the shop stops taking them */
export const NO_DEVICE_MS = 5 * 60_000;
/** a device's stream renews its row this often; a row older than DEVICE_STALE_MS is a device gone */
export const DEVICE_HEARTBEAT_MS = 15_000;
export const DEVICE_STALE_MS = 60_000;
/** failed refunds are tried again this many times in all, with growing waits */
export const REFUND_MAX_ATTEMPTS = 8;

/** The state as stored (instants as ISO strings). */
export interface ShopOpsState {
  pausedUntil: string | null;
  busyMinutes: number;
  busyUntil: string | null;
  /** set when the order watch stopped the shop for want of a staff device */
  unattendedSince: string | null;
  soldOut: readonly { id: string; until: string | null }[];
}

export type NotTakingReason = 'paused' | 'unattended';

/** What the storefront and the order call need to know now. */
export interface ShopLive {
  takingOrders: boolean;
  reason: NotTakingReason | null;
  /** the pause's end (ISO) while paused */
  pausedUntil: string | null;
  /** minutes added to every serve time offered (0 = normal) */
  busyMinutes: number;
  /** ids of dishes and extras sold out now, sorted */
  soldOut: string[];
  /** the German notice for the guest while no orders are taken */
  notice: string | null;
}

const ms = (iso: string | null): number => (iso ? Date.parse(iso) : Number.NaN);

/** The shop's live state at `now`: expired pauses, busy marks and sold-out marks count as gone. */
export function shopLiveAt(state: ShopOpsState, now: Date, timeZone: string): ShopLive {
  const t = now.getTime();
  const paused = ms(state.pausedUntil) > t;
  const unattended = !paused && state.unattendedSince !== null;
  const busy = state.busyMinutes > 0 && (state.busyUntil === null || ms(state.busyUntil) > t) ? state.busyMinutes : 0;
  const soldOut = state.soldOut.filter((s) => s.until === null || ms(s.until) > t).map((s) => s.id).sort();
  let notice: string | null = null;
  if (paused) {
    const end = new Date(ms(state.pausedUntil));
    const today = shopTimeAt(now, timeZone).date;
    const endT = shopTimeAt(end, timeZone);
    notice = endT.date === today ? OPS_TEXTS.guestPaused(formatHHMM(endT.minute)) : OPS_TEXTS.guestPausedToday;
  } else if (unattended) {
    notice = OPS_TEXTS.guestUnattended;
  }
  return {
    takingOrders: !paused && !unattended,
    reason: paused ? 'paused' : unattended ? 'unattended' : null,
    pausedUntil: paused ? new Date(ms(state.pausedUntil)).toISOString() : null,
    busyMinutes: busy,
    soldOut,
    notice,
  };
}

/** When a pause chosen at `now` ends: after 15/30/60 minutes, or at the next shop-local midnight ('bis morgen'). */
export function pauseEnd(choice: PauseChoice, now: Date, timeZone: string): Date {
  return choice === 'tomorrow' ? nextMidnight(now, timeZone) : new Date(now.getTime() + choice * 60_000);
}

export interface OpeningFacts {
  openingTimes?: readonly TimetableEntry[];
  specialOpeningTimes: readonly SpecialOpeningTime[];
  timeZone: string;
}

/**
 * Tonight's close: the end of the opening range the shop is in (or the last one today that is
 * still ahead); a shop closed for the rest of the day: the next midnight. 'Ausverkauft bis heute
 * Abend' and 'Viel los' end here.
 */
export function tonightsClose(shop: OpeningFacts, now: Date): Date {
  const t = shopTimeAt(now, shop.timeZone);
  const specials = shop.specialOpeningTimes ?? [];
  const table = shop.openingTimes as TimetableEntry[] | undefined;
  // still in yesterday's range past midnight
  const prev = rangesOn(table, specials, addDays(t.date, -1)).filter((r) => r.end > MINUTES_PER_DAY && t.minute + MINUTES_PER_DAY < r.end);
  if (prev.length) return instantOfShopTime(addDays(t.date, -1), Math.max(...prev.map((r) => r.end)), shop.timeZone);
  const ahead = rangesOn(table, specials, t.date).filter((r) => r.end > t.minute);
  if (ahead.length) return instantOfShopTime(t.date, Math.max(...ahead.map((r) => r.end)), shop.timeZone);
  return nextMidnight(now, shop.timeZone);
}

/** The lead times with the busy minutes added: every serve time offered moves by as much. */
export function withBusyLead(lead: { delivery: number; pickup: number }, busyMinutes: number): { delivery: number; pickup: number } {
  const b = Math.max(0, busyMinutes);
  return { delivery: lead.delivery + b, pickup: lead.pickup + b };
}

/** 'Viel los: +15 Min.' pressed once more (up to BUSY_MAX). */
export function busyAfterPress(current: number): number {
  return Math.min(BUSY_MAX, Math.max(0, current) + BUSY_STEP);
}

export function isBusyMinutes(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= BUSY_MAX && n % BUSY_STEP === 0;
}

export function isAnswerMinutes(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && (n === 0 || (n >= ANSWER_MINUTES_MIN && n <= ANSWER_MINUTES_MAX));
}

/** The ids by which an extra of a dish counts as sold out (its item id, its ingredient or side dish). */
export type ExtraKeys = (dishId: string, groupId: string, itemId: string) => readonly string[];

const ownKeys: ExtraKeys = (_d, _g, itemId) => [itemId];

/** Extra keys from a catalog: an extra is sold out by its item id, its ingredient id or its side dish's id. */
export function catalogExtraKeys(catalog: Catalog): ExtraKeys {
  const idx = indexCatalog(catalog);
  return (dishId, groupId, itemId) => {
    const dish = idx.dishes.get(dishId);
    const group = dish ? [...(dish.extraIngredientGroups ?? []), ...(dish.sideDishGroups ?? [])].find((g) => g.id === groupId) : undefined;
    const x = group?.items.find((i) => i.id === itemId);
    return x ? [x.id, ...(x.ingredientId ? [x.ingredientId] : []), ...(x.dishId ? [x.dishId] : [])] : [itemId];
  };
}

/** Every dish, menu and extra id a cart line uses (a menu: its dishes and their extras). */
export function lineItemIds(item: CartItem, extraKeys: ExtraKeys = ownKeys): string[] {
  const out: string[] = [];
  const dish = (d: { dishId: string; extras: readonly { groupId: string; itemId: string; type: string }[] }) => {
    out.push(d.dishId);
    for (const x of d.extras) if (x.type !== 'deposit') out.push(...extraKeys(d.dishId, x.groupId, x.itemId));
  };
  if (item.kind === 'menu') {
    out.push(item.menuId);
    for (const s of item.subitems) dish(s);
  } else {
    dish(item);
  }
  return out;
}

/** The first sold-out id a cart line uses, or null. */
export function soldOutInLine(item: CartItem, soldOut: ReadonlySet<string>, extraKeys: ExtraKeys = ownKeys): string | null {
  if (soldOut.size === 0) return null;
  return lineItemIds(item, extraKeys).find((id) => soldOut.has(id)) ?? null;
}

export interface SoldOutCandidate {
  id: string;
  name: string;
  kind: 'dish' | 'menu' | 'extra';
}

/**
 * What staff can mark sold out: every dish and menu, and every extra once (by its ingredient,
 * so 'Mozzarella' is gone from every dish at once), sorted by name.
 */
export function soldOutCandidates(catalog: Catalog): SoldOutCandidate[] {
  const out = new Map<string, SoldOutCandidate>();
  for (const d of catalog.dishes) out.set(d.id, { id: d.id, name: d.name, kind: 'dish' });
  for (const m of catalog.menus ?? []) if (!out.has(m.id)) out.set(m.id, { id: m.id, name: m.name, kind: 'menu' });
  for (const d of catalog.dishes) {
    for (const g of d.extraIngredientGroups ?? []) {
      for (const x of g.items) {
        if (x.dishId) continue; // a side dish is a dish: listed above
        const id = x.ingredientId ?? x.id;
        if (!out.has(id) && x.price < 9999) out.set(id, { id, name: x.name, kind: 'extra' });
      }
    }
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id.localeCompare(b.id));
}

/** The name of a sold-out id in a catalog (dish, menu, ingredient, extra item), else the id. */
export function soldOutName(catalog: Catalog, id: string): string {
  const idx = indexCatalog(catalog);
  const known = idx.dishes.get(id)?.name ?? idx.menus.get(id)?.name ?? idx.ingredients.get(id)?.name;
  if (known) return known;
  for (const d of catalog.dishes) {
    for (const g of [...(d.extraIngredientGroups ?? []), ...(d.sideDishGroups ?? [])]) {
      const x = g.items.find((i) => i.id === id);
      if (x) return x.name;
    }
  }
  return id;
}

/** When an order that reached the inbox at `inboxAt` is refused unless accepted (null: the timer is off). */
export function answerDeadline(inboxAt: Date, answerMinutes: number): Date | null {
  return answerMinutes > 0 ? new Date(inboxAt.getTime() + answerMinutes * 60_000) : null;
}

/**
 * When a refund that failed for the `attempt`-th time is tried again: 1, 2, 4, 8, 16, 32, 60
 * minutes later; null after REFUND_MAX_ATTEMPTS (the inbox asks staff to refund by hand).
 */
export function refundRetryAt(attempt: number, failedAt: Date): Date | null {
  if (attempt >= REFUND_MAX_ATTEMPTS) return null;
  const minutes = Math.min(60, 2 ** Math.max(0, attempt - 1));
  return new Date(failedAt.getTime() + minutes * 60_000);
}

export interface DeviceWatchFacts {
  /** the owner's setting (off for a shop whose orders go into a POS by webhook) */
  watch: boolean;
  /** a staff device has been connected at least once: the shop uses the staff app */
  everConnected: boolean;
  /** devices connected now (all processes) */
  connected: number;
  /** the shop takes orders by its hours and is not paused */
  open: boolean;
  noDeviceSince: string | null;
  unattendedSince: string | null;
}

export interface DeviceWatchStep {
  noDeviceSince: string | null;
  unattendedSince: string | null;
  /** true once per episode: tell the owner */
  stoppedNow: boolean;
}

/**
 * One look of the device watch: while the shop takes orders and no device is connected, the
 * clock runs from the first look that saw it so; after NO_DEVICE_MS the shop stops taking orders
 * (once, `stoppedNow`). A device connecting, the watch switched off or the shop closing ends it.
 */
export function deviceWatchStep(f: DeviceWatchFacts, now: Date): DeviceWatchStep {
  if (!f.watch || !f.everConnected || f.connected > 0) return { noDeviceSince: null, unattendedSince: null, stoppedNow: false };
  if (!f.open) return { noDeviceSince: null, unattendedSince: f.unattendedSince, stoppedNow: false };
  const since = f.noDeviceSince ?? now.toISOString();
  if (f.unattendedSince) return { noDeviceSince: since, unattendedSince: f.unattendedSince, stoppedNow: false };
  const due = now.getTime() - Date.parse(since) >= NO_DEVICE_MS;
  return { noDeviceSince: since, unattendedSince: due ? now.toISOString() : null, stoppedNow: due };
}

/**
 * The delivery period as the guest sees it while the shop takes no orders (paused, no device):
 * nothing can be ordered now or for later; the storefront shows the live notice.
 */
export function periodNotTaking<P extends Pick<DeliveryPeriod, 'acceptOrders' | 'allowOrders' | 'allowDelivery' | 'allowPickup' | 'allowASAP' | 'validServeTimes' | 'pickupTime'>>(
  period: P, live: Pick<ShopLive, 'takingOrders'>,
): P {
  if (live.takingOrders) return period;
  return {
    ...period, acceptOrders: false, allowOrders: false, allowDelivery: false, allowPickup: false, pickupTime: '',
    allowASAP: { pickup: false, delivery: false }, validServeTimes: { delivery: [], pickup: [] },
  };
}
