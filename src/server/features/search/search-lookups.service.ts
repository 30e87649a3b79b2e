import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { announceTourChanges, type SyncOutcome, syncArtistTourDates } from '#server/features/sync/sync.service.ts';
import { enabledSourceNames, type SourceAnswer, type TourDateSources } from '#server/features/sync/sync.sources.ts';
import { noteArtistSearched } from '#server/features/sync/sync-planner.repo.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobType, Queue } from '#server/lib/queue.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { ArtistLookupView, LookupResult, LookupSourceView, SyncRequest } from '#shared/search-api.ts';
import { titleCase } from '#shared/text.ts';
import { finishLookup, insertLookup, type LookupRow, selectLookup, updateLookupSource } from './search-lookups.repo.ts';

/**
 * The unknown band (issue 24 item 5): a fan picks a MusicBrainz artist the catalog lacks; a job
 * asks every enabled tour-date source at once and records each answer as it comes; the page polls
 * (GET /api/search/lookups/:id), as it does for every long piece of work here.
 */
export const artistLookupJob: JobType<{ lookupId: string }> = {
  name: 'artist-lookup',
  schema: z.object({ lookupId: z.uuid() }),
  // A fan is waiting: a retry minutes later helps nobody, the page offers "Try again".
  retryLimit: 0,
  expireInSeconds: 120,
  workersPerProcess: 4,
};

/** A running look-up whose job wrote nothing for this long lost its process: it is failed. */
export const LOOKUP_SILENCE_SECONDS = 60;

export interface LookupDeps extends CatalogWriterDeps {
  sources: TourDateSources;
  events: Pick<EventBus, 'publish'>;
  logger: Logger;
}

export async function startLookup(
  database: Database,
  sources: TourDateSources,
  queue: Pick<Queue, 'send'>,
  request: SyncRequest,
): Promise<ArtistLookupView> {
  const row = await insertLookup(database.db, {
    artistName: request.artistName,
    mbid: request.mbid ?? null,
    sources: enabledSourceNames(sources).map((provider) => ({ provider, state: 'searching', dates: 0 })),
  });
  await queue.send(artistLookupJob, { lookupId: row.id });
  return toView(row);
}

export async function getLookup(database: Database, id: string): Promise<ArtistLookupView> {
  const row = await selectLookup(database.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This search has expired. Please search again.');
  return toView(row);
}

function toView(row: LookupRow): ArtistLookupView {
  const lost = row.status === 'running' && row.silentSeconds > LOOKUP_SILENCE_SECONDS;
  return {
    id: row.id,
    status: lost ? 'failed' : row.status,
    artistName: row.artistName,
    mbid: row.mbid,
    sources: row.sources,
    result: row.result,
  };
}

function sourceProgress(answer: SourceAnswer): LookupSourceView {
  if (!answer.ok) return { provider: answer.provider, state: 'failed', dates: 0 };
  const dates = answer.listings.length;
  return { provider: answer.provider, state: dates > 0 ? 'found' : 'none', dates };
}

function resultOf(outcome: SyncOutcome | null): LookupResult | null {
  if (!outcome) return null;
  return {
    artistName: titleCase(outcome.artistName),
    artistSlug: outcome.artistSlug,
    stopsFound: outcome.stopsFound,
    stopsAdded: outcome.stopsAdded,
  };
}

/**
 * The job: the same sync as the daily re-sync and the admin's (ADR 0044: provider data is public,
 * a MusicBrainz artist with no dates still gets its page), with each source's answer written as it
 * comes. Only when every source failed is the look-up failed.
 */
export async function runLookup(deps: LookupDeps, lookupId: string): Promise<void> {
  const lookup = await selectLookup(deps.database.db, lookupId);
  if (lookup?.status !== 'running') return;
  try {
    const outcome = await syncArtistTourDates(
      deps,
      deps.sources,
      { name: lookup.artistName, mbid: lookup.mbid },
      localIsoDate(),
      new Date(),
      (answer) => updateLookupSource(deps.database.db, lookupId, sourceProgress(answer)),
    );
    // A fan's interest: the sync planner brings this artist early in the next days (ADR 0046).
    if (outcome) await noteArtistSearched(deps.database.db, outcome.artistId);
    await announceTourChanges(deps.events, deps.logger, outcome);
    await finishLookup(deps.database.db, lookupId, 'done', resultOf(outcome));
  } catch (error) {
    deps.logger.warn({ err: error, lookupId }, 'artist look-up failed');
    await finishLookup(deps.database.db, lookupId, 'failed', null);
  }
}
