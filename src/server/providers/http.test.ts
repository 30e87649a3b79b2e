import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './http.ts';
import { escapeLucene } from './musicbrainz/musicbrainz.client.ts';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('escapeLucene', () => {
  it('makes band names with query syntax literal', () => {
    expect(escapeLucene('AC/DC')).toBe('AC\\/DC');
    expect(escapeLucene('(hed) p.e.')).toBe('\\(hed\\) p.e.');
    expect(escapeLucene('Sunn O)))')).toBe('Sunn O\\)\\)\\)');
    expect(escapeLucene('!!!')).toBe('\\!\\!\\!');
  });
});
