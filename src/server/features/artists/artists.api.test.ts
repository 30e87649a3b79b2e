import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRevalidatedRead } from '#server/lib/public-cache.test-support.ts';
import type { ArtistListPage, ArtistTourPage } from '#shared/artists.ts';
import { type FactoryArtist, type FactoryStop, seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const TODAY = '2027-03-01';

const stopOn = (date: string, extra: Partial<FactoryStop> = {}): FactoryStop => ({
  date,
  venue: 'The Fillmore',
  city: 'San Francisco',
  region: 'CA',
  country: 'US',
  ...extra,
});

/** 'Band 01' … 'Band 40': enough upcoming artists for two full pages. */
const fillerBands: FactoryArtist[] = Array.from({ length: 40 }, (_, index) => ({
  name: `Band ${String(index + 1).padStart(2, '0')}`,
  tours: [{ name: 'Spring Tour', stops: [stopOn('2027-06-01')] }],
}));

const blackKeys: FactoryArtist = {
  name: 'the BLACK keys',
  mbid: 'd15721d8-56b4-453d-b506-fc915b14cba2',
  genres: ['blues rock', 'garage rock'],
  imageUrl: 'https://images.example.test/black-keys.jpg',
  tours: [
    { name: 'Old Days', stops: [stopOn('2025-06-01')] },
    {
      name: 'Big Tour',
      stops: [
        stopOn('2027-06-01', { venue: 'Massey Hall', city: 'Toronto', region: 'Ontario', country: 'CA' }),
        stopOn('2027-02-01', { venue: 'Red Rocks Amphitheatre', city: 'Morrison', region: 'CO' }),
        stopOn('2027-05-10', { time: '19:30', ticketUrl: 'https://tickets.example.test/bk-sf' }),
      ],
    },
    { name: 'Past Tour', stops: [stopOn('2026-10-05'), stopOn('2026-10-01', { venue: 'Paradise Rock Club' })] },
    { name: 'Summer Run', stops: [stopOn('2027-04-20')] },
    { name: 'Announced Tour', stops: [] },
  ],
};

const namedArtists: FactoryArtist[] = [
  blackKeys,
  { name: 'Yak', tours: [{ name: 'Yak Attack', stops: [stopOn('2027-04-01')] }] },
  { name: 'The Zebras', tours: [{ name: 'Stripes', stops: [stopOn('2027-04-02')] }] },
  { name: 'Tundra', tours: [{ name: 'Permafrost', stops: [stopOn('2027-04-03')] }] },
  {
    name: 'Marchers',
    imageUrl: 'https://images.example.test/marchers.png',
    tours: [
      { name: 'First March', stops: [stopOn('2026-03-01')] },
      { name: 'Last March', stops: [stopOn('2027-03-01')] },
    ],
  },
  { name: 'Aardvark Arms', tours: [{ name: 'Long Ago', stops: [stopOn('2026-12-01')] }] },
  // Sorted as 'aardvarks': first on page 1, not among the T's on page 3.
  { name: 'The Aardvarks', tours: [{ name: 'Burrow', stops: [stopOn('2027-08-01')] }] },
];

const fillerNames = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Band ${String(from + index).padStart(2, '0')}`);

describe('artists API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedCatalog(server.database, [...namedArtists, ...fillerBands]);
  });
  afterAll(() => server?.close());

  async function listPage(query: string): Promise<ArtistListPage> {
    const response = await server.fetch(`/api/artists?${query}`);
    expect(response.status).toBe(200);
    return response.json();
  }

  async function expectBadRequest(path: string, issuePath: string) {
    const response = await server.fetch(path);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(typeof body.error.message).toBe('string');
    expect(body.error.issues.map((issue: { path: string }) => issue.path)).toContain(issuePath);
  }

  describe('GET /api/artists', () => {
    it('serves the first page of upcoming artists with the filtered total', async () => {
      const body = await listPage(`today=${TODAY}`);
      expect(body.total).toBe(46);
      expect(body.page).toBe(1);
      expect(body.totalPages).toBe(3);
      expect(body.pageSize).toBe(20);
      expect(body.artists.map((artist) => artist.name)).toEqual(['The Aardvarks', ...fillerNames(1, 19)]);
    });

    it('serves the last page sorted alphabetically, ignoring a leading "The "', async () => {
      const body = await listPage(`today=${TODAY}&page=3`);
      expect(body.page).toBe(3);
      expect(body.artists.map((artist) => artist.name)).toEqual([
        'Band 40',
        'The Black Keys',
        'Marchers',
        'Tundra',
        'Yak',
        'The Zebras',
      ]);
    });

    it('clamps a page past the end to the last page', async () => {
      const body = await listPage(`today=${TODAY}&page=99`);
      expect(body.page).toBe(3);
      expect(body.totalPages).toBe(3);
      expect(body.artists.at(-1)?.name).toBe('The Zebras');
    });

    it('rejects page=0 and page=abc with the error shape', async () => {
      await expectBadRequest(`/api/artists?today=${TODAY}&page=0`, 'page');
      await expectBadRequest(`/api/artists?today=${TODAY}&page=abc`, 'page');
    });

    it('title-cases names and reports slugs, tour counts, upcoming flags and images', async () => {
      const body = await listPage(`today=${TODAY}&page=3`);
      const [, keys, marchers, , yak] = body.artists;
      expect(keys).toEqual({
        name: 'The Black Keys',
        slug: 'the-black-keys',
        tourCount: 5,
        hasUpcomingShows: true,
        imageUrl: 'https://images.example.test/black-keys.jpg',
      });
      expect(marchers).toMatchObject({ tourCount: 2, imageUrl: 'https://images.example.test/marchers.png' });
      expect(yak).toMatchObject({ tourCount: 1, imageUrl: null });
    });

    it('lists artists without upcoming dates only with all=1', async () => {
      const upcoming = await listPage(`today=${TODAY}&all=0`);
      const everyone = await listPage(`today=${TODAY}&all=1`);
      expect(everyone.total).toBe(47);
      expect(everyone.artists[0]).toMatchObject({ name: 'Aardvark Arms', hasUpcomingShows: false, tourCount: 1 });
      expect(everyone.artists.slice(1).map((artist) => artist.name)).toEqual(['The Aardvarks', ...fillerNames(1, 18)]);
      expect(upcoming.artists.some((artist) => artist.name === 'Aardvark Arms')).toBe(false);
    });

    it("uses the visitor's date: a last show on 2027-03-01 counts as upcoming that day only", async () => {
      const onTheDay = await listPage('today=2027-03-01&page=3');
      expect(onTheDay.artists.find((artist) => artist.slug === 'marchers')?.hasUpcomingShows).toBe(true);

      const dayAfter = await listPage('today=2027-03-02&page=3');
      expect(dayAfter.total).toBe(45);
      expect(dayAfter.artists.some((artist) => artist.slug === 'marchers')).toBe(false);

      const dayAfterAll = await listPage('today=2027-03-02&all=1&page=3');
      expect(dayAfterAll.artists.find((artist) => artist.slug === 'marchers')?.hasUpcomingShows).toBe(false);
    });

    it('answers an empty list with total 0 on page 1 of 1', async () => {
      const body = await listPage('today=2099-01-01&page=4');
      expect(body).toEqual({ artists: [], total: 0, page: 1, totalPages: 1, pageSize: 20 });
    });

    it('rejects a missing or invalid visitor date', async () => {
      await expectBadRequest('/api/artists', 'today');
      await expectBadRequest('/api/artists?today=2027-02-30', 'today');
      await expectBadRequest('/api/artists?today=03/01/2027', 'today');
    });

    it('has browsers revalidate (304 when unchanged) and lets shared caches keep the answer a minute', async () => {
      await expectRevalidatedRead(server, `/api/artists?today=${TODAY}`, 60);
    });
  });

  describe('GET /api/artists/:slug', () => {
    async function tourPage(slug: string, today = TODAY): Promise<ArtistTourPage> {
      const response = await server.fetch(`/api/artists/${slug}?today=${today}`);
      expect(response.status).toBe(200);
      return response.json();
    }

    it('returns the artist with a title-cased name, genres, mbid and image', async () => {
      const body = await tourPage('the-black-keys');
      expect(body.artist).toEqual({
        name: 'The Black Keys',
        slug: 'the-black-keys',
        mbid: blackKeys.mbid,
        genres: ['blues rock', 'garage rock'],
        imageUrl: 'https://images.example.test/black-keys.jpg',
      });
    });

    it('orders upcoming tours by next date, then past tours most recent first, then tours without stops', async () => {
      const body = await tourPage('the-black-keys');
      expect(body.tours.map((tour) => tour.name)).toEqual([
        'Summer Run',
        'Big Tour',
        'Past Tour',
        'Old Days',
        'Announced Tour',
      ]);
      expect(body.tours.at(-1)).toMatchObject({ stops: [], upcomingCount: 0, pastCount: 0 });
    });

    it('lists each tour’s stops in date order with venue, place, time and ticket link', async () => {
      const body = await tourPage('the-black-keys');
      const bigTour = body.tours.find((tour) => tour.name === 'Big Tour')!;
      expect(bigTour.upcomingCount).toBe(2);
      expect(bigTour.pastCount).toBe(1);
      expect(bigTour.stops.map((stop) => [stop.date, stop.isUpcoming])).toEqual([
        ['2027-02-01', false],
        ['2027-05-10', true],
        ['2027-06-01', true],
      ]);
      const [morrison, sanFrancisco, toronto] = bigTour.stops;
      expect(morrison).toMatchObject({ venueName: 'Red Rocks Amphitheatre', city: 'Morrison', region: 'CO' });
      expect(morrison?.time).toBeNull();
      expect(sanFrancisco).toMatchObject({
        time: '19:30',
        venueName: 'The Fillmore',
        venueSlug: 'the-fillmore-san-francisco-ca',
        city: 'San Francisco',
        region: 'CA',
        country: 'US',
        ticketUrl: 'https://tickets.example.test/bk-sf',
        slug: '2027-05-10-san-francisco-ca',
      });
      expect(toronto).toMatchObject({ venueName: 'Massey Hall', region: null, country: 'CA', ticketUrl: null });
    });

    it("moves a tour among the past ones once the visitor's date is after its last stop", async () => {
      const body = await tourPage('the-black-keys', '2027-05-01');
      expect(body.tours.map((tour) => tour.name)).toEqual([
        'Big Tour',
        'Summer Run',
        'Past Tour',
        'Old Days',
        'Announced Tour',
      ]);
      expect(body.tours[1]?.stops[0]?.isUpcoming).toBe(false);
    });

    it('answers 404 with "Artist not found" for an unknown slug', async () => {
      for (const slug of ['no-such-band', 'Not_A_Slug']) {
        const response = await server.fetch(`/api/artists/${slug}?today=${TODAY}`);
        expect(response.status).toBe(404);
        expect((await response.json()).error).toEqual({ code: 'NOT_FOUND', message: 'Artist not found' });
      }
    });

    it('has browsers revalidate the tour page (304 when unchanged); shared caches keep it a minute', async () => {
      await expectRevalidatedRead(server, `/api/artists/the-black-keys?today=${TODAY}`, 60);
    });

    it('rejects an invalid visitor date', async () => {
      await expectBadRequest('/api/artists/the-black-keys?today=2027-13-01', 'today');
      await expectBadRequest('/api/artists/the-black-keys', 'today');
    });
  });
});
