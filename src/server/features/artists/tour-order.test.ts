import { describe, expect, it } from 'vitest';
import { orderTours, type TourDates } from './tour-order.ts';

const tour = (name: string, nextDate: string | null, lastDate: string | null): TourDates => ({
  name,
  nextDate,
  lastDate,
});

describe('orderTours', () => {
  it('puts running tours first (soonest first), then finished ones (latest first), then tours without dates', () => {
    const ordered = orderTours(
      [
        tour('Announced', null, null),
        tour('Finished long ago', null, '2020-03-01'),
        tour('Running later', '2027-05-01', '2027-09-01'),
        tour('Finished lately', null, '2026-06-01'),
        tour('Running soon', '2027-01-01', '2027-02-01'),
      ],
      (t) => t,
    );
    expect(ordered.map((t) => t.name)).toEqual([
      'Running soon',
      'Running later',
      'Finished lately',
      'Finished long ago',
      'Announced',
    ]);
  });

  it('orders running tours by their next stop, not their first, and breaks ties by name', () => {
    const ordered = orderTours(
      [
        tour('B started last year', '2027-06-01', '2027-09-01'),
        tour('A starts soon', '2027-01-01', '2027-03-01'),
        tour('Z no dates', null, null),
        tour('Y no dates', null, null),
      ],
      (t) => t,
    );
    expect(ordered.map((t) => t.name)).toEqual(['A starts soon', 'B started last year', 'Y no dates', 'Z no dates']);
  });
});
