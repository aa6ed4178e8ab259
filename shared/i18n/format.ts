// Money and number formatting for the German UI. Cents in, display text out.
import type { Cents } from '@shared/domain';

const euroFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const decimalFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** 123450 → '1.234,50 €' (plain space before the sign, so texts compare verbatim). */
export function formatEuro(cents: Cents): string {
  const value = Number.isFinite(cents) ? cents : 0;
  return euroFormat.format(value / 100).replace(/\u00a0/g, ' ');
}

/** 12.5 → '12,5'; 10 → '10' (German decimal comma, at most two decimals). */
export function formatDecimal(value: number): string {
  return decimalFormat.format(Number.isFinite(value) ? value : 0).replace(/\u00a0/g, ' ');
}

/** 12.5 → '-12,5%' (discount label style). */
export function formatPercentOff(percent: number): string {
  return `-${formatDecimal(percent)}%`;
}
