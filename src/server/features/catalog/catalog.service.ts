import type { Tx } from '#server/db/sql.ts';
import { timeZoneAt } from '#server/features/places/time-zone.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import { type CatalogFile, type CatalogStop, validateCatalogFile } from '#shared/catalog-import.ts';
import type { CityPlace } from '#shared/place-label.ts';
import { timesAgree } from '#shared/show-times.ts';
import { slugify, stateCode } from '#shared/text.ts';
import { isTimeZone, TIME_ZONE_MESSAGE } from '#shared/time-zones.ts';
import {
  BULK_STOP_LOAD_MIN,
  fillMissingArtistDetails,
  findArtistsBySlugOrMbid,
  findExistingStops,
  findStopIdsBySource,
  findStopsByListing,
  findStoredStopsOn,
  findTakenStopSlugs,
  findTakenVenueSlugs,
  findTours,
  findVenueIds,
  insertArtists,
  insertStops,
  insertTours,
  insertVenues,
  isTourStopsEmpty,
  lockCatalogWrites,
  type NewStop,
  type NewVenue,
  publishArtistsAndVenues,
  refreshArtistStats,
  type StopKey,
  suspendStopChecks,
  upsertStopSources,
} from './catalog.repo.ts';
import { storedStopFor } from './stop-identity.ts';

export { refreshArtistStats };

/**
 * Validated, normalised catalog data: what a provider sync hands to `writeCatalogEntries`.
 * Identity: artist = slug (or mbid), tour = name within the artist, stop = date + venue within
 * the tour, venue = identityKey.
 */
export interface CatalogEntry {
  name: string;
  slug: string;
  mbid: string | null;
  genres: string[];
  tours: { name: string; stops: StopEntry[] }[];
}

export interface StopEntry {
  date: string;
  time: string | null;
  venue: VenueEntry;
  lat: number | null;
  lon: number | null;
  ticketUrl: string | null;
  /** 'import' for catalog files, the provider's label for syncs. */
  source: string;
  externalId: string | null;
  /** Add Show: the submitting fan; the stop is written 'pending' (unset for imports and syncs). */
  submittedBy?: string | null;
  /**
   * The provider listings this stop comes from (a sync's merged show, a trip's area search): the
   * writer matches them to a stored stop by provenance first, then by the merge rules, and records
   * each as the stop's source (stop_sources, ADR 0044). Ignored on a fan's stop (ADR 0037).
   */
  listings?: SourceStop[];
}

export interface VenueEntry extends CityPlace {
  identityKey: string;
  name: string;
  address: string | null;
  lat: number | null;
  lon: number | null;
  timeZone: string | null;
}

export interface CatalogImportSummary {
  artistsAdded: number;
  toursAdded: number;
  stopsAdded: number;
  venuesAdded: number;
  /** The artists that did not exist before, in file order. */
  addedArtists: { name: string; slug: string }[];
}

export interface ImportCatalogOptions {
  /** Stored on stops that do not name their own source; default 'import'. */
  source?: string;
}

/**
 * Imports a catalog file in one transaction: a problem anywhere means nothing is written.
 * Idempotent: importing the same file again adds nothing. Throws AppError BAD_REQUEST listing
 * every problem (`issues`) when the file does not validate.
 */
export async function importCatalog(
  writer: CatalogWriterDeps,
  file: CatalogFile,
  options: ImportCatalogOptions = {},
): Promise<CatalogImportSummary> {
  const valid = checkCatalogFile(file);
  return writeCatalogEntries(writer, normaliseCatalog(valid, options.source ?? 'import'));
}

/** The file, validated; otherwise AppError BAD_REQUEST with every problem and its path in `issues`. */
export function checkCatalogFile(input: unknown): CatalogFile {
  const validation = validateCatalogFile(input);
  if (validation.ok) return validation.file;
  const count = validation.problems.length;
  throw new AppError('BAD_REQUEST', `The catalog has ${count} problem${count === 1 ? '' : 's'}`, {
    issues: validation.problems,
  });
}

// ---------------------------------------------------------------------------------- normalising

