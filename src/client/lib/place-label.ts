import type { TourStopView } from '#shared/artists.ts';

let regionNames: Intl.DisplayNames | null | undefined;

/** 'GB' → 'United Kingdom'; unknown or free-text values are shown as they are. */
export function countryName(country: string): string {
  if (regionNames === undefined) {
    regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  }
  if (!regionNames || !/^[A-Z]{2}$/.test(country)) return country;
  try {
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
}

/** 'Morrison, CO' for US stops (the state code), 'London, United Kingdom' elsewhere (spec: 'state code or country'). */
export function placeLabel(stop: Pick<TourStopView, 'city' | 'region' | 'country'>): string {
  const isUs = stop.country === 'US' || stop.country === 'USA';
  return `${stop.city}, ${isUs && stop.region ? stop.region : countryName(stop.country)}`;
}
