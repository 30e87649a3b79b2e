import { describe, expect, it } from 'vitest';
import { type CatalogStop, formatCatalogPath, formatCatalogProblem, validateCatalogFile } from './catalog-import.ts';

const goodStop: CatalogStop = { date: '2027-04-02', venue: 'Red Rocks Amphitheatre', city: 'Morrison', country: 'US' };

const withStop = (stop: Record<string, unknown>) => ({
  artists: [{ name: 'Band', tours: [{ name: 'Tour', stops: [stop] }] }],
});

const problemsOf = (input: unknown) => {
  const result = validateCatalogFile(input);
  return result.ok ? [] : result.problems.map(formatCatalogProblem);
};

describe('formatCatalogPath', () => {
  it('writes list positions in brackets and fields after dots', () => {
    expect(formatCatalogPath(['artists', 3, 'tours', 0, 'stops', 2, 'date'])).toBe('artists[3].tours[0].stops[2].date');
  });

  it('names the file itself when the path is empty', () => {
    expect(formatCatalogPath([])).toBe('file');
  });
});

describe('validateCatalogFile', () => {
  it('accepts a minimal file and one with every optional field', () => {
    expect(validateCatalogFile(withStop(goodStop)).ok).toBe(true);
    const full = {
      referenceDate: '2026-11-21',
      artists: [
        {
          name: 'Band',
          mbid: 'a74b1b7f-71a5-4011-9441-d0b5e4122711',
          genres: ['rock'],
          tours: [
            {
              name: 'Tour',
              stops: [
                {
                  ...goodStop,
                  time: '23:59',
                  region: 'Colorado',
                  lat: 39.66,
                  lon: -105.2,
                  ticketUrl: 'https://tickets.example.com/e/1',
                  address: '18300 W Alameda Pkwy',
                  timeZone: 'America/Denver',
                  source: 'jambase',
                  externalId: 'jb-1',
                },
              ],
            },
          ],
        },
      ],
    };
    expect(validateCatalogFile(full)).toEqual({ ok: true, file: full });
  });

  it('trims names', () => {
    const result = validateCatalogFile({ artists: [{ name: '  Band  ', tours: [] }] });
    expect(result.ok && result.file.artists[0]?.name).toBe('Band');
  });

  it('reports each bad stop field with its full path', () => {
    const stop = {
      date: '2027-02-30',
      time: '24:00',
      venue: ' ',
      city: 'x'.repeat(201),
      country: 'USA',
      lat: 91,
      lon: -181,
      ticketUrl: 'ftp://example.com/x',
      timeZone: 'Mars/Olympus_Mons',
    };
    const at = 'artists[0].tours[0].stops[0]';
    expect(problemsOf(withStop(stop))).toEqual([
      `${at}.date: expected YYYY-MM-DD`,
      `${at}.time: expected HH:MM between 00:00 and 23:59`,
      `${at}.venue: must not be empty`,
      `${at}.city: must be at most 200 characters`,
      `${at}.country: expected a 2-letter country code such as US`,
      `${at}.lat: expected a latitude between -90 and 90`,
      `${at}.lon: expected a longitude between -180 and 180`,
      `${at}.ticketUrl: expected an http(s) URL`,
      `${at}.timeZone: expected an IANA time zone such as America/Denver`,
    ]);
  });

  it('rejects dates that are not real calendar days or not zero-padded', () => {
    for (const date of ['2027-13-01', '2027-2-03', '03/02/2027', '2026-02-29']) {
      expect(problemsOf(withStop({ ...goodStop, date }))).toEqual([
        'artists[0].tours[0].stops[0].date: expected YYYY-MM-DD',
      ]);
    }
    expect(problemsOf(withStop({ ...goodStop, date: '2028-02-29' }))).toEqual([]);
  });

  it('lists every problem across artists, not just the first', () => {
    const input = {
      artists: [
        { name: 'Fine', tours: [] },
        { name: '', mbid: 'not-a-uuid', tours: [{ name: 'Tour', stops: [] }] },
        { tours: [{ name: 'Tour', stops: [{ ...goodStop, ticketURL: 'https://x.example.com' }] }] },
        'Band',
      ],
    };
    expect(problemsOf(input)).toEqual([
      'artists[1].name: must not be empty',
      'artists[1].mbid: expected a MusicBrainz id (UUID)',
      'artists[1].tours[0].stops: a tour needs at least one stop',
      'artists[2].name: is required',
      'artists[2].tours[0].stops[0]: unknown field "ticketURL"',
      'artists[3]: expected an object',
    ]);
  });

  it('explains missing or mistyped top-level data', () => {
    expect(problemsOf([])).toEqual(['file: expected an object']);
    expect(problemsOf({})).toEqual(['artists: is required']);
    expect(problemsOf({ artists: {} })).toEqual(['artists: expected a list']);
    expect(problemsOf({ artists: [], referenceDate: 'soon' })).toEqual(['referenceDate: expected YYYY-MM-DD']);
  });

  it('wants coordinates in pairs and numbers as numbers', () => {
    expect(problemsOf(withStop({ ...goodStop, lat: 10 }))).toEqual([
      'artists[0].tours[0].stops[0].lon: lat and lon must be given together',
    ]);
    expect(problemsOf(withStop({ ...goodStop, lat: '10', lon: 20 }))).toEqual([
      'artists[0].tours[0].stops[0].lat: expected a number',
    ]);
  });
});
