// The checkout checks after pricing, in their order (shared/checkout, the same code as the
// checkout form): payment method, the ten rules of validateCheckout, the coupon's outcome.
import type { CartItem, CouponInfo, PaymentMethod, ShopConfig } from '@shared/domain';
import { isPaymentMethod } from '@shared/domain/shop';
import type { OrderBreakdown } from '@shared/pricing';
import { CHECK_FIELD, isPaymentMethodAvailable, ORDER_FORM_TEXTS, unsuitedItems, validateCheckout } from '@shared/checkout';
import { CheckoutRuleError, FormError } from './errors';
import type { OrderSubmissionInput } from './submission';

export interface OrderChecksInput {
  config: ShopConfig;
  p: OrderSubmissionInput;
  deliveryType: 'delivery' | 'pickup';
  addressInDeliveryArea: boolean;
  breakdown: OrderBreakdown;
  items: CartItem[];
  coupon: CouponInfo | null;
}

/** Throws the first failed check; returns the payment method the order is placed with. */
export function checkOrderRules({ config, p, deliveryType, addressInDeliveryArea, breakdown, items, coupon }: OrderChecksInput): PaymentMethod {
  const fv = p.formValues;
  const method = isPaymentMethod(fv.paymentMethod) ? fv.paymentMethod : null;
  if (fv.paymentMethod && !method) throw new FormError({ paymentMethod: ORDER_FORM_TEXTS.paymentMethodUnavailable });
  const failure = validateCheckout({
    deliveryType,
    franchiseMode: !!config.franchiseId,
    paymentMethod: method,
    viaPayPalButton: p.viaPayPalButton,
    addressInDeliveryArea,
    minimumOrderStatus: breakdown.minimumOrder.status,
    legalAccepted: p.legalAccepted,
    email: fv.email,
    config,
    subtotalAfterDiscountMinusCoupon: breakdown.subtotalAfterCoupon,
    createAccount: p.createAccount,
    acceptAdvertising: p.acceptAdvertising,
    nextDayDelivery: false, // serve times are today's (shared/time)
    pickupConfirmed: p.pickupConfirmed,
    itemCount: items.length,
    unsuitedCount: unsuitedItems(items, deliveryType).length,
  });
  if (failure) {
    const field = CHECK_FIELD[failure.code];
    throw new CheckoutRuleError(failure, field ? { [field]: failure.text } : undefined);
  }
  if (!isPaymentMethodAvailable(config, method!, deliveryType)) throw new FormError({ paymentMethod: ORDER_FORM_TEXTS.paymentMethodUnavailable });
  if (p.couponCode && !coupon) throw new CheckoutRuleError({ code: 'invalid_coupon', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponInvalid, kind: 'alert' }, undefined, 409);
  if (coupon && !breakdown.coupon?.applied) throw new CheckoutRuleError({ code: 'coupon_minimum', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponMinimum, kind: 'alert' }, undefined, 409);
  return method!;
}
