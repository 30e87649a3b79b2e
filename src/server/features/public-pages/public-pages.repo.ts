import type { Database } from '#server/db/client.ts';

/**
 * Reads for search engines: what the sitemaps list and what a page's structured data needs beyond
 * the page's own API answer. Public rows only (approved stops of artists and venues that are not
 * a fan's pending submission, ADR 0037).
 */

export interface SitemapCounts {
  artists: number;
  venues: number;
  guides: number;
}

export async function countSitemapRows(database: Database): Promise<SitemapCounts> {
  const { rows } = await database.query<{ artists: number; venues: number; guides: number }>(
    `select (select count(*)::int from artists where not pending) as artists,
            (select count(*)::int from venues where not pending) as venues,
            (select count(*)::int
               from tour_stops s
               join artists a on a.id = s.artist_id
               join venues v on v.id = s.venue_id
              where s.review_state = 'approved' and not a.pending and not v.pending) as guides`,
  );
  return rows[0] ?? { artists: 0, venues: 0, guides: 0 };
}

/** Artists in slug order, each with the last change to it or one of its public stops. */
export async function selectSitemapArtists(database: Database, offset: number, limit: number) {
  const { rows } = await database.query<{ slug: string; lastmod: string | null }>(
    `select a.slug, to_char(greatest(a.updated_at, max(s.updated_at)) at time zone 'UTC', 'YYYY-MM-DD') as lastmod
       from (select id, slug, updated_at from artists where not pending order by slug limit $1 offset $2) a
       left join tour_stops s on s.artist_id = a.id and s.review_state = 'approved'
      group by a.id, a.slug, a.updated_at
      order by a.slug`,
    [limit, offset],
  );
  return rows;
}

/** Venues in slug order, each with the last change to one of its public stops. */
export async function selectSitemapVenues(database: Database, offset: number, limit: number) {
  const { rows } = await database.query<{ slug: string; lastmod: string | null }>(
    `select v.slug, to_char(max(s.updated_at) at time zone 'UTC', 'YYYY-MM-DD') as lastmod
       from (select id, slug from venues where not pending order by slug limit $1 offset $2) v
       left join tour_stops s on s.venue_id = v.id and s.review_state = 'approved'
      group by v.id, v.slug
      order by v.slug`,
    [limit, offset],
  );
  return rows;
}

/** Public stops in id order (a stable order as the catalog grows), for their guide pages. */
export async function selectSitemapGuides(database: Database, offset: number, limit: number) {
  const { rows } = await database.query<{ artistSlug: string; stopSlug: string; lastmod: string }>(
    `select a.slug as "artistSlug", s.slug as "stopSlug",
            to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD') as lastmod
       from tour_stops s
       join artists a on a.id = s.artist_id
       join venues v on v.id = s.venue_id
      where s.review_state = 'approved' and not a.pending and not v.pending
      order by s.id
      limit $1 offset $2`,
    [limit, offset],
  );
  return rows;
}

/** The date each of these stops had before its last move (tour_stop_changes 'moved'). */
export async function selectPreviousDates(database: Database, stopIds: string[]): Promise<Map<string, string>> {
  if (stopIds.length === 0) return new Map();
  const { rows } = await database.query<{ stopId: string; date: string | null }>(
    `select distinct on (stop_id) stop_id as "stopId", details->'from'->>'date' as date
       from tour_stop_changes
      where kind = 'moved' and stop_id = any($1::uuid[])
      order by stop_id, detected_at desc`,
    [stopIds],
  );
  return new Map(rows.filter((row) => row.date).map((row) => [row.stopId, row.date as string]));
}

export interface VenueEventRow {
  stopId: string;
  stopSlug: string;
  artistName: string;
  artistSlug: string;
  imageUrl: string | null;
  tourName: string;
  date: string;
  time: string | null;
  status: string;
  ticketUrl: string | null;
}

/** A venue's upcoming public stops, cancelled ones included (their event status says so). */
export async function selectVenueEvents(database: Database, venueSlug: string, today: string, limit: number) {
  const { rows } = await database.query<VenueEventRow>(
    `select s.id as "stopId", s.slug as "stopSlug", a.name as "artistName", a.slug as "artistSlug",
            i.image_url as "imageUrl", t.name as "tourName", to_char(s.event_date, 'YYYY-MM-DD') as date,
            to_char(s.start_time, 'HH24:MI') as time, s.status, s.ticket_url as "ticketUrl"
       from venues v
       join tour_stops s on s.venue_id = v.id
       join artists a on a.id = s.artist_id
       join tours t on t.id = s.tour_id
       left join artist_images i on i.artist_id = a.id
      where v.slug = $1 and not v.pending and not a.pending
        and s.review_state = 'approved' and s.event_date >= $2::date
      order by s.event_date, a.sort_name
      limit $3`,
    [venueSlug, today, limit],
  );
  return rows;
}
