/**
 * The one way a show's place is named, on every page and in every list the server builds (History,
 * Stats): 'Morrison, CO' in the US, 'Nagoya, Japan' elsewhere, never 'Nagoya, JP'.
 */

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

/**
 * 'Morrison, CO' for US stops (the state code), 'London, United Kingdom' elsewhere (spec: 'state code
 * or country'); just the city when the country is unknown (no dangling comma).
 */
export function placeLabel(stop: { city: string; region?: string | null; country: string | null }): string {
  const country = stop.country?.trim() ?? '';
  const isUs = country === 'US' || country === 'USA';
  const second = isUs && stop.region ? stop.region : country ? countryName(country) : '';
  const city = stop.city.trim();
  return [city, second].filter(Boolean).join(', ');
}
