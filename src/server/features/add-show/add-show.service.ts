import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import {
  type CatalogEntry,
  normaliseCatalog,
  type StopEntry,
  writeCatalogEntries,
} from '#server/features/catalog/catalog.service.ts';
import { isVisibleTo } from '#server/features/catalog/stop-visibility.ts';
import { type ArtistIdentity, findArtistIdentity } from '#server/features/sync/sync.repo.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import { defaultTourName } from '#server/providers/jambase/jambase.mapping.ts';
import {
  ADD_SHOW_MESSAGES,
  type AddShowResponse,
  addedShowState,
  VENUE_SEARCH_LIMIT,
  type VenueSearchResponse,
} from '#shared/add-show.ts';
import type { addShowRequestSchema } from '#shared/add-show-api.ts';
import { slugify, titleCase } from '#shared/text.ts';
import {
  selectMatchingStop,
  selectVenueByIdentity,
  selectVenueBySlug,
  selectVenueMatches,
  upsertUserShow,
  type VenueRow,
} from './add-show.repo.ts';

type AddShowInput = z.output<typeof addShowRequestSchema>;

/** Every operation acts for the signed-in fan only. */
/** The artist as the catalog knows it, or the MusicBrainz one to add. */
async function resolveArtist(database: Database, input: AddShowInput['artist'], userId: string) {
  if (input.kind === 'catalog') {
    const known = await findArtistIdentity(database.db, input.slug, null);
    // Another fan's not yet approved artist is not one the fan can pick (ADR 0037).
    const visible =
      known && isVisibleTo({ pending: known.pending ?? false, submittedBy: known.submittedBy ?? null }, userId);
    if (!known || known.slug !== input.slug || !visible)
      throw new AppError('BAD_REQUEST', ADD_SHOW_MESSAGES.unknownArtist);
    return { known, name: known.name, mbid: known.mbid };
  }
  const known = await findArtistIdentity(database.db, slugify(input.name), input.mbid);
  // A catalog artist keeps its own name so the catalog write finds it by its slug.
  return { known, name: known?.name ?? input.name, mbid: known?.mbid ?? input.mbid };
}

/** The new stop as a one-stop catalog entry, through the same normalising as imports and syncs. */
function stopEntry(input: AddShowInput, artist: { name: string; mbid: string | null }, userId: string): CatalogEntry {
  const venue = input.venue;
  const place =
    venue.kind === 'new'
      ? {
          venue: venue.name,
          city: venue.place.name,
          region: venue.place.region ?? undefined,
          country: venue.place.countryCode,
          lat: venue.place.lat,
          lon: venue.place.lon,
          timeZone: venue.place.timeZone ?? undefined,
        }
      : // A catalog venue: replaced by its stored row below; these fields only pass normalising.
        { venue: 'catalog venue', city: 'catalog', country: 'XX' };
  const [entry] = normaliseCatalog(
    {
      artists: [
        {
          name: artist.name,
          mbid: artist.mbid ?? undefined,
          tours: [
            {
              name: input.tourName || defaultTourName(titleCase(artist.name)),
              stops: [{ date: input.date, time: input.time, ...place }],
            },
          ],
        },
      ],
    },
    'user',
  );
  const stop = entry!.tours[0]!.stops[0]!;
  stop.submittedBy = userId;
  return entry!;
}

function venueEntryOf(row: VenueRow): StopEntry['venue'] {
  const { id: _id, slug: _slug, ...venue } = row;
  return venue;
}

async function resolveVenue(database: Database, input: AddShowInput['venue'], entry: CatalogEntry, userId: string) {
  const stop = entry.tours[0]!.stops[0]!;
  if (input.kind === 'catalog') {
    const row = await selectVenueBySlug(database.db, input.slug, userId);
    if (!row) throw new AppError('BAD_REQUEST', ADD_SHOW_MESSAGES.unknownVenue);
    stop.venue = venueEntryOf(row);
    stop.lat = row.lat;
    stop.lon = row.lon;
    return row;
  }
  // A "new" venue the catalog has after all (same name and place) is that venue.
  const row = await selectVenueByIdentity(database.db, stop.venue.identityKey);
  if (row) stop.venue = venueEntryOf(row);
  return row;
}

/**
 * Records a show for the fan. When the catalog has this artist at this venue on this date, the
 * fan's show links to that stop; otherwise a user-submitted stop is added, 'pending' (seen by its
 * submitter only until an admin approves it). Past shows are marked attended, others Going.
 */
export async function addShow(writer: CatalogWriterDeps, actor: Actor, input: AddShowInput): Promise<AddShowResponse> {
  const { database } = writer;
  const artist = await resolveArtist(database, input.artist, actor.userId);
  const entry = stopEntry(input, artist, actor.userId);
  const venue = await resolveVenue(database, input.venue, entry, actor.userId);
  const state = addedShowState(input.date, input.today);
  const notes = input.notes?.trim() ? input.notes : null;

  const existing =
    artist.known && venue
      ? await selectMatchingStop(database.db, {
          artistId: artist.known.id,
          venueId: venue.id,
          date: input.date,
          userId: actor.userId,
        })
      : null;
  if (existing) {
    await upsertUserShow(database.db, { userId: actor.userId, stopId: existing.id, state, notes });
    return { stopId: existing.id, linked: true, state, pending: existing.pending };
  }

  await writeCatalogEntries(writer, [entry]);
  const stopId = await findWrittenStop(database, entry, actor.userId);
  await upsertUserShow(database.db, { userId: actor.userId, stopId, state, notes });
  return { stopId, linked: false, state, pending: true };
}

async function findWrittenStop(database: Database, entry: CatalogEntry, userId: string): Promise<string> {
  const artist: ArtistIdentity | null = await findArtistIdentity(database.db, entry.slug, entry.mbid);
  const venue = await selectVenueByIdentity(database.db, entry.tours[0]!.stops[0]!.venue.identityKey);
  const stop =
    artist && venue
      ? await selectMatchingStop(database.db, {
          artistId: artist.id,
          venueId: venue.id,
          date: entry.tours[0]!.stops[0]!.date,
          userId,
        })
      : null;
  if (!stop) throw new Error('The submitted stop was written but cannot be found');
  return stop.id;
}

export async function searchVenues(database: Database, actor: Actor, text: string): Promise<VenueSearchResponse> {
  const rows = await selectVenueMatches(database.db, text, VENUE_SEARCH_LIMIT, actor.userId);
  return {
    venues: rows.map((row) => ({
      name: row.name,
      slug: row.slug,
      city: row.city,
      region: row.region,
      country: row.country,
    })),
  };
}