const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** US regions become state codes ('Colorado' and 'co' → 'CO'); other countries keep theirs. */
function normaliseRegion(region: string | undefined, country: string): string | null {
  if (!region) return null;
  const cleaned = collapseSpaces(region);
  if (country !== 'US') return cleaned;
  return /^[a-z]{2}$/i.test(cleaned) ? cleaned.toUpperCase() : stateCode(cleaned);
}

function normaliseVenue(stop: CatalogStop): VenueEntry {
  const country = stop.country.toUpperCase();
  const region = normaliseRegion(stop.region, country);
  const name = collapseSpaces(stop.venue);
  const city = collapseSpaces(stop.city);
  // Every writer's backstop (Add Show, imports, re-checks): a stored zone drives feeds and guides.
  if (stop.timeZone && !isTimeZone(stop.timeZone)) {
    throw new AppError('BAD_REQUEST', `${TIME_ZONE_MESSAGE} (${stop.venue}: "${stop.timeZone}").`);
  }
  return {
    identityKey: [name, city, region ?? '', country].join('|').toLowerCase(),
    name,
    address: stop.address ?? null,
    city,
    region,
    country,
    lat: stop.lat ?? null,
    lon: stop.lon ?? null,
    // Every venue has a time zone: the provider's, else the one at its coordinates.
    timeZone: stop.timeZone ?? timeZoneAt(stop.lat, stop.lon),
  };
}

function normaliseStop(stop: CatalogStop, source: string, venues: Map<string, VenueEntry>): StopEntry {
  // Stops at one venue share its first spelling, so 'Morrison' and 'morrison' do not both get stored.
  const venue = normaliseVenue(stop);
  const canonical = venues.get(venue.identityKey) ?? venue;
  venues.set(venue.identityKey, canonical);
  return {
    date: stop.date,
    time: stop.time ?? null,
    venue: canonical,
    lat: stop.lat ?? null,
    lon: stop.lon ?? null,
    ticketUrl: stop.ticketUrl ?? null,
    source: stop.source ?? source,
    externalId: stop.externalId ?? null,
  };
}

/**
 * Turns a validated file into entries, merging what the identity rules say is the same thing:
 * two artists with one slug, two tours with one name, two stops on one date at one venue.
 */
export function normaliseCatalog(file: CatalogFile, source: string): CatalogEntry[] {
  const artists = new Map<string, CatalogEntry>();
  const venues = new Map<string, VenueEntry>();
  for (const artist of file.artists) {
    const name = collapseSpaces(artist.name);
    const slug = slugify(name);
    const entry = artists.get(slug) ?? { name, slug, mbid: null, genres: [], tours: [] };
    artists.set(slug, entry);
    entry.mbid ??= artist.mbid?.toLowerCase() ?? null;
    for (const genre of artist.genres ?? []) {
      if (!entry.genres.some((known) => known.toLowerCase() === genre.toLowerCase())) entry.genres.push(genre);
    }
    for (const tour of artist.tours) {
      const tourName = collapseSpaces(tour.name);
      let target = entry.tours.find((known) => known.name === tourName);
      if (!target) {
        target = { name: tourName, stops: [] };
        entry.tours.push(target);
      }
      for (const stop of tour.stops) {
        const normalised = normaliseStop(stop, source, venues);
        const duplicate = target.stops.some(
          (known) =>
            known.date === normalised.date &&
            known.venue.identityKey === normalised.venue.identityKey &&
            timesAgree(known.time, normalised.time),
        );
        if (!duplicate) target.stops.push(normalised);
      }
    }
  }
  return [...artists.values()];
}

// ------------------------------------------------------------------------------------- writing

/**
 * Writes normalised entries in one transaction, adding only what is missing, then refreshes the
 * denormalised artist stats. The entry point for provider syncs. Once committed, a write that
 * changed the catalog is announced (`catalogChanges.changed()`: every process drops its kept
 * answers), so no caller has to remember it; one that changed nothing only drops this process's.
 */
export async function writeCatalogEntries(
  { database, catalogChanges }: CatalogWriterDeps,
  entries: CatalogEntry[],
): Promise<CatalogImportSummary> {
  const { changed, ...summary } = await database.db.transaction((tx) => writeCatalogEntriesInTransaction(tx, entries));
  if (changed) await catalogChanges.changed();
  else catalogChanges.noted();
  return summary;
}

