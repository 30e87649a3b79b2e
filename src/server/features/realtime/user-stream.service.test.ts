import { describe, expect, it } from 'vitest';
import { STREAM_LIFETIME_MS, streamLifetimeMs } from './user-stream.service.ts';

describe('streamLifetimeMs', () => {
  it('spreads streams around 30 minutes and never outlives the session', () => {
    const now = Date.UTC(2027, 0, 1);
    const farAway = new Date(now + 30 * 24 * 3600 * 1000);
    const lifetimes = Array.from({ length: 200 }, () => streamLifetimeMs(farAway, now));
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(STREAM_LIFETIME_MS * 0.8);
    expect(Math.max(...lifetimes)).toBeLessThanOrEqual(STREAM_LIFETIME_MS * 1.2);
    expect(new Set(lifetimes).size).toBeGreaterThan(1);
    expect(streamLifetimeMs(new Date(now + 60_000), now)).toBe(60_000);
    expect(streamLifetimeMs(new Date(now - 1), now)).toBe(0);
  });
});
