import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRevalidatedRead } from '#server/lib/public-cache.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const TODAY = '2027-03-01';
const MBID = '3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c';

describe('artist page API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const stop = (date: string, venue: string, city: string) => ({ date, venue, city, region: 'MA', country: 'US' });
    await seedCatalog(server.database, [
      {
        name: 'northern LANTERNS',
        mbid: MBID,
        genres: ['indie rock', 'dream pop'],
        imageUrl: '/files/artist-images/abc.webp',
        tours: [
          { name: 'Old Tour', stops: [stop('2025-05-01', 'Hall A', 'Boston'), stop('2025-06-01', 'Hall B', 'Salem')] },
          {
            name: 'Harbour Lights Tour',
            stops: [
              stop('2027-02-01', 'Hall C', 'Lowell'),
              ...['03-01', '03-05', '03-09', '03-12', '03-20', '04-01'].map((day, i) =>
                stop(`2027-${day}`, `Venue ${i}`, 'Boston'),
              ),
            ],
          },
        ],
      },
      { name: 'Quiet Band', tours: [] },
    ]);
    await server.database.query(
      "insert into users (name, email) values ('A', 'a@example.com'), ('B', 'b@example.com')",
    );
    await server.database.query(
      `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
       select u.id, a.id, a.name, a.slug from users u, artists a where a.slug = 'northern-lanterns'`,
    );
    await server.database.query(
      "update artist_images set official_url = 'https://northernlanterns.example/' where artist_name = 'northern LANTERNS'",
    );
  });
  afterAll(() => server?.close());

  it('answers name, image, genres, followers, next shows, tours and links', async () => {
    const response = await server.fetch(`/api/artist-profile/northern-lanterns?today=${TODAY}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.artist).toEqual({
      name: 'Northern Lanterns',
      slug: 'northern-lanterns',
      mbid: MBID,
      genres: ['indie rock', 'dream pop'],
      imageUrl: '/files/artist-images/abc.webp',
      followerCount: 2,
    });
    expect(body.nextShows.map((show: { date: string }) => show.date)).toEqual([
      '2027-03-01',
      '2027-03-05',
      '2027-03-09',
      '2027-03-12',
      '2027-03-20',
    ]);
    expect(body.nextShows[0]).toMatchObject({
      venueName: 'Venue 0',
      city: 'Boston',
      region: 'MA',
      stopSlug: expect.any(String),
    });
    expect(body.upcomingShowCount).toBe(6);
    expect(body.tours.map((tour: { name: string }) => tour.name)).toEqual(['Harbour Lights Tour', 'Old Tour']);
    expect(body.tours[0]).toMatchObject({
      upcomingCount: 6,
      pastCount: 1,
      firstDate: '2027-02-01',
      lastDate: '2027-04-01',
    });
    expect(body.links).toEqual({
      musicBrainz: `https://musicbrainz.org/artist/${MBID}`,
      official: 'https://northernlanterns.example/',
    });
  });

  it('answers an artist without shows, followers or links', async () => {
    const body = await (await server.fetch(`/api/artist-profile/quiet-band?today=${TODAY}`)).json();
    expect(body).toMatchObject({
      artist: { name: 'Quiet Band', followerCount: 0, imageUrl: null, genres: [] },
      nextShows: [],
      upcomingShowCount: 0,
      tours: [],
      links: { musicBrainz: null, official: null },
    });
  });

  it('has browsers revalidate: 304 while unchanged, the new follower count once someone follows', async () => {
    const url = `/api/artist-profile/northern-lanterns?today=${TODAY}`;
    const etag = await expectRevalidatedRead(server, url, 30);
    await server.database.query("insert into users (name, email) values ('C', 'c@example.com')");
    await server.database.query(
      `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
       select u.id, a.id, a.name, a.slug from users u, artists a where u.email = 'c@example.com' and a.slug = 'northern-lanterns'`,
    );
    const after = await server.fetch(url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).artist.followerCount).toBe(3);
  });

  it('answers 404 for unknown artists', async () => {
    const response = await server.fetch(`/api/artist-profile/nobody?today=${TODAY}`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });
});
