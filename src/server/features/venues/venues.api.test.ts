import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRevalidatedRead } from '#server/lib/public-cache.test-support.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { startTestServer, type TestServer } from '#tests/setup/test-server.ts';

const TODAY = '2027-03-01';

describe('venue page API', () => {
  let server: TestServer;
  let anthemSlug: string;
  beforeAll(async () => {
    server = await startTestServer();
    await seedCatalog(server.database, [
      {
        name: 'northern LANTERNS',
        tours: [
          {
            name: 'Harbour Lights Tour',
            stops: [
              { date: '2026-11-01', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              {
                date: '2027-04-02',
                time: '20:00',
                venue: 'The Anthem',
                city: 'Washington',
                region: 'DC',
                country: 'US',
                ticketUrl: 'https://tickets.example/1',
              },
            ],
          },
        ],
      },
      {
        name: 'Amber Skies',
        tours: [
          {
            name: 'Dawn Tour',
            stops: [
              { date: '2027-03-01', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2027-01-15', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2027-06-01', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
    ]);
    await server.database.query(
      "update venues set address = '901 Wharf St SW', lat = 38.8799, lon = -77.0253 where name = 'The Anthem'",
    );
    const { rows } = await server.database.query<{ slug: string }>("select slug from venues where name = 'The Anthem'");
    anthemSlug = rows[0]!.slug;
  });
  afterAll(() => server?.close());

  it('answers the venue with its map link, upcoming shows in date order and the count of past shows', async () => {
    const response = await server.fetch(`/api/venues/${anthemSlug}?today=${TODAY}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.venue).toEqual({
      name: 'The Anthem',
      slug: anthemSlug,
      address: '901 Wharf St SW',
      city: 'Washington',
      region: 'DC',
      country: 'US',
      lat: 38.8799,
      lon: -77.0253,
      // Coordinates set after the import: the start-up back-fill (not run here) would add its zone.
      timeZone: null,
      mapUrl: 'https://www.openstreetmap.org/?mlat=38.87990&mlon=-77.02530#map=17/38.87990/-77.02530',
    });
    expect(body.upcomingShows).toEqual([
      expect.objectContaining({ artistName: 'Amber Skies', artistSlug: 'amber-skies', date: '2027-03-01', time: null }),
      expect.objectContaining({
        artistName: 'Northern Lanterns',
        date: '2027-04-02',
        time: '20:00',
        tourName: 'Harbour Lights Tour',
        ticketUrl: 'https://tickets.example/1',
        stopSlug: expect.stringMatching(/^2027-04-02-/),
      }),
    ]);
    expect(body.pastShowCount).toBe(2);
  });

  it('has browsers revalidate (304 while unchanged); shared caches keep it a minute', async () => {
    await expectRevalidatedRead(server, `/api/venues/${anthemSlug}?today=${TODAY}`, 60);
  });

  it('links to an address search when the venue has no coordinates', async () => {
    const { rows } = await server.database.query<{ slug: string }>("select slug from venues where name = 'Paradise'");
    const body = await (await server.fetch(`/api/venues/${rows[0]!.slug}?today=${TODAY}`)).json();
    expect(body.venue.mapUrl).toBe('https://www.openstreetmap.org/search?query=Paradise%2C%20Boston%2C%20MA%2C%20US');
    expect(body.pastShowCount).toBe(0);
  });

  it('answers 404 for unknown venues and 400 without a date', async () => {
    const unknown = await server.fetch(`/api/venues/no-such-hall?today=${TODAY}`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    expect((await server.fetch(`/api/venues/NOT_A_SLUG?today=${TODAY}`)).status).toBe(404);
    expect((await server.fetch(`/api/venues/${anthemSlug}`)).status).toBe(400);
  });
});
