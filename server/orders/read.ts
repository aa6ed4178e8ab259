// Reading orders back: the submit response (euro), /status and /info answers.
import { type OrderStatus, type PaymentStatus, guestStatusText, PAYMENT_STATUS_TEXTS } from '@shared/checkout';
import { centsToEuro } from '@shared/domain';
import { orderNumberText, readyTimeText, refusedText, REFUND_TEXTS } from '@shared/inbox';
import { formatEuro } from '@shared/i18n';
import { shopClock } from '@shared/time/clock';
import type { DbQuery } from '../db';

export interface StoredOrder {
  seq: string;
  id: string;
  shop_id: string;
  status: OrderStatus;
  payment_method: string;
  payment_status: PaymentStatus;
  payment_provider: string | null;
  payment_ref: string | null;
  delivery_type: 'delivery' | 'pickup';
  serve_at: string | null;
  customer: Record<string, unknown> & { name: string; email: string };
  coupon_code: string | null;
  subtotal: number;
  discount: number;
  coupon_amount: number;
  deposit: number;
  delivery_fee: number;
  total: number;
  accept_advertising: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  /** 'Nr. 42' (per shop and day; null on orders from before the inbox) */
  day_number?: number | null;
  table_number?: string | null;
  inbox_at?: Date | string | null;
  acknowledged_at?: Date | string | null;
  accepted_at?: Date | string | null;
  ready_at?: Date | string | null;
  refused_at?: Date | string | null;
  refuse_reason?: string | null;
  refund_status?: 'pending' | 'refunded' | 'failed' | null;
  refund_attempts?: number;
  refund_next_at?: Date | string | null;
  refused_by?: 'staff' | 'timeout' | null;
  lines: { position: number; kind: string; name: string; amount: number; unit_price: number; total: number; extras: { name: string; amount: number; price: number }[] }[];
}

export const ORDER_COLUMNS = `seq, id, shop_id, status, payment_method, payment_status, payment_provider, payment_ref, delivery_type, serve_at, customer,
  coupon_code, subtotal, discount, coupon_amount, deposit, delivery_fee, total, accept_advertising, created_at, updated_at,
  day_number, table_number, inbox_at, acknowledged_at, accepted_at, ready_at, refused_at, refuse_reason, refund_status,
  refund_attempts, refund_next_at, refused_by`;

async function withLines(q: DbQuery, row: Omit<StoredOrder, 'lines'> | undefined): Promise<StoredOrder | null> {
  if (!row) return null;
  const { rows } = await q.query<StoredOrder['lines'][number]>(
    'SELECT position, kind, name, amount, unit_price, total, extras FROM order_lines WHERE order_seq = $1 ORDER BY position',
    [row.seq],
  );
  return { ...row, seq: String(row.seq), lines: rows };
}

export async function loadOrderBySeq(q: DbQuery, seq: string): Promise<StoredOrder | null> {
  const { rows } = await q.query<Omit<StoredOrder, 'lines'>>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE seq = $1`, [seq]);
  return withLines(q, rows[0]);
}

export async function loadOrder(q: DbQuery, shopId: string, id: string): Promise<StoredOrder | null> {
  const { rows } = await q.query<Omit<StoredOrder, 'lines'>>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE shop_id = $1 AND id = $2`, [shopId, id]);
  return withLines(q, rows[0]);
}


/** Submit response: money in euro (the server's cents divided by 100). */
export interface OrderResponse {
  order: {
    id: string;
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    paymentMethod: string;
    deliveryType: 'delivery' | 'pickup';
    serveAt: string | null;
    subtotal: number;
    discount: number;
    coupon: number;
    couponCode: string | null;
    deposit: number;
    deliveryFee: number;
    total: number;
    items: { name: string; kind: string; amount: number; price: number; total: number; extras: { name: string; amount: number; price: number }[] }[];
  };
  /** provider that takes the payment ('simulated', 'stripe', …); null = paid at the door */
  paymentGatewayId: string | null;
  acceptAdvertising: boolean;
}

export function orderResponse(o: StoredOrder): OrderResponse {
  return {
    order: {
      id: o.id,
      status: o.status,
      paymentStatus: o.payment_status,
      paymentMethod: o.payment_method,
      deliveryType: o.delivery_type,
      serveAt: o.serve_at,
      subtotal: centsToEuro(o.subtotal),
      discount: centsToEuro(o.discount),
      coupon: centsToEuro(o.coupon_amount),
      couponCode: o.coupon_code,
      deposit: centsToEuro(o.deposit),
      deliveryFee: centsToEuro(o.delivery_fee),
      total: centsToEuro(o.total),
      items: o.lines.map((l) => ({
        name: l.name, kind: l.kind, amount: l.amount, price: centsToEuro(l.unit_price), total: centsToEuro(l.total),
        extras: l.extras.map((x) => ({ name: x.name, amount: x.amount, price: centsToEuro(x.price) })),
      })),
    },
    paymentGatewayId: o.payment_provider,
    acceptAdvertising: o.accept_advertising,
  };
}

/** What the guest is told about the restaurant's decision (success page, e-mails): German, from shared/inbox. */
export function guestStep(o: StoredOrder, timeZone: string) {
  const readyTime = o.ready_at ? shopClock(o.ready_at, timeZone) : null;
  const refunded = o.refund_status ? (o.refund_status === 'refunded' ? REFUND_TEXTS.refunded(formatEuro(o.total)) : REFUND_TEXTS[o.refund_status]) : null;
  return {
    number: o.day_number ?? null,
    numberText: orderNumberText(o.day_number),
    accepted: !!o.accepted_at,
    readyTime,
    readyText: readyTime && !o.refused_at ? readyTimeText(o.delivery_type, readyTime) : null,
    refused: !!o.refused_at,
    refuseReason: o.refuse_reason ?? null,
    refusedText: o.refused_at ? refusedText(o.refuse_reason ?? '') : null,
    refundStatus: o.refund_status ?? null,
    refundText: refunded,
  };
}

export function statusResponse(o: StoredOrder, timeZone = 'Europe/Berlin') {
  return {
    id: o.id,
    ...guestStep(o, timeZone),
    status: o.status,
    statusText: guestStatusText(o.status, !!o.accepted_at),
    paymentStatus: o.payment_status,
    paymentStatusText: PAYMENT_STATUS_TEXTS[o.payment_status],
    deliveryType: o.delivery_type,
    serveAt: o.serve_at,
    updatedAt: new Date(o.updated_at).toISOString(),
  };
}

/** /info answer: the order without the guest's e-mail and phone (the id is the only key). */
export function infoResponse(o: StoredOrder) {
  const r = orderResponse(o);
  return {
    success: true as const,
    order: { ...r.order, number: o.day_number ?? null, statusText: guestStatusText(o.status, !!o.accepted_at), paymentStatusText: PAYMENT_STATUS_TEXTS[o.payment_status], name: o.customer.name, createdAt: new Date(o.created_at).toISOString() },
  };
}

