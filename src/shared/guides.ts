/**
 * Local guides (issue 13): the parts a guide is assembled from and the answer of
 * GET /api/guides/:artistSlug/:stopSlug. Plain types and constants only (no zod): the guide page
 * imports this file.
 */

import type { VenuePlace } from './place-label.ts';
import type { UserShowState } from './shows-api.ts';

/**
 * 'venue': Wikidata's facts about a venue (when a match is certain); 'geocode': the venue's point
 * from Nominatim, for venues the catalog has no coordinates for (asked once).
 */
export const GUIDE_PART_KINDS = ['around', 'city', 'forecast', 'typical', 'story', 'venue', 'geocode'] as const;
export type GuidePartKind = (typeof GUIDE_PART_KINDS)[number];

export const PLACE_CATEGORIES = ['food', 'sleep', 'transit', 'parking'] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

/** Search radius per category, metres (Overpass `around`). */
export const PLACE_RADIUS_M: Record<PlaceCategory, number> = { food: 800, sleep: 2000, transit: 1000, parking: 1000 };
/** Places kept per category: a guide lists the nearest, not every kebab stand in town. */
export const PLACES_PER_CATEGORY = 8;
/** Average walking pace for "minutes on foot" (straight line × detour factor). */
export const WALKING_METRES_PER_MINUTE = 80;
export const WALKING_DETOUR_FACTOR = 1.25;

export interface NearbyPlace {
  name: string;
  category: PlaceCategory;
  /** The OSM tag value: 'restaurant', 'hotel', 'bus_stop'... */
  kind: string;
  lat: number;
  lon: number;
  /** Straight-line metres from the venue. */
  distanceM: number;
  /** Rough walking minutes (distance × detour factor at a walking pace). */
  walkMinutes: number;
  openingHours: string | null;
  /** OSM `wheelchair`: yes | limited | no | designated, when tagged. */
  wheelchair: string | null;
}

export interface AroundData {
  places: NearbyPlace[];
}

export interface CitySection {
  heading: string;
  text: string;
}

export interface CityData {
  title: string;
  intro: string;
  /** Get in, Get around, Eat, Drink, Stay safe — those the article has, trimmed. */
  sections: CitySection[];
  /** The article's permanent link (the revision shown), for the CC BY-SA attribution. */
  url: string;
}

/** Wikidata's facts about the venue, kept only when the match is certain (name and place agree). */
export interface VenueFactsData {
  /** 'Q12345': a refresh asks for this item directly. */
  wikidataId: string;
  /** The item's page, for the attribution link. */
  url: string;
  label: string;
  /** Maximum capacity (P1083). */
  capacity: number | null;
  /** Official opening (P1619) or inception (P571): 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' as precise as Wikidata is. */
  opened: string | null;
  /** The item's image (P18), hot-linked from Wikimedia Commons, with its file page for the credit. */
  photo: { url: string; file: string; filePage: string } | null;
  /** Official website (P856). */
  officialUrl: string | null;
}

/** Where Nominatim placed a venue the catalog had no coordinates for. */
export interface GeocodeData {
  lat: number;
  lon: number;
  displayName: string;
  /** 'node:123': a stable key (place_id is not). */
  osm: string;
}

export interface ForecastData {
  date: string;
  maxC: number | null;
  minC: number | null;
  precipitationChance: number | null;
  weatherCode: number | null;
}

export interface TypicalData {
  /** The years averaged. */
  years: number;
  maxC: number | null;
  minC: number | null;
  /** Share of the sampled days with more than 1 mm of rain, 0-100. */
  rainyDaysPercent: number | null;
}

/**
 * One part as the page gets it. 'ready': fresh enough; 'stale': the last good copy, its refresh
 * failed (the page says how old it is); 'pending': being built; 'unavailable': no copy and the
 * source failed (left out with a note, retried later); 'none': the source has nothing for it.
 */