/** What one write did: its summary, and whether anything a reader of the catalog sees changed. */
export interface CatalogWrite extends CatalogImportSummary {
  /** Something added, an artist's missing details filled, or a pending artist or venue made public. */
  changed: boolean;
}

/**
 * The writer inside a caller's transaction (a sync, the tour scraper), so the caller's own writes
 * commit or roll back with it. Announces nothing: the caller tells `catalogChanges.changed()`
 * after its commit.
 */
export async function writeCatalogEntriesInTransaction(tx: Tx, entries: CatalogEntry[]): Promise<CatalogWrite> {
  await lockCatalogWrites(tx);
  const artists = await resolveArtists(tx, entries);
  // Provider listings the catalog already holds are not written again: only their sources are.
  const placed = await placeListings(tx, entries, artists);
  const toWrite = withoutPlaced(entries, placed);
  const tours = await resolveTours(tx, toWrite, artists);
  const venues = await resolveVenues(tx, toWrite);
  const stopsAdded = await addStops(tx, toWrite, artists, tours.idByKey, venues.idByKey);
  await recordListings(tx, toWrite, artists.idBySlug, placed);
  const published = await publishArtistsAndVenues(tx, trustedUses(entries, artists.idBySlug, venues.idByKey));
  await refreshArtistStats(tx, [...artists.idBySlug.values()]);
  const added = artists.added.length + tours.added + stopsAdded + venues.added;
  return {
    artistsAdded: artists.added.length,
    toursAdded: tours.added,
    stopsAdded,
    venuesAdded: venues.added,
    addedArtists: artists.added,
    // A listing seen again only refreshes its source's last sighting: no reader's answer changes.
    changed: added + artists.detailsFilled + published > 0,
  };
}

// ------------------------------------------------------------------------------------ provenance

/** A stop from provider listings a trusted writer hands over (never a fan's: ADR 0037). */
const listingsOf = (stop: StopEntry): SourceStop[] => (stop.submittedBy ? [] : (stop.listings ?? []));

/** One artist's listing at one provider: how the writer finds a stop by its source. */
const sourceKey = (artistId: string, provider: string, externalId: string) => `${artistId}|${provider}|${externalId}`;

/** A stop the catalog holds already, found for an incoming stop: its id and its artist. */
interface Placement {
  stopId: string;
  artistId: string;
}

/**
 * The stored stops that incoming provider stops are (ADR 0044): first by provenance (one of the
 * stop's listings is linked to a stop: stop_sources, or the stop's own provider id), then by the
 * merge rules (same date, times within 90 minutes, same venue however spelt). Only approved stops
 * match: a fan's pending stop never absorbs a provider's show.
 */
async function placeListings(
  tx: Tx,
  entries: CatalogEntry[],
  artists: ResolvedArtists,
): Promise<Map<StopEntry, Placement>> {
  const incoming = entries.flatMap((entry) => {
    const artistId = artists.idBySlug.get(entry.slug)!;
    // A brand-new artist has no stops yet.
    if (!artists.preExisting.has(artistId)) return [];
    return stopsOf(entry).flatMap((stop) => (listingsOf(stop).length > 0 ? [{ stop, artistId }] : []));
  });
  const placed = new Map<StopEntry, Placement>();
  if (incoming.length === 0) return placed;

  const refs = incoming.flatMap(({ stop, artistId }) => [
    ...listingsOf(stop).map((listing) => ({ artistId, provider: listing.provider, externalId: listing.externalId })),
    ...(stop.externalId ? [{ artistId, provider: stop.source, externalId: stop.externalId }] : []),
  ]);
  const linked = new Map(
    (await findStopsByListing(tx, refs)).map((row) => [
      sourceKey(row.artistId, row.provider, row.externalId),
      row.stopId,
    ]),
  );
  const unlinked: typeof incoming = [];
  for (const item of incoming) {
    const keys = [
      ...listingsOf(item.stop).map((listing) => sourceKey(item.artistId, listing.provider, listing.externalId)),
      ...(item.stop.externalId ? [sourceKey(item.artistId, item.stop.source, item.stop.externalId)] : []),
    ];
    const stopId = keys.map((key) => linked.get(key)).find(Boolean);
    if (stopId) placed.set(item.stop, { stopId, artistId: item.artistId });
    else unlinked.push(item);
  }
  if (unlinked.length === 0) return placed;

  const stored = await findStoredStopsOn(
    tx,
    unlinked.map(({ stop, artistId }) => ({ artistId, date: stop.date })),
  );
  for (const { stop, artistId } of unlinked) {
    const listings = listingsOf(stop);
    const match = storedStopFor(
      { date: stop.date, time: stop.time, venue: stop.venue, lat: stop.lat, lon: stop.lon, listings },
      stored.filter((candidate) => candidate.artistId === artistId),
    );
    if (!match) continue;
    placed.set(stop, { stopId: match.id, artistId });
    // Linked now: another listing of the same source that night is another show.
    match.sources.push(...listings.map(({ provider, externalId }) => ({ provider, externalId })));
  }
  return placed;
}

