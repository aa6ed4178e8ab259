// Named rounding: discounted prices are rounded to whole cents, halves up.
/** Round a cent amount to a whole cent, half up, tolerant of binary float noise (904.4999999 → 904.5 → 905). */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.round(value * 1e6) / 1e6);
}

/** percent of an amount, rounded to whole cents */
export function percentOf(amount: number, percent: number): number {
  return roundCents((amount * percent) / 100);
}
