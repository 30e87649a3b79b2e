import type { Tx } from '#server/db/sql.ts';
import {
  findTours,
  lockCatalogWrites,
  refreshArtistStats,
  upsertStopSources,
} from '#server/features/catalog/catalog.repo.ts';
import {
  type CatalogEntry,
  normaliseCatalog,
  type StopEntry,
  writeCatalogEntriesInTransaction,
} from '#server/features/catalog/catalog.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { ProviderError } from '#server/providers/http.ts';
import { defaultTourName } from '#server/providers/jambase/jambase.mapping.ts';
import { type CatalogStop, type CatalogTour, catalogStopSchema } from '#shared/catalog-import.ts';
import { NO_TOUR_SOURCE_MESSAGE } from '#shared/search.ts';
import { slugify } from '#shared/text.ts';
import { firstSaleAnnouncements } from './sale-times.ts';
import { type MergedShow, mergeListings } from './stop-merge.ts';
import { type KnownStop, type MovedStop, type PlannedShow, planSync, type SyncPlan } from './sync.plan.ts';
import {
  cancelStops,
  deleteEmptyTours,
  findArtistIdentity,
  findKnownStops,
  insertChanges,
  markSourcesMissing,
  markTourDatesChecked,
  type NewChange,
  updateStop,
} from './sync.repo.ts';
import { fetchListings, hasTourDateSource, type SourceAnswer, type TourDateSources } from './sync.sources.ts';

export interface SyncTarget {
  name: string;
  mbid: string | null;
}

export interface SyncOutcome {
  artistId: string;
  artistName: string;
  artistSlug: string;
  stopsAdded: number;
  /** Upcoming shows the sources list for the artist now (after the merge). */
  stopsFound: number;
  /** Which sources answered this sync and which failed (the others are not configured). */
  sources?: { provider: string; ok: boolean; listings: number }[];
  tours: { id: string; name: string }[];
  changes: { new: number; moved: number; cancelled: number };
  /** Stops whose sources gave sale times ahead for the first time ('on-sale' changes). */
  saleTimesAnnounced?: number;
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
  if (changes.new + changes.moved + changes.cancelled + (outcome.saleTimesAnnounced ?? 0) === 0) return;
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

const PROVIDER_LABELS: Record<string, string> = {
  jambase: 'The tour-date source (JamBase)',
  ticketmaster: 'The tour-date source (Ticketmaster)',
  bandsintown: 'The tour-date source (Bandsintown)',
};

function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? 'MusicBrainz';
}

export function requireTourSources(sources: TourDateSources): TourDateSources {
  if (!hasTourDateSource(sources)) throw new AppError('UNAVAILABLE', NO_TOUR_SOURCE_MESSAGE);
  return sources;
}

/**
 * Fetches the artist's upcoming listings from every configured source, merges them into shows
 * (stop-merge.ts) and brings the catalog in line: new shows added, moved ones updated in place,
 * ones a source cancelled or every source dropped marked cancelled, each stop's sources recorded
 * (ADR 0044). Only sources that answered count; when none did, the first failure is the error.
 * Null when a sync by name found nothing: nothing is written then.
 */
export async function syncArtistTourDates(
  writer: CatalogWriterDeps,
  sources: TourDateSources,
  target: SyncTarget,
  today: string,
  now: Date = new Date(),
  /** Hears each source's answer as it comes, before the merge (a fan's look-up shows progress). */
  onAnswer?: (answer: SourceAnswer) => Promise<void>,
): Promise<SyncOutcome | null> {
  const answers = await fetchListings(sources, target, today, onAnswer);
  return syncFromAnswers(writer, target, answers, today, now);
}

/** The sync of the sources' answers, fetched already (the planner asks only the sources left today). */
export async function syncFromAnswers(
  writer: CatalogWriterDeps,
  target: SyncTarget,
  answers: SourceAnswer[],
  today: string,
  now: Date = new Date(),
): Promise<SyncOutcome | null> {
  const failed = answers.filter((answer) => !answer.ok);
  if (answers.length > 0 && failed.length === answers.length) throw providerFailure(failed[0]!.error);
  const spelling = answers.map((answer) => answer.spelling).find(Boolean);
  const artist = { ...target, name: target.mbid ? target.name : (spelling ?? target.name) };
  const shows = mergeListings(
    { name: artist.name, mbid: artist.mbid },
    answers.flatMap((answer) => answer.listings),
  ).filter((show) => show.date >= today);
  // Typed text nobody performs under is not an artist: the catalog only keeps names with a source.
  if (!target.mbid && shows.length === 0) return null;
  const outcome = await writeSync(writer, artist, shows, answers, today, now);
  return {
    ...outcome,
    sources: answers.map((answer) => ({ provider: answer.provider, ok: answer.ok, listings: answer.listings.length })),
  };
}

/** Sources whose id names the event, not the performer: a co-bill's stops need one id each. */
const EVENT_SCOPED_IDS = new Set(['ticketmaster', 'bandsintown']);

