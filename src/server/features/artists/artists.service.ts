import type { Database } from '#server/db/client.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  ARTISTS_PAGE_SIZE,
  type ArtistListPage,
  type ArtistTourPage,
  type TourStopView,
  type TourView,
} from '#shared/artists.ts';
import { stateCode, titleCase } from '#shared/text.ts';
import { orderSources } from '#shared/tour-sources.ts';
import { selectArtistBySlug, selectArtistListPage, selectTourStops, type TourStopRow } from './artists.repo.ts';
import { orderTours, type TourDates } from './tour-order.ts';

export interface ListArtistsInput {
  page: number;
  today: string;
  includeWithoutUpcoming: boolean;
}

/** The home page list: one query, names title-cased here so the sort key stays the stored one. */
export async function listArtists(database: Database, input: ListArtistsInput): Promise<ArtistListPage> {
  const rows = await selectArtistListPage(database.db, { ...input, pageSize: ARTISTS_PAGE_SIZE });
  const summary = rows[0] ?? { total: 0, page: 1 };
  const artists = rows.flatMap((row) =>
    row.slug === null
      ? []
      : [
          {
            name: titleCase(row.name ?? ''),
            slug: row.slug,
            tourCount: row.tourCount ?? 0,
            hasUpcomingShows: row.hasUpcomingShows === true,
            imageUrl: row.imageUrl,
          },
        ],
  );
  return {
    artists,
    total: summary.total,
    page: summary.page,
    totalPages: Math.max(1, Math.ceil(summary.total / ARTISTS_PAGE_SIZE)),
    pageSize: ARTISTS_PAGE_SIZE,
  };
}

/** The tour page: the artist and every tour with its stops; unknown slugs are a 404. */
export async function getArtistTourPage(
  database: Database,
  slug: string,
  today: string,
  viewerId: string | null = null,
): Promise<ArtistTourPage & { personal: boolean }> {
  const artist = await selectArtistBySlug(database.db, slug);
  if (!artist || !isVisibleTo(artist, viewerId)) throw notFound('Artist');
  const rows = await selectTourStops(database.db, artist.id);
  return {
    artist: {
      name: titleCase(artist.name),
      slug: artist.slug,
      mbid: artist.mbid,
      genres: artist.genres,
      imageUrl: artist.imageUrl,
    },
    tours: orderTours(groupTours(rows, today), (tour) => tourDates(tour, today)),
    personal: artist.pending,
  };
}

function toStopView(row: TourStopRow, today: string): TourStopView | null {
  if (row.stopId === null || row.date === null) return null;
  const region = row.region && row.country === 'US' ? stateCode(row.region) : null;
  return {
    id: row.stopId,
    slug: row.stopSlug ?? '',
    date: row.date,
    time: row.time,
    venueName: row.venueName ?? '',
    venueSlug: row.venueSlug ?? '',
    timeZone: row.timeZone,
    city: row.city ?? '',
    region,
    country: row.country ?? '',
    ticketUrl: row.ticketUrl,
    isUpcoming: row.date >= today,
    status: row.status ?? 'scheduled',
    sources: orderSources(row.sources ?? []),
  };
}

/** Rows arrive in stop-date order, so each tour's stops stay in date order. */
function groupTours(rows: TourStopRow[], today: string): TourView[] {
  const byId = new Map<string, TourView>();
  for (const row of rows) {
    let tour = byId.get(row.tourId);
    if (!tour) {
      tour = { id: row.tourId, name: row.tourName, stops: [], upcomingCount: 0, pastCount: 0 };
      byId.set(row.tourId, tour);
    }
    const stop = toStopView(row, today);
    if (!stop) continue;
    tour.stops.push(stop);
    if (stop.status === 'cancelled') continue;
    if (stop.isUpcoming) tour.upcomingCount++;
    else tour.pastCount++;
  }
  return [...byId.values()];
}

function tourDates(tour: TourView, today: string): TourDates {
  return {
    name: tour.name,
    nextDate: tour.stops.find((stop) => stop.date >= today)?.date ?? null,
    lastDate: tour.stops.at(-1)?.date ?? null,
  };
}
