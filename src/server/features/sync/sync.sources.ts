import { BANDSINTOWN, type BandsintownClient } from '#server/providers/bandsintown/bandsintown.client.ts';
import { bitEventToSourceStop } from '#server/providers/bandsintown/bandsintown.mapping.ts';
import type { JamBaseClient } from '#server/providers/jambase/jambase.client.ts';
import { JAMBASE_SOURCE, jbEventToSourceStop, performerFor } from '#server/providers/jambase/jambase.mapping.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import { TICKETMASTER, type TicketmasterClient } from '#server/providers/ticketmaster/ticketmaster.client.ts';
import { attractionFor, tmEventToSourceStop } from '#server/providers/ticketmaster/ticketmaster.mapping.ts';

/** The tour-date sources this server has keys for; each may be null (not configured). */
export interface TourDateSources {
  jamBase: JamBaseClient | null;
  ticketmaster?: TicketmasterClient | null;
  bandsintown?: BandsintownClient | null;
}

export function hasTourDateSource(sources: TourDateSources): boolean {
  return Boolean(sources.jamBase ?? sources.ticketmaster ?? sources.bandsintown);
}

export interface SourceAnswer {
  provider: string;
  /** False when the source failed this time: its silence then says nothing. */
  ok: boolean;
  listings: SourceStop[];
  /** How the source spells the artist, when it found them (typed text is not a name). */
  spelling: string | null;
  error?: unknown;
}

interface Target {
  name: string;
  mbid: string | null;
}

async function answer(provider: string, read: () => Promise<Omit<SourceAnswer, 'provider' | 'ok'>>) {
  try {
    return { provider, ok: true, ...(await read()) };
  } catch (error) {
    return { provider, ok: false, listings: [], spelling: null, error };
  }
}

/**
 * Every configured source's listings of the artist from `today` on, asked at once; a source that
 * fails is reported as failed, never as "no dates".
 */
export async function fetchListings(
  sources: TourDateSources,
  target: Target,
  today: string,
  /** Hears each source's answer as it comes (a fan's look-up shows them live). */
  onAnswer?: (answer: SourceAnswer) => Promise<void>,
): Promise<SourceAnswer[]> {
  const asks: Promise<SourceAnswer>[] = [];
  const { jamBase, ticketmaster, bandsintown } = sources;
  if (jamBase) {
    asks.push(
      answer(JAMBASE_SOURCE, async () => {
        const events = await jamBase.upcomingEvents(target.mbid ? { mbid: target.mbid } : { name: target.name }, today);
        const performer = events.map((event) => performerFor(event, target)).find(Boolean);
        const artist = { ...target, name: target.mbid ? target.name : (performer?.name.trim() ?? target.name) };
        return {
          listings: events.flatMap((event) => jbEventToSourceStop(event, artist) ?? []),
          spelling: performer?.name.trim() ?? null,
        };
      }),
    );
  }
  if (ticketmaster) {
    asks.push(
      answer(TICKETMASTER, async () => {
        const attraction = attractionFor(await ticketmaster.searchAttractions(target.name), target);
        if (!attraction) return { listings: [], spelling: null };
        const events = await ticketmaster.attractionEvents(attraction.id, today);
        return { listings: events.flatMap((event) => tmEventToSourceStop(event) ?? []), spelling: attraction.name };
      }),
    );
  }
  if (bandsintown) {
    asks.push(
      answer(BANDSINTOWN, async () => {
        const events = await bandsintown.upcomingEvents(target.name);
        const listings = events.flatMap((event) => bitEventToSourceStop(event, target) ?? []);
        return {
          listings: listings.filter((listing) => (listing.endDate ?? listing.date) >= today),
          spelling: events[0]?.artist?.name ?? null,
        };
      }),
    );
  }
  if (!onAnswer) return Promise.all(asks);
  const told = async (ask: Promise<SourceAnswer>) => {
    const answered = await ask;
    await onAnswer(answered);
    return answered;
  };
  return Promise.all(asks.map(told));
}

/** The providers fetchListings will ask, best source first (the order fans read them in). */
export function enabledSourceNames(sources: TourDateSources): string[] {
  return [
    ...(sources.ticketmaster ? [TICKETMASTER] : []),
    ...(sources.jamBase ? [JAMBASE_SOURCE] : []),
    ...(sources.bandsintown ? [BANDSINTOWN] : []),
  ];
}
