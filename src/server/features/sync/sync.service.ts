import type { Database, Db } from '#server/db/client.ts';
import type { Tx } from '#server/db/sql.ts';
import { findTours, lockCatalogWrites, refreshArtistStats } from '#server/features/catalog/catalog.repo.ts';
import { type CatalogEntry, normaliseCatalog, writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { noteCatalogChanged } from '#server/features/catalog/catalog-version.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { ProviderError } from '#server/providers/http.ts';
import type { JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { eventsToTours, JAMBASE_SOURCE, performerFor } from '#server/providers/jambase/jambase.mapping.ts';
import type { JbEvent } from '#server/providers/jambase/jambase.schemas.ts';
import type { CatalogTour } from '#shared/catalog-import.ts';
import { NO_TOUR_SOURCE_MESSAGE } from '#shared/search.ts';
import { diffStops, type KnownStop, type MovedStop, type StopDiff } from './sync.diff.ts';
import {
  cancelStops,
  deleteEmptyTours,
  findArtistIdentity,
  findKnownStops,
  findStopIdsByExternalId,
  insertChanges,
  type NewChange,
  updateStop,
} from './sync.repo.ts';

export interface SyncTarget {
  name: string;
  mbid: string | null;
}

export interface SyncOutcome {
  artistId: string;
  artistName: string;
  artistSlug: string;
  stopsAdded: number;
  /** Upcoming stops the provider lists for the artist now. */
  stopsFound: number;
  tours: { id: string; name: string }[];
  changes: { new: number; moved: number; cancelled: number };
}

/**
 * Announces a sync's changes on the event bus, for whoever follows them (features/notifications
 * queues its job). Never throws: the sync has committed, and the notifications' hourly sweep finds
 * changes left unannounced.
 */
export async function announceTourChanges(
  events: Pick<EventBus, 'publish'>,
  logger: Logger,
  outcome: SyncOutcome | null,
): Promise<void> {
  if (!outcome) return;
  const { artistId, changes } = outcome;
  if (changes.new + changes.moved + changes.cancelled === 0) return;
  try {
    await events.publish({ type: 'tour-dates-changed', artistId, changes });
  } catch (error) {
    logger.error({ err: error, artistId }, 'tour changes not announced: the notifications sweep will find them');
  }
}

/** A provider's trouble as the one error the API speaks: 503, and the client shows 'Search failed'. */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const message =
    error.kind === 'unauthorized'
      ? `${providerLabel(error.provider)} refused our API key.`
      : `${providerLabel(error.provider)} did not answer correctly. Please try again.`;
  return new AppError('UNAVAILABLE', message, { cause: error });
}

function providerLabel(provider: string): string {
  return provider === 'jambase' ? 'The tour-date source (JamBase)' : 'MusicBrainz';
}

export function requireJamBase(jamBase: JamBaseClient | null): JamBaseClient {
  if (!jamBase) throw new AppError('UNAVAILABLE', NO_TOUR_SOURCE_MESSAGE);
  return jamBase;
}

/**
 * Fetches the artist's upcoming events from JamBase and brings the catalog in line with them:
 * new stops added, moved ones updated in place, ones JamBase no longer lists marked cancelled. Nothing is
 * written unless the whole answer was valid. Null when a sync by name found nothing: nothing is
 * written then.
 */
export async function syncArtistTourDates(
  database: Database,
  jamBase: JamBaseClient,
  target: SyncTarget,
  today: string,
): Promise<SyncOutcome | null> {
  let events: JbEvent[];
  try {
    events = await jamBase.upcomingEvents(target.mbid ? { mbid: target.mbid } : { name: target.name }, today);
  } catch (error) {
    throw providerFailure(error);
  }
  const artist = { ...target, name: target.mbid ? target.name : spellingOf(events, target) };
  const tours = eventsToTours(events, artist);
  // Typed text nobody performs under is not an artist: the catalog only keeps names with a source.
  if (!target.mbid && tours.length === 0) return null;
  return writeSync(database, artist, tours, today);
}

/** Typed text ('velvet harbor') is a search, not a name: JamBase's spelling of the performer is. */
function spellingOf(events: JbEvent[], target: SyncTarget): string {
  for (const event of events) {
    const performer = performerFor(event, target);
    if (performer) return performer.name.trim();
  }
  return target.name;
}

/**
 * The catalog writer runs inside our transaction (as a savepoint), so the diff, the catalog's
 * own identity rules and the change records commit or roll back together.
 */
function inTransaction(database: Database, tx: Tx): Database {
  return { ...database, db: tx as unknown as Db };
}

async function writeSync(database: Database, target: SyncTarget, tours: CatalogTour[], today: string) {
  const outcome = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const [entry] = normaliseCatalog(
      { artists: [{ name: target.name, mbid: target.mbid ?? undefined, tours }] },
      JAMBASE_SOURCE,
    ) as [CatalogEntry];
    const before = await findArtistIdentity(tx, entry.slug, entry.mbid);
    const known = before ? await findKnownStops(tx, before.id) : [];
    const incoming = entry.tours.flatMap((tour) => tour.stops);
    const diff = diffStops(known, incoming, JAMBASE_SOURCE, today);

    const summary = await writeCatalogEntries(inTransaction(database, tx), [stopsToWrite(entry, diff)]);
    const artist = await findArtistIdentity(tx, entry.slug, entry.mbid);
    if (!artist) throw new Error(`Artist ${entry.slug} was not written`);
    await applyMovesAndCancellations(tx, artist.id, diff);

    // The first sync of an artist is not news; changes against an earlier sync are.
    const hadSynced = known.some((stop) => stop.source === JAMBASE_SOURCE);
    const changes = hadSynced ? await changeRecords(tx, artist.id, diff) : [];
    await insertChanges(tx, changes);
    await refreshArtistStats(tx, [artist.id]);

    const tourRows = await findTours(
      tx,
      entry.tours.map((tour) => ({ artistId: artist.id, name: tour.name })),
    );
    const count = (kind: NewChange['kind']) => changes.filter((change) => change.kind === kind).length;
    return {
      artistId: artist.id,
      artistName: artist.name,
      artistSlug: artist.slug,
      stopsAdded: summary.stopsAdded,
      stopsFound: incoming.length,
      tours: tourRows.map((row) => ({ id: row.id, name: row.name })),
      changes: { new: count('new'), moved: count('moved'), cancelled: count('cancelled') },
    };
  });
  // Committed only now (the catalog writer's own note came at its savepoint): list pages kept
  // meanwhile are stale, and the fan who synced is about to open the list (ADR 0009).
  noteCatalogChanged();
  return outcome;
}

