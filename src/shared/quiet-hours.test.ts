import { describe, expect, it } from 'vitest';
import { clockToMinute, isQuiet, minuteToClock, quietUntil } from './quiet-hours.ts';

const night = { startMinute: clockToMinute('22:00'), endMinute: clockToMinute('07:00'), timeZone: 'Europe/Berlin' };

describe('quiet hours', () => {
  it('converts clock times both ways', () => {
    expect(clockToMinute('22:30')).toBe(1350);
    expect(minuteToClock(1350)).toBe('22:30');
    expect(minuteToClock(5)).toBe('00:05');
  });

  it('spans midnight when the start is after the end', () => {
    expect(isQuiet(clockToMinute('23:00'), night)).toBe(true);
    expect(isQuiet(clockToMinute('06:59'), night)).toBe(true);
    expect(isQuiet(clockToMinute('07:00'), night)).toBe(false);
    expect(isQuiet(clockToMinute('21:59'), night)).toBe(false);
    const lunch = { startMinute: clockToMinute('12:00'), endMinute: clockToMinute('13:00') };
    expect(isQuiet(clockToMinute('12:30'), lunch)).toBe(true);
    expect(isQuiet(clockToMinute('13:30'), lunch)).toBe(false);
  });

  it("holds a push until the hours end in the fan's zone", () => {
    // 23:15:30 in Berlin (CET, UTC+1) on a winter night: held until 07:00 Berlin = 06:00 UTC.
    const now = new Date('2027-01-15T22:15:30Z');
    expect(quietUntil(now, night)?.toISOString()).toBe('2027-01-16T06:00:00.000Z');
    // The same instant is 17:15 in New York: not quiet there.
    expect(quietUntil(now, { ...night, timeZone: 'America/New_York' })).toBeNull();
    expect(quietUntil(now, null)).toBeNull();
  });

  it('sends at once outside the hours', () => {
    expect(quietUntil(new Date('2027-01-15T12:00:00Z'), night)).toBeNull();
  });
});
