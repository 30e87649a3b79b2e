import { z } from 'zod';
import type { StopView } from './artists.ts';
import { isIsoDate } from './dates.ts';
import type { ShowVenue } from './place-label.ts';
import { storableString } from './text-schema.ts';

export const venueSlugParamSchema = z.object({
  slug: storableString()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9-]+$/),
});
/** GET /api/venues/:slug?today=YYYY-MM-DD — "upcoming" means on or after the visitor's date. */
export const venuePageQuerySchema = z.object({ today: storableString().refine(isIsoDate, 'expected YYYY-MM-DD') });

/** At most this many upcoming shows are listed on a venue page. */
export const VENUE_UPCOMING_LIMIT = 100;

/** A show at the venue: the venue's own fields are on the page, not repeated per show. */
export interface VenueShow extends Pick<StopView, 'stopId' | 'stopSlug' | 'date' | 'time' | 'ticketUrl'> {
  artistName: string;
  artistSlug: string;
  tourName: string;
}

export interface VenuePage {
  /** Every show time on the page is local to the venue's time zone. */
  venue: ShowVenue & {
    address: string | null;
    lat: number | null;
    lon: number | null;
    /** OpenStreetMap: the point when coordinates are known, else a search for the address. */
    mapUrl: string;
  };
  upcomingShows: VenueShow[];
  /** Shows before the visitor's date: how many the venue has hosted. */
  pastShowCount: number;
}

/** An OpenStreetMap link for a place: a pin when we have coordinates, a search otherwise. */
export function openStreetMapUrl(place: {
  name: string;
  address: string | null;
  city: string;
  region: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
}): string {
  if (place.lat !== null && place.lon !== null) {
    const lat = place.lat.toFixed(5);
    const lon = place.lon.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const query = [place.name, place.address, place.city, place.region, place.country].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
