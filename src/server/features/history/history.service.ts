import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import type {
  DidYouGoResponse,
  HistoryFilterOption,
  HistoryFilters,
  HistoryPage,
  HistoryShow,
} from '#shared/history.ts';
import type { HistoryQuery } from '#shared/history-api.ts';
import { placeLabel } from '#shared/place-label.ts';
import { titleCase } from '#shared/text.ts';
import {
  type BillStopRow,
  countShows,
  type HistoryFilter,
  selectBills,
  selectDidYouGo,
  selectFilterOptions,
  selectShowPage,
} from './history.repo.ts';

/** Every operation reads the signed-in user's own rows only: the actor's id scopes each query. */
const DID_YOU_GO_LIMIT = 20;

export async function historyPage(database: Database, actor: Actor, query: HistoryQuery): Promise<HistoryPage> {
  const filter: HistoryFilter = {
    userId: actor.userId,
    q: query.q,
    artist: query.artist,
    venue: query.venue,
    city: query.city,
    year: query.year,
  };
  const [keys, total] = await Promise.all([
    selectShowPage(database.db, filter, query.cursor, query.limit + 1),
    // The total is the same on every page: only the first asks for it.
    query.cursor ? Promise.resolve(-1) : countShows(database.db, filter),
  ]);
  const page = keys.slice(0, query.limit);
  const last = page.at(-1);
  const bills = await selectBills(database.db, actor.userId, page);
  return {
    shows: toShows(bills),
    total,
    nextCursor: keys.length > query.limit && last ? `${last.date}_${last.venueId}` : null,
  };
}

/** Bill rows arrive ordered by show: one HistoryShow per venue and date, attended artists first. */
function toShows(rows: BillStopRow[]): HistoryShow[] {
  const shows = new Map<string, HistoryShow>();
  for (const row of rows) {
    const key = `${row.venueId}|${row.date}`;
    let show = shows.get(key);
    if (!show) {
      show = {
        key,
        stopId: row.stopId,
        date: row.date,
        venue: { name: row.venueName, slug: row.venueSlug, city: row.city, region: row.region, country: row.country },
        artists: [],
        rating: null,
        setlistSongs: 0,
      };
      shows.set(key, show);
    }
    const attended = row.state === 'attended';
    show.artists.push({
      artistName: titleCase(row.artistName),
      artistSlug: row.artistSlug,
      stopId: row.stopId,
      attended,
    });
    show.setlistSongs += Number(row.setlistSongs);
    if (attended && row.rating !== null) show.rating = Math.max(show.rating ?? 0, row.rating);
  }
  for (const show of shows.values()) {
    show.artists.sort((a, b) => Number(b.attended) - Number(a.attended));
    show.stopId = show.artists[0]!.stopId;
  }
  return [...shows.values()];
}

export async function historyFilters(database: Database, actor: Actor): Promise<HistoryFilters> {
  const rows = await selectFilterOptions(database.db, actor.userId);
  const of = (kind: string): HistoryFilterOption[] =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({
        value: row.value,
        label:
          kind === 'artist'
            ? titleCase(row.label)
            : kind === 'city'
              ? placeLabel({ city: row.label, region: row.region, country: row.country })
              : row.label,
        count: row.count,
      }));
  const byLabel = (a: HistoryFilterOption, b: HistoryFilterOption) => a.label.localeCompare(b.label);
  return {
    years: of('year').sort((a, b) => b.value.localeCompare(a.value)),
    artists: of('artist').sort(byLabel),
    venues: of('venue').sort(byLabel),
    cities: of('city').sort(byLabel),
  };
}

export async function didYouGo(database: Database, actor: Actor, today: string): Promise<DidYouGoResponse> {
  const rows = await selectDidYouGo(database.db, actor.userId, today, DID_YOU_GO_LIMIT);
  return { prompts: rows.map((row) => ({ ...row, artistName: titleCase(row.artistName) })) };
}
