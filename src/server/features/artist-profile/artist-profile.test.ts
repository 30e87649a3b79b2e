import { describe, expect, it } from 'vitest';
import type { ArtistTourSummary } from '#shared/artist-profile.ts';
import { orderTours } from './artist-profile.service.ts';

const tour = (name: string, upcomingCount: number, firstDate: string | null, lastDate: string | null) =>
  ({ id: name, name, upcomingCount, pastCount: 0, firstDate, lastDate }) satisfies ArtistTourSummary;

describe('orderTours', () => {
  it('puts running tours first (soonest first), then finished ones (latest first), then tours without dates', () => {
    const ordered = orderTours([
      tour('Announced', 0, null, null),
      tour('Finished long ago', 0, '2020-01-01', '2020-03-01'),
      tour('Running later', 3, '2027-05-01', '2027-09-01'),
      tour('Finished lately', 0, '2026-01-01', '2026-06-01'),
      tour('Running soon', 1, '2027-01-01', '2027-02-01'),
    ]);
    expect(ordered.map((t) => t.name)).toEqual([
      'Running soon',
      'Running later',
      'Finished lately',
      'Finished long ago',
      'Announced',
    ]);
  });
});
