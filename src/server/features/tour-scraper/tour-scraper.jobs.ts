import { z } from 'zod';
import type { Tx } from '#server/db/sql.ts';
import { lockCatalogWrites, refreshArtistStats } from '#server/features/catalog/catalog.repo.ts';
import { ensureVenues } from '#server/features/catalog/catalog.service.ts';
import { cancelStops, insertChanges, type NewChange } from '#server/features/sync/sync.repo.ts';
import type { CatalogChanges } from '#server/lib/catalog-changes.ts';
import type { EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { JobDefinition, JobType, Queue } from '#server/lib/queue.ts';
import { localIsoDate } from '#shared/dates.ts';
import type { PreviewRow } from '#shared/tour-scraper.ts';
import { claimedVenue, claimFromRow, moveStopToClaim } from './stop-claim.ts';
import { markChecked, type SourcedStop, selectDueSourceUrls, selectStopsFromSource } from './tour-scraper.repo.ts';
import { eventKeyOf, SCRAPER_SOURCE, type ScraperDeps, scrapePage } from './tour-scraper.service.ts';

/**
 * Freshness of scraped stops: once a week each source page is read again. A show the page now
 * lists on another date or at another venue is moved; one it marks cancelled, or no longer lists
 * (and still to come), is cancelled. Changes are recorded and announced like a provider sync's
 * (tour_stop_changes + 'tour-dates-changed'), so followers hear of them the same way.
 */
export const WEEKLY_RECHECK_CRON = '0 4 * * 1';
/** A page re-checked within this many days is not due. */
export const RECHECK_AFTER_DAYS = 6;
/** Between two pages' re-checks: small sites, one visitor at a time. */
export const RECHECK_SPACING_SECONDS = 30;

export const planRecheckJob: JobType<Record<string, never>> = {
  name: 'tour-scraper-recheck-plan',
  schema: z.object({}).strict(),
  policy: 'stately',
  retryLimit: 2,
  expireInSeconds: 300,
};

export const recheckPageJob: JobType<{ url: string }> = {
  name: 'tour-scraper-recheck-page',
  schema: z.object({ url: z.url() }),
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 3600,
  expireInSeconds: 300,
};

export interface RecheckDeps extends ScraperDeps {
  events: Pick<EventBus, 'publish'>;
  catalogChanges: Pick<CatalogChanges, 'changed'>;
}

export interface RecheckOutcome {
  error: string | null;
  byArtist: Map<string, { new: number; moved: number; cancelled: number }>;
}

/** Re-reads one source page and applies what changed to the stops imported from it. */
export async function recheckPage(deps: RecheckDeps, url: string, today = localIsoDate()): Promise<RecheckOutcome> {
  const known = await selectStopsFromSource(deps.database.db, url);
  const outcome: RecheckOutcome = { error: null, byArtist: new Map() };
  if (known.length === 0) return outcome;
  const scraped = await scrapePage(deps, url, { userId: null, purpose: 'crawl', today });
  // An unreachable page says nothing about its shows: keep them, note why, try next week.
  if (scraped.page.error && scraped.page.rows.length === 0 && scraped.response === null) {
    await markChecked(deps.database.db, url, scraped.page.error);
    return { ...outcome, error: scraped.page.error };
  }
  const incoming = new Map(scraped.page.rows.map((row) => [keyOfPreview(row), row]));
  const changes: NewChange[] = [];

  await deps.database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const toCancel: SourcedStop[] = [];
    for (const stop of known) {
      const row = incoming.get(stop.eventKey);
      if (!row) {
        if (stop.date >= today && stop.status !== 'cancelled') toCancel.push(stop);
        continue;
      }
      if (row.status === 'cancelled') {
        if (stop.status !== 'cancelled') toCancel.push(stop);
        continue;
      }
      const moved = await applyMove(tx, stop, row);
      if (moved) changes.push(moved);
    }
    await cancelStops(
      tx,
      toCancel.map((stop) => stop.id),
    );
    changes.push(
      ...toCancel.map(
        (stop): NewChange => ({
          stopId: stop.id,
          artistId: stop.artistId,
          kind: 'cancelled',
          details: { date: stop.date, venue: stop.venueName, city: stop.city },
        }),
      ),
    );
    await insertChanges(tx, changes);
    await refreshArtistStats(tx, [...new Set(known.map((stop) => stop.artistId))]);
  });
  await markChecked(deps.database.db, url, null);
  await deps.catalogChanges.changed();
  for (const change of changes) {
    if (change.kind === 'on-sale') continue; // pages give no sale times: the scraper records none
    const counts = outcome.byArtist.get(change.artistId) ?? { new: 0, moved: 0, cancelled: 0 };
    counts[change.kind] += 1;
    outcome.byArtist.set(change.artistId, counts);
  }
  await announceRecheck(deps, deps.logger, outcome);
  return outcome;
}

