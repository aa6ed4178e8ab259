import { describe, expect, it } from '@jest/globals';
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
