import type { Database } from '#server/db/client.ts';
import { normaliseCatalog, writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { appendUserEvents } from '#server/features/realtime/user-events.repo.ts';
import { artistResyncJob, MIN_RESYNC_SPACING_SECONDS } from '#server/features/sync/sync.jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Queue } from '#server/lib/queue.ts';
import { ProviderError } from '#server/providers/http.ts';
import type { MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import {
  type ImportConfidence,
  type ImportOutcome,
  LISTENING_IMPORT_LIMITS,
  LISTENING_IMPORT_MESSAGES,
  type ListeningImportArtistPage,
  type ListeningImportKind,
  type ListeningImportSummary,
  type ListeningImportView,
  NOT_MATCHED_REASONS,
} from '#shared/listening-import.ts';
import { titleCase } from '#shared/text.ts';
import { listeningImportJob } from './listening-import.jobs.ts';
import * as repo from './listening-import.repo.ts';
import {
  type ArtistCount,
  ExportFormatError,
  SPOTIFY_EXPORT_NAME,
  SpotifyExportCounter,
} from './spotify-export.parse.ts';
import { ByteSource, looksLikeZip, readZip, type ZipEntrySink, ZipFormatError } from './zip-stream.ts';

/** A catalog writer: the artists it finds on MusicBrainz join the public catalog. */
export interface ListeningImportDeps extends CatalogWriterDeps {
  musicBrainz: MusicBrainzClient;
  queue: Pick<Queue, 'send'>;
  logger: Logger;
  /** Whether tour dates can be synced (a JamBase key): otherwise none are queued. */
  canSyncTours: boolean;
}

/** Who asks: a fan sees only their own imports; admins see every admin import. */
export interface ImportScope {
  kind: ListeningImportKind;
  userId: string;
}

/** Running but silent this long: the process that ran it is gone (restart): it may be resumed. */
export const STALLED_AFTER_MS = 2 * 60_000;
/** Rows matched against the catalog per statement (and per progress event). */
const MATCH_BATCH = 500;
/** The most played artists also get the trigram (similar-name) search; the rest match exactly or normalised. */
const TRIGRAM_TOP = 500;
const TRIGRAM_BATCH = 50;
/** An artist found on MusicBrainz by name only counts when its score is at least this and the name is the same. */
const MB_MIN_SCORE = 90;

const scopeOf = (scope: ImportScope) => ({ kind: scope.kind, userId: scope.kind === 'fan' ? scope.userId : null });

export function toView(row: repo.ImportRow, now = Date.now()): ListeningImportView {
  const running = row.state === 'matching' || row.state === 'following';
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    phase: row.phase,
    files: row.files,
    bytes: Number(row.bytes),
    plays: row.plays,
    artists: row.artists,
    processed: row.processed,
    total: row.total,
    summary: (row.summary as ListeningImportSummary | null) ?? null,
    error: row.error,
    stalled: running && now - row.updatedAt.getTime() > STALLED_AFTER_MS,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.kind === 'admin' && row.startedBy ? { startedBy: row.startedBy } : {}),
  };
}

async function load(deps: Pick<ListeningImportDeps, 'database'>, scope: ImportScope, id: string) {
  const row = await repo.selectImport(deps.database.db, id, scopeOf(scope));
  if (!row) throw new AppError('NOT_FOUND', LISTENING_IMPORT_MESSAGES.notFound);
  return row;
}

export async function createImport(deps: Pick<ListeningImportDeps, 'database'>, scope: ImportScope) {
  const id = await repo.insertImport(deps.database.db, scope.userId, scope.kind);
  return toView((await repo.selectImportById(deps.database.db, id))!);
}

export async function getImport(deps: Pick<ListeningImportDeps, 'database'>, scope: ImportScope, id: string) {
  return toView(await load(deps, scope, id));
}

export async function latestImport(deps: Pick<ListeningImportDeps, 'database'>, userId: string) {
  const row = await repo.selectLatestImport(deps.database.db, userId);
  return { import: row ? toView(row) : null };
}

export async function listAdminImports(deps: Pick<ListeningImportDeps, 'database'>) {
  return { imports: (await repo.selectAdminImports(deps.database.db, 20)).map((row) => toView(row)) };
}

// ------------------------------------------------------------------------------------- upload

