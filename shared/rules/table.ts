// The table number of dine-in guests (read at start from the URL or the session, so it is eager).
/** The table number must be numeric, minimum 1. */
export function parseTableNumber(value: unknown): number | null {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 ? n : null;
}
