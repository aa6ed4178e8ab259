// The day at a glance ('Tagesbericht'), pure: orders and revenue of one shop-local day by payment
// method and by order type, VAT per rate, refunds. Integer cents; the server reads the day's orders
// and calls this, the staff app shows the result, the CSV (./csv.ts) lists the same figures.
//
// Rules (docs/decisions.md "Tagesbericht"):
// - the day's orders are those that reached the restaurant (cash: placed; online: paid) with the
//   shop-local date of their placing; an online order never paid is not an order of the restaurant;
// - revenue counts every order that was not refused (accepted, done, or still waiting);
// - a refused order counts as an order, not as revenue; what was paid for it online and given back
//   is listed under refunds (refunded, under way, failed);
// - VAT per rate is the sum of each order's VAT as stored when it was priced (the rates of its lines);
//   orders priced before VAT was stored add their gross to 'ohne Aufteilung'.
import type { VatRate } from '@shared/domain';

export type ReportOrderType = 'delivery' | 'pickup' | 'table';

export interface ReportOrder {
  id: string;
  /** 'Nr. 42' */
  numberText: string;
  /** shop-local 'HH:MM' of placing */
  time: string;
  type: ReportOrderType;
  paymentMethod: string;
  /** 'Barzahlung', 'Kreditkarte', … */
  paymentText: string;
  /** the order's status in German ('Angenommen', 'Storniert', …) */
  statusText: string;
  paid: boolean;
  refused: boolean;
  /** what was done with an online payment of a refused order */
  refundStatus: 'pending' | 'refunded' | 'failed' | null;
  total: number;
  /** the order's VAT per rate as stored when priced; null for older orders */
  vat: { rate: VatRate; gross: number; net: number; vat: number }[] | null;
}

export interface ReportSum {
  count: number;
  gross: number;
}

export interface DayReport {
  /** 'YYYY-MM-DD' */
  date: string;
  /** every order of the day (refused ones too) */
  orders: number;
  refused: number;
  /** orders counted as revenue (not refused) */
  counted: number;
  /** revenue, VAT included */
  gross: number;
  vat: number;
  /** net of the split orders (gross = net + vat + unsplit) */
  net: number;
  byPayment: ({ method: string } & ReportSum)[];
  byType: ({ type: ReportOrderType } & ReportSum)[];
  vatRates: { rate: VatRate; gross: number; net: number; vat: number }[];
  /** gross of counted orders without a stored VAT split */
  unsplit: number;
  refunds: { refunded: ReportSum; pending: ReportSum; failed: ReportSum };
}

const TYPES: readonly ReportOrderType[] = ['delivery', 'pickup', 'table'];

/** True when the order counts as revenue of the day. */
export function countsAsRevenue(o: Pick<ReportOrder, 'refused'>): boolean {
  return !o.refused;
}

export function dayReport(date: string, orders: readonly ReportOrder[]): DayReport {
  const counted = orders.filter(countsAsRevenue);
  const sum = (xs: readonly ReportOrder[]): ReportSum => ({ count: xs.length, gross: xs.reduce((a, o) => a + o.total, 0) });
  const methods = [...new Set(counted.map((o) => o.paymentMethod))].sort();
  const rates = new Map<VatRate, { rate: VatRate; gross: number; net: number; vat: number }>();
  let unsplit = 0;
  for (const o of counted) {
    if (!o.vat) {
      unsplit += o.total;
      continue;
    }
    for (const p of o.vat) {
      const r = rates.get(p.rate) ?? { rate: p.rate, gross: 0, net: 0, vat: 0 };
      r.gross += p.gross;
      r.net += p.net;
      r.vat += p.vat;
      rates.set(p.rate, r);
    }
  }
  const vatRates = [...rates.values()].sort((a, b) => a.rate - b.rate);
  const gross = sum(counted).gross;
  const vat = vatRates.reduce((a, r) => a + r.vat, 0);
  const refused = orders.filter((o) => !countsAsRevenue(o));
  const refundOf = (s: ReportOrder['refundStatus']) => sum(refused.filter((o) => o.refundStatus === s));
  return {
    date,
    orders: orders.length,
    refused: refused.length,
    counted: counted.length,
    gross,
    vat,
    net: vatRates.reduce((a, r) => a + r.net, 0),
    byPayment: methods.map((method) => ({ method, ...sum(counted.filter((o) => o.paymentMethod === method)) })),
    byType: TYPES.map((type) => ({ type, ...sum(counted.filter((o) => o.type === type)) })).filter((t) => t.count > 0),
    vatRates,
    unsplit,
    refunds: { refunded: refundOf('refunded'), pending: refundOf('pending'), failed: refundOf('failed') },
  };
}
