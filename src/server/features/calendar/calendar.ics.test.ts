import { describe, expect, it } from 'vitest';
import { buildIcs } from './calendar.ics.ts';

describe('calendar writer', () => {
  it('writes the calendar properties as calendar apps read them, the refresh interval on feeds only', () => {
    const feed = buildIcs([], { name: 'My Going shows, 2027', publicUrl: 'https://tourguides.example', ttl: true });
    expect(feed).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//TourGuides//Calendar feeds//EN\r\n' +
        'NAME:My Going shows\\, 2027\r\nX-WR-CALNAME:My Going shows\\, 2027\r\n' +
        'REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\nX-PUBLISHED-TTL:PT6H\r\nEND:VCALENDAR',
    );
    const single = buildIcs([], { name: 'One show', publicUrl: 'https://tourguides.example' });
    expect(single).not.toContain('REFRESH-INTERVAL');
    expect(single).toContain('X-WR-CALNAME:One show\r\n');
  });
});
