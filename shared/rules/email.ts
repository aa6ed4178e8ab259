// The one e-mail check (checkout form, order, pages, account): a 'loose' pattern
// (something@something.something, no spaces) on the trimmed value, at most 254 characters
// (the longest address SMTP carries, RFC 5321).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
