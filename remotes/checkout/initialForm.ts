// The checkout form's first state: as sent before a payment page, else the remembered part and the
// address the guest gave the address widget.
import { type CheckoutFormState, EMPTY_CHECKOUT_FORM, initialPaymentMethod, restoreRemembered } from '@shared/checkout';
import type { PaymentMethod } from '@shared/domain';
import { local, parseJson, storageKeys } from '@shared/stores';
import { loadAttempt } from './flow';

export function initialForm(shopId: string, methods: PaymentMethod[], back: boolean): CheckoutFormState {
  // back from a payment page: the form exactly as it was sent
  const sent = back ? loadAttempt(shopId)?.form : null;
  if (sent && typeof sent === 'object') {
    const f = { ...EMPTY_CHECKOUT_FORM, ...(sent as Partial<CheckoutFormState>) };
    return { ...f, paymentMethod: initialPaymentMethod(methods, f.paymentMethod) };
  }
  const remembered = restoreRemembered(parseJson(local.get(storageKeys.checkoutForm(shopId))));
  // the address the guest gave the address widget, when the form has none yet
  const saved = parseJson(local.get(storageKeys.address(shopId))) as { addr?: { street?: string; streetNumber?: string; zip?: string; city?: string } } | undefined;
  const a = saved?.addr;
  const fromAddress = a && !remembered.street ? { street: a.street ?? '', streetNumber: a.streetNumber ?? '', zip: a.zip ?? '', city: a.city ?? '' } : {};
  return { ...EMPTY_CHECKOUT_FORM, ...remembered, ...fromAddress, paymentMethod: initialPaymentMethod(methods, remembered.paymentMethod) };
}
