// Coupon dates of the data file as stored instants (server/shops/store.ts imports the data file).

/** 'YYYY-MM-DD' -> that day 00:00 UTC (validFrom) or the next day 00:00 UTC (validUntil, inclusive day). */
export function couponInstant(value: string | null, end: boolean): string | null {
  if (value === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0);
    return new Date(ms).toISOString();
  }
  return new Date(Date.parse(value)).toISOString();
}
