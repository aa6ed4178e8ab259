// Money and number formatting for the German UI. Cents in, display text out.
import type { Cents } from '@shared/domain';

// The text is Intl's (de-DE). But a page's first Intl.NumberFormat loads the locale's data: 45–140 ms
// of one task at 4× CPU on a restaurant's page, in the runtime's start. So what Intl would print for
// whole cents and for decimals that need no rounding is written out here (the same text, checked
// against Intl in format.test.ts); anything else still goes through Intl, made on first use.
let euroFormat: Intl.NumberFormat | null = null;
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** `n` (a whole number ≥ 0) with German thousands dots: 1234567 → '1.234.567'. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** The one price format: 123450 → '1.234,50\u00a0€'. The no-break space keeps amount and sign on one line. */
export function formatEuro(cents: Cents): string {
  const value = Number.isFinite(cents) ? cents : 0;
  // (below 10^15 cents, value / 100 has at most 15 digits: Intl prints it exactly too)
  if (Number.isInteger(value) && Math.abs(value) < 1e15 && !Object.is(value, -0)) {
    const abs = Math.abs(value);
    return `${value < 0 ? '-' : ''}${grouped(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}\u00a0€`;
  }
  euroFormat ??= new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  return euroFormat.format(value / 100);
}

/** 12.5 → '12,5'; 10 → '10' (German decimal comma, at most `maxDigits` decimals). */
export function formatDecimal(value: number, maxDigits = 2): string {
  const v = Number.isFinite(value) ? value : 0;
  const scale = 10 ** maxDigits;
  const scaled = Math.round(Math.abs(v) * scale);
  // exactly `v` with at most maxDigits decimals (nothing to round): written out
  if (scaled < 1e15 && scaled / scale === Math.abs(v) && !Object.is(v, -0) && Number.isInteger(maxDigits) && maxDigits >= 0 && maxDigits <= 20) {
    const frac = String(scaled % scale).padStart(maxDigits, '0').replace(/0+$/, '');
    return `${v < 0 ? '-' : ''}${grouped(Math.floor(scaled / scale))}${frac ? `,${frac}` : ''}`;
  }
  let f = decimalFormats.get(maxDigits);
  if (!f) decimalFormats.set(maxDigits, (f = new Intl.NumberFormat('de-DE', { maximumFractionDigits: maxDigits })));
  return f.format(v);
}

/** 12.5 → '-12,5%' (discount label style). */
export function formatPercentOff(percent: number): string {
  return `-${formatDecimal(percent)}%`;
}
