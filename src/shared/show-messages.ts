/**
 * My Shows' texts and client-side constants, without zod (the state buttons sit on public pages).
 * The toasts follow the spec's favourites style: 'Sign in required' / 'Error' + 'Failed to …'.
 */
export const showMessages = {
  signInTitle: 'Sign in required',
  signInDescription: 'Please sign in to save your shows',
  errorTitle: 'Error',
  errorDescription: 'Failed to update your shows. Please try again.',
  radiusErrorDescription: 'Failed to save your distance. Please try again.',
  seenErrorDescription: 'Failed to update your shows. Please try again.',
} as const;

export const MY_SHOWS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'going', label: 'Going' },
  { value: 'interested', label: 'Interested' },
  { value: 'near', label: 'Near me' },
] as const;

export const MY_SHOWS_RADII = [
  { value: '25', label: '25 km' },
  { value: '50', label: '50 km' },
  { value: '100', label: '100 km' },
  { value: '250', label: '250 km' },
  { value: '500', label: '500 km' },
  { value: 'anywhere', label: 'Anywhere' },
] as const;

/** The API's radius (km or null) as the select's value. */
export function radiusValue(radiusKm: number | null): string {
  return radiusKm === null ? 'anywhere' : String(radiusKm);
}
