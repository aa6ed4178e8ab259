// The day's orders as CSV for the accountant, the way German Excel opens it with a double click:
// UTF-8 with a byte order mark (or umlauts break), ';' between fields, decimal comma, CRLF lines.
// One line per order of the day (refused ones too, with nothing counted), then an empty line and
// the line 'Summe' with the sums of each amount column. Amounts in euro with two decimals, no
// thousands separator (Excel reads '1234,50' as a number, '1.234,50' not always).
// docs/decisions.md "Tagesbericht".
import { VAT_RATES } from '@shared/domain';
import { countsAsRevenue, type ReportOrder } from './day';
import { REPORT_TEXTS } from './texts';

export const CSV_BOM = '\ufeff';

/** Cents as '1234,50' / '-0,80' */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text field: quoted when it holds ';', '"' or a line break; a leading '=', '+', '-', '@' or a
 * tab is defused with an apostrophe, so Excel does not run it as a formula (CSV injection).
 */
export function csvText(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 'YYYY-MM-DD' as '24.11.2026' */
function dateDe(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

export function reportCsv(date: string, orders: readonly ReportOrder[]): string {
  const rates = [...new Set([...VAT_RATES, ...orders.flatMap((o) => (o.vat ?? []).map((p) => p.rate))])].sort((a, b) => a - b);
  const head = ['Datum', 'Uhrzeit', 'Nr.', 'Bestellung', 'Art', 'Zahlart', 'Status', 'Bestellwert', 'Umsatz brutto', ...rates.map((r) => `USt ${r} %`), 'Netto', 'Erstattet'];
  const sums = { total: 0, gross: 0, vat: rates.map(() => 0), net: 0, refunded: 0 };
  const rows = orders.map((o) => {
    const counts = countsAsRevenue(o);
    const gross = counts ? o.total : 0;
    const vat = rates.map((r) => (counts && o.vat ? o.vat.filter((p) => p.rate === r).reduce((a, p) => a + p.vat, 0) : 0));
    const net = counts && o.vat ? o.vat.reduce((a, p) => a + p.net, 0) : 0;
    const refunded = o.refundStatus === 'refunded' ? o.total : 0;
    sums.total += o.total;
    sums.gross += gross;
    vat.forEach((x, i) => (sums.vat[i] += x));
    sums.net += net;
    sums.refunded += refunded;
    const split = !counts || o.vat;
    return [
      dateDe(date), o.time, csvText(o.numberText), csvText(o.id), csvText(REPORT_TEXTS.types[o.type]), csvText(o.paymentText),
      csvText(o.refused && o.refundStatus && o.refundStatus !== 'refunded' ? `${o.statusText} (${REPORT_TEXTS.refundStates[o.refundStatus]})` : o.statusText),
      csvAmount(o.total), csvAmount(gross), ...vat.map((x) => (split ? csvAmount(x) : '')), split ? csvAmount(net) : '', csvAmount(refunded),
    ].join(';');
  });
  const total = [
    'Summe', '', '', '', '', '', '', csvAmount(sums.total), csvAmount(sums.gross), ...sums.vat.map(csvAmount), csvAmount(sums.net), csvAmount(sums.refunded),
  ].join(';');
  return `${CSV_BOM}${[head.join(';'), ...rows, '', total].join('\r\n')}\r\n`;
}
