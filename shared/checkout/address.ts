// Address input before any lookup.
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

export interface InfoDialogSituation {
  /** a minimum order value is known (an address was resolved) */
  minimumOrderValueKnown: boolean;
  deliveryType: 'delivery' | 'pickup';
  /** reorder-link mode (dev flag rorderLink) */
  reorderLink: boolean;
  /** the guest is a member, not the owner, of an active group order */
  nonOwnerGroupMember: boolean;
  /** the page was opened through a group's invitation link (?gruppe=): the guest is joining as a member */
  groupInvitation?: boolean;
}

/**
 * the info dialog opens by itself when there is no minimum
 * order value (address not set), the type is not pickup, and neither reorder-link mode nor a
 * non-owner group order is active — a guest joining through the group's link is a member too.
 */
export function shouldAutoOpenInfoDialog(s: InfoDialogSituation): boolean {
  return !s.minimumOrderValueKnown && s.deliveryType !== 'pickup' && !s.reorderLink && !s.nonOwnerGroupMember && !s.groupInvitation;
}

export interface SuggestableShop {
  id: string;
  acceptOrders: boolean;
  allowDelivery: boolean;
  allowPickup: boolean;
  insideOpenHours: boolean;
}

/**
 * the suggested shop is the first that accepts orders and supports the type, otherwise the
 * first. `direct` is false when it is outside open hours: the dialog then goes straight to the list.
 */
export function suggestFranchiseShop<S extends SuggestableShop>(
  shops: readonly S[],
  type: 'delivery' | 'pickup',
): { shop: S; direct: boolean } | null {
  const fits = shops.find((s) => s.acceptOrders && (type === 'delivery' ? s.allowDelivery : s.allowPickup));
  const shop = fits ?? shops[0];
  if (!shop) return null;
  return { shop, direct: shop.insideOpenHours };
}
