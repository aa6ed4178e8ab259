// The 'Tagesbericht' from the database: the orders of one shop-local day (orders.day, set with the
// day's number when the order was placed) that reached the restaurant, as the report rules of
// shared/report want them. The figures are computed there (pure, tested); this only reads.
import type { OrderStatus } from '@shared/checkout';
import type { VatBreakdown } from '@shared/cartpricing';
import { PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { REPORT_TEXTS, type ReportOrder } from '@shared/report';
import { orderNumberText } from '@shared/inbox';
import { STAFF_STATUS_TEXTS } from '@shared/inbox/status';
import type { DbQuery } from '../db';
import { shopClock } from '@shared/time/clock';

interface Row {
  id: string;
  day_number: number | null;
  created_at: Date | string;
  delivery_type: 'delivery' | 'pickup';
  table_number: string | null;
  payment_method: string;
  payment_status: string;
  status: OrderStatus;
  refused_at: Date | string | null;
  refund_status: ReportOrder['refundStatus'];
  total: number;
  pricing: { vat?: VatBreakdown } | string | null;
}

export async function reportOrders(q: DbQuery, shopId: string, date: string, timeZone: string): Promise<ReportOrder[]> {
  const { rows } = await q.query<Row>(
    `SELECT id, day_number, created_at, delivery_type, table_number, payment_method, payment_status, status, refused_at, refund_status, total, pricing
     FROM orders WHERE shop_id = $1 AND day = $2 AND inbox_at IS NOT NULL ORDER BY created_at, seq`,
    [shopId, date],
  );
  return rows.map((r) => {
    const refused = !!r.refused_at || r.status === 'cancelled';
    const pricing = typeof r.pricing === 'string' ? (JSON.parse(r.pricing) as { vat?: VatBreakdown }) : r.pricing;
    const vat = pricing?.vat?.parts;
    return {
      id: r.id,
      numberText: orderNumberText(r.day_number),
      time: shopClock(r.created_at, timeZone),
      type: r.table_number ? 'table' : r.delivery_type,
      paymentMethod: r.payment_method,
      paymentText: (PAYMENT_METHOD_NAMES as Record<string, string>)[r.payment_method] ?? r.payment_method,
      statusText: refused ? REPORT_TEXTS.refusedStatus : (STAFF_STATUS_TEXTS[r.status] ?? r.status),
      paid: r.payment_status === 'paid',
      refused,
      refundStatus: r.refund_status ?? null,
      total: Number(r.total),
      vat: vat ? vat.map((p) => ({ rate: p.rate, gross: p.gross, net: p.net, vat: p.vat })) : null,
    };
  });
}
