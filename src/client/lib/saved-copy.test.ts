import { describe, expect, it } from 'vitest';
import { offlineSavedLine, savedAgo, savedAtOf } from './saved-copy.ts';

describe('saved copies', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('says how old a copy is in the largest whole unit', () => {
    expect(savedAgo(now - 20_000, now)).toBe('just now');
    expect(savedAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(savedAgo(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(savedAgo(now - 2 * 3_600_000 - 5 * 60_000, now)).toBe('2 hours ago');
    expect(savedAgo(now - 26 * 3_600_000, now)).toBe('1 day ago');
    expect(savedAgo(now - 9 * 86_400_000, now)).toBe('9 days ago');
    // A server clock slightly ahead of the phone's is not "in 1 minute".
    expect(savedAgo(now + 90_000, now)).toBe('just now');
  });

  it('makes the offline line', () => {
    expect(offlineSavedLine(now - 2 * 3_600_000, now)).toBe('Offline — saved 2 hours ago');
  });

  it('reads the time from the answer’s Date header', () => {
    const response = new Response('{}', { headers: { date: 'Sat, 28 Nov 2026 10:00:00 GMT' } });
    expect(savedAtOf(response)).toBe(Date.parse('2026-11-28T10:00:00Z'));
    expect(savedAtOf(new Response('{}'))).toBeNull();
  });
});
