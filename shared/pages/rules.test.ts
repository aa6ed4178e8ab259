import { describe, expect, it } from '@jest/globals';
import { couponPhoneAllowed, normalizePhone, parseReservationAnswer, validateCouponReservation, validateFeedback, validateJobApplication, validateReservation, validateUnsubscribe } from './rules';
import { unsubscribeQuestion } from './texts';

const NOW = { date: '2026-11-24', minute: 12 * 60 };
const OK = { date: '2026-11-27', time: '19:30', persons: '4', name: ' Erika ', phone: '+49 (0) 341 123456', email: 'Erika@Example.de' };

describe('reservation', () => {
  it('accepts a valid request and normalises it', () => {
    expect(validateReservation(OK, NOW)).toEqual({
      ok: true,
      value: { date: '2026-11-27', time: '19:30', persons: 4, name: 'Erika', phone: '0341123456', email: 'erika@example.de', message: '' },
    });
  });

  it('names every wrong field in German', () => {
    const r = validateReservation({ date: '2026-02-30', time: '7:5', persons: '21', name: '', phone: '123', email: 'a@b' }, NOW);
    expect(r).toEqual({
      ok: false,
      errors: {
        date: 'Bitte wähle ein Datum.',
        time: 'Bitte wähle eine Uhrzeit.',
        persons: 'Bitte gib eine Personenzahl von 1 bis 20 an.',
        name: 'Bitte gib Deinen Namen an (mindestens 2 Zeichen).',
        phone: 'Bitte gib eine gültige Telefonnummer an.',
        email: 'Bitte gib eine gültige E-Mail-Adresse an.',
      },
    });
  });

  it('date and time: not in the past, at most 180 days ahead', () => {
    expect(validateReservation({ ...OK, date: '2026-11-23' }, NOW)).toMatchObject({ errors: { date: 'Das Datum liegt in der Vergangenheit.' } });
    expect(validateReservation({ ...OK, date: '2027-06-01' }, NOW)).toMatchObject({ errors: { date: 'Reservierungen sind höchstens 180 Tage im Voraus möglich.' } });
    expect(validateReservation({ ...OK, date: '2026-11-24', time: '12:00' }, NOW)).toMatchObject({ errors: { time: 'Diese Uhrzeit ist schon vorbei.' } });
    expect(validateReservation({ ...OK, date: '2026-11-24', time: '12:01' }, NOW).ok).toBe(true);
    expect(validateReservation({ ...OK, persons: '2.5' }, NOW).ok).toBe(false);
    expect(validateReservation({ ...OK, message: 'x'.repeat(1001) }, NOW)).toMatchObject({ errors: { message: 'Die Nachricht ist zu lang (höchstens 1000 Zeichen).' } });
  });

  it('answers: bestaetigen / ablehnen only', () => {
    expect(parseReservationAnswer('bestaetigen')).toBe('confirmed');
    expect(parseReservationAnswer('ablehnen')).toBe('declined');
    expect(parseReservationAnswer('toString')).toBeNull();
    expect(parseReservationAnswer('')).toBeNull();
  });
});

describe('other pages', () => {
  it('feedback: every dish 1–5 whole stars', () => {
    expect(validateFeedback({ ratings: [{ position: 0, stars: 5 }, { position: 1, stars: 1 }], comment: ' gut ' }, [0, 1])).toEqual({
      ok: true,
      value: { ratings: [{ position: 0, stars: 5 }, { position: 1, stars: 1 }], comment: 'gut' },
    });
    const msg = { ok: false, errors: { ratings: 'Bitte bewerte jedes Gericht mit 1 bis 5 Sternen.' } };
    expect(validateFeedback({ ratings: [{ position: 0, stars: 5 }] }, [0, 1])).toEqual(msg);
    expect(validateFeedback({ ratings: [{ position: 0, stars: 0 }] }, [0])).toEqual(msg);
    expect(validateFeedback({ ratings: [{ position: 0, stars: 4.5 }] }, [0])).toEqual(msg);
    expect(validateFeedback({ ratings: [{ position: 7, stars: 4 }] }, [0])).toEqual(msg);
    expect(validateFeedback({ ratings: 'viel' }, [0])).toEqual(msg);
    expect(validateFeedback({ ratings: [{ position: 0, stars: 3 }], comment: 'x'.repeat(1001) }, [0])).toMatchObject({ errors: { comment: 'Der Kommentar ist zu lang (höchstens 1000 Zeichen).' } });
  });

  it('the unsubscribe question names what is unsubscribed, never an inherited key', () => {
    expect(unsubscribeQuestion('newsletter')).toEqual({ before: 'Möchtest Du für', after: 'den Newsletter abbestellen?' });
    expect(unsubscribeQuestion('__proto__').after).toBe('diese E-Mails abbestellen?');
  });

  it('unsubscribe, job application, coupon reservation', () => {
    expect(validateUnsubscribe({ type: 'newsletter', email: 'A@B.de' })).toEqual({ ok: true, value: { type: 'newsletter', email: 'a@b.de' } });
    expect(validateUnsubscribe({ type: '__proto__', email: 'a@b.de' })).toMatchObject({ errors: { type: 'Diese Abmeldung kennen wir nicht.' } });
    expect(validateJobApplication({ name: 'Jo Rad', email: 'jo@rad.de', phone: '', message: 'Ich fahre gern Rad.' }).ok).toBe(true);
    expect(validateJobApplication({ name: 'Jo Rad', email: 'jo@rad.de', phone: 'abc', message: 'Ich fahre gern Rad.' })).toMatchObject({ errors: { phone: 'Bitte gib eine gültige Telefonnummer an.' } });
    expect(validateCouponReservation({ phone: '0170 1234567' })).toEqual({ ok: true, value: { phone: '01701234567' } });
    expect(validateCouponReservation({ phone: 5 })).toMatchObject({ ok: false });
    expect(normalizePhone('0049 170 1234567')).toBe('01701234567');
    expect(normalizePhone('+43 1 234567')).toBe('+431234567');
  });
});

describe('a phone-bound coupon', () => {
  it('is redeemed only with the phone it was reserved for, however it is written', () => {
    expect(couponPhoneAllowed('01709876543', '0170 9876543')).toBe(true);
    expect(couponPhoneAllowed('01709876543', '+49 170 9876543')).toBe(true);
    expect(couponPhoneAllowed('01709876543', '0170 9876544')).toBe(false);
    expect(couponPhoneAllowed('01709876543', '')).toBe(false);
    expect(couponPhoneAllowed('01709876543', 'keine Nummer')).toBe(false);
  });
  it('an unreserved coupon by anyone', () => {
    expect(couponPhoneAllowed(null, '0341 123456')).toBe(true);
    expect(couponPhoneAllowed(null, '')).toBe(true);
  });
});
