// The timers a page needs once the shop is loaded: the shop clock and the 5-minute delivery
// period refresh. Started by the shell / embed runtime, not at import (tests, SSR).
import { startDeliveryPeriodRefresh, stopDeliveryPeriodRefresh } from './shop';
import { startShopClock, stopShopClock } from './shopTime';

export function startShopServices(): () => void {
  startShopClock();
  startDeliveryPeriodRefresh();
  return stopShopServices;
}

export function stopShopServices(): void {
  stopShopClock();
  stopDeliveryPeriodRefresh();
}
