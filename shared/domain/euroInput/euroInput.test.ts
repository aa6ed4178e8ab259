import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { centsToInput, parseEuro } from './index';

const cents = (raw: string) => {
  const r = parseEuro(raw);
  if (!r.ok) throw new Error(`expected '${raw}' to parse: ${r.message}`);
  return r.cents;
};
const problem = (raw: string, opts = {}) => {
  const r = parseEuro(raw, opts);
  if (r.ok) throw new Error(`expected '${raw}' to be refused, got ${r.cents}`);
  return r.message;
};

describe('parseEuro', () => {
  it('reads euro as owners type them', () => {
    expect(cents('8,50')).toBe(850);
    expect(cents('8,5')).toBe(850);
    expect(cents('8')).toBe(800);
    expect(cents('0,99')).toBe(99);
    expect(cents(' 12,90 € ')).toBe(1290);
    expect(cents('1.234,50')).toBe(123450);
    expect(cents('1.234')).toBe(123400);
    expect(cents('8.50')).toBe(850);
    expect(cents('8,')).toBe(800);
    expect(cents('0')).toBe(0);
  });

  it('refuses malformed, negative and too precise amounts with a German message', () => {
    expect(problem('8,5x')).toBe('Bitte einen Betrag in Euro eingeben, z. B. 8,50.');
    expect(problem('acht')).toBe('Bitte einen Betrag in Euro eingeben, z. B. 8,50.');
    expect(problem('8,50,1')).toBe('Bitte einen Betrag in Euro eingeben, z. B. 8,50.');
    expect(problem('12.34.5')).toBe('Bitte einen Betrag in Euro eingeben, z. B. 8,50.');
    expect(problem('-1,00')).toBe('Der Betrag darf nicht negativ sein.');
    expect(problem('8,505')).toBe('Bitte höchstens zwei Stellen nach dem Komma (Cent).');
    expect(problem('')).toBe('Bitte einen Preis eingeben, z. B. 8,50.');
    expect(problem('10000,00')).toBe('Der Betrag darf höchstens 9.998,99\u00a0€ sein.');
  });

  it('names the kind of problem, so a caller may word it its own way', () => {
    expect(parseEuro('')).toMatchObject({ ok: false, problem: 'missing' });
    expect(parseEuro('acht')).toMatchObject({ ok: false, problem: 'malformed' });
    expect(parseEuro('-3,50')).toMatchObject({ ok: false, problem: 'negative' });
    expect(parseEuro('3,505')).toMatchObject({ ok: false, problem: 'decimals' });
    expect(parseEuro('12,00', { max: 1000 })).toEqual({ ok: false, problem: 'tooHigh', message: 'Der Betrag darf höchstens 10,00\u00a0€ sein.' });
  });

  it('takes a given value for an empty field (a deposit left empty is none)', () => {
    expect(parseEuro('  ', { empty: 0 })).toEqual({ ok: true, cents: 0 });
  });

  it('reads back what the field shows for every amount', () => {
    expect(centsToInput(850)).toBe('8,50');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(123400)).toBe('1234,00');
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_899 }), (c) => cents(centsToInput(c)) === c));
  });
});
