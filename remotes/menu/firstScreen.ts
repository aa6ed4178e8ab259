import type { Bootstrap } from '@shared/domain';
import { pricingContext, type PricingContext } from '@shared/pricing';
import { autoDeliveryType } from '@shared/rules';
import { periodMinute } from '@shared/time';

/**
 * The dishes of the menu's first screens: the server pre-renders these (prerender.tsx), and the live
 * widget's first render shows these too, so taking the first view over commits and lays out no more
 * than the guest sees; the other dishes follow in transitions (MenuWidget.tsx).
 */
export const FIRST_SCREEN_DISHES = 6;

/** How many more dishes each of the following transitions adds (a commit and layout of ≈ 20 ms at 4× CPU). */
export const FOLLOW_DISHES = 12;

/**
 * The prices of the server's first view: the shop's automatic delivery type at the minute of the
 * shop data's delivery period (not the guest's stored choice, not the page's clock). The live
 * widget's first render uses the same while it hydrates that view (MenuWidget.tsx).
 */
export function firstViewContext(b: Pick<Bootstrap, 'config' | 'deliveryPeriod'>): PricingContext {
  return pricingContext({ time: periodMinute(b.deliveryPeriod), deliveryType: autoDeliveryType(b.config) });
}

/**
 * What the server's first view was rendered from, written on its root (`data-tl-prerender`): the
 * catalog's version, the delivery period's minute, the delivery type, the two display flags and the
 * pictures' origin. The live widget hydrates the first view only when its own shop data gives the same
 * key (then its first render equals the server's markup); otherwise it renders beside it and takes over.
 */
export function firstViewKey(b: Pick<Bootstrap, 'config' | 'deliveryPeriod' | 'catalogVersion'>, mediaOrigin: string): string {
  const { time, deliveryType } = firstViewContext(b);
  const f = b.config.flags;
  return [b.catalogVersion ?? '', `${time.dayIndex}.${time.minute}`, deliveryType, +!!f.enableDishPictures, +!!f.showDishNumbers, mediaOrigin].join(' ');
}
