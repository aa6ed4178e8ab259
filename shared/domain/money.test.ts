import { describe, expect, it } from '@jest/globals';
import { centsToEuro, euroToCents, roundHalfAwayFromZero, type Cents, type Euro } from './money';

describe('money', () => {
  it('converts euro to cents, half away from zero, without float noise', () => {
    expect(euroToCents(8.4)).toBe(840);
    expect(euroToCents(1.005)).toBe(101);
    expect(euroToCents(-1.005)).toBe(-101);
    expect(euroToCents(0.125)).toBe(13);
    expect(euroToCents(-0.001)).toBe(0);
    expect(Object.is(euroToCents(-0.001), -0)).toBe(false);
  });

  it('yields NaN for input that is not a finite number', () => {
    expect(euroToCents(Number.NaN)).toBeNaN();
    expect(euroToCents(Number.POSITIVE_INFINITY)).toBeNaN();
  });

  it('round-trips cents', () => {
    for (const c of [0, 1, 99, 840, 123456, -250]) expect(euroToCents(centsToEuro(c))).toBe(c);
  });

  it('names its rounding', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(100.49999999999999)).toBe(101);
  });

  it('keeps euro and cents apart at compile time', () => {
    const euro: Euro = 8.4;
    // @ts-expect-error a Euro value is not Cents
    const wrong: Cents = euro;
    expect(wrong).toBe(8.4);
  });
});