export type PartStatus = 'ready' | 'stale' | 'pending' | 'unavailable' | 'none';

export interface GuidePart<T> {
  status: PartStatus;
  data: T | null;
  /** ISO time of the copy shown. */
  fetchedAt: string | null;
}

export interface GuideStop extends VenuePlace {
  stopId: string;
  stopSlug: string;
  status: string;
  date: string;
  time: string | null;
  timeZone: string | null;
  artistName: string;
  artistSlug: string;
  tourName: string;
  address: string | null;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
}

export interface NearbyShow {
  stopSlug: string;
  artistName: string;
  artistSlug: string;
  date: string;
  venueName: string;
  city: string;
  distanceKm: number;
  followed: boolean;
}

export interface Distance {
  label: string;
  km: number;
  /** Rough hours by road (straight line × 1.3 at 80 km/h); null under 2 km (walk it). */
  driveHours: number | null;
}

export interface GuideNight {
  /** 'HH:MM' local to the venue, from suncalc. */
  sunset: string | null;
  /** The paragraph "Your night in {city}": written from the facts (template, or a checked model answer). */
  story: string;
  storySource: 'template' | 'model';
}

export interface GuidePage {
  stop: GuideStop;
  around: GuidePart<AroundData>;
  city: GuidePart<CityData>;
  weather: GuidePart<ForecastData> & { typical: GuidePart<TypicalData> };
  night: GuideNight;
  fromHome: Distance | null;
  fromPrevious: Distance | null;
  nearbyShows: NearbyShow[];
  /** The venue's facts from Wikidata: 'none' when no match is certain (the catalog's address and point stand). */
  venue: GuidePart<VenueFactsData>;
  /**
   * Only for a venue without coordinates: finding its point (Nominatim). Until it is known, the places
   * around it, the map and the weather are missing, and the page says so. Null when the point is known.
   */
  location: GuidePart<GeocodeData> | null;
  /** True while a part is being built: the page shows a loading message and waits for the live event. */
  building: boolean;
  /** Tile URL template for the map (MAP_TILES_URL). */
  mapTilesUrl: string;
  /**
   * The signed-in fan's state on this stop (null: none, or signed out). The page's buttons ask for
   * the current state themselves; a guide kept offline shows this copy when they cannot.
   */
  myState: UserShowState | null;
}

/** The venue page's venue-level parts: GET /api/guides/venues/:slug */
export interface VenueGuideParts {
  around: GuidePart<AroundData>;
  venue: GuidePart<VenueFactsData>;
  city: GuidePart<CityData>;
  mapTilesUrl: string;
}

/**
 * GET /api/guides/going: the fan's Going shows, read once by the offline warm-up, which keeps their
 * guides and the setlists of everyone on their bills for offline use.
 */
export interface GoingGuide {
  stopId: string;
  artistSlug: string;
  stopSlug: string;
  venueSlug: string;
  date: string;
  /** Every act on that night's bill at that venue, this one included. */
  bill: { stopId: string; artistSlug: string }[];
}
export interface GoingGuidesResponse {
  guides: GoingGuide[];
}
/** Going shows whose guides are kept offline, soonest first. */
export const OFFLINE_GUIDES_LIMIT = 30;

/** Days ahead within which Open-Meteo forecasts (its horizon is 16 days). */
export const FORECAST_HORIZON_DAYS = 16;
/** Nearby shows: this many days either side of the show, within this distance. */
export const NEARBY_SHOW_DAYS = 3;
export const NEARBY_SHOW_KM = 100;
export const NEARBY_SHOW_LIMIT = 10;

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';
export const OPEN_METEO_ATTRIBUTION = 'Weather data by Open-Meteo.com';
export const OPEN_METEO_URL = 'https://open-meteo.com/';
export const CC_BY_SA_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';
export const WIKIDATA_ATTRIBUTION = 'Venue facts from Wikidata';
export const CC0_URL = 'https://creativecommons.org/publicdomain/zero/1.0/';

