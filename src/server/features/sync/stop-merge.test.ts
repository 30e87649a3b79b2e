import { describe, expect, it } from 'vitest';
import type { SourcePerformer, SourceStop, SourceVenue } from '#server/providers/source-stop.ts';
import { mergeListings, sameVenue, timesAgree } from './stop-merge.ts';

const NL: SourcePerformer = { name: 'Northern Lanterns', mbid: '3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c' };
const VH: SourcePerformer = { name: 'Velvet Harbor', mbid: '5d4c3b2a-2222-4333-8444-555566667777' };

const roundhouse: SourceVenue = {
  name: 'The Roundhouse',
  city: 'London',
  region: null,
  country: 'GB',
  lat: 51.5432,
  lon: -0.1519,
  timeZone: 'Europe/London',
  address: null,
};
const fillmore: SourceVenue = {
  name: 'The Fillmore',
  city: 'San Francisco',
  region: 'CA',
  country: 'US',
  lat: 37.784,
  lon: -122.4331,
  timeZone: 'America/Los_Angeles',
  address: '1805 Geary Blvd',
};
const park: SourceVenue = { ...fillmore, name: 'Golden Gate Park', lat: 37.7694, lon: -122.4862, address: null };

function listing(provider: string, externalId: string, overrides: Partial<SourceStop> = {}): SourceStop {
  return {
    provider,
    externalId,
    url: `https://${provider}.example/${externalId}`,
    ticketUrl: null,
    seller: null,
    status: 'scheduled',
    date: '2027-05-01',
    time: '19:30',
    endDate: null,
    previousDate: null,
    lineup: [NL],
    tourName: null,
    venue: roundhouse,
    ...overrides,
  };
}

/**
 * What a first attempt does: one stop per (date, venue name, time) as the sources write them, for
 * the name the artist is searched by. Every fixture below must defeat it, or it proves nothing.
 */
function naiveMerge(artist: SourcePerformer, listings: SourceStop[]): string[] {
  const keys = listings
    .filter((l) => l.lineup.some((p) => p.name === artist.name))
    .map((l) => `${l.date}|${l.venue.name.toLowerCase()}|${l.time}|${l.status}`);
  return [...new Set(keys)];
}

const summary = (shows: ReturnType<typeof mergeListings>) =>
  shows.map((show) => ({
    date: show.date,
    time: show.time,
    status: show.status,
    sources: show.sources.map((source) => `${source.provider}:${source.externalId}`).sort(),
  }));