/**
 * Counts one file as it streams in (never whole in memory), then adds its counts in one
 * transaction: a file that is not a Spotify export, too large or cut short changes nothing.
 */
export async function uploadFile(
  deps: Pick<ListeningImportDeps, 'database'>,
  scope: ImportScope,
  id: string,
  file: { name: string; body: ReadableStream<Uint8Array> | null; declaredBytes: number | null },
) {
  const row = await load(deps, scope, id);
  if (row.state !== 'uploading') throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notUploading);
  if (row.files.length >= LISTENING_IMPORT_LIMITS.maxFiles) {
    throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.tooManyFiles);
  }
  if (row.files.some((known) => known.name === file.name)) {
    throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.duplicateFile(file.name));
  }
  const room = LISTENING_IMPORT_LIMITS.maxBytes - Number(row.bytes);
  if (file.declaredBytes !== null && file.declaredBytes > room) {
    throw new AppError('PAYLOAD_TOO_LARGE', LISTENING_IMPORT_MESSAGES.tooLarge);
  }
  const counted = await countUpload(file.body, room, file.name);
  const counts = [...counted.counts].map(([key, count]) => ({ key, ...count }));
  const bytes = counted.bytes;
  await deps.database.db.transaction(async (tx) => {
    // Moved on meanwhile (cancelled, another tab started matching): this file is not added.
    if (!(await repo.moveState(tx, id, ['uploading'], 'uploading'))) {
      throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notUploading);
    }
    // Another tab may have sent files meanwhile: the row is locked now, check again.
    const now = await repo.selectImportById(tx, id);
    if (now?.files.some((known) => known.name === file.name)) {
      throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.duplicateFile(file.name));
    }
    if (now && Number(now.bytes) + bytes > LISTENING_IMPORT_LIMITS.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', LISTENING_IMPORT_MESSAGES.tooLarge);
    }
    await repo.addFileCounts(tx, id, { name: file.name, bytes, plays: counted.plays }, counts);
  });
  return getImport(deps, scope, id);
}

/** The request body as chunks, counted against the byte limit (the 200 MB apply to what is sent, zip or not). */
class LimitedBody {
  bytes = 0;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly maxBytes: number,
  ) {
    this.reader = body.getReader();
  }

  async next(): Promise<Uint8Array | null> {
    const { done, value } = await this.reader.read();
    if (done) return null;
    this.bytes += value.byteLength;
    if (this.bytes > this.maxBytes) {
      await this.reader.cancel().catch(() => {});
      throw new AppError('PAYLOAD_TOO_LARGE', LISTENING_IMPORT_MESSAGES.tooLarge);
    }
    return value;
  }

  /** Reads what the client is still sending after a refusal, so it gets the answer rather than a reset. */
  async drain(): Promise<void> {
    while (await this.next());
  }

  release(): void {
    this.reader.releaseLock();
  }
}

interface Counted {
  counts: Map<string, ArtistCount>;
  plays: number;
  bytes: number;
}

/**
 * Counts one uploaded file as it streams in: a streaming-history .json, or a zip (Spotify's
 * `my_spotify_data.zip`, recognised by its first bytes) whose streaming-history entries are each
 * counted the same way, the rest of it skipped (zip-stream.ts). A refused file still has its body
 * read to the end (the client is sending it) and changes nothing.
 */
export async function countUpload(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  fileName: string,
): Promise<Counted> {
  if (!body) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.notAnExport(fileName, 'it is empty'));
  const upload = new LimitedBody(body, maxBytes);
  const source = new ByteSource(() => upload.next());
  try {
    const zip = looksLikeZip(await source.peek(4));
    const problem = zip ? await countZip(source, fileName, () => upload.bytes) : await countJson(source, fileName);
    if (problem instanceof AppError) {
      await upload.drain();
      throw problem;
    }
    return { ...problem, bytes: upload.bytes };
  } finally {
    upload.release();
  }
}

/** A history naming more artists than any real one would write a row per artist: refused early. */
function refuseTooManyArtists(artists: number): void {
  if (artists > LISTENING_IMPORT_LIMITS.maxArtists) {
    throw new ExportFormatError(
      `it names more than ${LISTENING_IMPORT_LIMITS.maxArtists.toLocaleString('en-US')} different artists`,
    );
  }
}