/** A show in the catalog's own terms (its rules decide: a show they refuse is left out). */
function toCatalogStop(show: MergedShow, artist: SyncTarget): CatalogStop | null {
  const best = show.sources[0]!;
  const parsed = catalogStopSchema.safeParse({
    date: show.date,
    time: show.time ?? undefined,
    venue: show.venue.name,
    city: show.venue.city,
    region: show.venue.region ?? undefined,
    country: show.venue.country,
    lat: show.venue.lat ?? undefined,
    lon: show.venue.lon ?? undefined,
    ticketUrl: show.sources.map((source) => source.ticketUrl).find((url) => url?.match(/^https?:\/\//)) ?? undefined,
    address: show.venue.address ?? undefined,
    timeZone: show.venue.timeZone ?? undefined,
    source: best.provider,
    externalId: EVENT_SCOPED_IDS.has(best.provider)
      ? `${best.externalId}/${artist.mbid ?? slugify(artist.name)}`
      : best.externalId,
  });
  return parsed.success ? parsed.data : null;
}

/** Shows grouped into tours (a source's tour name, else "{Artist} Live"), with their catalog entry. */
function plannedEntry(artist: SyncTarget, shows: MergedShow[], source: string) {
  const placeable = shows.flatMap((show) => {
    const stop = toCatalogStop(show, artist);
    return stop ? [{ show, stop, tour: show.tourName ?? defaultTourName(artist.name) }] : [];
  });
  const tours = new Map<string, CatalogStop[]>();
  for (const { stop, tour } of placeable) tours.set(tour, [...(tours.get(tour) ?? []), stop]);
  const file = {
    artists: [
      {
        name: artist.name,
        mbid: artist.mbid ?? undefined,
        tours: [...tours].map(([name, stops]): CatalogTour => ({ name, stops })),
      },
    ],
  };
  const [entry] = normaliseCatalog(file, source) as [CatalogEntry];
  // normaliseCatalog keeps the stops' order per tour: pair each show with its normalised stop.
  const entries = new Map(entry.tours.flatMap((tour) => tour.stops).map((stop) => [stop.externalId, stop]));
  const planned: PlannedShow[] = placeable.flatMap(({ show, stop }) => {
    const normalised = entries.get(stop.externalId ?? null);
    if (!normalised) return [];
    // The catalog writer records each listing as the stop's source (ADR 0044).
    normalised.listings = [...show.sources, ...show.conflicts];
    return [{ show, entry: normalised }];
  });
  return { entry, planned };
}

async function writeSync(
  { database, catalogChanges }: CatalogWriterDeps,
  target: SyncTarget,
  shows: MergedShow[],
  answers: SourceAnswer[],
  today: string,
  now: Date,
) {
  const answered = new Set(answers.filter((answer) => answer.ok).map((answer) => answer.provider));
  const outcome = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const { entry, planned } = plannedEntry(target, shows, answers[0]?.provider ?? 'jambase');
    const before = await findArtistIdentity(tx, entry.slug, entry.mbid);
    const known = before ? await findKnownStops(tx, before.id) : [];
    const plan = planSync(known, planned, answered, today);

    // The catalog writer runs inside our transaction, so the plan, the catalog's own identity
    // rules, the sources and the change records commit or roll back together.
    const summary = await writeCatalogEntriesInTransaction(tx, [stopsToWrite(entry, plan)]);
    const artist = await findArtistIdentity(tx, entry.slug, entry.mbid);
    if (!artist) throw new Error(`Artist ${entry.slug} was not written`);
    await applyMovesAndCancellations(tx, artist.id, plan);
    if (answered.size > 0) await markTourDatesChecked(tx, artist.id, now);
    const stored = await findKnownStops(tx, artist.id);
    const addedIds = await linkSources(tx, artist.id, plan, known, stored);

    // The first listing of an artist is not news; changes against an earlier listing are, and so
    // are the first dates of an artist the sources were asked about before (followed anyway).
    const hadSynced = known.some((stop) => stop.sources.length > 0) || Boolean(before?.tourDatesCheckedAt);
    const changes = hadSynced ? changeRecords(artist.id, plan, addedIds) : [];
    // Sale times are news on a first sync too: a fan may follow an imported artist before it.
    const sales = firstSaleAnnouncements(plan, addedIds, now).map(
      ({ stopId, times }): NewChange => ({ stopId, artistId: artist.id, kind: 'on-sale', details: { ...times } }),
    );
    await insertChanges(tx, [...changes, ...sales]);
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
      stopsFound: planned.filter((show) => show.show.status === 'scheduled' || show.show.status === 'rescheduled')
        .length,
      tours: tourRows.map((row) => ({ id: row.id, name: row.name })),
      changes: { new: count('new'), moved: count('moved'), cancelled: count('cancelled') },
      saleTimesAnnounced: sales.length,
    };
  });
  // Committed only now (the catalog writer inside our transaction announces nothing): list pages
  // kept meanwhile are stale, and the fan who synced is about to open the list (ADR 0009).
  await catalogChanges.changed();
  return outcome;
}

