import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canStaffMove, isDecided, nextStep, inboxTab, minuteOfHhmm, isAcceptMinutes, orderNumberText, readyMinute, type InboxFacts } from './rules';
import { readyTimeText, refusedText } from './texts';
import { STAFF_STATUS_TEXTS, staffStatusText } from './status';
import { formatHHMM } from '@shared/time/clock';

const base: InboxFacts = { status: 'confirmed', deliveryType: 'pickup', serveAt: null, accepted: false, refused: false };

describe('inboxTab', () => {
  it('puts an unaccepted order in Neu, an accepted one in In Arbeit, a finished or refused one in Erledigt', () => {
    expect(inboxTab(base, 600)).toBe('new');
    expect(inboxTab({ ...base, accepted: true }, 600)).toBe('active');
    expect(inboxTab({ ...base, accepted: true, status: 'picked_up' }, 600)).toBe('done');
    expect(inboxTab({ ...base, refused: true, status: 'cancelled' }, 600)).toBe('done');
  });
  it('keeps a pre-order in Geplant until 60 minutes before its time, then Neu', () => {
    const pre = { ...base, serveAt: '19:30' };
    expect(inboxTab(pre, 18 * 60 + 29)).toBe('planned'); // 18:29: 61 minutes before
    expect(inboxTab(pre, 18 * 60 + 30)).toBe('new'); // 18:30: 60 minutes before
    expect(inboxTab(pre, 18 * 60 + 50, 15)).toBe('planned');
  });
});

describe('steps', () => {
  it('moves one step forward only, along the order type', () => {
    expect(canStaffMove('confirmed', 'in_preparation', 'delivery')).toBe(true);
    expect(canStaffMove('in_preparation', 'on_the_way', 'delivery')).toBe(true);
    expect(canStaffMove('confirmed', 'picked_up', 'pickup')).toBe(false);
    expect(canStaffMove('confirmed', 'cancelled', 'pickup')).toBe(false);
    expect(canStaffMove('on_the_way', 'in_preparation', 'delivery')).toBe(false);
    expect(canStaffMove('confirmed', 'on_the_way', 'pickup')).toBe(false);
    expect(canStaffMove('confirmed', 'delivered', 'pickup')).toBe(false);
    expect(canStaffMove('cancelled', 'delivered', 'delivery')).toBe(false);
    expect(canStaffMove('received', 'in_preparation', 'delivery')).toBe(false);
  });
});

describe('nextStep', () => {
  it('offers the one next step per order type', () => {
    expect(nextStep('confirmed', 'delivery')).toBe('in_preparation');
    expect(nextStep('in_preparation', 'delivery')).toBe('on_the_way');
    expect(nextStep('in_preparation', 'pickup')).toBe('ready_for_pickup');
    expect(nextStep('ready_for_pickup', 'pickup')).toBe('picked_up');
    expect(nextStep('delivered', 'delivery')).toBeNull();
  });
});

describe('ready time', () => {
  it('is now plus the minutes, or the later wanted time of a pre-order', () => {
    expect(formatHHMM(readyMinute(19 * 60 + 15, 30, null))).toBe('19:45');
    expect(formatHHMM(readyMinute(18 * 60, 30, '19:45'))).toBe('19:45');
    expect(formatHHMM(readyMinute(19 * 60 + 30, 30, '19:45'))).toBe('20:00');
    expect(formatHHMM(readyMinute(23 * 60 + 50, 30, null))).toBe('00:20');
  });
  it('never goes before now + minutes (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 240 }), fc.option(fc.integer({ min: 0, max: 1439 })), (now, min, wanted) => {
      const r = readyMinute(now, min, wanted === null ? null : formatHHMM(wanted));
      return r >= now + min;
    }));
  });
  it('says it in German per delivery type', () => {
    expect(readyTimeText('pickup', '19:45')).toBe('Voraussichtlich fertig um 19:45');
    expect(readyTimeText('delivery', '19:45')).toBe('Voraussichtlich bei Dir um 19:45');
    expect(refusedText('Zu viel los')).toBe('Das Restaurant hat Deine Bestellung leider abgelehnt. Grund: Zu viel los');
  });
  it('takes whole minutes from 1 to 240', () => {
    expect([0, 1, 30, 240, 241, 1.5, '30', Number.NaN].map(isAcceptMinutes)).toEqual([false, true, true, true, false, false, false, false]);
  });
  it('reads the number out', () => {
    expect(orderNumberText(42)).toBe('Nr. 42');
    expect(orderNumberText(null)).toBe('');
  });
});

describe('minuteOfHhmm', () => {
  it('reads a wanted time of the order’s day; anything else is none', () => {
    expect(['19:45', '00:00', '23:59', '24:00', '7:30', '19:60', '25:00', 'abc', ''].map(minuteOfHhmm)).toEqual([1185, 0, 1439, null, null, null, null, null, null]);
  });
});

describe('staffStatusText', () => {
  it('speaks to staff, never to the guest: no “Dir” in any status', () => {
    expect(staffStatusText('on_the_way', true)).toBe('Unterwegs zum Gast');
    expect(staffStatusText('confirmed', true)).toBe('Vom Restaurant angenommen');
    expect(staffStatusText('ready_for_pickup', true)).toBe('Bereit zur Abholung');
    for (const text of Object.values(STAFF_STATUS_TEXTS)) expect(text).not.toMatch(/\b(du|dir|dich|dein\w*)\b/i);
  });
});

describe('isDecided', () => {
  it('accepted, refused or cancelled; an order still waiting is not', () => {
    const o = (accepted: boolean, refused: boolean, status: 'confirmed' | 'cancelled') => isDecided({ accepted, refused, status });
    expect([o(false, false, 'confirmed'), o(true, false, 'confirmed'), o(false, true, 'confirmed'), o(false, false, 'cancelled')]).toEqual([false, true, true, true]);
  });
});
