import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, PUBLIC_URL, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { CalendarFeed, CalendarFeedsResponse } from '#shared/calendar.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type SignedInFan, signedInFan, signedInPair } from '#tests/setup/fans.ts';

const HOST = new URL(PUBLIC_URL).hostname;

type Fan = SignedInFan;
const newFan = (server: AuthTestServer) => signedInFan(server, { label: 'feed' });

async function feedsOf(fan: Fan): Promise<Record<string, CalendarFeed>> {
  const response = await fan.browser.request('/api/calendar/feeds');
  expect(response.status).toBe(200);
  const { feeds } = (await response.json()) as CalendarFeedsResponse;
  return Object.fromEntries(feeds.map((feed) => [feed.kind, feed]));
}

/** The feed as a calendar app fetches it: no cookie, no Origin, just the URL. */
async function fetchFeed(server: AuthTestServer, url: string) {
  const response = await server.fetch(new URL(url).pathname);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

const eventOf = (text: string, stopId: string) => events(text).find((e) => e.uid === `stop-${stopId}@${HOST}`);

describe('calendar feeds', () => {
  let server: AuthTestServer;
  const stop: Record<string, string> = {};

  async function stopId(artist: string, date: string): Promise<string> {
    const { rows } = await server.database.query<{ id: string }>(
      `select s.id from tour_stops s join artists a on a.id = s.artist_id where a.name = $1 and s.event_date = $2`,
      [artist, date],
    );
    return rows[0]!.id;
  }

  async function mark(fan: Fan, id: string, state: string) {
    await server.database.query(
      `insert into user_shows (user_id, stop_id, state) values ($1, $2, $3)
       on conflict (user_id, stop_id) do update set state = excluded.state`,
      [fan.id, id, state],
    );
  }

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Feedback Loops',
        tours: [
          {
            name: 'Signal Tour',
            stops: [
              {
                date: '2030-06-15',
                time: '19:30',
                venue: 'Red Rocks Amphitheatre',
                city: 'Morrison',
                region: 'CO',
                country: 'US',
                lat: 39.6654,
                lon: -105.2057,
              },
              { date: '2030-06-20', venue: 'The Anthem', city: 'Washington', region: 'DC', country: 'US' },
              { date: '2030-07-01', time: '20:00', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
              { date: '2024-05-01', time: '20:00', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
            ],
          },
        ],
      },
      {
        name: 'Near Artist',
        tours: [
          {
            name: 'Home Tour',
            stops: [
              { date: '2030-08-01', venue: 'Ogden Theatre', city: 'Denver', region: 'CO', country: 'US' },
              { date: '2030-08-05', venue: 'Paradise', city: 'Boston', region: 'MA', country: 'US' },
              { date: '2030-08-09', venue: 'Fillmore Denver', city: 'Denver', region: 'CO', country: 'US' },
            ],
          },
        ],
      },
    ]);
    await server.database.query(`update venues set time_zone = 'America/Denver' where city in ('Morrison', 'Denver')`);
    await server.database.query(
      `update venues set time_zone = 'America/New_York' where city in ('Boston', 'Washington')`,
    );
    await server.database.query(`update venues set lat = 39.7392, lon = -104.9903 where city = 'Denver'`);
    await server.database.query(`update venues set lat = 42.3505, lon = -71.1054 where city = 'Boston'`);
    await server.database.query(`update venues set address = '18300 W Alameda Pkwy' where city = 'Morrison'`);
    stop.redRocks = await stopId('Feedback Loops', '2030-06-15');
    stop.anthem = await stopId('Feedback Loops', '2030-06-20');
    stop.paradise = await stopId('Feedback Loops', '2030-07-01');
    stop.past = await stopId('Feedback Loops', '2024-05-01');
    stop.ogden = await stopId('Near Artist', '2030-08-01');
    stop.nearBoston = await stopId('Near Artist', '2030-08-05');
    stop.fillmore = await stopId('Near Artist', '2030-08-09');
  });
  afterAll(() => server?.close());

  it('gives a signed-in fan three private feeds, the same on every ask; visitors get 401', async () => {
    expect((await new TestBrowser(server).request('/api/calendar/feeds')).status).toBe(401);
    const fan = await newFan(server);
    const feeds = await feedsOf(fan);
    expect(Object.keys(feeds).sort()).toEqual(['going', 'interested', 'nearby']);
    const going = feeds.going!;
    expect(going.title).toBe('Going');
    expect(feeds.nearby!.title).toBe('My artists near home');
    expect(going.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(going.webcalUrl).toBe(going.url.replace('http://', 'webcal://'));
    expect(going.googleUrl).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(going.webcalUrl)}`);
    expect(new Set(Object.values(feeds).map((feed) => feed.url)).size).toBe(3);
    expect((await feedsOf(fan)).going!.url).toBe(going.url);
  });

  it('writes Going (and attended) shows with TZID, SEQUENCE, STATUS, LOCATION, GEO and URL', async () => {
    const fan = await newFan(server);
    await mark(fan, stop.redRocks!, 'going');
    await mark(fan, stop.anthem!, 'going');
    await mark(fan, stop.past!, 'attended');
    await mark(fan, stop.paradise!, 'interested');
    const feed = await fetchFeed(server, (await feedsOf(fan)).going!.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain('DTSTART;TZID=America/Denver:20300615T193000');
    expect(feed.text).toContain('BEGIN:VTIMEZONE');
    expect(feed.text).toMatch(/X-WR-CALNAME:TourGuides: Going/);

    const found = events(feed.text);
    expect(found).toHaveLength(3);
    const redRocks = eventOf(feed.text, stop.redRocks!)!;
    expect(redRocks.start.tz).toBe('America/Denver');
    // 19:30 MDT (UTC-6) is 01:30 UTC the next day.
    expect(redRocks.start.toISOString()).toBe('2030-06-16T01:30:00.000Z');
    expect(redRocks.end!.toISOString()).toBe('2030-06-16T04:30:00.000Z');
    expect(redRocks.datetype).toBe('date-time');
    expect(Number(redRocks.sequence)).toBe(0);
    expect(redRocks.status).toBe('CONFIRMED');
    expect(redRocks.summary).toBe('Feedback Loops at Red Rocks Amphitheatre');
    expect(String(redRocks.location)).toContain('Red Rocks Amphitheatre');
    expect(String(redRocks.location)).toContain('18300 W Alameda Pkwy, Morrison, CO, US');
    expect(redRocks.geo).toEqual({ lat: 39.6654, lon: -105.2057 });
    const url = typeof redRocks.url === 'string' ? redRocks.url : (redRocks.url as unknown as { val: string }).val;
    expect(url).toBe(`${PUBLIC_URL}/guide/feedback-loops/${await stopSlug(stop.redRocks!)}`);

    // No time known: an all-day event on the show's date.
    const anthem = eventOf(feed.text, stop.anthem!)!;
    expect(anthem.datetype).toBe('date');
    expect(feed.text).toContain('DTSTART;VALUE=DATE:20300620');

    expect(eventOf(feed.text, stop.past!)).toBeDefined();
    expect(eventOf(feed.text, stop.paradise!)).toBeUndefined();
    const interested = await fetchFeed(server, (await feedsOf(fan)).interested!.url);
    expect(events(interested.text).map((e) => e.uid)).toEqual([`stop-${stop.paradise}@${HOST}`]);
    expect(interested.text).toContain('DTSTART;TZID=America/New_York:20300701T200000');
  });

  async function stopSlug(id: string): Promise<string> {
    const { rows } = await server.database.query<{ slug: string }>('select slug from tour_stops where id = $1', [id]);
    return rows[0]!.slug;
  }

  it('keeps UIDs across regenerations and bumps SEQUENCE when a show moves or is cancelled', async () => {
    const fan = await newFan(server);
    await mark(fan, stop.fillmore!, 'going');
    await mark(fan, stop.nearBoston!, 'going');
    const { url } = (await feedsOf(fan)).going!;
    const before = await fetchFeed(server, url);
    const again = await fetchFeed(server, url);
    expect(again.text).toBe(before.text);
    const uids = events(before.text)
      .map((e) => e.uid)
      .sort();

    // The catalog sync moves one show a day later at 21:00, and cancels the other.
    await server.database.query(
      `update tour_stops set event_date = '2030-08-10', start_time = '21:00', revision = revision + 1,
         updated_at = now() where id = $1`,
      [stop.fillmore],
    );
    await server.database.query(
      `update tour_stops set status = 'cancelled', revision = revision + 1, updated_at = now() where id = $1`,
      [stop.nearBoston],
    );
    try {
      const after = await fetchFeed(server, url);
      expect(
        events(after.text)
          .map((e) => e.uid)
          .sort(),
      ).toEqual(uids);
      const moved = eventOf(after.text, stop.fillmore!)!;
      expect(Number(moved.sequence)).toBe(Number(eventOf(before.text, stop.fillmore!)!.sequence) + 1);
      expect(moved.start.tz).toBe('America/Denver');
      expect(after.text).toContain('DTSTART;TZID=America/Denver:20300810T210000');
      expect(moved.status).toBe('CONFIRMED');
      const cancelled = eventOf(after.text, stop.nearBoston!)!;
      expect(cancelled.status).toBe('CANCELLED');
      expect(Number(cancelled.sequence)).toBe(1);
      expect(cancelled.summary).toBe('Cancelled: Near Artist at Paradise');
    } finally {
      await server.database.query(
        `update tour_stops set event_date = '2030-08-09', start_time = null, status = 'scheduled', revision = 0
         where id in ($1, $2)`,
        [stop.fillmore, stop.nearBoston],
      );
    }
  });

  it("fills 'my artists near home' with followed artists' shows within the radius, unmarked ones only", async () => {
    const fan = await newFan(server);
    const nearbyUrl = (await feedsOf(fan)).nearby!.url;
    await fan.browser.request('/api/favorites/near-artist', { method: 'PUT' });
    await fan.browser.request('/api/favorites/feedback-loops', { method: 'PUT' });
    const uidsOf = async () =>
      events((await fetchFeed(server, nearbyUrl)).text)
        .map((e) => e.uid)
        .sort();

    // A radius but no home yet: nothing, rather than every show anywhere.
    expect(await uidsOf()).toEqual([]);

    // Home in Denver, 100 km: Ogden, Fillmore (Denver) and Red Rocks (Morrison, ~25 km), not Boston.
    await server.database.query(
      'update users set home_lat = 39.74, home_lon = -104.99, shows_radius_km = 100 where id = $1',
      [fan.id],
    );
    await mark(fan, stop.fillmore!, 'going');
    expect(await uidsOf()).toEqual([`stop-${stop.ogden}@${HOST}`, `stop-${stop.redRocks}@${HOST}`].sort());

    await server.database.query('update users set shows_radius_km = null where id = $1', [fan.id]);
    const anywhere = await uidsOf();
    expect(anywhere).toContain(`stop-${stop.nearBoston}@${HOST}`);
    expect(anywhere).not.toContain(`stop-${stop.fillmore}@${HOST}`);
    // Past shows are not "upcoming".
    expect(anywhere).not.toContain(`stop-${stop.past}@${HOST}`);
  });

  it('rotating replaces the tokens: the old URL answers 404 at once, the new one works', async () => {
    const fan = await newFan(server);
    await mark(fan, stop.redRocks!, 'going');
    const before = await feedsOf(fan);
    expect((await fetchFeed(server, before.going!.url)).status).toBe(200);

    const visitor = await new TestBrowser(server).request('/api/calendar/feeds/rotate', { json: {} });
    expect(visitor.status).toBe(401);

    const one = await fan.browser.request('/api/calendar/feeds/rotate', { json: { kind: 'interested' } });
    expect(one.status).toBe(200);
    const afterOne = Object.fromEntries(
      ((await one.json()) as CalendarFeedsResponse).feeds.map((feed) => [feed.kind, feed.url]),
    );
    expect(afterOne.interested).not.toBe(before.interested!.url);
    expect(afterOne.going).toBe(before.going!.url);
    expect((await fetchFeed(server, before.interested!.url)).status).toBe(404);

    const all = await fan.browser.request('/api/calendar/feeds/rotate', { json: {} });
    expect(all.status).toBe(200);
    const after = await feedsOf(fan);
    expect(after.going!.url).not.toBe(before.going!.url);
    expect(after.nearby!.url).not.toBe(before.nearby!.url);
    const old = await fetchFeed(server, before.going!.url);
    expect(old.status).toBe(404);
    expect(JSON.parse(old.text).error.code).toBe('NOT_FOUND');
    const fresh = await fetchFeed(server, after.going!.url);
    expect(fresh.status).toBe(200);
    expect(eventOf(fresh.text, stop.redRocks!)).toBeDefined();

    const bad = await fan.browser.request('/api/calendar/feeds/rotate', { json: { kind: 'everything' } });
    expect(bad.status).toBe(400);
    expect(await server.fetch('/api/calendar/not-a-token.ics').then((r) => r.status)).toBe(400);
  });

  it("never serves or rotates another user's feed", async () => {
    const [a, b] = await signedInPair(server, { label: 'feed' });
    await mark(a, stop.redRocks!, 'going');
    await mark(b, stop.paradise!, 'going');
    const aFeeds = await feedsOf(a);
    const bFeeds = await feedsOf(b);
    const aText = (await fetchFeed(server, aFeeds.going!.url)).text;
    expect(eventOf(aText, stop.redRocks!)).toBeDefined();
    expect(eventOf(aText, stop.paradise!)).toBeUndefined();
    const bText = (await fetchFeed(server, bFeeds.going!.url)).text;
    expect(eventOf(bText, stop.paradise!)).toBeDefined();
    expect(eventOf(bText, stop.redRocks!)).toBeUndefined();

    // A's rotation (even naming a kind) changes only A's tokens; A's session cannot read B's list.
    await a.browser.request('/api/calendar/feeds/rotate', { json: { kind: 'going' } });
    expect((await feedsOf(b)).going!.url).toBe(bFeeds.going!.url);
    expect((await fetchFeed(server, bFeeds.going!.url)).status).toBe(200);
    expect(Object.values(await feedsOf(a)).map((feed) => feed.url)).not.toContain(bFeeds.going!.url);
  });

  it("downloads one show's .ics; a pending show only for its submitter", async () => {
    const response = await server.fetch(`/api/calendar/stops/${stop.redRocks}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="feedback-loops-2030-06-15.ics"');
    const text = await response.text();
    const [only] = events(text);
    expect(only!.uid).toBe(`stop-${stop.redRocks}@${HOST}`);
    expect(text).toContain('DTSTART;TZID=America/Denver:20300615T193000');
    expect(text).not.toContain('REFRESH-INTERVAL');

    const author = await newFan(server);
    await server.database.query(
      `update tour_stops set review_state = 'pending', submitted_by = $2, submitted_at = now() where id = $1`,
      [stop.ogden, author.id],
    );
    try {
      expect((await server.fetch(`/api/calendar/stops/${stop.ogden}.ics`)).status).toBe(404);
      const other = await newFan(server);
      expect((await other.browser.request(`/api/calendar/stops/${stop.ogden}.ics`)).status).toBe(404);
      expect((await author.browser.request(`/api/calendar/stops/${stop.ogden}.ics`)).status).toBe(200);
    } finally {
      await server.database.query(
        `update tour_stops set review_state = 'approved', submitted_by = null where id = $1`,
        [stop.ogden],
      );
    }
    const unknown = await server.fetch('/api/calendar/stops/00000000-0000-4000-8000-000000000000.ics');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Show not found');
  });
});