/**
 * The entry with only new stops and stops moved to another venue. Moved ones are written so the
 * venue they moved to gets created, under the stored stop's own provider id: the catalog's
 * provider-id uniqueness then keeps them from being inserted a second time, whichever source's
 * listing won the merge (applyMovesAndCancellations moves the stored stop there).
 */
function stopsToWrite(entry: CatalogEntry, plan: SyncPlan): CatalogEntry {
  const added = new Set(plan.added.map((show) => show.entry));
  const moved = new Map(
    plan.changed
      .filter((change) => !change.sameVenue && change.stop.externalId)
      .map((change) => [change.to, change.stop]),
  );
  const write = (stop: StopEntry): StopEntry[] => {
    if (added.has(stop)) return [stop];
    const stored = moved.get(stop);
    // Without its listings: the writer would place it on the stored stop and write no venue.
    return stored ? [{ ...stop, source: stored.source, externalId: stored.externalId, listings: undefined }] : [];
  };
  return {
    ...entry,
    tours: entry.tours
      .map((tour) => ({ ...tour, stops: tour.stops.flatMap(write) }))
      .filter((tour) => tour.stops.length > 0),
  };
}

async function applyMovesAndCancellations(tx: Tx, artistId: string, plan: SyncPlan): Promise<void> {
  for (const change of plan.changed) {
    await updateStop(tx, change.stop.id, {
      ...change.to,
      venueKey: change.sameVenue ? change.stop.venueKey : change.to.venue.identityKey,
      ...venueFields(change),
    });
  }
  await cancelStops(
    tx,
    plan.cancelled.filter((entry) => entry.status === 'cancelled').map((entry) => entry.stop.id),
  );
  await cancelStops(
    tx,
    plan.cancelled.filter((entry) => entry.status === 'postponed').map((entry) => entry.stop.id),
    'postponed',
  );
  await deleteEmptyTours(tx, artistId);
}

function venueFields({ to, stop, sameVenue }: MovedStop) {
  if (sameVenue)
    return { city: stop.city, region: to.venue.region, country: to.venue.country, lat: stop.lat, lon: stop.lon };
  return {
    city: to.venue.city,
    region: to.venue.region,
    country: to.venue.country,
    lat: to.lat ?? to.venue.lat,
    lon: to.lon ?? to.venue.lon,
  };
}

/**
 * Finds each added show's stop by the sources the catalog writer recorded for it, then records
 * the listings of the shows that were known stops already (and marks the sources gone silent).
 */
async function linkSources(
  tx: Tx,
  artistId: string,
  plan: SyncPlan,
  known: KnownStop[],
  stored: KnownStop[],
): Promise<Map<PlannedShow, string>> {
  const knownIds = new Set(known.map((stop) => stop.id));
  const byListing = new Map(
    stored.flatMap((stop) => stop.sources.map((source) => [`${source.provider}|${source.externalId}`, stop.id])),
  );
  const addedIds = new Map<PlannedShow, string>();
  for (const show of plan.added) {
    const stopId = (show.entry.listings ?? [])
      .map((listing) => byListing.get(`${listing.provider}|${listing.externalId}`))
      .find(Boolean);
    // A show the writer placed on a stop held before is not a new one.
    if (stopId && !knownIds.has(stopId)) addedIds.set(show, stopId);
  }
  const rows = plan.links.flatMap(({ listing, stop }) =>
    'id' in stop ? [{ stopId: stop.id, artistId, listing }] : [],
  );
  await upsertStopSources(tx, rows);
  await markSourcesMissing(tx, plan.missing);
  return addedIds;
}

const stopDetails = (stop: KnownStop) => ({ date: stop.date, venue: stop.venueName, city: stop.city });

function changeRecords(artistId: string, plan: SyncPlan, addedIds: Map<PlannedShow, string>): NewChange[] {
  return [
    ...plan.added.flatMap((show): NewChange[] => {
      const stopId = addedIds.get(show);
      const { entry } = show;
      return stopId
        ? [
            {
              stopId,
              artistId,
              kind: 'new',
              details: { date: entry.date, venue: entry.venue.name, city: entry.venue.city },
            },
          ]
        : [];
    }),
    ...plan.changed
      .filter((change) => change.relocated)
      .map(
        ({ stop, to }): NewChange => ({
          stopId: stop.id,
          artistId,
          kind: 'moved',
          details: { from: stopDetails(stop), to: { date: to.date, venue: to.venue.name, city: to.venue.city } },
        }),
      ),
    ...plan.cancelled
      .filter((entry) => entry.status === 'cancelled')
      .map(({ stop }): NewChange => ({ stopId: stop.id, artistId, kind: 'cancelled', details: stopDetails(stop) })),
  ];
}
