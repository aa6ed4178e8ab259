// Euro as a restaurant owner types them ('8,50', '8', '1.234,50', '8.50') → integer cents.
// The one parser of typed prices in the menu editor; every price field and the server's own
// reading of a typed price go through it.
import type { Cents } from '@shared/domain';
import { MENU_EDIT_TEXTS as T } from './texts';

/** The highest price a dish, size or extra can have: 9.998,99 € (from 9.999,00 € on an extra counts as 'not available'). */
export const MAX_PRICE_CENTS = 999_899;

export type EuroParse = { ok: true; cents: Cents } | { ok: false; message: string };

/**
 * '8,50' → 850. A comma is the decimal mark (dots before it group thousands: '1.234,50');
 * without a comma one dot with one or two digits after it is the decimal mark ('8.50'), a dot
 * before three digits groups thousands ('1.234' → 123400). Empty: `empty` decides (undefined: an error).
 */
export function parseEuro(raw: string, opts: { empty?: Cents; max?: Cents } = {}): EuroParse {
  const s = raw.trim().replace(/\s*€$/, '').replace(/[\s\u00a0]/g, '');
  if (s === '') return opts.empty !== undefined ? { ok: true, cents: opts.empty } : { ok: false, message: T.priceMissing };
  if (/^[-−]/.test(s)) return { ok: false, message: T.priceNegative };
  let whole: string;
  let frac = '';
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d*)$/.exec(s);
  const dot = /^(\d+)\.(\d{1,2})$/.exec(s);
  const plain = /^(\d{1,3}(?:\.\d{3})+|\d+)$/.exec(s);
  if (comma) [, whole, frac] = comma;
  else if (dot) [, whole, frac] = dot;
  else if (plain) [, whole] = plain;
  else return { ok: false, message: T.priceMalformed };
  if (frac.length > 2) return { ok: false, message: T.priceTooManyDecimals };
  const cents = Number(whole.replace(/\./g, '')) * 100 + Number(frac.padEnd(2, '0') || '0');
  const max = opts.max ?? MAX_PRICE_CENTS;
  if (!Number.isSafeInteger(cents) || cents > max) return { ok: false, message: T.priceTooHigh(max) };
  return { ok: true, cents };
}

/** 850 → '8,50', 123400 → '1234,00': what the editor's price field shows (no € sign, no grouping). */
export function centsToInput(cents: Cents): string {
  const n = Math.round(cents);
  return `${Math.floor(n / 100)},${String(n % 100).padStart(2, '0')}`;
}
