// An order's status in the staff's words, for the server's answers to the staff app and the
// 'Tagesbericht' (a file of its own: the staff app gets the texts from the server and does not load
// the checkout's status texts for it).
import { guestStatusText, ORDER_STATUS_TEXTS, type OrderStatus } from '@shared/checkout';

/**
 * An order's status as staff read it (the card, the 'Tagesbericht' and its CSV): the guest's texts,
 * but not the guest's 'Unterwegs zu Dir' (no staff text says 'du').
 */
export const STAFF_STATUS_TEXTS: Record<OrderStatus, string> = { ...ORDER_STATUS_TEXTS, on_the_way: 'Unterwegs zum Gast' };

/** The status on the staff's card: whether the restaurant accepted yet, in the staff's words. */
export function staffStatusText(status: OrderStatus, accepted: boolean): string {
  return status === 'confirmed' ? guestStatusText(status, accepted) : STAFF_STATUS_TEXTS[status];
}
