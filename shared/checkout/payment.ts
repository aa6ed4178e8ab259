// Payment methods.
import { euroToCents, type Cents, type PaymentMethod, type ShopConfig } from '@shared/domain';

type PaymentConfig = Pick<ShopConfig, 'paymentMethods' | 'paymentMethodsOnlyPickup' | 'paymentMethodsOnlyDelivery' | 'paymentMethodsPickupMinimumOrderValue'>;

/** The active delivery type: the manual pre-selection when set, else the automatic one. */
export function activeDeliveryType(
  preSelection: 'delivery' | 'pickup' | null | undefined, autoSelection: 'delivery' | 'pickup',
): 'delivery' | 'pickup' {
  return preSelection ?? autoSelection;
}

/** Must be in paymentMethods; pickup-only methods not for delivery, delivery-only not for pickup. */
export function isPaymentMethodAvailable(config: PaymentConfig, method: PaymentMethod, deliveryType: 'delivery' | 'pickup'): boolean {
  if (!config.paymentMethods.includes(method)) return false;
  if (deliveryType === 'delivery' && config.paymentMethodsOnlyPickup.includes(method)) return false;
  if (deliveryType === 'pickup' && config.paymentMethodsOnlyDelivery.includes(method)) return false;
  return true;
}

export function availablePaymentMethods(config: PaymentConfig, deliveryType: 'delivery' | 'pickup'): PaymentMethod[] {
  return config.paymentMethods.filter((m) => isPaymentMethodAvailable(config, m, deliveryType));
}

/** The pickup minimum for a method in cents (configured in euro); 0 = none. */
export function pickupMinimumCents(config: Pick<ShopConfig, 'paymentMethodsPickupMinimumOrderValue'>, method: PaymentMethod): Cents {
  const euro = config.paymentMethodsPickupMinimumOrderValue?.[method];
  if (typeof euro !== 'number' || !Number.isFinite(euro) || euro <= 0) return 0;
  return euroToCents(euro);
}

/**
 * Pickup minimum per payment method: the cart subtotal after discounts minus the coupon must reach it.
 * Returns the missing cents (0 when reached, not pickup, or no minimum).
 */
export function pickupMinimumMissing(
  config: Pick<ShopConfig, 'paymentMethodsPickupMinimumOrderValue'>, method: PaymentMethod | null,
  deliveryType: 'delivery' | 'pickup', subtotalAfterDiscountMinusCoupon: Cents,
): Cents {
  if (deliveryType !== 'pickup' || !method) return 0;
  const min = pickupMinimumCents(config, method);
  return Math.max(0, min - subtotalAfterDiscountMinusCoupon);
}