async function countJson(source: ByteSource, fileName: string): Promise<Omit<Counted, 'bytes'> | AppError> {
  const counter = new SpotifyExportCounter();
  const decoder = new TextDecoder('utf-8');
  try {
    for (let chunk = await source.takeUpTo(Infinity); chunk; chunk = await source.takeUpTo(Infinity)) {
      counter.push(decoder.decode(chunk, { stream: true }));
      refuseTooManyArtists(counter.counts.size);
    }
    counter.push(decoder.decode());
    counter.end();
  } catch (error) {
    if (!(error instanceof ExportFormatError)) throw error;
    return new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.notAnExport(fileName, error.message));
  }
  return { counts: counter.counts, plays: counter.plays };
}

/** Spotify's streaming-history entries of a zip, by file name (podcast, video and library files are not). */
function isHistoryEntry(entryName: string): boolean {
  return SPOTIFY_EXPORT_NAME.test(entryName.split('/').at(-1) ?? '');
}

async function countZip(
  source: ByteSource,
  zipName: string,
  bytesSent: () => number,
): Promise<Omit<Counted, 'bytes'> | AppError> {
  const counts = new Map<string, ArtistCount>();
  let plays = 0;
  let unpacked = 0;
  let histories = 0;
  /** The entry being read, for the message when it is not a Spotify export. */
  let current = '';
  const open = (entryName: string): ZipEntrySink | null => {
    if (!isHistoryEntry(entryName)) return null;
    histories++;
    current = entryName.split('/').at(-1)!;
    const counter = new SpotifyExportCounter();
    const decoder = new TextDecoder('utf-8');
    return {
      write: (chunk) => {
        unpacked += chunk.byteLength;
        const { zipMaxRatio, zipRatioFloorBytes } = LISTENING_IMPORT_LIMITS;
        if (unpacked > zipRatioFloorBytes && unpacked > zipMaxRatio * bytesSent()) {
          throw new ZipFormatError(`it unpacks to more than ${zipMaxRatio} times its size, unlike a real export`);
        }
        counter.push(decoder.decode(chunk, { stream: true }));
        // This entry alone while it streams; all entries together (the same artist in several
        // yearly files counts once) when it ends.
        refuseTooManyArtists(counter.counts.size);
      },
      end: () => {
        counter.push(decoder.decode());
        counter.end();
        for (const [key, count] of counter.counts) {
          const known = counts.get(key);
          if (known) {
            known.plays += count.plays;
            known.msPlayed += count.msPlayed;
          } else counts.set(key, count);
        }
        refuseTooManyArtists(counts.size);
        plays += counter.plays;
      },
    };
  };
  try {
    await readZip(source, open, {
      maxEntries: LISTENING_IMPORT_LIMITS.zipMaxEntries,
      maxUncompressedBytes: LISTENING_IMPORT_LIMITS.zipMaxUncompressedBytes,
    });
  } catch (error) {
    if (error instanceof ExportFormatError) {
      return new AppError(
        'BAD_REQUEST',
        LISTENING_IMPORT_MESSAGES.notAnExport(`${zipName} › ${current}`, error.message),
      );
    }
    if (error instanceof ZipFormatError) {
      return new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.notAZip(zipName, error.message));
    }
    throw error;
  }
  if (histories === 0) return new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.noHistoryInZip(zipName));
  return { counts, plays };
}

// ------------------------------------------------------------------------------- admin list

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SPOTIFY_ARTIST = /^(?:https?:\/\/)?open\.spotify\.com\/(?:intl-[a-z-]+\/)?artist\/([0-9A-Za-z]{22})(?:[/?#].*)?$/;
const SPOTIFY_URI = /^spotify:artist:([0-9A-Za-z]{22})$/;

/** One artist per line: a name, a MusicBrainz id, or an open.spotify.com artist link (or spotify:artist: URI). */
export function parseArtistList(text: string) {
  const rows: { key: string; name: string; mbid: string | null; spotifyId: string | null; line: number }[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line === '' || line.startsWith('#')) continue;
    const spotify = SPOTIFY_ARTIST.exec(line) ?? SPOTIFY_URI.exec(line);
    const row = MBID.test(line)
      ? { key: `mbid:${line.toLowerCase()}`, name: line.toLowerCase(), mbid: line.toLowerCase(), spotifyId: null }
      : spotify
        ? {
            key: `spotify:${spotify[1]}`,
            name: `open.spotify.com/artist/${spotify[1]}`,
            mbid: null,
            spotifyId: spotify[1]!,
          }
        : { key: line.toLowerCase().slice(0, 300), name: line.slice(0, 300), mbid: null, spotifyId: null };
    if (seen.has(row.key)) continue;
    seen.add(row.key);
    rows.push({ ...row, line: index + 1 });
  }
  return rows;
}

export async function createListImport(deps: ListeningImportDeps, scope: ImportScope, text: string) {
  const rows = parseArtistList(text);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.emptyList);
  if (rows.length > LISTENING_IMPORT_LIMITS.listLinesMax) {
    throw new AppError('BAD_REQUEST', `At most ${LISTENING_IMPORT_LIMITS.listLinesMax} artists per list.`);
  }
  const id = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insertImport(tx, scope.userId, scope.kind);
    await repo.insertListRows(tx, created, rows);
    return created;
  });
  return startMatching(deps, scope, id);
}

