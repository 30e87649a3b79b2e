/** What a tour is ordered by; dates are YYYY-MM-DD and null when the tour has none. */
export interface TourDates {
  name: string;
  /** Its first stop on or after the visitor's date. */
  nextDate: string | null;
  /** Its last stop. */
  lastDate: string | null;
}

/**
 * The one order of tours, on the tour page and the artist page alike: tours with an upcoming stop
 * first (soonest next stop first), then finished tours (most recent first), then tours without
 * stops; ties by name.
 */
export function orderTours<T>(tours: readonly T[], datesOf: (tour: T) => TourDates): T[] {
  const keyed = tours.map((tour) => ({ tour, ...datesOf(tour) }));
  const rank = (dates: TourDates) => (dates.nextDate ? 0 : dates.lastDate ? 1 : 2);
  keyed.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 0 ? compare(a.nextDate, b.nextDate) : compare(b.lastDate, a.lastDate)) ||
      compare(a.name, b.name),
  );
  return keyed.map(({ tour }) => tour);
}

function compare(a: string | null, b: string | null): number {
  return (a ?? '').localeCompare(b ?? '');
}
