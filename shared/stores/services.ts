// The timers a page needs once the shop is loaded: the shop clock, the 5-minute delivery
// period refresh and the shop's live state (every few seconds). Started by the shell / embed runtime, not at import (tests, SSR).
import { startDeliveryPeriodRefresh, stopDeliveryPeriodRefresh } from './shop';
import { startShopClock, stopShopClock } from './shopTime';
import { startShopLive, stopShopLive } from './live';

export function startShopServices(): () => void {
  startShopClock();
  startDeliveryPeriodRefresh();
  startShopLive();
  return stopShopServices;
}

export function stopShopServices(): void {
  stopShopClock();
  stopDeliveryPeriodRefresh();
  stopShopLive();
}
