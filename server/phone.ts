/**
 * Normalises a German phone number for lookups: strips spaces and separators, '+49'/'0049'
 * become '0' (a '(0)' after the country code is dropped). Returns null when it is no phone number.
 */
export function normalizePhone(raw: string): string | null {
  if (raw.length > 40) return null;
  let n = raw.replace(/[\s\-/().]/g, '');
  if (n.startsWith('+49')) n = n.slice(3);
  else if (n.startsWith('0049')) n = n.slice(4);
  else if (!n.startsWith('+')) return /^0\d{5,15}$/.test(n) ? n : null;
  else return /^\+\d{6,15}$/.test(n) ? n : null;
  if (n.startsWith('0')) n = n.slice(1);
  n = `0${n}`;
  return /^0\d{5,15}$/.test(n) ? n : null;
}
