// The ten checkout submit checks, in their order.
import type { CartItem, Cents, PaymentMethod, ShopConfig } from '@shared/domain';
import { CHECKOUT_TEXTS as T } from './texts';
import { isEmail } from '@shared/rules';
import { pickupMinimumCents } from './payment';
import type { CheckoutField } from './order';

export type CheckoutCheckCode =
  | 'paypalButton'
  | 'deliveryArea'
  | 'outsideDeliveryAreaFranchise'
  | 'minimumOrderValue'
  | 'legalAcceptance'
  | 'email'
  | 'paymentMethod'
  | 'pickupMinimum'
  | 'accountConsent'
  | 'pickupConfirmation'
  | 'emptyCart'
  | 'invalidOrder';

export interface CheckoutFailure {
  code: CheckoutCheckCode;
  title: string;
  text: string;
  /** alert: the user must fix it; confirm: the user may go on (switch branch / order without the items) */
  kind: 'alert' | 'confirm';
}

export interface CheckoutInput {
  deliveryType: 'delivery' | 'pickup';
  franchiseMode: boolean;
  paymentMethod: PaymentMethod | null | '';
  /** the submit came from the PayPal platform button */
  viaPayPalButton: boolean;
  /** delivery: the address lies in the delivery area */
  addressInDeliveryArea: boolean;
  /** from priceOrder().minimumOrder.status */
  minimumOrderStatus: 'not-ordered' | 'not-reached' | 'reached';
  legalAccepted: boolean;
  email: string;
  config: Pick<ShopConfig, 'paymentMethodsPickupMinimumOrderValue'>;
  /** cart subtotal after discounts minus the coupon (priceOrder(...).subtotalAfterCoupon) */
  subtotalAfterDiscountMinusCoupon: Cents;
  createAccount: boolean;
  acceptAdvertising: boolean;
  /** the delivery is for the next day */
  nextDayDelivery: boolean;
  pickupConfirmed: boolean;
  /** number of cart lines and of lines not suited to the delivery type (see unsuitedItems) */
  itemCount: number;
  unsuitedCount: number;
}


/** The form field whose message a failed check is (the form and the server's 400 show it there). */
export const CHECK_FIELD: Partial<Record<CheckoutCheckCode, CheckoutField>> = {
  email: 'email', paymentMethod: 'paymentMethod', legalAcceptance: 'legalAccepted', pickupConfirmation: 'pickupConfirmed', accountConsent: 'acceptAdvertising',
};

/** Lines not suited to the delivery type: menu lines bound to the other type. */
export function unsuitedItems(items: readonly CartItem[], deliveryType: 'delivery' | 'pickup'): CartItem[] {
  return items.filter((i) => i.kind === 'menu' && i.deliveryType !== null && i.deliveryType !== undefined && i.deliveryType !== deliveryType);
}

/** The first failing check, or null when the order may be sent. */
export function validateCheckout(c: CheckoutInput): CheckoutFailure | null {
  // 1
  if (c.paymentMethod === 'PayPal_Platform' && !c.viaPayPalButton) return { code: 'paypalButton', title: T.errorTitle, text: T.paypalButton, kind: 'alert' };
  // 2
  if (c.deliveryType === 'delivery' && !c.addressInDeliveryArea) {
    return c.franchiseMode
      ? { code: 'outsideDeliveryAreaFranchise', title: T.outsideDeliveryAreaTitle, text: T.outsideDeliveryAreaText, kind: 'confirm' }
      : { code: 'deliveryArea', title: T.deliveryAreaTitle, text: T.deliveryAreaText, kind: 'alert' };
  }
  // 3 (an empty cart has not reached it either)
  if (c.minimumOrderStatus !== 'reached') return { code: 'minimumOrderValue', title: T.minimumOrderTitle, text: T.minimumOrderText, kind: 'alert' };
  // 4
  if (!c.legalAccepted) return { code: 'legalAcceptance', title: T.legalTitle, text: T.legalText, kind: 'alert' };
  // 5
  if (!isEmail(c.email)) return { code: 'email', title: T.errorTitle, text: T.emailText, kind: 'alert' };
  // 6
  if (!c.paymentMethod) return { code: 'paymentMethod', title: T.errorTitle, text: T.paymentMethodText, kind: 'alert' };
  // 7
  if (c.deliveryType === 'pickup') {
    const min = pickupMinimumCents(c.config, c.paymentMethod);
    if (min > 0 && c.subtotalAfterDiscountMinusCoupon < min) {
      return { code: 'pickupMinimum', title: T.minimumOrderTitle, text: T.pickupMinimumText(min), kind: 'alert' };
    }
  }
  // 8
  if (c.createAccount && !c.acceptAdvertising) return { code: 'accountConsent', title: T.errorTitle, text: T.accountConsentText, kind: 'alert' };
  // 9
  if ((c.deliveryType === 'pickup' || c.nextDayDelivery) && !c.pickupConfirmed) {
    return {
      code: 'pickupConfirmation', title: T.pickupConfirmTitle,
      text: c.deliveryType === 'pickup' ? T.pickupConfirmText : T.nextDayConfirmText, kind: 'alert',
    };
  }
  // 10
  if (c.unsuitedCount > 0) {
    return c.unsuitedCount >= c.itemCount
      ? { code: 'emptyCart', title: T.emptyCartTitle, text: T.emptyCartText, kind: 'alert' }
      : { code: 'invalidOrder', title: T.invalidOrderTitle, text: T.invalidOrderText(c.unsuitedCount), kind: 'confirm' };
  }
  return null;
}
