// Money and number formatting for the German UI. Cents in, display text out.
import type { Cents } from '@shared/domain';

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** The one price format: 123450 → '1.234,50\u00a0€'. The no-break space keeps amount and sign on one line. */
export function formatEuro(cents: Cents): string {
  const value = Number.isFinite(cents) ? cents : 0;
  return euroFormat.format(value / 100);
}

/** 12.5 → '12,5'; 10 → '10' (German decimal comma, at most `maxDigits` decimals). */
export function formatDecimal(value: number, maxDigits = 2): string {
  let f = decimalFormats.get(maxDigits);
  if (!f) decimalFormats.set(maxDigits, (f = new Intl.NumberFormat('de-DE', { maximumFractionDigits: maxDigits })));
  return f.format(Number.isFinite(value) ? value : 0);
}

/** 12.5 → '-12,5%' (discount label style). */
export function formatPercentOff(percent: number): string {
  return `-${formatDecimal(percent)}%`;
}
