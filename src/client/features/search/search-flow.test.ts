import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { MUSICBRAINZ_BUSY_MESSAGE } from '#shared/search.ts';
import type { SyncResponse } from '#shared/search-api.ts';
import { catalogOutcome, optionDetail, searchFailedToast, searchFailureToast, syncToast } from './search-flow.ts';

const match = (name: string, tourCount = 1) => ({ name, slug: name.toLowerCase().replace(/ /g, '-'), tourCount });

describe('catalogOutcome', () => {
  it('opens the only match', () => {
    expect(catalogOutcome('aurora', [match('Aurora Fields')])).toEqual({ kind: 'open', match: match('Aurora Fields') });
  });

  it('opens the one exact name among several', () => {
    const matches = [match('Comet'), match('Silver Comets')];
    expect(catalogOutcome('COMET', matches)).toEqual({ kind: 'open', match: match('Comet') });
  });

  it('offers several matches without an exact one', () => {
    const outcome = catalogOutcome('silver', [match('Silver Comets'), match('Silver Comet Revue')]);
    expect(outcome.kind).toBe('choose');
    expect(outcome.kind === 'choose' && outcome.options.map((option) => option.kind)).toEqual(['catalog', 'catalog']);
  });

  it('reports no match', () => {
    expect(catalogOutcome('zzz', [])).toEqual({ kind: 'none' });
  });
});

describe('syncToast', () => {
  const result = (stopsFound: number): SyncResponse => ({
    success: true,
    stopsAdded: 0,
    stopsFound,
    artistName: 'Northern Lanterns',
    artistSlug: 'northern-lanterns',
    tourId: null,
    tours: [],
  });

  it('reports the synced stops', () => {
    expect(syncToast(result(4))).toMatchObject({
      title: 'Found tour dates!',
      description: 'Successfully synced 4 tour stops for Northern Lanterns',
    });
  });

  it('says so, as an error toast, when there are none', () => {
    expect(syncToast(result(0))).toMatchObject({
      title: 'No tours found',
      description: 'No upcoming tour dates found for Northern Lanterns',
      variant: 'destructive',
    });
  });
});

describe('optionDetail', () => {
  it('joins type, country and disambiguation, skipping the missing ones', () => {
    const base = { kind: 'musicbrainz' as const, name: 'X', slug: 'x', mbid: 'm' };
    expect(optionDetail({ ...base, type: 'Group', disambiguation: 'UK indie band' })).toBe('Group · UK indie band');
    expect(optionDetail({ ...base, type: 'Group', country: 'US', disambiguation: 'bluegrass band' })).toBe(
      'Group · United States · bluegrass band',
    );
    expect(optionDetail({ ...base, type: null, disambiguation: null })).toBe('');
    expect(optionDetail({ kind: 'catalog', ...match('A', 2) })).toBe('2 tours');
  });
});

describe('searchFailureToast', () => {
  it('says MusicBrainz is busy when the server refused the search for that reason', () => {
    const busy = new ApiError(503, 'UNAVAILABLE', MUSICBRAINZ_BUSY_MESSAGE);
    expect(searchFailureToast(busy)).toMatchObject({ title: 'Search failed', description: MUSICBRAINZ_BUSY_MESSAGE });
  });

  it('keeps the spec message for every other failure', () => {
    expect(searchFailureToast(new ApiError(503, 'UNAVAILABLE', 'MusicBrainz did not answer correctly.'))).toBe(
      searchFailedToast,
    );
    expect(searchFailureToast(new Error('boom'))).toBe(searchFailedToast);
  });
});