/** The entries without the stops already placed; a tour left with none is not written (one given none is). */
function withoutPlaced(entries: CatalogEntry[], placed: Map<StopEntry, Placement>): CatalogEntry[] {
  if (placed.size === 0) return entries;
  return entries.map((entry) => ({
    ...entry,
    tours: entry.tours.flatMap((tour) => {
      const stops = tour.stops.filter((stop) => !placed.has(stop));
      return stops.length === 0 && tour.stops.length > 0 ? [] : [{ ...tour, stops }];
    }),
  }));
}

/**
 * Records every listing as a source of its stop, in the writer's transaction: the stored stop it
 * was placed on, or the stop just written under the listing's provider id. A stop the writer
 * declined (its slot holds a fan's pending stop) gets none.
 */
async function recordListings(
  tx: Tx,
  written: CatalogEntry[],
  artistIds: Map<string, string>,
  placed: Map<StopEntry, Placement>,
): Promise<void> {
  const rows: { stopId: string; artistId: string; listing: SourceStop }[] = [];
  for (const [stop, { stopId, artistId }] of placed) {
    for (const listing of listingsOf(stop)) rows.push({ stopId, artistId, listing });
  }
  const fresh = written.flatMap((entry) =>
    stopsOf(entry).flatMap((stop) =>
      listingsOf(stop).length > 0 && stop.externalId
        ? [{ stop, artistId: artistIds.get(entry.slug)!, externalId: stop.externalId }]
        : [],
    ),
  );
  const ids = new Map(
    (
      await findStopIdsBySource(
        tx,
        fresh.map(({ stop, artistId, externalId }) => ({ artistId, source: stop.source, externalId })),
      )
    ).map((row) => [sourceKey(row.artistId, row.source, row.externalId), row.id]),
  );
  for (const { stop, artistId, externalId } of fresh) {
    const stopId = ids.get(sourceKey(artistId, stop.source, externalId));
    if (stopId) for (const listing of listingsOf(stop)) rows.push({ stopId, artistId, listing });
  }
  await upsertStopSources(tx, rows);
}

/** The fan behind an entry's stops (Add Show, scraper or history import), or null for a trusted writer. */
const submitterOf = (stops: readonly StopEntry[]): string | null =>
  stops.find((stop) => stop.submittedBy)?.submittedBy ?? null;

const stopsOf = (entry: CatalogEntry) => entry.tours.flatMap((tour) => tour.stops);

/** The artists and venues of stops no fan submitted: a trusted writer's use makes them public. */
function trustedUses(entries: CatalogEntry[], artistIds: Map<string, string>, venueIds: Map<string, string>) {
  const artistSet = new Set<string>();
  const venueSet = new Set<string>();
  for (const entry of entries) {
    for (const stop of stopsOf(entry)) {
      if (stop.submittedBy) continue;
      if (entry.slug) artistSet.add(artistIds.get(entry.slug)!);
      venueSet.add(venueIds.get(stop.venue.identityKey)!);
    }
    // An admin's artist without stops (Add from MusicBrainz) is public too.
    if (entry.slug && stopsOf(entry).length === 0) artistSet.add(artistIds.get(entry.slug)!);
  }
  return { artistIds: [...artistSet].filter(Boolean), venueIds: [...venueSet].filter(Boolean) };
}

