import { describe, expect, it } from 'vitest';
import type { CatalogStop } from '#shared/catalog-import.ts';
import { assignUniqueSlugs, normaliseCatalog } from './catalog.service.ts';

const stop = (extra: Partial<CatalogStop> = {}): CatalogStop => ({
  date: '2027-04-02',
  venue: 'Red Rocks Amphitheatre',
  city: 'Morrison',
  region: 'Colorado',
  country: 'us',
  ...extra,
});

describe('normaliseCatalog', () => {
  it('keeps an early and a late show at one venue as two stops, and one show listed twice as one', () => {
    const [entry] = normaliseCatalog(
      {
        artists: [
          {
            name: 'Night Owls',
            tours: [
              {
                name: 'Two Sets',
                stops: [stop({ time: '18:00' }), stop({ time: '22:00' }), stop({ time: '18:45' }), stop()],
              },
            ],
          },
        ],
      },
      'import',
    );
    expect(entry?.tours[0]?.stops.map((s) => s.time)).toEqual(['18:00', '22:00']);
  });

  it('merges artists with one slug, tours with one name and repeated stops', () => {
    const entries = normaliseCatalog(
      {
        artists: [
          { name: 'The  Midnight Ravens', genres: ['Rock'], tours: [{ name: 'Spring', stops: [stop()] }] },
          {
            name: 'the midnight ravens',
            mbid: 'A74B1B7F-71A5-4011-9441-D0B5E4122711',
            genres: ['rock', 'Folk'],
            tours: [{ name: 'Spring', stops: [stop({ region: 'CO' }), stop({ date: '2027-04-03' })] }],
          },
        ],
      },
      'import',
    );
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      name: 'The Midnight Ravens',
      slug: 'the-midnight-ravens',
      mbid: 'a74b1b7f-71a5-4011-9441-d0b5e4122711',
      genres: ['Rock', 'Folk'],
    });
    expect(entry?.tours.map((tour) => [tour.name, tour.stops.map((s) => s.date)])).toEqual([
      ['Spring', ['2027-04-02', '2027-04-03']],
    ]);
  });

  it('converts US regions to state codes, upper-cases countries and keys venues case-insensitively', () => {
    const [entry] = normaliseCatalog(
      {
        artists: [
          {
            name: 'Band',
            tours: [
              {
                name: 'Tour',
                stops: [
                  stop(),
                  stop({ date: '2027-04-05', venue: 'RED ROCKS AMPHITHEATRE', city: 'morrison', region: 'co' }),
                  stop({ venue: 'Massey Hall', city: 'Toronto', region: 'Ontario', country: 'CA' }),
                ],
              },
            ],
          },
        ],
      },
      'import',
    );
    const venues = entry?.tours[0]?.stops.map((s) => s.venue);
    expect(venues?.map((venue) => venue.identityKey)).toEqual([
      'red rocks amphitheatre|morrison|co|us',
      'red rocks amphitheatre|morrison|co|us',
      'massey hall|toronto|ontario|ca',
    ]);
    // Every stop at one venue carries its first spelling.
    expect(venues?.[1]).toBe(venues?.[0]);
    expect(venues?.[0]).toMatchObject({ city: 'Morrison', region: 'CO', country: 'US' });
    expect(venues?.[2]).toMatchObject({ region: 'Ontario', country: 'CA' });
  });

  it('labels stops with the import source unless a stop names its own', () => {
    const [entry] = normaliseCatalog(
      {
        artists: [
          {
            name: 'Band',
            tours: [
              { name: 'Tour', stops: [stop(), stop({ date: '2027-05-01', source: 'jambase', externalId: '9' })] },
            ],
          },
        ],
      },
      'demo',
    );
    expect(entry?.tours[0]?.stops.map((s) => [s.source, s.externalId])).toEqual([
      ['demo', null],
      ['jambase', '9'],
    ]);
  });
});

describe('assignUniqueSlugs', () => {
  it('keeps free bases, suffixes taken ones and items colliding within the batch, per scope', async () => {
    const taken = new Set(['a|2027-04-02-morrison-co', 'a|2027-04-02-morrison-co-2', '|red-rocks']);
    const lookups: number[] = [];
    const slugs = await assignUniqueSlugs(
      [
        { scope: 'a', base: '2027-04-02-morrison-co' },
        { scope: 'a', base: '2027-04-02-morrison-co' },
        { scope: 'b', base: '2027-04-02-morrison-co' },
        { scope: 'b', base: '2027-04-02-morrison-co' },
        { scope: '', base: 'red-rocks' },
        { scope: '', base: 'fillmore' },
      ],
      async (candidates) => {
        lookups.push(candidates.length);
        return candidates.filter((candidate) => taken.has(`${candidate.scope}|${candidate.slug}`));
      },
    );
    expect(slugs).toEqual([
      '2027-04-02-morrison-co-3',
      '2027-04-02-morrison-co-4',
      '2027-04-02-morrison-co',
      '2027-04-02-morrison-co-2',
      'red-rocks-2',
      'fillmore',
    ]);
    // One lookup per round, each round only for the items still without a slug.
    expect(lookups).toEqual([6, 4, 2, 1]);
  });
});
