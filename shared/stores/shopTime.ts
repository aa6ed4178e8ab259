// Shop time: automatic mode follows the server's delivery
// period and advances one minute per minute, aligned to the minute boundary; manual mode
// fixes day and minute.
import { atom } from 'nanostores';
import type { DeliveryPeriod } from '@shared/domain';
import { addMinutes, MINUTES_PER_DAY, periodMinute, type WeekMinute } from '@shared/time';
import { $deliveryPeriod } from './shop';

type ShopClock = WeekMinute;

const MINUTE_MS = 60_000;

export const $shopTime = atom<ShopClock | null>(null);

let base: { dayIndex: number; minute: number; minuteNo: number } | null = null;
let manual: ShopClock | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let running = false;

function minuteNo(ms: number): number {
  return Math.floor(ms / MINUTE_MS);
}

function current(): ShopClock | null {
  if (manual) return manual;
  if (!base) return null;
  return addMinutes(base, minuteNo(Date.now()) - base.minuteNo);
}

function publish(): void {
  const next = current();
  const prev = $shopTime.get();
  if (next?.dayIndex !== prev?.dayIndex || next?.minute !== prev?.minute) $shopTime.set(next);
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!running) return;
  // Wake at the next wall-clock minute boundary (not 60 s from now: timers drift).
  const wait = MINUTE_MS - (Date.now() % MINUTE_MS);
  timer = setTimeout(() => {
    publish();
    schedule();
  }, wait);
}

/** Sets the automatic base from a delivery period (its dayIndex and minOffset are "now"). */
export function syncShopTime(period: Pick<DeliveryPeriod, 'dayIndex' | 'minOffset'> | null): void {
  base = period ? { ...periodMinute(period), minuteNo: minuteNo(Date.now()) } : null;
  publish();
}

/** Manual mode (dev tools, tests): fixed day and minute; null returns to automatic. */
export function setManualShopTime(t: ShopClock | null): void {
  manual = t ? addMinutes({ dayIndex: 0, minute: 0 }, t.dayIndex * MINUTES_PER_DAY + t.minute) : null;
  publish();
}

export function startShopClock(): () => void {
  if (!running) {
    running = true;
    publish();
    schedule();
  }
  return stopShopClock;
}

export function stopShopClock(): void {
  running = false;
  if (timer) clearTimeout(timer);
  timer = null;
}

export function resetShopClock(): void {
  stopShopClock();
  base = null;
  manual = null;
  $shopTime.set(null);
}

// Every new delivery period (bootstrap, 5-minute refresh) re-bases the automatic clock.
$deliveryPeriod.subscribe((period) => {
  if (period) syncShopTime(period);
});
