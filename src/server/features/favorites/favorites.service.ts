import type { Database } from '#server/db/client.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import type { Actor } from '#server/lib/actor.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { FavoriteArtistEntry, FavoriteChange, FavoriteStatus, FavoritesList } from '#shared/favorites.ts';
import { distanceKm } from '#shared/places.ts';
import { titleCase } from '#shared/text.ts';
import {
  clearExclude,
  deleteFavorite,
  excludeIfImported,
  type FavoriteRow,
  insertFavorite,
  selectFavoritedSlugs,
  selectFavoritesWithNextShow,
  selectHome,
} from './favorites.repo.ts';

/** Every operation acts on the signed-in user's own rows only: the actor's id scopes each query. */
/** Kept here for the features that already import it from favorites. */
export { distanceKm };

type Home = { lat: number | null; lon: number | null } | undefined;

function toEntry(row: FavoriteRow, home: Home): FavoriteArtistEntry {
  const hasShow = row.stopSlug && row.date && row.venueName && row.venueSlug && row.city && row.country;
  const nextShow = hasShow
    ? {
        stopSlug: row.stopSlug!,
        date: row.date!,
        venueName: row.venueName!,
        venueSlug: row.venueSlug!,
        city: row.city!,
        region: row.region,
        country: row.country!,
      }
    : null;
  const canMeasure = nextShow && home?.lat != null && home.lon != null && row.lat != null && row.lon != null;
  return {
    artistName: titleCase(row.artistName),
    artistSlug: row.artistSlug,
    imageUrl: row.imageUrl,
    source: row.source,
    followedAt: row.followedAt,
    nextShow,
    distanceKm: canMeasure
      ? Math.round(distanceKm({ lat: home.lat!, lon: home.lon! }, { lat: Number(row.lat), lon: Number(row.lon) }))
      : null,
  };
}

export async function listFavorites(database: Database, actor: Actor, today: string): Promise<FavoritesList> {
  const [rows, home] = await Promise.all([
    selectFavoritesWithNextShow(database.db, actor.userId, today),
    selectHome(database.db, actor.userId),
  ]);
  return { favorites: rows.map((row) => toEntry(row, home)), homeCity: home?.city ?? null };
}

export async function favoriteStatus(database: Database, actor: Actor, slugs: string[]): Promise<FavoriteStatus> {
  return { favorited: await selectFavoritedSlugs(database.db, actor.userId, slugs) };
}

async function artistOrNotFound(database: Database, slug: string, viewerId: string) {
  const artist = await selectArtistBySlug(database.db, slug);
  if (!artist || !isVisibleTo(artist, viewerId)) throw notFound('Artist');
  return artist;
}

/** Following twice is the same as following once. */
export async function follow(database: Database, actor: Actor, slug: string): Promise<FavoriteChange> {
  const artist = await artistOrNotFound(database, slug, actor.userId);
  await database.db.transaction(async (tx) => {
    await insertFavorite(tx, {
      userId: actor.userId,
      artistId: artist.id,
      artistName: artist.name,
      artistSlug: artist.slug,
      source: 'manual',
    });
    await clearExclude(tx, actor.userId, artist.id);
  });
  return { artistSlug: artist.slug, artistName: titleCase(artist.name), favorited: true };
}

export async function unfollow(database: Database, actor: Actor, slug: string): Promise<FavoriteChange> {
  const artist = await artistOrNotFound(database, slug, actor.userId);
  // One transaction: an imported artist is never unfollowed without landing on the exclude list.
  await database.db.transaction(async (tx) => {
    const source = await deleteFavorite(tx, actor.userId, artist.id);
    await excludeIfImported(tx, actor.userId, artist.id, source);
  });
  return { artistSlug: artist.slug, artistName: titleCase(artist.name), favorited: false };
}
