import { describe, expect, it } from 'vitest';
import { scheduleText, wallClock } from './schedule-text';

describe('schedule text', () => {
  it('says when each frequency sends', () => {
    expect(scheduleText({ frequency: 'Day', weekdays: [], monthDays: [], sendTime: '09:00' })).toBe('Every day at 09:00');
    expect(scheduleText({ frequency: 'Week', weekdays: [0, 5], monthDays: [], sendTime: '08:15' })).toBe('Sun, Fri at 08:15');
    expect(scheduleText({ frequency: 'Month', weekdays: [], monthDays: [1, 2, 3, 22], sendTime: '07:00' })).toBe('1st, 2nd, 3rd, 22nd of the month at 07:00');
  });

  it('reads the wall-clock time of an instant given with the client offset', () => {
    expect(wallClock('2026-11-30T09:00:00-05:00')).toBe('2026-11-30 09:00');
    expect(wallClock(null)).toBe('');
  });
});