interface ResolvedArtists {
  idBySlug: Map<string, string>;
  /** Artists that existed before this write: only their tours and stops need looking up. */
  preExisting: Set<string>;
  added: { name: string; slug: string }[];
  /** Pre-existing artists given an mbid or genres they lacked. */
  detailsFilled: number;
}

async function findArtistIds(tx: Tx, entries: CatalogEntry[]): Promise<Map<string, string>> {
  const mbids = entries.flatMap((entry) => (entry.mbid ? [entry.mbid] : []));
  const rows = await findArtistsBySlugOrMbid(
    tx,
    entries.map((entry) => entry.slug),
    mbids,
  );
  const byMbid = new Map(rows.filter((row) => row.mbid).map((row) => [row.mbid, row.id]));
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const idBySlug = new Map<string, string>();
  for (const entry of entries) {
    // The mbid wins over the slug: a renamed artist stays the same artist.
    const id = (entry.mbid && byMbid.get(entry.mbid)) || bySlug.get(entry.slug);
    if (id) idBySlug.set(entry.slug, id);
  }
  return idBySlug;
}

async function resolveArtists(tx: Tx, entries: CatalogEntry[]): Promise<ResolvedArtists> {
  const existing = await findArtistIds(tx, entries);
  const missing = entries.filter((entry) => !existing.has(entry.slug));
  const inserted = await insertArtists(
    tx,
    missing.map((entry) => ({
      name: entry.name,
      slug: entry.slug,
      mbid: entry.mbid,
      genres: entry.genres,
      submittedBy: submitterOf(stopsOf(entry)),
    })),
  );
  const detailsFilled = await fillMissingArtistDetails(
    tx,
    entries.flatMap((entry) => {
      const id = existing.get(entry.slug);
      return id ? [{ id, mbid: entry.mbid, genres: entry.genres }] : [];
    }),
  );
  // Re-read rather than trust `inserted`: two entries of one file can share an mbid.
  const idBySlug = new Map([...existing, ...(missing.length > 0 ? await findArtistIds(tx, missing) : [])]);
  const unresolved = entries.find((entry) => !idBySlug.has(entry.slug));
  if (unresolved) throw new Error(`Artist ${unresolved.slug} was neither found nor added`);
  return {
    idBySlug,
    preExisting: new Set(existing.values()),
    added: inserted.map((row) => ({ name: row.name, slug: row.slug })),
    detailsFilled,
  };
}

const tourKey = (artistId: string, name: string) => `${artistId}|${name}`;

async function resolveTours(tx: Tx, entries: CatalogEntry[], artists: ResolvedArtists) {
  const keys = new Map<string, { artistId: string; name: string }>();
  for (const entry of entries) {
    const artistId = artists.idBySlug.get(entry.slug)!;
    for (const tour of entry.tours) keys.set(tourKey(artistId, tour.name), { artistId, name: tour.name });
  }
  const inserted = await insertTours(tx, [...keys.values()]);
  const idByKey = new Map(inserted.map((row) => [tourKey(row.artistId, row.name), row.id]));
  const known = [...keys.values()].filter((tour) => !idByKey.has(tourKey(tour.artistId, tour.name)));
  for (const row of await findTours(tx, known)) idByKey.set(tourKey(row.artistId, row.name), row.id);
  return { added: inserted.length, idByKey };
}

