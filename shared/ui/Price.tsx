import { formatEuro } from '@shared/i18n';

export const priceCss = `
.tl-price{font-variant-numeric:tabular-nums;white-space:nowrap}
.tl-price__old{margin-inline-end:.4em;opacity:.7;font-weight:normal}
`;

export interface PriceProps {
  /** integer cents */
  cents: number;
  /** the price before a discount, shown struck through when higher */
  originalCents?: number | null;
  className?: string;
}

/** A euro amount from cents, de-DE ('1.234,50 €'). */
export function Price({ cents, originalCents, className }: PriceProps) {
  const showOld = typeof originalCents === 'number' && originalCents > cents;
  return (
    <span className={className ? `tl-price ${className}` : 'tl-price'}>
      {showOld && <s className="tl-price__old">{formatEuro(originalCents)}</s>}
      <span className="tl-price__value">{formatEuro(cents)}</span>
    </span>
  );
}
