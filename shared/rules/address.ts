// Address input (delivery-checkout-service.md §5) before any lookup.
import { ADDRESS_ERRORS } from '@shared/i18n';

export type AddressInputError = 'empty' | 'zipInsteadOfAddressEntered' | 'franchisePickupEmpty';

export interface AddressInput {
  input: string;
  deliveryType: 'delivery' | 'pickup';
  franchiseMode: boolean;
}

export const POSTAL_CODE = /^\d{5}$/;

/**
 * Empty with delivery → 'empty'; empty in franchise pickup → 'franchisePickupEmpty'; exactly five
 * digits → 'zipInsteadOfAddressEntered' (with delivery, or in franchise mode where the address picks
 * the shop); pickup in a single shop needs no address → null.
 */
export function validateAddressInput(a: AddressInput): AddressInputError | null {
  const text = typeof a.input === 'string' ? a.input.trim() : '';
  if (text === '') {
    if (a.deliveryType === 'delivery') return 'empty';
    return a.franchiseMode ? 'franchisePickupEmpty' : null;
  }
  if (POSTAL_CODE.test(text) && (a.deliveryType === 'delivery' || a.franchiseMode)) return 'zipInsteadOfAddressEntered';
  return null;
}

export function addressErrorText(code: keyof typeof ADDRESS_ERRORS): string {
  return ADDRESS_ERRORS[code];
}