async function resolveVenues(tx: Tx, entries: CatalogEntry[]) {
  const venues = new Map<string, VenueEntry>();
  // A venue any trusted stop uses is written public; one only fans' stops use is the first fan's.
  const submitters = new Map<string, string | null>();
  for (const stop of entries.flatMap(stopsOf)) {
    venues.set(stop.venue.identityKey, stop.venue);
    const before = submitters.get(stop.venue.identityKey);
    submitters.set(stop.venue.identityKey, before === null ? null : (before ?? stop.submittedBy ?? null));
  }
  const idByKey = new Map((await findVenueIds(tx, [...venues.keys()])).map((row) => [row.identityKey, row.id]));
  const missing = [...venues.values()].filter((venue) => !idByKey.has(venue.identityKey));
  const slugs = await assignUniqueSlugs(
    missing.map((venue) => ({ scope: '', base: venueSlugBase(venue) })),
    async (candidates) => {
      const taken = await findTakenVenueSlugs(
        tx,
        candidates.map((candidate) => candidate.slug),
      );
      return taken.map((row) => ({ scope: '', slug: row.slug }));
    },
  );
  const inserted = await insertVenues(
    tx,
    missing.map(
      (venue, index): NewVenue => ({
        ...venue,
        slug: slugs[index]!,
        submittedBy: submitters.get(venue.identityKey) ?? null,
      }),
    ),
  );
  for (const row of inserted) idByKey.set(row.identityKey, row.id);
  return { added: inserted.length, idByKey };
}

/**
 * Venues by identity key, created when missing: for writers that move an existing stop to a venue
 * the catalog may not have yet (the tour scraper's weekly re-check). Call inside the writer's lock.
 */
export async function ensureVenues(tx: Tx, venues: VenueEntry[]): Promise<Map<string, string>> {
  const stops = venues.map((venue) => ({ venue }) as StopEntry);
  const entry: CatalogEntry = { name: '', slug: '', mbid: null, genres: [], tours: [{ name: '', stops }] };
  return (await resolveVenues(tx, [entry])).idByKey;
}

/** 'Red Rocks Amphitheatre', 'Morrison', 'CO' → 'red-rocks-amphitheatre-morrison-co'. */
function venueSlugBase(venue: VenueEntry): string {
  return slugify(`${venue.name} ${venue.city} ${venue.region ?? venue.country}`);
}

/** '2027-04-02', 'Morrison', 'CO' → '2027-04-02-morrison-co'. */
function stopSlugBase(date: string, venue: VenueEntry): string {
  return `${date}-${placeSlug(venue)}`;
}

/** 'morrison-co' per venue, computed once: a large file has 200,000 stops at a few hundred venues. */
const placeSlugs = new WeakMap<VenueEntry, string>();

function placeSlug(venue: VenueEntry): string {
  let slug = placeSlugs.get(venue);
  if (slug === undefined) {
    slug = `${slugify(venue.city)}-${slugify(venue.region ?? venue.country)}`;
    placeSlugs.set(venue, slug);
  }
  return slug;
}

/**
 * The start times held per tour, date and venue: a stop is the same show as one held there when
 * their times agree (ADR 0044), so an early and a late show at one venue are two stops.
 */
class SlotTimes {
  private readonly times = new Map<string, (string | null)[]>();

  /** `holder`: for whom the slot is held (a trusted writer: '', or a fan: their id). */
  private static key(slot: StopKey, holder = ''): string {
    return `${slot.tourId}|${slot.date}|${slot.venueId}|${holder}`;
  }

  add(slot: StopKey, time: string | null, holder?: string): void {
    const key = SlotTimes.key(slot, holder);
    this.times.set(key, [...(this.times.get(key) ?? []), time]);
  }

  holds(slot: StopKey, time: string | null, holder?: string): boolean {
    return (this.times.get(SlotTimes.key(slot, holder)) ?? []).some((held) => timesAgree(held, time));
  }
}

/** A stop to write; its slug is filled in once the slugs already taken are known. */
interface StopCandidate {
  row: NewStop;
  venue: VenueEntry;
}

