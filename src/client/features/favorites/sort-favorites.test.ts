import { describe, expect, it } from 'vitest';
import type { FavoriteArtistEntry } from '#shared/favorites.ts';
import { sortFavorites } from './sort-favorites.ts';

const entry = (artistName: string, date: string | null): FavoriteArtistEntry => ({
  artistName,
  artistSlug: artistName.toLowerCase().replace(/\W+/g, '-'),
  imageUrl: null,
  source: 'manual',
  followedAt: '2027-01-01T00:00:00Z',
  distanceKm: null,
  nextShow: date
    ? { date, stopSlug: 's', venueName: 'V', venueSlug: 'v', city: 'C', region: null, country: 'US' }
    : null,
});

describe('sortFavorites', () => {
  const entries = [entry('The Zombies', '2027-05-01'), entry('Amber Skies', null), entry('Muse', '2027-04-01')];

  it('sorts by name ignoring a leading The', () => {
    expect(sortFavorites(entries, 'name').map((e) => e.artistName)).toEqual(['Amber Skies', 'Muse', 'The Zombies']);
  });

  it('sorts by next show, artists without one last', () => {
    expect(sortFavorites(entries, 'next-date').map((e) => e.artistName)).toEqual([
      'Muse',
      'The Zombies',
      'Amber Skies',
    ]);
  });
});
