import { describe, expect, it } from 'vitest';
import { eventsToTours, eventToStop, performerFor, stopExternalId } from './jambase.mapping.ts';
import { type JbEvent, jbEventSchema } from './jambase.schemas.ts';

const MBID = '3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c';

/** A JamBase event as the API sends it (trimmed), parsed like the client does. */
function event(overrides: Record<string, unknown> = {}): JbEvent {
  return jbEventSchema.parse({
    '@type': 'Concert',
    name: 'Northern Lanterns at House of Blues',
    identifier: 'jambase:12000003',
    eventStatus: 'scheduled',
    startDate: '2027-05-02T20:00:00',
    location: {
      name: 'House of Blues',
      identifier: 'jambase:70003',
      address: {
        streetAddress: '15 Lansdowne St',
        addressLocality: 'Boston',
        postalCode: '02215',
        addressRegion: { identifier: 'US-MA', name: 'Massachusetts', alternateName: 'MA' },
        addressCountry: { identifier: 'US', name: 'United States', alternateName: 'USA' },
        'x-timezone': 'America/New_York',
      },
      geo: { latitude: 42.3471, longitude: -71.0951 },
    },
    offers: [
      { url: 'https://resale.example/x', category: 'ticketingLinkSecondary' },
      { url: 'https://tickets.example/nl-boston', category: 'ticketingLinkPrimary' },
    ],
    performer: [
      { name: 'Support Act', identifier: 'jambase:1', 'x-performanceRank': 2 },
      {
        name: 'Northern Lanterns',
        identifier: 'jambase:5550001',
        'x-performanceRank': 1,
        'x-externalIdentifiers': [{ source: 'musicbrainz', identifier: [MBID] }],
      },
    ],
    ...overrides,
  });
}

describe('eventToStop', () => {
  it('maps date, local time, venue, state code, coordinates, time zone and the primary ticket link', () => {
    expect(eventToStop(event(), 'jambase:12000003/jambase:5550001')).toEqual({
      date: '2027-05-02',
      time: '20:00',
      venue: 'House of Blues',
      city: 'Boston',
      region: 'MA',
      country: 'US',
      lat: 42.3471,
      lon: -71.0951,
      ticketUrl: 'https://tickets.example/nl-boston',
      address: '15 Lansdowne St',
      timeZone: 'America/New_York',
      source: 'jambase',
      externalId: 'jambase:12000003/jambase:5550001',
    });
  });

  it('accepts the empty strings JamBase sends for unknown values', () => {
    const stop = eventToStop(
      event({
        startDate: '2027-05-02',
        offers: [],
        location: {
          name: 'The Roundhouse',
          address: {
            addressLocality: 'London',
            addressRegion: '',
            addressCountry: { identifier: 'GB' },
            'x-timezone': '',
          },
        },
      }),
      'x',
    );
    expect(stop).toMatchObject({ date: '2027-05-02', city: 'London', country: 'GB' });
    expect(stop?.time).toBeUndefined();
    expect(stop?.region).toBeUndefined();
    expect(stop?.timeZone).toBeUndefined();
    expect(stop?.ticketUrl).toBeUndefined();
  });

  it('leaves out an event without a city', () => {
    expect(eventToStop(event({ location: { name: 'Somewhere', address: null } }), 'x')).toBeNull();
  });
});

describe('performerFor', () => {
  it('finds the artist by MusicBrainz id, else by exact name', () => {
    expect(performerFor(event(), { name: 'whatever', mbid: MBID })?.identifier).toBe('jambase:5550001');
    expect(performerFor(event(), { name: 'support act' })?.identifier).toBe('jambase:1');
    expect(performerFor(event(), { name: 'Support' })).toBeNull();
  });

  it('credits an event fetched by MBID to its headliner when no performer carries the id', () => {
    const plain = event({
      performer: [
        { name: 'B', identifier: 'jambase:2', 'x-performanceRank': 2 },
        { name: 'A', identifier: 'jambase:1', 'x-performanceRank': 1 },
      ],
    });
    expect(performerFor(plain, { name: 'Renamed', mbid: MBID })?.identifier).toBe('jambase:1');
  });
});

describe('eventsToTours', () => {
  it('groups by the umbrella event, else one "{Artist} Live" tour, in date order, once per event', () => {
    const tours = eventsToTours(
      [
        event({ identifier: 'jambase:3', startDate: '2027-06-01T20:00:00' }),
        event({ identifier: 'jambase:1', startDate: '2027-05-01T20:00:00' }),
        event({ identifier: 'jambase:1', startDate: '2027-05-01T20:00:00' }),
        event({ identifier: 'jambase:2', superEvent: { name: 'Tidewater Tour' } }),
      ],
      { name: 'Northern Lanterns', mbid: MBID },
    );
    expect(tours.map((tour) => [tour.name, tour.stops.map((stop) => stop.date)])).toEqual([
      ['Northern Lanterns Live', ['2027-05-01', '2027-06-01']],
      ['Tidewater Tour', ['2027-05-02']],
    ]);
  });

  it('skips cancelled and postponed events and other performers’ shows', () => {
    const tours = eventsToTours(
      [
        event({ identifier: 'jambase:1', eventStatus: 'cancelled' }),
        event({ identifier: 'jambase:2', eventStatus: 'postponed' }),
        event({ identifier: 'jambase:3', performer: [{ name: 'Northern Lanterns Tribute', identifier: 'jambase:9' }] }),
      ],
      { name: 'Northern Lanterns' },
    );
    expect(tours).toEqual([]);
  });

  it('gives a shared bill one provider id per performer', () => {
    const shared = event();
    expect(stopExternalId(shared, shared.performer[0]!)).not.toBe(stopExternalId(shared, shared.performer[1]!));
  });
});

describe('jbEventSchema', () => {
  it('refuses an event without an identifier or with a start that is not a date', () => {
    expect(jbEventSchema.safeParse({ ...event(), identifier: undefined }).success).toBe(false);
    expect(jbEventSchema.safeParse({ ...event(), startDate: 'next Friday' }).success).toBe(false);
  });
});
