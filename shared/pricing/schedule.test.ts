import { describe, expect, it } from '@jest/globals';
import { coversAllWeekdays, isScheduleActive, parseClock } from './schedule';

describe('schedules at the shop time', () => {
  const lunch = { weekdays: [0, 1, 2, 3, 4], times: [{ from: '11:30', to: '14:00' }] };
  it('schedule: Mon–Fri 11:30–14:00 is active Monday 12:00, not Monday 14:00 nor Saturday 12:00', () => {
    expect(isScheduleActive(lunch, { dayIndex: 0, minute: 720 })).toBe(true);
    expect(isScheduleActive(lunch, { dayIndex: 0, minute: 690 })).toBe(true);
    expect(isScheduleActive(lunch, { dayIndex: 0, minute: 840 })).toBe(false);
    expect(isScheduleActive(lunch, { dayIndex: 5, minute: 720 })).toBe(false);
  });
  it('no time ranges means the whole day; null schedule means always', () => {
    expect(isScheduleActive({ weekdays: [6], times: [] }, { dayIndex: 6, minute: 0 })).toBe(true);
    expect(isScheduleActive({ weekdays: [6], times: [] }, { dayIndex: 5, minute: 1439 })).toBe(false);
    expect(isScheduleActive(null, { dayIndex: 3, minute: 3 })).toBe(true);
  });
  it('schedule: Friday 22:00–02:00 runs over midnight into Saturday', () => {
    const late = { weekdays: [4], times: [{ from: '22:00', to: '02:00' }] };
    expect(isScheduleActive(late, { dayIndex: 4, minute: 23 * 60 })).toBe(true);
    expect(isScheduleActive(late, { dayIndex: 5, minute: 60 })).toBe(true);
    expect(isScheduleActive(late, { dayIndex: 5, minute: 120 })).toBe(false);
    expect(isScheduleActive(late, { dayIndex: 4, minute: 60 })).toBe(false);
  });
  it("'24:00' and '00:00' as end mean midnight; garbage ranges never match", () => {
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('25:00')).toBeNull();
    expect(isScheduleActive({ weekdays: [0], times: [{ from: '18:00', to: '00:00' }] }, { dayIndex: 0, minute: 1439 })).toBe(true);
    expect(isScheduleActive({ weekdays: [0], times: [{ from: 'x', to: '10:00' }] }, { dayIndex: 0, minute: 100 })).toBe(false);
  });
  it('covers all weekdays only with all seven days', () => {
    expect(coversAllWeekdays({ weekdays: [0, 1, 2, 3, 4, 5, 6], times: [{ from: '11:00', to: '12:00' }] })).toBe(true);
    expect(coversAllWeekdays({ weekdays: [0, 1, 2, 3, 4, 5], times: [] })).toBe(false);
    expect(coversAllWeekdays(null)).toBe(true);
  });
});
