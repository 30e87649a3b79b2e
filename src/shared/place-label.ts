/**
 * The one way a show's place is named, on every page and in every list the server builds (History,
 * Stats): 'Morrison, CO' in the US, 'Nagoya, Japan' elsewhere, never 'Nagoya, JP'.
 */

/** A city, the state code for US places (else null), and the country code: where a venue or a show is. */
export interface CityPlace {
  city: string;
  region: string | null;
  country: string;
}

/** A show's venue and its place, as every stop, show and list row sends it. */
export interface VenuePlace extends CityPlace {
  venueName: string;
  venueSlug: string;
}

/** A show's venue as one object (show detail, My Shows, the venue page). */
export interface ShowVenue extends CityPlace {
  name: string;
  slug: string;
  /** IANA time zone: show times at the venue are local to it. */
  timeZone: string | null;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** 'GB' → 'United Kingdom'; unknown or free-text values are shown as they are. */
export function countryName(country: string): string {
  let name = countryNames.get(country);
  if (name === undefined) {
    name = lookUpCountryName(country);
    // Codes are a few hundred at most; free text could be anything, so the map starts again past that.
    if (countryNames.size >= 1_000) countryNames.clear();
    countryNames.set(country, name);
  }
  return name;
}

/** Names per code, looked up once: `Intl.DisplayNames.of` was ~1 % of a 200-stop tour page's server render. */
const countryNames = new Map<string, string>();

function lookUpCountryName(country: string): string {
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
