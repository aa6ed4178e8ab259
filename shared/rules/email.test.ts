import { describe, expect, it } from '@jest/globals';
import { isEmail } from './email';

describe('isEmail', () => {
  it('takes something@something.something without spaces, trimmed', () => {
    expect(isEmail('erika@example.de')).toBe(true);
    expect(isEmail('  erika@example.de ')).toBe(true);
    expect(isEmail('erika@example')).toBe(false);
    expect(isEmail('eri ka@example.de')).toBe(false);
    expect(isEmail('erika@@example.de')).toBe(false);
    expect(isEmail(42)).toBe(false);
    expect(isEmail(null)).toBe(false);
  });
  it('one limit for checkout, pages and account: 254 characters (the account had 200, the checkout none)', () => {
    // 'a' × 242 + '@beispiel.de' (12) = 254
    expect(isEmail(`${'a'.repeat(242)}@beispiel.de`)).toBe(true);
    expect(isEmail(`${'a'.repeat(243)}@beispiel.de`)).toBe(false);
    // 220 characters: refused by the account's old check, taken by the pages' check
    expect(isEmail(`${'a'.repeat(208)}@beispiel.de`)).toBe(true);
  });
});