/**
 * The entry with only new and changed stops. Changed ones stay so a venue they moved to gets
 * created; the catalog's provider-id uniqueness keeps them from being inserted a second time.
 */
function stopsToWrite(entry: CatalogEntry, diff: StopDiff): CatalogEntry {
  const keep = new Set([...diff.added, ...diff.changed.map((change) => change.to)]);
  return {
    ...entry,
    tours: entry.tours
      .map((tour) => ({ ...tour, stops: tour.stops.filter((stop) => keep.has(stop)) }))
      .filter((tour) => tour.stops.length > 0),
  };
}

async function applyMovesAndCancellations(tx: Tx, artistId: string, diff: StopDiff): Promise<void> {
  for (const change of diff.changed) {
    await updateStop(tx, change.stop.id, {
      ...change.to,
      venueKey: change.to.venue.identityKey,
      ...venueFields(change),
    });
  }
  await cancelStops(
    tx,
    diff.cancelled.map((stop) => stop.id),
  );
  await deleteEmptyTours(tx, artistId);
}

function venueFields({ to }: MovedStop) {
  return {
    city: to.venue.city,
    region: to.venue.region,
    country: to.venue.country,
    lat: to.lat ?? to.venue.lat,
    lon: to.lon ?? to.venue.lon,
  };
}

const stopDetails = (stop: KnownStop) => ({ date: stop.date, venue: stop.venueName, city: stop.city });

async function changeRecords(tx: Tx, artistId: string, { added, changed, cancelled }: StopDiff): Promise<NewChange[]> {
  const addedIds = await findStopIdsByExternalId(
    tx,
    JAMBASE_SOURCE,
    added.flatMap((stop) => (stop.externalId ? [stop.externalId] : [])),
  );
  const byExternalId = new Map(added.map((stop) => [stop.externalId, stop]));
  return [
    ...addedIds.map(({ id, externalId }): NewChange => {
      const stop = byExternalId.get(externalId)!;
      return {
        stopId: id,
        artistId,
        kind: 'new',
        details: { date: stop.date, venue: stop.venue.name, city: stop.venue.city },
      };
    }),
    ...changed
      .filter((change) => change.relocated)
      .map(
        ({ stop, to }): NewChange => ({
          stopId: stop.id,
          artistId,
          kind: 'moved',
          details: { from: stopDetails(stop), to: { date: to.date, venue: to.venue.name, city: to.venue.city } },
        }),
      ),
    ...cancelled.map(
      (stop): NewChange => ({ stopId: stop.id, artistId, kind: 'cancelled', details: stopDetails(stop) }),
    ),
  ];
}