// --------------------------------------------------------------------------- state changes

export type SendListeningJob = (importId: string) => Promise<void>;

export async function startMatching(deps: ListeningImportDeps, scope: ImportScope, id: string) {
  const row = await load(deps, scope, id);
  if (row.state !== 'uploading') throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notUploading);
  if (row.artists === 0) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.nothingCounted);
  const total = await repo.countRows(deps.database.db, id, 'unchecked');
  if (
    !(await repo.moveState(deps.database.db, id, ['uploading'], 'matching', { phase: 'match', processed: 0, total }))
  ) {
    throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notUploading);
  }
  await sendJob(deps, id);
  return getImport(deps, scope, id);
}

export async function previewPage(
  deps: Pick<ListeningImportDeps, 'database'>,
  scope: ImportScope,
  id: string,
  page: { offset: number; limit: number },
): Promise<ListeningImportArtistPage> {
  const row = await load(deps, scope, id);
  const rows = await repo.selectPreviewPage(
    deps.database.db,
    id,
    scope.kind === 'fan' ? scope.userId : row.userId,
    page,
  );
  return {
    total: row.artists,
    offset: page.offset,
    artists: rows.map((artist) => ({
      key: artist.key,
      rank: artist.rank + page.offset,
      name: artist.name,
      plays: artist.plays,
      minutes: Math.round(Number(artist.msPlayed) / 60_000),
      match:
        artist.artistId && artist.artistSlug && artist.artistName && artist.confidence
          ? {
              confidence: artist.confidence as ImportConfidence,
              artistId: artist.artistId,
              artistSlug: artist.artistSlug,
              artistName: titleCase(artist.artistName),
            }
          : null,
      followed: scope.kind === 'fan' && artist.followed,
      excluded: scope.kind === 'fan' && artist.excluded,
      chosen: artist.chosen,
      outcome: artist.outcome as ImportOutcome | null,
      reason: artist.reason,
    })),
  };
}

export async function startFollowing(
  deps: ListeningImportDeps,
  scope: ImportScope,
  id: string,
  pick: { all: true } | { top: number } | { keys: string[] },
) {
  await load(deps, scope, id);
  const total = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.moveState(tx, id, ['preview'], 'following', { phase: 'follow', processed: 0 }))) {
      throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notPreview);
    }
    const chosen = await repo.chooseRows(tx, id, pick);
    if (chosen === 0) throw new AppError('BAD_REQUEST', LISTENING_IMPORT_MESSAGES.nothingChosen);
    const lookups = await repo.countRows(tx, id, 'to-look-up');
    // One step per MusicBrainz lookup, and one for the follow (or catalog) write at the end.
    await repo.setTotal(tx, id, lookups + 1);
    return lookups + 1;
  });
  deps.logger.info({ importId: id, total }, 'listening import: follow phase queued');
  await sendJob(deps, id);
  return getImport(deps, scope, id);
}

export async function cancelImport(deps: ListeningImportDeps, scope: ImportScope, id: string) {
  await load(deps, scope, id);
  if (
    !(await repo.moveState(deps.database.db, id, ['uploading', 'matching', 'following'], 'cancelled', {
      error: LISTENING_IMPORT_MESSAGES.cancelled,
    }))
  ) {
    throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notRunning);
  }
  await progressEvent(deps.database, id);
  return getImport(deps, scope, id);
}

