import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { formatDecimal, formatEuro, formatPercentOff } from '@shared/i18n';

describe('formatEuro', () => {
  it('formats cents the German way: 123450 → 1.234,50\u00a0€ (no-break space: never wraps)', () => {
    expect(formatEuro(123450)).toBe('1.234,50\u00a0€');
    expect(formatEuro(5)).toBe('0,05\u00a0€');
    expect(formatEuro(-250)).toBe('-2,50\u00a0€');
    expect(formatEuro(NaN)).toBe('0,00\u00a0€');
    expect(formatEuro(840)).not.toMatch(/ /);
  });
  it('decimals with at most the given digits', () => {
    expect(formatDecimal(12.345)).toBe('12,35');
    expect(formatDecimal(2.46, 1)).toBe('2,5');
  });
  it('percent labels use a comma: 12.5 → -12,5%', () => {
    expect(formatPercentOff(12.5)).toBe('-12,5%');
    expect(formatPercentOff(10)).toBe('-10%');
  });
});

// formatEuro and formatDecimal write out what Intl would print (a page's first Intl.NumberFormat
// costs 45–140 ms at 4× CPU): for every input the text must be Intl's own.
describe('the same text as Intl (de-DE)', () => {
  const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  it('formatEuro: whole cents, fractions of a cent, -0, huge and odd values', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), fc.double({ noNaN: true, noDefaultInfinity: true })), (cents) => {
        expect(formatEuro(cents)).toBe(euro.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
    for (const c of [0, -0, 1, -1, 99, 100, 999999, 100000, -100000, 0.5, -0.5, 12.5, 1e21]) expect(formatEuro(c)).toBe(euro.format(c / 100));
    expect(formatEuro(-0)).toBe('-0,00\u00a0€');
    expect(formatEuro(100000)).toBe('1.000,00\u00a0€');
  });
  it('formatDecimal: numbers with few decimals, any double, each number of digits', () => {
    const few = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 4 })).map(([k, d]) => k / 10 ** d);
    fc.assert(
      fc.property(fc.oneof(few, fc.double({ noNaN: true, noDefaultInfinity: true })), fc.integer({ min: 0, max: 4 }), (v, digits) => {
        expect(formatDecimal(v, digits)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits }).format(v));
      }),
      { numRuns: 5000 },
    );
    for (const v of [0, -0, 1234, 1234.5, -1234.5, 1.005, 0.1 + 0.2, 12.5, 33.33, 1e16])
      expect(formatDecimal(v)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(v));
  });
});

describe('no Intl on the way to the first prices', () => {
  it('loading the module and formatting whole cents and plain decimals makes no Intl.NumberFormat (its first one loads the locale data)', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      jest.isolateModules(() => {
        const f = jest.requireActual<typeof import('./format')>('./format');
        expect(f.formatEuro(123450)).toBe('1.234,50\u00a0€');
        expect(f.formatEuro(-5)).toBe('-0,05\u00a0€');
        expect(f.formatDecimal(12.5)).toBe('12,5');
        expect(f.formatPercentOff(10)).toBe('-10%');
      });
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
