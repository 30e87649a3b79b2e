import { describe, expect, it } from 'vitest';
import { formatShowTime, showTimeZoneLabel } from './dates.ts';

describe('show times in the venue zone', () => {
  it('labels a time with the venue zone when it differs from the viewer', () => {
    expect(formatShowTime('2027-07-02', '19:30', 'America/Denver', 'Europe/Paris')).toBe('7:30 PM MDT');
    expect(formatShowTime('2027-01-15', '20:00', 'Europe/Berlin', 'America/New_York')).toBe('8:00 PM GMT+1');
  });

  it('leaves the time unlabelled in the viewer zone, in a zone with the same offset, or when unknown', () => {
    expect(formatShowTime('2027-07-02', '19:30', 'America/Denver', 'America/Denver')).toBe('7:30 PM');
    expect(showTimeZoneLabel('2027-07-02', 'Europe/Berlin', 'Europe/Paris')).toBeNull();
    expect(showTimeZoneLabel('2027-07-02', null, 'Europe/Paris')).toBeNull();
    expect(showTimeZoneLabel('2027-07-02', 'Not/AZone', 'Europe/Paris')).toBeNull();
  });

  it('follows daylight saving on the show date', () => {
    expect(showTimeZoneLabel('2027-01-10', 'America/Denver', 'UTC')).toBe('MST');
    expect(showTimeZoneLabel('2027-07-10', 'America/Denver', 'UTC')).toBe('MDT');
  });
});
