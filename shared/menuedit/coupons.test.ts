// The owner's coupon check (browser and server): German message per field, code in capitals.
import { describe, expect, it } from '@jest/globals';
import { checkCoupon } from './coupons';

const good = { code: 'sommer-25', type: 'percent', value: 25, minimumOrderValue: 0, validFrom: '2026-12-01', validUntil: '2026-12-01', maxUses: null };
const problems = (patch: Record<string, unknown>) => {
  const r = checkCoupon({ ...good, ...patch });
  if (r.ok) throw new Error('expected a refusal');
  return r.problems.map((p) => `${p.path}: ${p.de}`);
};

describe('checkCoupon', () => {
  it('accepts a one-day coupon and stores the code in capitals', () => {
    expect(checkCoupon(good)).toEqual({ ok: true, coupon: { ...good, code: 'SOMMER-25' } });
  });
  it('refuses per field', () => {
    expect(problems({ code: '' })).toEqual(['code: Bitte 1 bis 64 Buchstaben, Ziffern, _ oder - (ohne Leerzeichen und Umlaute).']);
    expect(problems({ code: 'Grüße' })).toEqual(['code: Bitte 1 bis 64 Buchstaben, Ziffern, _ oder - (ohne Leerzeichen und Umlaute).']);
    expect(problems({ value: 101 })).toEqual(['value: Höchstens 100 Prozent.']);
    expect(problems({ type: 'value', value: -1 })).toEqual(['value: Der Betrag darf nicht negativ sein.']);
    expect(problems({ value: 2.5 })).toEqual(['value: Bitte eine ganze Zahl eingeben.']);
    expect(problems({ minimumOrderValue: -100 })).toEqual(['minimumOrderValue: Der Betrag darf nicht negativ sein.']);
    expect(problems({ validUntil: '2026-11-30' })).toEqual(['validUntil: Das Ende darf nicht vor dem Beginn liegen.']);
    expect(problems({ validFrom: '2026-13-01' })).toEqual(['validFrom: Bitte ein Datum wählen.']);
    expect(problems({ maxUses: 0 })).toEqual(['maxUses: Bitte eine ganze Zahl ab 1 eingeben.']);
    expect(problems({ type: 'gratis' })).toEqual(['type: Bitte einen der angebotenen Werte wählen.']);
  });
});