describe('mergeListings', () => {
  it('one show from three sources that spell the venue differently and give doors or stage time', () => {
    const listings = [
      listing('ticketmaster', 'G1', {
        time: '19:00',
        venue: { ...roundhouse, name: 'Roundhouse', lat: 51.5434, lon: -0.1517 },
      }),
      listing('jambase', 'j1'),
      listing('bandsintown', 'b1', { venue: { ...roundhouse, name: 'Roundhouse Camden', lat: null, lon: null } }),
    ];
    expect(naiveMerge(NL, listings)).toHaveLength(3);
    expect(summary(mergeListings(NL, listings))).toEqual([
      {
        date: '2027-05-01',
        time: '19:00',
        status: 'scheduled',
        sources: ['bandsintown:b1', 'jambase:j1', 'ticketmaster:G1'],
      },
    ]);
  });

  it('an early and a late show at one venue on one date stay two shows, each with its own listings', () => {
    const listings = [
      listing('jambase', 'early', { venue: fillmore, time: '18:00' }),
      listing('jambase', 'late', { venue: fillmore, time: '22:00' }),
      listing('ticketmaster', 'E', { venue: { ...fillmore, name: 'Fillmore' }, time: '18:30' }),
      listing('ticketmaster', 'L', { venue: { ...fillmore, name: 'Fillmore' }, time: '21:45' }),
    ];
    expect(naiveMerge(NL, listings)).toHaveLength(4);
    expect(summary(mergeListings(NL, listings)).map((show) => [show.time, show.sources])).toEqual([
      ['18:30', ['jambase:early', 'ticketmaster:E']],
      ['21:45', ['jambase:late', 'ticketmaster:L']],
    ]);
  });

  it('a co-bill is one show with the whole bill, whoever each source calls the headliner', () => {
    const listings = [
      listing('ticketmaster', 'CB', { venue: fillmore, time: '19:00', lineup: [VH, NL] }),
      listing('bandsintown', '130', {
        venue: { ...fillmore, name: 'Fillmore', address: null },
        time: '18:00',
        lineup: [{ name: 'Velvet Harbor', mbid: null }, NL],
      }),
      listing('jambase', 'j30/nl', {
        venue: fillmore,
        time: '18:00',
        lineup: [NL, { name: 'Opening Act', mbid: null }],
      }),
    ];
    expect(naiveMerge(NL, listings).length).toBeGreaterThan(1);
    const [show, ...rest] = mergeListings(NL, listings);
    expect(rest).toEqual([]);
    expect(show?.lineup.map((performer) => performer.name)).toEqual([
      'Velvet Harbor',
      'Northern Lanterns',
      'Opening Act',
    ]);
    expect(show?.sources).toHaveLength(3);
  });

  it('a festival keeps its days: a pass joins the day the artist plays, two days stay two shows', () => {
    const pass = listing('ticketmaster', 'PASS', {
      venue: park,
      date: '2027-08-06',
      endDate: '2027-08-08',
      time: null,
      lineup: [NL, VH],
    });
    const dayTwo = [pass, listing('jambase', 'fest/nl', { venue: park, date: '2027-08-07', time: null })];
    expect(naiveMerge(NL, dayTwo)).toHaveLength(2);
    expect(summary(mergeListings(NL, dayTwo))).toEqual([
      { date: '2027-08-07', time: null, status: 'scheduled', sources: ['jambase:fest/nl', 'ticketmaster:PASS'] },
    ]);

    const twoDays = [
      pass,
      listing('bandsintown', 'd1', { venue: park, date: '2027-08-06', time: '14:00' }),
      listing('bandsintown', 'd3', { venue: park, date: '2027-08-08', time: '16:00' }),
    ];
    expect(naiveMerge(NL, twoDays)).toHaveLength(3);
    expect(summary(mergeListings(NL, twoDays)).map((show) => [show.date, show.sources])).toEqual([
      ['2027-08-06', ['bandsintown:d1', 'ticketmaster:PASS']],
      ['2027-08-08', ['bandsintown:d3']],
    ]);
  });

  it('a source still listing the date before a move joins the moved show as a conflict', () => {
    const listings = [
      listing('jambase', 'j1', { date: '2027-05-04', previousDate: '2027-05-01', status: 'rescheduled' }),
      listing('bandsintown', 'b1', { date: '2027-05-01', venue: { ...roundhouse, name: 'Roundhouse' } }),
    ];
    expect(naiveMerge(NL, listings)).toHaveLength(2);
    const shows = mergeListings(NL, listings);
    expect(shows.map((show) => [show.date, show.sources.length, show.conflicts.map((c) => c.externalId)])).toEqual([
      ['2027-05-04', 1, ['b1']],
    ]);
  });

  it('a source that says cancelled wins over one that still lists the show', () => {
    const listings = [
      listing('ticketmaster', 'G1', { status: 'cancelled', venue: { ...roundhouse, name: 'Roundhouse' } }),
      listing('bandsintown', 'b1'),
    ];
    expect(naiveMerge(NL, listings)).toHaveLength(2);
    expect(summary(mergeListings(NL, listings))).toEqual([
      { date: '2027-05-01', time: '19:30', status: 'cancelled', sources: ['bandsintown:b1', 'ticketmaster:G1'] },
    ]);
  });

  it('knows the artist by MusicBrainz id first: another spelling is the artist, a namesake is not', () => {
    const listings = [
      listing('ticketmaster', 'G1', { lineup: [{ name: 'Northern Lanterns (UK)', mbid: NL.mbid }] }),
      listing('bandsintown', 'b1', { lineup: [{ name: 'northern lanterns', mbid: null }] }),
      listing('jambase', 'other', {
        date: '2027-05-09',
        lineup: [{ name: 'Northern Lanterns', mbid: '00000000-0000-4000-8000-000000000000' }],
      }),
    ];
    // By exact name, the namesake's show is the only one taken.
    expect(naiveMerge(NL, listings)).toEqual([expect.stringMatching(/^2027-05-09/)]);
    expect(summary(mergeListings(NL, listings)).map((show) => show.sources)).toEqual([
      ['bandsintown:b1', 'ticketmaster:G1'],
    ]);
  });

  it('two venues of one name in two cities, or far apart, are not one venue', () => {
    expect(sameVenue(fillmore, { ...fillmore, city: 'Detroit', lat: 42.3367, lon: -83.0492 })).toBe(false);
    expect(sameVenue(fillmore, { ...fillmore, name: 'The Fillmore', lat: null, lon: null })).toBe(true);
    expect(sameVenue(fillmore, { ...fillmore, name: 'Warfield', lat: 37.7827, lon: -122.4101 })).toBe(false);
    expect(timesAgree('18:00', '19:30')).toBe(true);
    expect(timesAgree('18:00', '19:31')).toBe(false);
  });
});