const keyOfPreview = (row: PreviewRow) =>
  eventKeyOf({
    externalId: row.externalId,
    date: row.date ?? '',
    venueName: row.venueName ?? '',
    city: row.city ?? '',
  });

/** A new date, time or venue on the page: the stop moves in place (its venue created first when new). */
async function applyMove(tx: Tx, stop: SourcedStop, row: PreviewRow): Promise<NewChange | null> {
  if (!row.date || !row.venueName || !row.city || !row.countryCode) return null;
  const claim = claimFromRow({
    ...row,
    date: row.date,
    venueName: row.venueName,
    city: row.city,
    countryCode: row.countryCode,
  });
  const venue = claimedVenue(row.artistName || 'artist', claim, SCRAPER_SOURCE);
  const relocated = stop.date !== row.date || stop.venueKey !== venue.identityKey;
  const retimed = stop.time !== row.localTime || stop.ticketUrl !== row.ticketUrl;
  if (!relocated && !retimed && row.status === stop.status) return null;
  if (stop.venueKey !== venue.identityKey) await ensureVenues(tx, [venue]);
  await moveStopToClaim(tx, stop.id, claim, venue);
  if (!relocated) return null;
  return {
    stopId: stop.id,
    artistId: stop.artistId,
    kind: 'moved',
    details: {
      from: { date: stop.date, venue: stop.venueName, city: stop.city },
      to: { date: row.date, venue: venue.name, city: venue.city },
    },
  };
}

export async function planWeeklyRecheck(deps: RecheckDeps, queue: Pick<Queue, 'send'>): Promise<number> {
  const due = await selectDueSourceUrls(deps.database.db, RECHECK_AFTER_DAYS);
  let queued = 0;
  for (const [index, { url }] of due.entries()) {
    const id = await queue.send(
      recheckPageJob,
      { url },
      { singletonKey: url, startAfterSeconds: index * RECHECK_SPACING_SECONDS },
    );
    if (id) queued++;
  }
  return queued;
}

export async function announceRecheck(deps: RecheckDeps, logger: Logger, outcome: RecheckOutcome): Promise<void> {
  for (const [artistId, changes] of outcome.byArtist) {
    try {
      await deps.events.publish({ type: 'tour-dates-changed', artistId, changes });
    } catch (error) {
      logger.error(
        { err: error, artistId },
        'scraped tour changes not announced: the notifications sweep will find them',
      );
    }
  }
}

export function tourScraperJobDefinitions(deps: RecheckDeps, queue: Queue): JobDefinition<never>[] {
  const plan: JobDefinition<Record<string, never>> = {
    ...planRecheckJob,
    async handler() {
      const queued = await planWeeklyRecheck(deps, queue);
      deps.logger.info({ queued }, 'weekly re-check of scraped tour pages planned');
    },
  };
  const page: JobDefinition<{ url: string }> = {
    ...recheckPageJob,
    async handler({ url }) {
      await recheckPage(deps, url);
    },
  };
  return [plan, page] as JobDefinition<never>[];
}
