import { countryCode } from '#shared/country-code.ts';
import { matchKey, stateCode } from '#shared/text.ts';
import { coordinate, nonEmpty, type SourceStop, splitLocalDateTime } from '../source-stop.ts';
import { BANDSINTOWN, type BitEvent } from './bandsintown.client.ts';

/**
 * One Bandsintown event as a source listing; null when it cannot be placed (a livestream, no
 * city or an unknown country). Bandsintown lists an event only while it is on: a cancelled show
 * just disappears (silence), so every listing here is 'scheduled'. The lineup is names only; the
 * artist asked for gets its MusicBrainz id.
 */
export function bitEventToSourceStop(
  event: BitEvent,
  artist: { name: string; mbid: string | null },
): SourceStop | null {
  const city = nonEmpty(event.venue.city);
  const country = countryCode(nonEmpty(event.venue.country));
  const name = nonEmpty(event.venue.name);
  if (!city || !country || !name || !/^\d{4}-\d{2}-\d{2}/.test(event.datetime)) return null;
  const { date, time } = splitLocalDateTime(event.datetime);
  const festivalEnd = nonEmpty(event.festival_end_date)?.slice(0, 10) ?? null;
  const festivalStart = nonEmpty(event.festival_start_date)?.slice(0, 10) ?? null;
  const key = matchKey(artist.name);
  const lineup = (event.lineup.length > 0 ? event.lineup : [artist.name]).map((performer) => ({
    name: performer.trim(),
    mbid: matchKey(performer) === key ? artist.mbid : null,
  }));
  const region = nonEmpty(event.venue.region);
  const ticket = event.offers.find((offer) => nonEmpty(offer.url)?.match(/^https?:\/\//));
  return {
    provider: BANDSINTOWN,
    externalId: event.id,
    url: nonEmpty(event.url),
    ticketUrl: nonEmpty(ticket?.url),
    seller: null,
    status: 'scheduled',
    date,
    // A festival listing's time is the gates', not the artist's.
    time: festivalStart ? null : time,
    endDate: festivalEnd && festivalStart === date && festivalEnd > date ? festivalEnd : null,
    previousDate: null,
    lineup,
    tourName: null,
    venue: {
      name,
      city,
      region: region && ['US', 'CA', 'AU'].includes(country) ? stateCode(region) : null,
      country,
      lat: coordinate(event.venue.latitude, 90),
      lon: coordinate(event.venue.longitude, 180),
      timeZone: null,
      address: nonEmpty(event.venue.street_address),
    },
  };
}
