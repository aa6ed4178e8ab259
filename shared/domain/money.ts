// Money. Every amount the shop stores, sends or computes is integer cents; euro appear only at
// the edges (a typed refund, a configured pickup minimum, a payment provider's answer).
// Both units are "soft" brands: a plain number (a literal, a sum) is accepted as either, but a
// value typed Euro cannot be passed where Cents are expected, nor the other way round.

declare const unit: unique symbol;

/** Integer cents, e.g. 840 for 8,40 €. */
export type Cents = number & { readonly [unit]?: 'cents' };
/** Euro as typed or configured, e.g. 8.4. */
export type Euro = number & { readonly [unit]?: 'euro' };

/**
 * Round half away from zero, after removing binary float noise (8.4 × 100 is 840.0000000000001;
 * 1.005 × 100 is 100.49999999999999 and still counts as the half it was typed as).
 */
export function roundHalfAwayFromZero(value: number): number {
  const denoised = Number(value.toFixed(6));
  return Math.sign(denoised) * Math.round(Math.abs(denoised)) + 0;
}

/** The one euro → cents conversion: 12.345 → 1235, −1.005 → −101; NaN for a non-finite input. */
export function euroToCents(euro: Euro): Cents {
  return Number.isFinite(euro) ? roundHalfAwayFromZero(euro * 100) : NaN;
}

/** 1234 → 12.34 */
export function centsToEuro(cents: Cents): Euro {
  return Math.round(cents) / 100;
}
