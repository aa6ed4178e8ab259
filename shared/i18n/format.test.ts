import { describe, expect, it } from '@jest/globals';
import { formatEuro, formatPercentOff } from '@shared/i18n';

describe('formatEuro', () => {
  it('formats cents the German way: 123450 → 1.234,50 €', () => {
    expect(formatEuro(123450)).toBe('1.234,50 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(-250)).toBe('-2,50 €');
    expect(formatEuro(NaN)).toBe('0,00 €');
  });
  it('percent labels use a comma: 12.5 → -12,5%', () => {
    expect(formatPercentOff(12.5)).toBe('-12,5%');
    expect(formatPercentOff(10)).toBe('-10%');
  });
});
