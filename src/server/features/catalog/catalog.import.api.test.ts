import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import type { SourceStop } from '#server/providers/source-stop.ts';
import type { CatalogArtist, CatalogFile, CatalogStop } from '#shared/catalog-import.ts';
import { openTestDatabase } from '#tests/setup/databases.ts';
import { importCatalog, normaliseCatalog, writeCatalogEntries } from './catalog.service.ts';
import { localCatalogChanges, localCatalogWriter } from './catalog-changes.ts';

const redRocks = (date: string, extra: Partial<CatalogStop> = {}): CatalogStop => ({
  date,
  venue: 'Red Rocks Amphitheatre',
  city: 'Morrison',
  region: 'Colorado',
  country: 'US',
  lat: 39.6654,
  lon: -105.2057,
  ...extra,
});

const artist = (name: string, stops: CatalogStop[], extra: Partial<CatalogArtist> = {}): CatalogArtist => ({
  name,
  tours: [{ name: 'Main Tour', stops }],
  ...extra,
});

const catalog = (...artists: CatalogArtist[]): CatalogFile => ({ artists });

describe('catalog import', () => {
  let database: Database;
  let writer: CatalogWriterDeps;

  beforeAll(async () => {
    database = await openTestDatabase();
    writer = localCatalogWriter(database);
  });
  afterAll(() => database?.close());

  const rows = async <T>(text: string, params: unknown[] = []) => (await database.query<T>(text, params)).rows;

  const tableCounts = async () => {
    const [counts] = await rows<{ artists: number; tours: number; stops: number; venues: number }>(
      `select (select count(*)::int from artists) as artists, (select count(*)::int from tours) as tours,
              (select count(*)::int from tour_stops) as stops, (select count(*)::int from venues) as venues`,
    );
    return counts!;
  };

  const artistRow = async (slug: string) => {
    const [row] = await rows<{
      id: string;
      name: string;
      mbid: string | null;
      genres: string[];
      sort_name: string;
      tour_count: number;
      last_event_date: string | null;
    }>(
      `select id, name, mbid, genres, sort_name, tour_count, last_event_date::text as last_event_date
       from artists where slug = $1`,
      [slug],
    );
    return row;
  };

  const stopsOf = (slug: string) =>
    rows<{ slug: string; date: string; city: string; region: string | null; tour: string; venue: string }>(
      `select s.slug, s.event_date::text as date, s.city, s.region, t.name as tour, v.slug as venue
       from tour_stops s join tours t on t.id = s.tour_id join venues v on v.id = s.venue_id
       join artists a on a.id = s.artist_id where a.slug = $1 order by s.slug`,
      [slug],
    );

  it('adds everything once; importing the same file again adds nothing', async () => {
    const file = catalog(
      {
        name: 'Idempotent Ink',
        genres: ['indie'],
        tours: [
          { name: 'First Run', stops: [redRocks('2027-04-02', { time: '19:30' }), redRocks('2027-04-03')] },
          {
            name: 'Second Run',
            stops: [
              {
                date: '2027-06-01',
                venue: 'Massey Hall',
                city: 'Toronto',
                region: 'ON',
                country: 'CA',
                ticketUrl: 'https://tickets.example.com/e/1',
                source: 'jambase',
                externalId: 'jb-1',
              },
            ],
          },
        ],
      },
      artist('Twice Told', [redRocks('2027-05-05')]),
    );
    const before = await tableCounts();

    const first = await importCatalog(writer, file);
    expect(first).toEqual({
      artistsAdded: 2,
      toursAdded: 3,
      stopsAdded: 4,
      venuesAdded: 2,
      addedArtists: [
        { name: 'Idempotent Ink', slug: 'idempotent-ink' },
        { name: 'Twice Told', slug: 'twice-told' },
      ],
    });
    const afterFirst = await tableCounts();
    expect(afterFirst).toEqual({
      artists: before.artists + 2,
      tours: before.tours + 3,
      stops: before.stops + 4,
      venues: before.venues + 2,
    });

    const second = await importCatalog(writer, file);
    expect(second).toEqual({ artistsAdded: 0, toursAdded: 0, stopsAdded: 0, venuesAdded: 0, addedArtists: [] });
    expect(await tableCounts()).toEqual(afterFirst);

    const stored = await rows<{ date: string; start_time: string | null; source: string; external_id: string | null }>(
      `select s.event_date::text as date, s.start_time::text, s.source, s.external_id
       from tour_stops s join artists a on a.id = s.artist_id where a.slug = 'idempotent-ink' order by s.event_date`,
    );
    expect(stored).toEqual([
      { date: '2027-04-02', start_time: '19:30:00', source: 'import', external_id: null },
      { date: '2027-04-03', start_time: null, source: 'import', external_id: null },
      { date: '2027-06-01', start_time: null, source: 'jambase', external_id: 'jb-1' },
    ]);
  });

  it('identifies an artist by slug, whatever the case and spacing of the name', async () => {
    await importCatalog(writer, catalog(artist('the midnight ravens', [redRocks('2027-04-02')])));
    const again = await importCatalog(
      writer,
      catalog({ name: 'The  Midnight RAVENS', tours: [{ name: 'Encore Tour', stops: [redRocks('2027-09-09')] }] }),
    );
    expect(again).toMatchObject({ artistsAdded: 0, toursAdded: 1, stopsAdded: 1, venuesAdded: 0 });
    const row = await artistRow('the-midnight-ravens');
    expect(row?.name).toBe('the midnight ravens');
    expect(row?.tour_count).toBe(2);
  });

  it('identifies an artist by mbid even under a new name, and fills an mbid it did not know', async () => {
    const mbid = 'a74b1b7f-71a5-4011-9441-d0b5e4122711';
    await importCatalog(writer, catalog(artist('Formerly Known', [redRocks('2027-01-10')], { mbid })));
    const renamed = await importCatalog(
      writer,
      catalog(artist('Newly Named', [redRocks('2027-01-11')], { mbid: mbid.toUpperCase() })),
    );
    expect(renamed).toMatchObject({ artistsAdded: 0, stopsAdded: 1 });
    expect(await artistRow('newly-named')).toBeUndefined();
    expect((await stopsOf('formerly-known')).map((stop) => stop.date)).toEqual(['2027-01-10', '2027-01-11']);

    await importCatalog(writer, catalog(artist('No Id Yet', [redRocks('2027-01-12')])));
    const fillMbid = 'b5a6f2f4-8b0c-4b8e-9d55-1e0c4d1a2b3c';
    const filled = await importCatalog(
      writer,
      catalog(artist('No Id Yet', [redRocks('2027-01-12')], { mbid: fillMbid, genres: ['ska'] })),
    );
    expect(filled).toMatchObject({ artistsAdded: 0, stopsAdded: 0 });
    expect(await artistRow('no-id-yet')).toMatchObject({ mbid: fillMbid, genres: ['ska'] });
  });

  it('announces a committed write that changed the catalog once, and drops only local answers after one that did not', async () => {
    const told: string[] = [];
    const recording: CatalogWriterDeps = {
      database,
      catalogChanges: {
        ...localCatalogChanges,
        noted: () => told.push('noted'),
        changed: async () => {
          told.push('changed');
        },
      },
    };
    const file = catalog(artist('Told Once', [redRocks('2027-02-20')]));
    await importCatalog(recording, file);
    expect(told).toEqual(['changed']);
    await importCatalog(recording, file);
    expect(told).toEqual(['changed', 'noted']);
    // Nothing added, but an artist's missing genres filled: readers see it.
    await importCatalog(recording, catalog(artist('Told Once', [redRocks('2027-02-20')], { genres: ['folk'] })));
    expect(told).toEqual(['changed', 'noted', 'changed']);
  });

  it('identifies a tour by name within its artist and a stop by date and venue within its tour', async () => {
    await importCatalog(
      writer,
      catalog(artist('Tour Keeper', [redRocks('2027-03-01')]), artist('Other Keeper', [redRocks('2027-03-01')])),
    );
    const result = await importCatalog(
      writer,
      catalog(
        artist('Tour Keeper', [
          redRocks('2027-03-01', { ticketUrl: 'https://tickets.example.com/changed' }),
          redRocks('2027-03-02'),
        ]),
      ),
    );
    expect(result).toMatchObject({ toursAdded: 0, stopsAdded: 1, venuesAdded: 0 });
    const [tours] = await rows<{ count: number }>(
      `select count(*)::int as count from tours t join artists a on a.id = t.artist_id
       where a.slug in ('tour-keeper', 'other-keeper') and t.name = 'Main Tour'`,
    );
    expect(tours?.count).toBe(2);

    // The same date and venue in another tour of the same artist is another stop.
    const otherTour = await importCatalog(writer, {
      artists: [{ name: 'Tour Keeper', tours: [{ name: 'Side Project Tour', stops: [redRocks('2027-03-01')] }] }],
    });
    expect(otherTour).toMatchObject({ toursAdded: 1, stopsAdded: 1 });
  });

  it('treats venues spelled in another case or with the state name or code as one venue', async () => {
    const result = await importCatalog(
      writer,
      catalog(
        artist('Venue Twins', [
          redRocks('2027-07-01'),
          redRocks('2027-07-02', { venue: 'RED ROCKS AMPHITHEATRE', city: 'morrison', region: 'co' }),
          redRocks('2027-07-03', { region: 'CO' }),
        ]),
      ),
    );
    expect(result.stopsAdded).toBe(3);
    const venues = new Set((await stopsOf('venue-twins')).map((stop) => stop.venue));
    expect([...venues]).toEqual(['red-rocks-amphitheatre-morrison-co']);
  });

  it('converts US state names to codes and leaves other regions alone', async () => {
    const place = (city: string, region: string, country: string, date: string): CatalogStop => ({
      date,
      venue: `Hall in ${city}`,
      city,
      region,
      country,
    });
    await importCatalog(
      writer,
      catalog(
        artist('State Lines', [
          place('Brooklyn', 'new york', 'US', '2027-02-01'),
          place('Washington', 'District of Columbia', 'US', '2027-02-02'),
          place('San Juan', 'Puerto Rico', 'US', '2027-02-03'),
          place('Toronto', 'Ontario', 'CA', '2027-02-04'),
          place('Perth', 'WA', 'AU', '2027-02-05'),
          place('Tbilisi', 'Georgia', 'GE', '2027-02-06'),
        ]),
      ),
    );
    const regions = (await stopsOf('state-lines')).map((stop) => [stop.city, stop.region]);
    expect(regions).toEqual([
      ['Brooklyn', 'NY'],
      ['Washington', 'DC'],
      ['San Juan', 'PR'],
      ['Toronto', 'Ontario'],
      ['Perth', 'WA'],
      ['Tbilisi', 'Georgia'],
    ]);
    const [venue] = await rows<{ region: string; identity_key: string }>(
      `select region, identity_key from venues where name = 'Hall in Brooklyn'`,
    );
    expect(venue).toEqual({ region: 'NY', identity_key: 'hall in brooklyn|brooklyn|ny|us' });
  });

  it('gives stops slugs unique within their artist, suffixing -2, -3 on collisions', async () => {
    const inStore = (date: string): CatalogStop => ({
      date,
      venue: 'Morrison Records',
      city: 'Morrison',
      region: 'CO',
      country: 'US',
    });
    await importCatalog(
      writer,
      catalog(
        artist('Slug Maker', [
          redRocks('2027-04-02'),
          inStore('2027-04-02'),
          { date: '2027-05-01', venue: 'Roundhouse', city: 'London', region: 'England', country: 'GB' },
          { date: '2027-05-02', venue: 'Nippon Budokan', city: 'Tokyo', country: 'JP' },
        ]),
        artist('Slug Neighbour', [redRocks('2027-04-02')]),
      ),
    );
    // A later file adds a third show in Morrison that day: the database's slugs count too.
    await importCatalog(writer, {
      artists: [{ name: 'Slug Maker', tours: [{ name: 'Late Show', stops: [redRocks('2027-04-02')] }] }],
    });
    expect((await stopsOf('slug-maker')).map((stop) => stop.slug)).toEqual([
      '2027-04-02-morrison-co',
      '2027-04-02-morrison-co-2',
      '2027-04-02-morrison-co-3',
      '2027-05-01-london-england',
      '2027-05-02-tokyo-jp',
    ]);
    expect((await stopsOf('slug-neighbour')).map((stop) => stop.slug)).toEqual(['2027-04-02-morrison-co']);
  });

  it('gives venues globally unique slugs, suffixing -2 when two places share one', async () => {
    await importCatalog(
      writer,
      catalog(
        artist('Hall Hopper', [
          { date: '2027-08-01', venue: 'The Fillmore', city: 'San Francisco', region: 'California', country: 'US' },
          { date: '2027-08-02', venue: 'The Fillmore!', city: 'San Francisco', region: 'CA', country: 'US' },
        ]),
      ),
    );
    expect((await stopsOf('hall-hopper')).map((stop) => stop.venue)).toEqual([
      'the-fillmore-san-francisco-ca',
      'the-fillmore-san-francisco-ca-2',
    ]);
  });

  it('refreshes sort name, tour count and last event date of the artists it touches', async () => {
    await importCatalog(writer, catalog(artist('The Stat Keepers', [redRocks('2027-01-01'), redRocks('2026-12-01')])));
    expect(await artistRow('the-stat-keepers')).toMatchObject({
      sort_name: 'stat keepers',
      tour_count: 1,
      last_event_date: '2027-01-01',
    });
    await importCatalog(writer, {
      artists: [{ name: 'The Stat Keepers', tours: [{ name: 'Return', stops: [redRocks('2027-11-30')] }] }],
    });
    expect(await artistRow('the-stat-keepers')).toMatchObject({ tour_count: 2, last_event_date: '2027-11-30' });

    await importCatalog(writer, catalog(artist('Theory of Stats', [redRocks('2027-01-01')])));
    expect((await artistRow('theory-of-stats'))?.sort_name).toBe('theory of stats');
  });

  it('rejects a bad file whole, listing every problem with its path, and writes nothing', async () => {
    const before = await tableCounts();
    const bad = {
      artists: [
        artist('Fine Artist', [redRocks('2027-04-02')]),
        artist('', [redRocks('2027-02-30', { time: '24:00', country: 'USA', ticketUrl: 'ftp://example.com' })]),
      ],
    };
    const error = await importCatalog(writer, bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BAD_REQUEST');
    expect((error as AppError).issues).toEqual([
      { path: 'artists[1].name', message: 'must not be empty' },
      { path: 'artists[1].tours[0].stops[0].date', message: 'expected YYYY-MM-DD' },
      { path: 'artists[1].tours[0].stops[0].time', message: 'expected HH:MM between 00:00 and 23:59' },
      { path: 'artists[1].tours[0].stops[0].country', message: 'expected a 2-letter country code such as US' },
      { path: 'artists[1].tours[0].stops[0].ticketUrl', message: 'expected an http(s) URL' },
    ]);
    expect(await tableCounts()).toEqual(before);
    expect(await artistRow('fine-artist')).toBeUndefined();
  });

  it('rolls the whole file back when the database refuses a row', async () => {
    // A constraint only this test database has, so the failure happens after earlier rows were written.
    await database.query(`alter table tour_stops add constraint test_no_kaboom check (city <> 'Kaboom')`);
    try {
      const before = await tableCounts();
      const file = catalog(
        artist('Rollback One', [redRocks('2027-04-02')]),
        artist('Rollback Two', [{ date: '2027-04-03', venue: 'Crater', city: 'Kaboom', country: 'US' }]),
      );
      const error = await importCatalog(writer, file).catch((caught: unknown) => caught);
      // Drizzle wraps the driver's error; the constraint's name is in the cause.
      expect(String((error as Error).cause ?? error)).toMatch(/test_no_kaboom/);
      expect(await tableCounts()).toEqual(before);
      expect(await artistRow('rollback-one')).toBeUndefined();
    } finally {
      await database.query('alter table tour_stops drop constraint test_no_kaboom');
    }
  });

  it("records a provider listing as its stop's source, finds the stop by it or by the merge rules, never on a fan's stop", async () => {
    const listing = (externalId: string, date: string, time: string, venue: string): SourceStop => ({
      provider: 'jambase',
      externalId,
      url: `https://www.jambase.com/show/${externalId}`,
      ticketUrl: null,
      seller: null,
      status: 'scheduled',
      date,
      time,
      endDate: null,
      previousDate: null,
      lineup: [{ name: 'Listed Band', mbid: null }],
      tourName: null,
      venue: {
        name: venue,
        city: 'Morrison',
        region: 'CO',
        country: 'US',
        lat: null,
        lon: null,
        timeZone: null,
        address: null,
      },
    });
    /** One stop of Listed Band as a provider (or, with `fan`, a fan) hands it to the writer. */
    const write = (tour: string, stop: CatalogStop, listings: SourceStop[], fan?: string) => {
      const entries = normaliseCatalog(
        catalog({ name: 'Listed Band', tours: [{ name: tour, stops: [stop] }] }),
        'jambase',
      );
      for (const entry of entries.flatMap((e) => e.tours.flatMap((t) => t.stops))) {
        entry.listings = listings;
        if (fan) entry.submittedBy = fan;
      }
      return writeCatalogEntries(writer, entries);
    };
    const sources = () =>
      rows<{ stop: string; state: string; provider: string; externalId: string; url: string; seen: string }>(
        `select s.id as stop, s.review_state as state, ss.provider, ss.external_id as "externalId", ss.url,
                ss.last_seen_at::text as seen
         from tour_stops s join artists a on a.id = s.artist_id left join stop_sources ss on ss.stop_id = s.id
         where a.slug = 'listed-band' order by s.review_state, ss.external_id`,
      );
    const [fan] = await rows<{ id: string }>(
      `insert into users (name, email) values ('Fan', 'listed@example.com') returning id`,
    );

    // A fan's pending stop: the listing it carries is not recorded (ADR 0037).
    await write(
      'Fan Tour',
      redRocks('2031-06-01', { time: '20:00' }),
      [listing('jb:1/p', '2031-06-01', '20:00', 'Red Rocks')],
      fan!.id,
    );
    expect(await sources()).toEqual([expect.objectContaining({ state: 'pending', provider: null })]);

    // A provider's listing of that show: its own approved stop with its source, the pending one untouched.
    const first = listing('jb:2/p', '2031-06-01', '20:00', 'Red Rocks Amphitheatre');
    expect(
      (await write('Main Tour', redRocks('2031-06-01', { time: '20:00', externalId: 'jb:2/p' }), [first])).stopsAdded,
    ).toBe(1);
    const [approved, pending] = await sources();
    expect(approved).toMatchObject({
      state: 'approved',
      provider: 'jambase',
      externalId: 'jb:2/p',
      url: 'https://www.jambase.com/show/jb:2/p',
    });
    expect(pending).toMatchObject({ state: 'pending', provider: null });

    // The same listing again, spelt and timed otherwise in another tour: found by its source, seen again.
    const again = await write(
      'Other Tour',
      { ...redRocks('2031-06-01', { time: '20:45', externalId: 'jb:2/p' }), venue: 'The Red Rocks Amphitheatre' },
      [{ ...first, time: '20:45' }],
    );
    expect(again).toMatchObject({ stopsAdded: 0, toursAdded: 0, venuesAdded: 0 });
    const [seenAgain] = await sources();
    expect(seenAgain).toMatchObject({ stop: approved!.stop, externalId: 'jb:2/p' });
    expect(new Date(seenAgain!.seen).getTime()).toBeGreaterThan(new Date(approved!.seen).getTime());

    // Another source's listing of the show, never linked: the merge rules find the stop.
    const other = { ...listing('bit:9', '2031-06-01', '19:30', 'Red Rocks'), provider: 'bandsintown' };
    const merged = await write(
      'Other Tour',
      { ...redRocks('2031-06-01', { time: '19:30', externalId: 'bit:9' }), source: 'bandsintown', venue: 'Red Rocks' },
      [other],
    );
    expect(merged).toMatchObject({ stopsAdded: 0, toursAdded: 0 });
    expect((await sources()).filter((row) => row.stop === approved!.stop).map((row) => row.externalId)).toEqual([
      'bit:9',
      'jb:2/p',
    ]);
  });

  it("never lets a fan's pending stop in a provider show's very slot (same tour, date, venue, time) keep that show from the public", async () => {
    const [fan] = await rows<{ id: string }>(
      `insert into users (name, email) values ('Fan', 'slot@example.com') returning id`,
    );
    const write = (stop: CatalogStop, submittedBy?: string) => {
      const entries = normaliseCatalog(
        catalog({ name: 'Slot Band', tours: [{ name: 'Slot Band Live', stops: [stop] }] }),
        'jambase',
      );
      for (const entry of entries.flatMap((e) => e.tours.flatMap((t) => t.stops))) {
        if (submittedBy) entry.submittedBy = submittedBy;
      }
      return writeCatalogEntries(writer, entries);
    };
    const stops = () =>
      rows<{ state: string; externalId: string | null }>(
        `select s.review_state as state, s.external_id as "externalId"
         from tour_stops s join artists a on a.id = s.artist_id where a.slug = 'slot-band' order by s.review_state`,
      );
    // The artist is public (a provider listed it before); a fan adds "their" show first.
    await write(redRocks('2031-07-01', { time: '20:00', externalId: 'jb:earlier' }));
    await write(redRocks('2031-07-04', { time: '20:00' }), fan!.id);
    expect(await stops()).toEqual([
      { state: 'approved', externalId: 'jb:earlier' },
      { state: 'pending', externalId: null },
    ]);

    // The provider lists that same show: it is public at once; the fan's request waits for review
    // (where approving merges it into this stop).
    expect((await write(redRocks('2031-07-04', { time: '20:00', externalId: 'jb:slot' }))).stopsAdded).toBe(1);
    expect(await stops()).toEqual([
      { state: 'approved', externalId: 'jb:earlier' },
      { state: 'approved', externalId: 'jb:slot' },
      { state: 'pending', externalId: null },
    ]);

    // The same fan adding the same show again still makes no second request.
    expect((await write(redRocks('2031-07-04', { time: '20:00' }), fan!.id)).stopsAdded).toBe(0);
  });
});

describe('catalog import, first import of a large catalog', () => {
  let database: Database;
  let writer: CatalogWriterDeps;

  beforeAll(async () => {
    database = await openTestDatabase();
    writer = localCatalogWriter(database);
  });
  afterAll(() => database?.close());

  /** tour_stops' indexes and constraints as PostgreSQL describes them. */
  const stopTableShape = async () =>
    (
      await database.query<{ definition: string }>(
        `select indexdef as definition from pg_indexes where tablename = 'tour_stops'
         union all
         select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where conrelid = 'tour_stops'::regclass
         order by 1`,
      )
    ).rows.map((row) => row.definition);

  /** `artists` × `stopsEach` stops, each at its own date: more than one bulk batch in all. */
  const largeCatalog = (artists: number, stopsEach: number, prefix: string): CatalogFile => ({
    artists: Array.from({ length: artists }, (_, a) => ({
      name: `${prefix} ${a}`,
      tours: [
        {
          name: 'World Tour',
          stops: Array.from({ length: stopsEach }, (_, s) => ({
            date: new Date(Date.UTC(2027, 0, 1 + s)).toISOString().slice(0, 10),
            venue: `Hall ${s % 7}`,
            city: `City ${s % 5}`,
            country: 'GB',
          })),
        },
      ],
    })),
  });

  /** Changes when the index is dropped and built again. */
  const dateIndexOid = async () =>
    (await database.query<{ oid: number }>(`select 'tour_stops_date_idx'::regclass::oid::int as oid`)).rows[0]!.oid;

  it('builds the indexes and checks the keys once at the end, leaving the table as the migrations made it', async () => {
    const shape = await stopTableShape();
    const migratedIndex = await dateIndexOid();
    expect(shape.filter((line) => line.includes('FOREIGN KEY'))).toHaveLength(4);
    // A failure late in the load rolls back the dropped indexes and keys with everything else.
    await database.query(`alter table tour_stops add constraint test_no_kaboom check (city <> 'Kaboom')`);
    try {
      const late = largeCatalog(1, 10, 'Late Failure');
      for (const stop of late.artists[0]!.tours[0]!.stops) stop.city = 'Kaboom';
      const bad = { artists: [...largeCatalog(60, 100, 'Early Fine').artists, ...late.artists] };
      const error = await importCatalog(writer, bad).catch((caught: unknown) => caught);
      expect(String((error as Error).cause ?? error)).toMatch(/test_no_kaboom/);
    } finally {
      await database.query('alter table tour_stops drop constraint test_no_kaboom');
    }
    expect(await stopTableShape()).toEqual(shape);
    expect(await dateIndexOid()).toBe(migratedIndex);
    expect((await database.query('select 1 from tour_stops limit 1')).rows).toHaveLength(0);

    const file = largeCatalog(60, 100, 'Bulk Artist');
    const summary = await importCatalog(writer, file);
    expect(summary.stopsAdded).toBe(6_000);
    expect(await dateIndexOid()).not.toBe(migratedIndex);
    expect(await stopTableShape()).toEqual(shape);
    const { rows } = await database.query<{ stops: number; slugs: number; orphans: number }>(
      `select count(*)::int as stops, count(distinct (artist_id, slug))::int as slugs,
              count(*) filter (where not exists (select 1 from venues v where v.id = s.venue_id))::int as orphans
       from tour_stops s`,
    );
    expect(rows[0]).toEqual({ stops: 6_000, slugs: 6_000, orphans: 0 });
    // Not empty any more: the next import takes the row-by-row path and adds only what is new.
    const again = await importCatalog(writer, { artists: [...file.artists, ...largeCatalog(1, 3, 'Later').artists] });
    expect(again.stopsAdded).toBe(3);
  });
});
