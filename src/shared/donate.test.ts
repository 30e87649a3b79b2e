import { describe, expect, it } from 'vitest';
import { parseDonateLinks } from './donate.ts';

describe('parseDonateLinks', () => {
  it('reads Label|URL pairs separated by semicolons, trimming spaces', () => {
    expect(parseDonateLinks(' Sponsors | https://github.com/sponsors/x ;Ko-fi|https://ko-fi.com/x;')).toEqual({
      links: [
        { label: 'Sponsors', url: 'https://github.com/sponsors/x' },
        { label: 'Ko-fi', url: 'https://ko-fi.com/x' },
      ],
      error: null,
    });
  });

  it('is empty without configuration', () => {
    expect(parseDonateLinks(undefined)).toEqual({ links: [], error: null });
    expect(parseDonateLinks('  ')).toEqual({ links: [], error: null });
  });

  it('names the first bad entry: no label, not a web URL, too many links', () => {
    expect(parseDonateLinks('https://example.com').error).toMatch(/is not "Label\|https:\/\/url"/);
    expect(parseDonateLinks('|https://example.com').error).toMatch(/is not "Label/);
    expect(parseDonateLinks('Pay|javascript:alert(1)').error).toBe('"javascript:alert(1)" is not an http(s) URL');
    expect(parseDonateLinks(Array.from({ length: 7 }, (_, i) => `L${i}|https://e.com/${i}`).join(';')).error).toBe(
      'has more than 6 links',
    );
  });
});
