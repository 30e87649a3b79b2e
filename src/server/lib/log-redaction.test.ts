import { describe, expect, it } from 'vitest';
import { redactSecretsInPath } from './log-redaction.ts';

describe('request log redaction', () => {
  it('masks calendar feed and trip-share tokens', () => {
    expect(redactSecretsInPath('/api/calendar/s3cr3t-Feed_token.ics')).toBe('/api/calendar/[token].ics');
    expect(redactSecretsInPath('/api/trips/shared/abcDEF123')).toBe('/api/trips/shared/[token]');
    expect(redactSecretsInPath('/trip/abcDEF123')).toBe('/trip/[token]');
  });

  it('keeps paths that carry no secret', () => {
    const stopFile = '/api/calendar/stops/0b9c6f3e-2a4d-4c53-9d0e-5b1f1a2c3d4e.ics';
    expect(redactSecretsInPath(stopFile)).toBe(stopFile);
    expect(redactSecretsInPath('/api/calendar/feeds')).toBe('/api/calendar/feeds');
    expect(redactSecretsInPath('/api/trips/0b9c6f3e')).toBe('/api/trips/0b9c6f3e');
    expect(redactSecretsInPath('/tour/radiohead')).toBe('/tour/radiohead');
  });
});
