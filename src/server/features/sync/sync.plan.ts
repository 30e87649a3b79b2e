import type { StopEntry } from '#server/features/catalog/catalog.service.ts';
import { sameStoredVenue } from '#server/features/catalog/stop-identity.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import type { VenuePlace } from '#shared/place-label.ts';
import { type MergedShow, priorityOf, timesAgree } from './stop-merge.ts';

/** A source already linked to a known stop (stop_sources). */
export interface KnownSource {
  provider: string;
  externalId: string;
  reportedDate: string;
  /** Whether it gave an on-sale or presale time (one was announced for the stop already). */
  hasSaleTime?: boolean;
}

/** A stop already in the catalog for the artist being synced. */
export interface KnownStop extends Pick<VenuePlace, 'venueName' | 'city'> {
  id: string;
  date: string;
  time: string | null;
  venueKey: string;
  lat: number | null;
  lon: number | null;
  /** The writer that made it ('import', 'jambase', 'tour-scraper', …) and its id there. */
  source: string;
  externalId: string | null;
  ticketUrl: string | null;
  /** STOP_STATUSES: a stop no source lists any more stays, as 'cancelled'. */
  status: string;
  sources: KnownSource[];
}

/** A merged show with its catalog form (normalised venue, identity key). */
export interface PlannedShow {
  show: MergedShow;
  entry: StopEntry;
}

export interface MovedStop {
  stop: KnownStop;
  to: StopEntry;
  /** Date or venue changed (fans hear about it); otherwise only the time or ticket link did. */
  relocated: boolean;
  /** A cancelled stop a source lists again. */
  restored: boolean;
  /**
   * The listing names the stop's own venue, spelt otherwise or a few metres off ("Roundhouse" for
   * "The Roundhouse"): the stop keeps its venue, and no venue is written for it.
   */
  sameVenue: boolean;
}

export interface SyncPlan {
  /** Listed shows no stop holds yet. */
  added: PlannedShow[];
  /** Known stops whose date, venue, time, ticket link or status changes. */
  changed: MovedStop[];
  /** Known stops a source says are cancelled or postponed, or that every source linked to them dropped. */
  cancelled: { stop: KnownStop; status: 'cancelled' | 'postponed' }[];
  /** Every listing to keep as a stop's source: the stop (known) or the added show it belongs to. */
  links: { listing: SourceStop; stop: KnownStop | PlannedShow }[];
  /** Sources linked to a stop that answered this sync without listing it (their missing_since). */
  missing: { stopId: string; provider: string; externalId: string }[];
}

const key = (provider: string, externalId: string) => `${provider}|${externalId}`;
const LISTED = new Set(['scheduled', 'rescheduled']);

const listingsOf = (show: MergedShow) => [...show.sources, ...show.conflicts];

/**
 * Compares the merged shows with the catalog (docs/decisions/0044): a show is a known stop when
 * one of its listings is linked to it (so a moved show is a move), else when the stop is at the
 * same venue on the same date within 90 minutes (a catalog import of the same show). Several
 * shows claiming one stop are one show listed at two dates: the one whose source moved it wins,
 * the others stay linked as conflicts. A stop is cancelled by a source that says so, or when
 * every source linked to it answered without it; one source's silence while another lists it
 * changes nothing.
 */
export function planSync(known: KnownStop[], shows: PlannedShow[], answered: Set<string>, today: string): SyncPlan {
  const byLink = new Map<string, KnownStop>();
  for (const stop of known) {
    for (const source of stop.sources) byLink.set(key(source.provider, source.externalId), stop);
    if (stop.externalId) byLink.set(key(stop.source, stop.externalId), stop);
  }
  const claims = new Map<KnownStop, PlannedShow[]>();
  const unmatched: PlannedShow[] = [];
  for (const planned of shows) {
    const linked = listingsOf(planned.show)
      .map((listing) => byLink.get(key(listing.provider, listing.externalId)))
      .find(Boolean);
    const placed =
      linked ??
      known.find(
        (stop) =>
          !claims.has(stop) &&
          stop.date === planned.entry.date &&
          timesAgree(stop.time, planned.entry.time) &&
          sameStoredVenue(stop, planned.entry),
      );
    if (placed) claims.set(placed, [...(claims.get(placed) ?? []), planned]);
    else unmatched.push(planned);
  }

  const plan: SyncPlan = { added: [], changed: [], cancelled: [], links: [], missing: [] };
  for (const planned of unmatched) {
    if (!LISTED.has(planned.show.status)) continue;
    plan.added.push(planned);
    for (const listing of listingsOf(planned.show)) plan.links.push({ listing, stop: planned });
  }
  for (const [stop, claimants] of claims) {
    const winner = pickWinner(stop, claimants);
    const listings = claimants.flatMap((planned) => listingsOf(planned.show));
    for (const listing of listings) plan.links.push({ listing, stop });
    decide(plan, stop, winner);
    const seen = new Set(listings.map((listing) => key(listing.provider, listing.externalId)));
    for (const source of stop.sources) {
      if (answered.has(source.provider) && !seen.has(key(source.provider, source.externalId))) {
        plan.missing.push({ stopId: stop.id, ...source });
      }
    }
  }
  for (const stop of known) {
    if (claims.has(stop) || stop.date < today || stop.status === 'cancelled') continue;
    const linked = [...new Set(stop.sources.map((source) => source.provider))];
    for (const source of stop.sources.filter((candidate) => answered.has(candidate.provider))) {
      plan.missing.push({ stopId: stop.id, ...source });
    }
    // Silence cancels only when every source that ever listed the stop answered without it.
    if (linked.length > 0 && linked.every((provider) => answered.has(provider))) {
      plan.cancelled.push({ stop, status: 'cancelled' });
    }
  }
  return plan;
}

/** The mover wins over a source still listing the stored date; between movers, the better source. */
function pickWinner(stop: KnownStop, claimants: PlannedShow[]): PlannedShow {
  const rank = (planned: PlannedShow) =>
    (planned.entry.date !== stop.date ? 0 : 1000) + priorityOf(planned.show.sources[0]?.provider ?? '');
  return [...claimants].sort((a, b) => rank(a) - rank(b))[0]!;
}

function decide(plan: SyncPlan, stop: KnownStop, { show, entry }: PlannedShow): void {
  if (!LISTED.has(show.status)) {
    const status = show.status === 'postponed' ? 'postponed' : 'cancelled';
    if (stop.status !== status) plan.cancelled.push({ stop, status });
    return;
  }
  const sameVenue = sameStoredVenue(stop, entry);
  const relocated = stop.date !== entry.date || !sameVenue;
  const retimed = (stop.time?.slice(0, 5) ?? null) !== entry.time || stop.ticketUrl !== entry.ticketUrl;
  const restored = stop.status !== 'scheduled';
  if (relocated || retimed || restored) plan.changed.push({ stop, to: entry, relocated, restored, sameVenue });
}