function stopCandidates(
  entries: CatalogEntry[],
  artistIds: Map<string, string>,
  tourIds: Map<string, string>,
  venueIds: Map<string, string>,
): StopCandidate[] {
  const candidates: StopCandidate[] = [];
  const taken = new SlotTimes();
  for (const entry of entries) {
    const artistId = artistIds.get(entry.slug)!;
    for (const tour of entry.tours) {
      const tourId = tourIds.get(tourKey(artistId, tour.name))!;
      for (const stop of tour.stops) {
        const { venue } = stop;
        const venueId = venueIds.get(venue.identityKey);
        if (!venueId) throw new Error(`Venue ${venue.identityKey} was neither found nor added`);
        const slot = { tourId, date: stop.date, venueId };
        if (taken.holds(slot, stop.time)) continue;
        taken.add(slot, stop.time);
        // Spelled out rather than spread: spreading 200,000 stops into wider objects is several times slower.
        const row: NewStop = {
          tourId,
          artistId,
          venueId,
          date: stop.date,
          time: stop.time,
          city: venue.city,
          region: venue.region,
          country: venue.country,
          lat: stop.lat,
          lon: stop.lon,
          ticketUrl: stop.ticketUrl,
          source: stop.source,
          externalId: stop.externalId,
          slug: '',
          submittedBy: stop.submittedBy ?? null,
        };
        candidates.push({ row, venue });
      }
    }
  }
  return candidates;
}

async function addStops(
  tx: Tx,
  entries: CatalogEntry[],
  artists: ResolvedArtists,
  tourIds: Map<string, string>,
  venueIds: Map<string, string>,
): Promise<number> {
  const candidates = stopCandidates(entries, artists.idBySlug, tourIds, venueIds);
  // A brand-new artist has no stops yet: only stops of pre-existing artists need a lookup.
  const lookups = candidates
    .filter(({ row }) => artists.preExisting.has(row.artistId))
    .map(({ row }) => ({ tourId: row.tourId, date: row.date, venueId: row.venueId, submittedBy: row.submittedBy }));
  const existing = new SlotTimes();
  for (const row of await findExistingStops(tx, lookups)) existing.add(row, row.time, row.submittedBy ?? '');
  const missing = candidates.filter(({ row }) => !existing.holds(row, row.time ?? null, row.submittedBy ?? ''));
  const slugs = await assignUniqueSlugs(
    missing.map(({ row, venue }) => ({ scope: row.artistId, base: stopSlugBase(row.date, venue) })),
    async (keys) => {
      const wanted = keys.filter((key) => artists.preExisting.has(key.scope));
      if (wanted.length === 0) return [];
      const taken = await findTakenStopSlugs(
        tx,
        wanted.map((key) => ({ artistId: key.scope, slug: key.slug })),
      );
      return taken.map((row) => ({ scope: row.artistId, slug: row.slug }));
    },
  );
  missing.forEach(({ row }, index) => {
    row.slug = slugs[index]!;
  });
  const rows = missing.map(({ row }) => row);
  if (rows.length < BULK_STOP_LOAD_MIN || !(await isTourStopsEmpty(tx))) return insertStops(tx, rows);
  // A first import of a large catalog: indexes built and foreign keys checked once, at the end.
  const restoreChecks = await suspendStopChecks(tx);
  const added = await insertStops(tx, rows);
  await restoreChecks();
  return added;
}

interface ScopedSlug {
  scope: string;
  slug: string;
}

/**
 * Gives each item its base slug, or base-2, base-3… when that is taken in the database or by an
 * earlier item in the same scope. One indexed lookup per round; collisions are rare, so rounds are few.
 */
export async function assignUniqueSlugs(
  items: { scope: string; base: string }[],
  findTaken: (candidates: ScopedSlug[]) => Promise<ScopedSlug[]>,
): Promise<string[]> {
  const slugs: string[] = new Array(items.length);
  const attempts: number[] = new Array(items.length).fill(1);
  const claimed = new Set<string>();
  const keyOf = (candidate: ScopedSlug) => `${candidate.scope}|${candidate.slug}`;
  let pending = items.map((_item, index) => index);
  while (pending.length > 0) {
    const candidates = pending.map((index) => {
      const { scope, base } = items[index]!;
      const attempt = attempts[index]!;
      return { scope, slug: attempt === 1 ? base : `${base}-${attempt}` };
    });
    const taken = new Set((await findTaken(candidates)).map(keyOf));
    const retry: number[] = [];
    for (const [position, index] of pending.entries()) {
      const candidate = candidates[position]!;
      const key = keyOf(candidate);
      if (taken.has(key) || claimed.has(key)) {
        attempts[index]! += 1;
        retry.push(index);
      } else {
        claimed.add(key);
        slugs[index] = candidate.slug;
      }
    }
    pending = retry;
  }
  return slugs;
}
