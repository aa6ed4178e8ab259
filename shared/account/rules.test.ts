import { describe, expect, it } from '@jest/globals';
import {
  birthdayProblem, cleanAddress, addressErrors, differsFromSaved, isToken, locationLine, loginTarget, readCookie, readStartToken,
  safeReturnTo, splitName, takeFragmentToken, tokenCookie,
} from './rules';

const T1 = 'a'.repeat(43);
const T2 = 'b'.repeat(43);

describe('the token on start', () => {
  it('both present and equal: logged in, not just logged in', () => {
    expect(readStartToken(T1, T1)).toEqual({ token: T1, justLoggedIn: false, copyToStorage: false, copyToCookie: false });
  });
  it('only the cookie: copied to the storage, just logged in', () => {
    expect(readStartToken(T1, null)).toEqual({ token: T1, justLoggedIn: true, copyToStorage: true, copyToCookie: false });
  });
  it('a differing cookie is newer and wins; only the storage is tried again with the cookie rewritten', () => {
    expect(readStartToken(T2, T1)).toMatchObject({ token: T2, justLoggedIn: true, copyToStorage: true });
    expect(readStartToken(null, T1)).toMatchObject({ token: T1, justLoggedIn: false, copyToCookie: true });
  });
  it('nothing, or garbage: logged out', () => {
    expect(readStartToken(null, null).token).toBeNull();
    expect(readStartToken('x', '<script>').token).toBeNull();
  });
});

describe('cookie and fragment', () => {
  it('reads one cookie among others', () => {
    expect(readCookie(`a=1; tischlein_token=${T1}; b=2`)).toBe(T1);
    expect(readCookie('a=1')).toBeNull();
  });
  it('is SameSite=Lax, Secure only on https, cleared with Max-Age=0', () => {
    expect(tokenCookie(T1, { secure: false })).toMatch(/^tischlein_token=a+; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    expect(tokenCookie(T1, { secure: true })).toMatch(/; Secure; SameSite=Lax$/);
    expect(tokenCookie(null, { secure: false })).toMatch(/^tischlein_token=; Max-Age=0; Path=\/; SameSite=Lax$/);
  });
  it('takes a handed-over token off the URL', () => {
    expect(takeFragmentToken(`https://r.test/speisen?x=1#tischlein_token=${T1}`)).toEqual({ token: T1, url: 'https://r.test/speisen?x=1' });
    expect(takeFragmentToken('https://r.test/#tischlein_token=kurz')).toBeNull();
    expect(takeFragmentToken('https://r.test/#franchise')).toBeNull();
    expect(isToken(T1)).toBe(true);
  });
});

describe('where the link leads', () => {
  const allowed = ['https://shop.test', 'https://restaurant.test'];
  it('back to an allowed page, never elsewhere', () => {
    expect(safeReturnTo('https://restaurant.test/karte#alt', allowed, 'https://shop.test/')).toBe('https://restaurant.test/karte');
    expect(safeReturnTo('https://evil.test/', allowed, 'https://shop.test/')).toBe('https://shop.test/');
    expect(safeReturnTo('javascript:alert(1)', allowed, 'https://shop.test/')).toBe('https://shop.test/');
    expect(safeReturnTo(null, allowed, 'https://shop.test/')).toBe('https://shop.test/');
  });
  it('carries the token in the fragment only to another origin', () => {
    expect(loginTarget('https://shop.test/checkout', T1, 'https://shop.test')).toBe('https://shop.test/checkout');
    expect(loginTarget('https://restaurant.test/', T1, 'https://shop.test')).toBe(`https://restaurant.test/#tischlein_token=${T1}`);
  });
});

describe('account data', () => {
  it('checks birthdays', () => {
    expect(birthdayProblem('1990-02-28', '2026-11-24')).toBeNull();
    expect(birthdayProblem('1990-02-30', '2026-11-24')).not.toBeNull();
    expect(birthdayProblem('2027-01-01', '2026-11-24')).not.toBeNull();
    expect(birthdayProblem('1899-12-31', '2026-11-24')).not.toBeNull();
    expect(birthdayProblem('24.11.1990', '2026-11-24')).not.toBeNull();
  });
  it('cleans and checks the address', () => {
    const a = cleanAddress({ street: ' Augustusplatz ', zip: '0410', extra: 'x', __proto__: { city: 'evil' } });
    expect(a).toEqual({ name: '', street: 'Augustusplatz', streetNumber: '', floor: '', zip: '0410', city: '', phone: '', company: '' });
    expect(addressErrors(a).zip).toBe('Bitte gib eine fünfstellige Postleitzahl ein.');
    expect(addressErrors({ ...a, zip: '04109' })).toEqual({});
  });
  it('splits names, builds the location line and compares addresses', () => {
    expect(splitName('Erika Maria Muster')).toEqual({ firstName: 'Erika Maria', lastName: 'Muster' });
    expect(splitName('Erika')).toEqual({ firstName: 'Erika', lastName: '' });
    const saved = cleanAddress({ street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' });
    expect(locationLine(saved)).toBe('Augustusplatz 1, 04109 Leipzig');
    expect(locationLine(null)).toBe('');
    expect(differsFromSaved(saved, { street: 'augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', floor: '' })).toBe(false);
    expect(differsFromSaved(saved, { street: 'Markt', streetNumber: '1', zip: '04109', city: 'Leipzig' })).toBe(true);
    expect(differsFromSaved(null, { street: 'Markt', zip: '04109' })).toBe(true);
  });
});
