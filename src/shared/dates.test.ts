import { describe, expect, it } from 'vitest';
import { formatInstant, formatShowTime, showTimeZoneLabel } from './dates.ts';

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

describe('instants as people write them', () => {
  it('writes a sale start in the given zone, with its short name when asked, never ISO', () => {
    expect(formatInstant('2026-09-04T14:00:00Z', 'America/New_York', { withZone: true })).toBe(
      'Fri, Sep 4, 10:00 AM EDT',
    );
    expect(formatInstant('2026-09-04T14:00:00Z', 'America/New_York')).toBe('Fri, Sep 4, 10:00 AM');
    expect(formatInstant('2027-01-15T00:30:00Z', 'UTC', { withZone: true })).toBe('Fri, Jan 15, 12:30 AM UTC');
    expect(formatInstant('2026-09-04T14:00:00Z', 'Not/AZone', { withZone: true })).toBe('Fri, Sep 4, 2:00 PM UTC');
    expect(formatInstant('soon', 'UTC')).toBeNull();
  });
});
