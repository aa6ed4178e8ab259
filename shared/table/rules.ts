// Table service rules (table data, waiter refunds, the table's bill): pure functions over plain data, used by the widgets and the server.
import type { Cents, CartItem, DishCartItem, Euro, OrderSubmission, PaymentMethod } from '@shared/domain';
import { centsToEuro, isRefundLine } from '@shared/domain';
import { paymentKind, REFUND_NOT_POSITIVE, refundAmountProblem, refundLine, validateRefund } from '@shared/checkout';
import { parseEuro } from '@shared/domain/euroInput';
import { parseTableNumber } from '@shared/rules';
import { TABLE_TEXTS } from './texts';

export { parseTableNumber, validateRefund };

/** Table data refresh: every 5 s, stop after 5 consecutive failures. */
export const TABLE_POLL_MS = 5000;
export const TABLE_POLL_MAX_FAILURES = 5;

/** Pay later: the internal payment method of table orders (paid to the waiter at the table). */
export const TABLE_PAY_LATER = 'offline';

/** One booked item of a table (table data), money in cents on the client. */
export interface TableItem {
  /** `{orderId}.{position}` for a booked line, `refund-{n}` for a refund */
  id: string;
  amount: number;
  dishName: string;
  /** what was paid for the line (refunds: negative) */
  price: Cents;
  /** refunded of this line so far */
  refunded: Cents;
  dishId: string | null;
  sizeId: string | null;
}

export interface TableGroup {
  id: string;
  items: TableItem[];
}

export interface TableData {
  table: number;
  groups: TableGroup[];
}

/** Items with a price of 0 or less are hidden. */
export function visibleItems(data: TableData | null): TableItem[] {
  return data ? data.groups.flatMap((g) => g.items.filter((i) => i.price > 0)) : [];
}

/** What the table has to pay: every booked item, refunds included. */
export function tableTotal(data: TableData | null): Cents {
  return data ? data.groups.reduce((s, g) => s + g.items.reduce((t, i) => t + i.price, 0), 0) : 0;
}

/** What may still be refunded of an item. */
export function refundable(item: TableItem): Cents {
  return Math.max(0, item.price - item.refunded);
}

/** The refund field's bounds (min 0.01, max the item's price, step 0.01), in euro. */
export function refundBounds(item: TableItem): { min: Euro; max: Euro; step: Euro; initial: Euro } {
  const max = centsToEuro(refundable(item));
  return { min: 0.01, max, step: 0.01, initial: max };
}

/**
 * The refund field as the waiter typed it ('3,50', '3.50', '3,50 €'), read by the one parser of
 * typed euro (`@shared/domain/euroInput`) and checked against what is still refundable. Empty, 0
 * and negative: the spec's 'muss größer als 0 sein'; above what is left: the spec's 'darf nicht
 * größer … sein'; no amount or more than two decimals: the parser's message.
 */
export function readRefund(item: TableItem, raw: string): { ok: true; cents: Cents; euro: Euro } | { ok: false; message: string } {
  const typed = parseEuro(raw, { empty: 0, max: Number.MAX_SAFE_INTEGER });
  if (!typed.ok) return { ok: false, message: typed.problem === 'negative' ? REFUND_NOT_POSITIVE : typed.message };
  const problem = refundAmountProblem(typed.cents, refundable(item));
  return problem ? { ok: false, message: problem } : { ok: true, cents: typed.cents, euro: centsToEuro(typed.cents) };
}

const REFUND_LINE_PREFIX = 'refund:';

/** The cart line of a refund: price = value × −100 cents, one unit, promotion 'waiter-refund'. */
export function tableRefundLine(item: TableItem, valueEuro: Euro, nonce: string): DishCartItem {
  return refundLine({ dishId: item.dishId ?? item.id, sizeId: item.sizeId }, valueEuro, `${REFUND_LINE_PREFIX}${item.id}:${nonce}`);
}

export { isRefundLine };

/** The table item a refund line refunds (`refund:{itemId}:{nonce}`), or null. */
export function refundedItemId(lineId: unknown): string | null {
  if (typeof lineId !== 'string' || !lineId.startsWith(REFUND_LINE_PREFIX)) return null;
  const m = /^refund:([A-Za-z0-9_-]{8,64}\.\d{1,4}):[A-Za-z0-9_-]{1,40}$/.exec(lineId);
  return m ? m[1] : null;
}

export interface TableOrderInput {
  items: CartItem[];
  table: number;
  messageCook: string;
  paymentMethod: string;
  sessionId: string;
}

/** table orders send messageCook, paymentMethod and table, with empty form values, no coupon, no group. */
export function buildTableOrder(s: TableOrderInput): OrderSubmission {
  return {
    formValues: {},
    orderItems: s.items,
    couponCode: null,
    sessionId: s.sessionId,
    userId: null,
    groupOrderId: null,
    acceptAdvertising: false,
    useDishDeposit: false,
    account: null,
    createAccount: false,
    skipGoogleValidation: false,
    selectedFreeItems: [],
    confirmedTwoForOnePromotions: [],
    expectedTwoForOnePromotions: [],
    messageCook: s.messageCook.trim(),
    paymentMethod: s.paymentMethod,
    table: s.table,
  };
}

/** Pay now at the table: the shop's methods that pay on a hosted page and come back (table order). */
export function tablePayNowMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((m) => paymentKind(m) === 'redirect');
}

export type TablePayment = 'later' | 'now';

/** Refund lines are booked by the waiter with pay later only. */
export function tablePaymentChoices(items: CartItem[], payNowMethods: readonly PaymentMethod[]): TablePayment[] {
  if (items.some(isRefundLine) || payNowMethods.length === 0) return ['later'];
  return ['later', 'now'];
}

export type TableOrderRefusal = { status: 403 | 404 | 409; code: 'no_table_service' | 'unknown_table' | 'shop_closed'; text: string };

/**
 * Whether the shop takes this table order: only a shop with table service (its table numbers in
 * the settings), only for one of its tables, and only while it is open — a waiter on site may
 * still book (and refund) after closing time. null = taken.
 */
export function tableOrderRefusal(o: { tables: readonly number[]; table: number; insideOpenHours: boolean; waiter: boolean }): TableOrderRefusal | null {
  if (o.tables.length === 0) return { status: 403, code: 'no_table_service', text: TABLE_TEXTS.noTableService };
  if (!o.tables.includes(o.table)) return { status: 404, code: 'unknown_table', text: TABLE_TEXTS.unknownTable(o.table) };
  if (!o.insideOpenHours && !o.waiter) return { status: 409, code: 'shop_closed', text: TABLE_TEXTS.tableClosed };
  return null;
}