/** A failed, cancelled or stalled job runs its phase again; rows already done are not redone. */
export async function resumeImport(deps: ListeningImportDeps, scope: ImportScope, id: string) {
  const row = await load(deps, scope, id);
  const view = toView(row);
  const resumable = row.state === 'failed' || row.state === 'cancelled' || view.stalled;
  if (!resumable || !row.phase) throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notResumable);
  const to = row.phase === 'match' ? 'matching' : 'following';
  if (!(await repo.moveState(deps.database.db, id, [row.state], to, { error: null }))) {
    throw new AppError('CONFLICT', LISTENING_IMPORT_MESSAGES.notResumable);
  }
  await sendJob(deps, id);
  return getImport(deps, scope, id);
}

async function sendJob(deps: Pick<ListeningImportDeps, 'queue'>, id: string) {
  await deps.queue.send(listeningImportJob, { importId: id });
}

// --------------------------------------------------------------------------------- the job

async function progressEvent(database: Database, id: string) {
  const row = await repo.selectImportById(database.db, id);
  if (!row) return;
  await appendUserEvents(database.db, [
    {
      userId: row.userId,
      event: {
        type: 'listening-import-progress',
        importId: id,
        state: row.state,
        processed: row.processed,
        total: row.total,
      },
    },
  ]);
}

class Stopped extends Error {}

async function stillRunning(database: Database, id: string, state: 'matching' | 'following') {
  if ((await repo.currentState(database.db, id)) !== state) throw new Stopped();
}

/** Runs the import's current phase to its end; a cancel is noticed between batches and lookups. */
export async function runListeningImport(deps: ListeningImportDeps, id: string): Promise<void> {
  const row = await repo.selectImportById(deps.database.db, id);
  if (!row || (row.state !== 'matching' && row.state !== 'following')) return;
  try {
    if (row.state === 'matching') await runMatch(deps, id);
    else await runFollow(deps, row);
  } catch (error) {
    if (error instanceof Stopped) {
      deps.logger.info({ importId: id }, 'listening import stopped (cancelled)');
      return;
    }
    deps.logger.warn({ importId: id, err: (error as Error).message }, 'listening import failed');
    await repo.moveState(deps.database.db, id, ['matching', 'following'], 'failed', {
      error: LISTENING_IMPORT_MESSAGES.failed,
    });
    await progressEvent(deps.database, id);
  }
}

async function runMatch(deps: ListeningImportDeps, id: string) {
  for (;;) {
    await stillRunning(deps.database, id, 'matching');
    const checked = await deps.database.db.transaction(async (tx) => {
      const done = (await repo.selectImportById(tx, id))?.processed ?? 0;
      // Trigram batches are small: on PGlite's single connection other requests get their turn between them.
      const trigram = done < TRIGRAM_TOP;
      const count = await repo.matchBatch(tx, id, trigram ? TRIGRAM_BATCH : MATCH_BATCH, trigram);
      if (count > 0) await repo.addProgress(tx, id, count);
      return count;
    });
    if (checked === 0) break;
    await progressEvent(deps.database, id);
  }
  await repo.moveState(deps.database.db, id, ['matching'], 'preview');
  await progressEvent(deps.database, id);
}

/** MusicBrainz busy (503, another client of the shared budget got in first): wait and ask again a few times. */
const BUSY_RETRIES = 3;
const BUSY_PAUSE_MS = 2_000;

async function lookUp(deps: ListeningImportDeps, artist: repo.PendingArtist) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lookUpOnce(deps, artist);
    } catch (error) {
      const busy = error instanceof ProviderError && error.kind === 'unavailable';
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS * attempt));
    }
  }
}

