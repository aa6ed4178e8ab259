// Discount labels.
import {
  LABEL_AND_MORE, LABEL_PREFIX_NOW, LABEL_PREFIX_TODAY, LABEL_SPECIAL_PRICE, formatEuro, formatPercentOff,
} from '@shared/i18n';

export interface DiscountLabelParts {
  /** a fixed price won: 'Sonderpreis' */
  fixed?: boolean;
  /** euro discount in cents (own: shown as '-1,50 €') */
  euro?: number;
  /** percent discount, e.g. 12.5 → '-12,5%' */
  percent?: number;
  /** several percent values (other sizes): ' & mehr' */
  severalPercents?: boolean;
  /** every applied schedule covers all seven weekdays (or there is none): 'Heute', else 'Jetzt' */
  allWeekdays: boolean;
}

/** 'Heute -10%', 'Jetzt Sonderpreis', 'Heute -10% & mehr', 'Heute -1,50 € -10%'; null when nothing is discounted. */
export function discountLabel(parts: DiscountLabelParts): string | null {
  let body: string;
  if (parts.fixed) body = LABEL_SPECIAL_PRICE;
  else {
    const bits: string[] = [];
    if (parts.euro && parts.euro > 0) bits.push(`-${formatEuro(parts.euro)}`);
    if (parts.percent && parts.percent > 0) bits.push(formatPercentOff(parts.percent) + (parts.severalPercents ? LABEL_AND_MORE : ''));
    if (bits.length === 0) return null;
    body = bits.join(' ');
  }
  return `${parts.allWeekdays ? LABEL_PREFIX_TODAY : LABEL_PREFIX_NOW} ${body}`;
}
