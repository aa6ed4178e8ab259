// The chosen order time: 'asap', 'HH:MM' or null (not chosen).
// Offered choices follow the delivery period (reloaded every 5 min), the active delivery type and
// the shop clock (minute by minute); a choice that has passed is replaced by the next valid time
// and the guest is told ($serveAtNotice). What the order sends is $serveAtForOrder.
import { atom, computed } from 'nanostores';
import { resolveServeAt, serveAtChoices, type ServeAt, type ServeAtChoices } from '@shared/time';
import { serveAtReplacedText } from '@shared/i18n';
import { $deliveryType } from './deliveryType';
import { $deliveryPeriod, $shopId } from './shop';
import { $shopTime } from './shopTime';
import { keys, session } from './storage';

export const $serveAt = atom<ServeAt | null>(null);
/** A German message after the chosen time was replaced; cleared by the next choice. */
export const $serveAtNotice = atom<string | null>(null);

export const $serveAtChoices = computed(
  [$deliveryPeriod, $deliveryType, $shopTime],
  (period, type, now): ServeAtChoices => serveAtChoices(period, type, now),
);

/** The value an order sends ('asap' / 'HH:MM'), or null when none is valid. */
export const $serveAtForOrder = computed([$serveAt, $serveAtChoices], (value, choices) => {
  const r = resolveServeAt(value, choices);
  return r.replaced ? null : r.value;
});

const key = keys.serveAt;

function persist(value: ServeAt | null): void {
  const shopId = $shopId.get();
  if (!shopId) return;
  if (value === null) session.remove(key(shopId));
  else session.set(key(shopId), value);
}

/** The guest's choice (select, hand-over). */
export function setServeAt(value: ServeAt | null): void {
  $serveAtNotice.set(null);
  $serveAt.set(value);
  persist(value);
  revalidate();
}

export function dismissServeAtNotice(): void {
  $serveAtNotice.set(null);
}

function revalidate(): void {
  if (!$deliveryPeriod.get()) return; // nothing to judge against yet: keep the choice
  const current = $serveAt.get();
  const r = resolveServeAt(current, $serveAtChoices.get());
  if (r.value === current) return;
  $serveAt.set(r.value);
  persist(r.value);
  if (r.replaced && current) $serveAtNotice.set(serveAtReplacedText(current, r.value));
}

$shopId.subscribe((shopId) => {
  const stored = shopId ? session.get(key(shopId)) : null;
  $serveAt.set(stored && /^(asap|\d\d:\d\d)$/.test(stored) ? stored : null);
  $serveAtNotice.set(null);
});
$serveAtChoices.subscribe(() => revalidate());