/** Looks one chosen artist up on MusicBrainz and adds it to the catalog when it is found. */
async function lookUpOnce(deps: ListeningImportDeps, artist: repo.PendingArtist) {
  // A MusicBrainz failure (down, refusing) propagates: the job fails, this row stays not looked up, and a resume asks again.
  let found: { mbid: string; name: string; genres: string[] } | null = null;
  let reason: string = NOT_MATCHED_REASONS.noMusicBrainz;
  if (artist.mbid) {
    try {
      const details = await deps.musicBrainz.lookupArtist(artist.mbid);
      found = { mbid: details.mbid, name: details.name, genres: details.genres };
    } catch (error) {
      if (!(error instanceof ProviderError && error.kind === 'not-found')) throw error;
      reason = NOT_MATCHED_REASONS.unknownMbid;
    }
  } else if (artist.spotifyId) {
    const linked = await deps.musicBrainz.artistByUrl(`https://open.spotify.com/artist/${artist.spotifyId}`);
    if (linked) found = { ...linked, genres: [] };
    // A list's link has no name, but a playlist's artist does: then MusicBrainz is asked by name.
    else if (artist.name.startsWith('open.spotify.com/')) reason = NOT_MATCHED_REASONS.unknownSpotify;
    else found = await byName(deps, artist.name);
  } else {
    found = await byName(deps, artist.name);
  }
  if (!found) return { artistId: null, added: false, reason };
  const summary = await writeCatalogEntries(
    deps,
    normaliseCatalog({ artists: [{ name: found.name, mbid: found.mbid, genres: found.genres, tours: [] }] }, 'import'),
  );
  const artistId = await repo.selectArtistIdByMbid(deps.database.db, found.mbid);
  if (!artistId) return { artistId: null, added: false, reason: NOT_MATCHED_REASONS.noMusicBrainz };
  return { artistId, added: summary.artistsAdded > 0, reason: null };
}

/** The same name, with a high enough score: a confident match by name only. */
async function byName(deps: ListeningImportDeps, name: string) {
  const candidates = await deps.musicBrainz.findArtists(name, 5);
  const same = candidates.find(
    (candidate) => candidate.score >= MB_MIN_SCORE && candidate.name.toLowerCase() === name.toLowerCase(),
  );
  return same ? { mbid: same.mbid, name: same.name, genres: [] } : null;
}

async function runFollow(deps: ListeningImportDeps, row: repo.ImportRow) {
  const id = row.id;
  for (;;) {
    await stillRunning(deps.database, id, 'following');
    const [artist] = await repo.selectToLookUp(deps.database.db, id, 1);
    if (!artist) break;
    const result = await lookUp(deps, artist);
    await deps.database.db.transaction(async (tx) => {
      await repo.markLookedUp(tx, id, artist.key, result);
      await repo.addProgress(tx, id, 1);
    });
    await progressEvent(deps.database, id);
  }
  // Every lookup done: the follows (or the catalog report) are written at once, all or nothing.
  const added = await deps.database.db.transaction(async (tx) => {
    if ((await repo.currentState(tx, id)) !== 'following') throw new Stopped();
    if (row.kind === 'fan') await repo.finishFanFollow(tx, id, row.userId);
    else await repo.finishAdminAdd(tx, id);
    const counts = await repo.outcomeCounts(tx, id);
    const addedIds = await repo.selectAddedArtistIds(tx, id);
    const summary = summarise(counts, addedIds.length, deps.canSyncTours ? addedIds.length : 0);
    await repo.completeProgress(tx, id);
    await repo.moveState(tx, id, ['following'], 'done', { summary, error: null });
    return addedIds;
  });
  await progressEvent(deps.database, id);
  // New catalog artists get their tour dates in the background, spaced within JamBase's limits.
  if (deps.canSyncTours) {
    for (const [index, artistId] of added.entries()) {
      await deps.queue.send(
        artistResyncJob,
        { artistId },
        { singletonKey: artistId, startAfterSeconds: index * MIN_RESYNC_SPACING_SECONDS },
      );
    }
  }
}

function summarise(
  counts: { outcome: string; reason: string | null; n: number }[],
  addedToCatalog: number,
  syncQueued: number,
) {
  const total = (outcome: string) => counts.filter((c) => c.outcome === outcome).reduce((sum, c) => sum + c.n, 0);
  const reasons = new Map<string, number>();
  const add = (reason: string, n: number) => reasons.set(reason, (reasons.get(reason) ?? 0) + n);
  for (const count of counts) {
    if (count.outcome === 'already') add('Already followed', count.n);
    else if (count.outcome === 'excluded') add('On your exclude list', count.n);
    else if (count.outcome === 'in-catalog') add('Already in the catalog', count.n);
    else if (count.outcome === 'not-matched') add(count.reason ?? 'Not matched', count.n);
  }
  const summary: ListeningImportSummary = {
    followed: total('followed'),
    added: addedToCatalog,
    skipped: total('already') + total('excluded') + total('in-catalog'),
    notMatched: total('not-matched'),
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    syncQueued,
  };
  return summary;
}
