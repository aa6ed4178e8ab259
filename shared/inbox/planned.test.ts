import { describe, expect, it } from '@jest/globals';
import { liveTab, minutesUntilNew, plannedUntilMs } from './planned';
import type { InboxFacts } from './rules';

const pre: InboxFacts = { status: 'confirmed', deliveryType: 'pickup', serveAt: '19:30', accepted: false, refused: false };

describe('a pre-order moving from Geplant to Neu', () => {
  it('is due 60 minutes before its wanted time', () => {
    expect(minutesUntilNew(pre, 17 * 60)).toBe(90); // 17:00 → 18:30
    expect(minutesUntilNew(pre, 18 * 60 + 29)).toBe(1);
    expect(minutesUntilNew(pre, 18 * 60 + 30)).toBeNull(); // already Neu
    expect(minutesUntilNew({ ...pre, serveAt: null }, 17 * 60)).toBeNull();
    expect(minutesUntilNew({ ...pre, accepted: true }, 17 * 60)).toBeNull();
    expect(minutesUntilNew(pre, 17 * 60, 15)).toBe(135);
  });
  it('as an instant: the start of the current minute plus the minutes left', () => {
    // 16:00:42 UTC + 90 minutes → 17:30:00 UTC
    expect(new Date(plannedUntilMs(Date.parse('2026-11-24T16:00:42Z'), 90)).toISOString()).toBe('2026-11-24T17:30:00.000Z');
  });
  it('the device moves it to Neu once that instant has come', () => {
    const o = { tab: 'planned' as const, plannedUntil: '2026-11-24T17:30:00.000Z' };
    expect(liveTab(o, Date.parse('2026-11-24T17:29:59Z'))).toBe('planned');
    expect(liveTab(o, Date.parse('2026-11-24T17:30:00Z'))).toBe('new');
    expect(liveTab({ tab: 'active', plannedUntil: null }, Date.parse('2026-11-24T17:30:00Z'))).toBe('active');
    expect(liveTab({ tab: 'planned', plannedUntil: 'kaputt' }, 0)).toBe('planned');
  });
});
