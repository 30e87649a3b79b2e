import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says how long ago', () => {
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-21T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