/** Shown while a guide is built, when the admin list is empty or cannot be read. */
export const DEFAULT_LOADING_MESSAGES = [
  'Walking the streets around the venue…',
  'Checking where the trains stop…',
  'Asking the locals where to eat before the show…',
  'Looking up the weather for the night…',
  'Reading the city guide so you don’t have to…',
];

/** WMO weather codes in words (Open-Meteo's table). */
export function weatherLabel(code: number | null): string {
  if (code === null) return 'Unknown';
  if (code === 0) return 'Clear sky';
  if (code <= 2) return 'Partly cloudy';
  if (code === 3) return 'Overcast';
  if (code === 45 || code === 48) return 'Fog';
  if (code >= 51 && code <= 57) return 'Drizzle';
  if (code >= 61 && code <= 67) return 'Rain';
  if (code >= 71 && code <= 77) return 'Snow';
  if (code >= 80 && code <= 82) return 'Rain showers';
  if (code === 85 || code === 86) return 'Snow showers';
  if (code >= 95) return 'Thunderstorm';
  return 'Mixed';
}

/** One line of the admin-managed loading messages (/admin/loading-messages). */
export interface LoadingMessage {
  id: string;
  text: string;
  position: number;
  enabled: boolean;
}

// ---------------------------------------------------------------------------------------------
// Fans' tips

export const TIP_CATEGORIES = [
  'getting-in',
  'food-drink',
  'where-to-stand',
  'accessibility',
  'after-the-show',
] as const;
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export const TIP_CATEGORY_LABELS: Record<TipCategory, string> = {
  'getting-in': 'Getting in',
  'food-drink': 'Food & drink',
  'where-to-stand': 'Where to stand',
  accessibility: 'Accessibility',
  'after-the-show': 'After the show',
};

export const TIP_LIMITS = {
  minLength: 10,
  maxLength: 500,
  /** Accounts younger than this wait for moderation. */
  newAccountDays: 7,
  /** Reports that hide a tip until an admin reviews it. */
  reportsToHide: 3,
  /** Tips a fan may add at one venue freely; beyond, one an hour. */
  freeTipsPerVenue: 5,
  reasonMax: 300,
} as const;

export const tipMessages = {
  tooShort: `A tip is at least ${TIP_LIMITS.minLength} characters`,
  tooLong: `A tip is at most ${TIP_LIMITS.maxLength} characters`,
  category: 'Choose what the tip is about',
  duplicate: 'This tip is already there',
  tooMany: 'You have added several tips here: one more an hour. Try again later.',
  pending: 'Thanks! New accounts’ tips are checked before they appear.',
  reasonRequired: 'Give a reason',
  ownTip: 'You cannot vote for or report your own tip',
} as const;

export type TipState = 'visible' | 'pending' | 'reported' | 'hidden' | 'deleted';

export interface TipView {
  id: string;
  category: TipCategory;
  text: string;
  authorName: string;
  createdAt: string;
  helpfulCount: number;
  /** The viewer's own vote. */
  votedHelpful: boolean;
  reported: boolean;
  mine: boolean;
  /** Shown to the author only when not visible ('pending'...). */
  state: TipState;
}

export interface AdminTipView {
  id: string;
  category: TipCategory;
  text: string;
  authorName: string;
  authorEmail: string | null;
  venueName: string;
  venueSlug: string;
  state: TipState;
  reportCount: number;
  createdAt: string;
  moderationReason: string | null;
}

export const LOADING_MESSAGE_MAX = 140;

/** GET /api/admin/llm-usage (the /openai-usage page). */
export interface LlmUsageRow {
  day: string;
  model: string;
  feature: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** Calls that failed, were rejected by a check, or were stopped by the budget. */
  failed: number;
}

export interface LlmUsage {
  rows: LlmUsageRow[];
  monthSpentUsd: number;
  monthlyBudgetUsd: number | null;
  configured: boolean;
  model: string;
}
