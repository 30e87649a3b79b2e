import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { artists, favoriteArtists, musicExcludes, tourStops, users } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';
import { stopsInDateOrder } from '#server/features/artists/artists.repo.ts';
import { countedStop } from '#server/features/catalog/stop-visibility.ts';

export async function insertFavorite(
  db: Executor,
  row: { userId: string; artistId: string; artistName: string; artistSlug: string; source: string },
): Promise<void> {
  await db
    .insert(favoriteArtists)
    .values(row)
    .onConflictDoNothing({
      target: [favoriteArtists.userId, favoriteArtists.artistId],
    });
}

/** Returns the deleted favourite's source, or null when there was none. */
export async function deleteFavorite(db: Executor, userId: string, artistId: string): Promise<string | null> {
  const [deleted] = await db
    .delete(favoriteArtists)
    .where(and(eq(favoriteArtists.userId, userId), eq(favoriteArtists.artistId, artistId)))
    .returning({ source: favoriteArtists.source });
  return deleted?.source ?? null;
}

/** Sources that are music-service imports (issue 15): unfollowing one by hand excludes it from later imports. */
const IMPORTED_SOURCES = new Set(['lastfm', 'listenbrainz', 'spotify', 'spotify-export']);

export async function excludeIfImported(db: Executor, userId: string, artistId: string, source: string | null) {
  if (!source || !IMPORTED_SOURCES.has(source)) return;
  await db.insert(musicExcludes).values({ userId, artistId, source }).onConflictDoNothing();
}

/** Slugs are matched through the artist row so a renamed slug still finds the favourite. */
export async function selectFavoritedSlugs(db: Db, userId: string, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: artists.slug })
    .from(favoriteArtists)
    .innerJoin(artists, eq(artists.id, favoriteArtists.artistId))
    .where(and(eq(favoriteArtists.userId, userId), inArray(artists.slug, slugs)));
  return rows.map((row) => row.slug);
}

export async function selectHome(db: Db, userId: string) {
  const [home] = await db
    .select({ city: users.homeCity, lat: users.homeLat, lon: users.homeLon })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return home;
}

export interface FavoriteRow {
  artistName: string;
  artistSlug: string;
  imageUrl: string | null;
  source: string;
  followedAt: string;
  stopSlug: string | null;
  date: string | null;
  venueName: string | null;
  venueSlug: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
}

/** The user's artists, each with its next show (lateral: one indexed probe of tour_stops per artist). */
export async function selectFavoritesWithNextShow(db: Db, userId: string, today: string): Promise<FavoriteRow[]> {
  return rowsOf<FavoriteRow>(
    db,
    sql`
    select a.name as "artistName", a.slug as "artistSlug", i.image_url as "imageUrl", f.source as "source",
           to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "followedAt",
           s.slug as "stopSlug", to_char(s.event_date, 'YYYY-MM-DD') as "date", v.name as "venueName",
           v.slug as "venueSlug", s.city as "city", s.region as "region", s.country as "country",
           coalesce(s.lat, v.lat) as "lat", coalesce(s.lon, v.lon) as "lon"
    from favorite_artists f
    join artists a on a.id = f.artist_id
    left join artist_images i on i.artist_id = a.id
    left join lateral (
      select ${tourStops.slug}, ${tourStops.eventDate}, ${tourStops.city}, ${tourStops.region}, ${tourStops.country},
             ${tourStops.lat}, ${tourStops.lon}, ${tourStops.venueId}
      from ${tourStops}
      where ${tourStops.artistId} = a.id and ${tourStops.eventDate} >= ${today}::date and ${countedStop}
      order by ${sql.join(stopsInDateOrder(), sql`, `)}
      limit 1
    ) s on true
    left join venues v on v.id = s.venue_id
    where f.user_id = ${userId}
    order by a.sort_name, a.id`,
  );
}

/** Following by hand takes the artist off the music-service exclude list: the fan wants it after all. */
export async function clearExclude(db: Executor, userId: string, artistId: string): Promise<void> {
  await db.delete(musicExcludes).where(and(eq(musicExcludes.userId, userId), eq(musicExcludes.artistId, artistId)));
}
