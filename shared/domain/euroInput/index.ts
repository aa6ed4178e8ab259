// Euro as people type them ('8,50', '8', '1.234,50', '8.50') → integer cents, with a German message
// for what cannot be read. The one parser of typed amounts: the menu editor's prices and the
// waiter's refund field go through it. A shared module of its own ('@shared/domain/euroInput'),
// loaded with the forms that read typed amounts, not with the menu.
import type { Cents } from '../money';
import { formatEuro } from '@shared/i18n';

/** The highest price a dish, size or extra can have: 9.998,99 € (from 9.999,00 € on an extra counts as 'not available'). */
export const MAX_PRICE_CENTS = 999_899;

export const EURO_INPUT_TEXTS = {
  priceMissing: 'Bitte einen Preis eingeben, z. B. 8,50.',
  priceMalformed: 'Bitte einen Betrag in Euro eingeben, z. B. 8,50.',
  priceNegative: 'Der Betrag darf nicht negativ sein.',
  priceTooManyDecimals: 'Bitte höchstens zwei Stellen nach dem Komma (Cent).',
  priceTooHigh: (max: number) => `Der Betrag darf höchstens ${formatEuro(max)} sein.`,
} as const;

/** Why a typed amount was refused: `missing` (empty), `malformed`, `negative`, `decimals` (more than two), `tooHigh`. */
export type EuroProblem = 'missing' | 'malformed' | 'negative' | 'decimals' | 'tooHigh';

export type EuroParse = { ok: true; cents: Cents } | { ok: false; problem: EuroProblem; message: string };

const T = EURO_INPUT_TEXTS;

/**
 * '8,50' → 850. A comma is the decimal mark (dots before it group thousands: '1.234,50');
 * without a comma one dot with one or two digits after it is the decimal mark ('8.50'), a dot
 * before three digits groups thousands ('1.234' → 123400). Empty: `empty` decides (undefined: an error).
 * Above `max` (default MAX_PRICE_CENTS): refused.
 */
export function parseEuro(raw: string, opts: { empty?: Cents; max?: Cents } = {}): EuroParse {
  const s = raw.trim().replace(/\s*€$/, '').replace(/[\s\u00a0]/g, '');
  if (s === '') return opts.empty !== undefined ? { ok: true, cents: opts.empty } : { ok: false, problem: 'missing', message: T.priceMissing };
  if (/^[-−]/.test(s)) return { ok: false, problem: 'negative', message: T.priceNegative };
  let whole: string;
  let frac = '';
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d*)$/.exec(s);
  const dot = /^(\d+)\.(\d{1,2})$/.exec(s);
  const plain = /^(\d{1,3}(?:\.\d{3})+|\d+)$/.exec(s);
  if (comma) [, whole, frac] = comma;
  else if (dot) [, whole, frac] = dot;
  else if (plain) [, whole] = plain;
  else return { ok: false, problem: 'malformed', message: T.priceMalformed };
  if (frac.length > 2) return { ok: false, problem: 'decimals', message: T.priceTooManyDecimals };
  const cents = Number(whole.replace(/\./g, '')) * 100 + Number(frac.padEnd(2, '0') || '0');
  const max = opts.max ?? MAX_PRICE_CENTS;
  if (!Number.isSafeInteger(cents) || cents > max) return { ok: false, problem: 'tooHigh', message: T.priceTooHigh(max) };
  return { ok: true, cents };
}

/** 850 → '8,50', 123400 → '1234,00': what an amount field shows (no € sign, no grouping). */
export function centsToInput(cents: Cents): string {
  const n = Math.round(cents);
  return `${Math.floor(n / 100)},${String(n % 100).padStart(2, '0')}`;
}
