// Base price per litre from size names that begin with a litre amount ('0,5 l', '0.33 L', '1 Liter').
import { formatEuro } from '@shared/i18n';
import type { Cents } from '@shared/domain';
import { roundCents } from './rounding';

const LITRE = /^\s*(\d+(?:[.,]\d+)?)\s*(?:l|ltr\.?|liter)(?![a-zäöüß])/i;

/** litres named at the start of a size name, or null */
export function litresOf(sizeName: string | null | undefined): number | null {
  if (typeof sizeName !== 'string') return null;
  const m = LITRE.exec(sizeName);
  if (!m) return null;
  const litres = Number(m[1].replace(',', '.'));
  return litres > 0 && Number.isFinite(litres) ? litres : null;
}

/** '(1 l = 5,00 €)' for price 250 and size '0,5 l'; null without a litre amount */
export function litrePriceText(sizeName: string | null | undefined, price: Cents): string | null {
  const litres = litresOf(sizeName);
  if (litres === null) return null;
  return `(1 l = ${formatEuro(roundCents(price / litres))})`;
}
