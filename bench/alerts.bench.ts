/**
 * `npm run bench:alerts` (issue 29): 100,000 fans, 1,000,000 follows (900,000 of artists, 100,000 of
 * venues), a sync that adds 5,000 dates. Figures: who-to-tell in SQL (the artist's followers with
 * their places, the fans of changed stops, the followers of the new stops' venues), the whole
 * notify-tour-changes run (drafts, preferences, inserts, events), and the push worker's rate to the
 * fake push service (which checks VAPID and decrypts every push, on its own thread). Target:
 * who-to-tell under 10 s on PostgreSQL, pushes at 500/s or more, memory flat. Figures go to
 * docs/performance.md.
 *
 * `--quick` (10,000 fans), `--only=pglite|postgres` (PostgreSQL only unless asked: PGlite is not
 * the database for this many fans).
 */
import webpush from 'web-push';
import type { Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/client.ts';
import {
  lockUnnotifiedChanges,
  selectFansOfStops,
  selectFollowers,
  selectVenueFollowers,
} from '#server/features/notifications/notifications.repo.ts';
import { notifyTourChanges } from '#server/features/notifications/tour-change-notifications.ts';
import { selectPlaceCircles } from '#server/features/places/tracked-places.repo.ts';
import { sendDuePushes } from '#server/features/push/push.jobs.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createWebPushClient } from '#server/providers/web-push/web-push.client.ts';
import { bulkLoadCatalog } from './bulk-load.ts';
import { generateBenchCatalog } from './catalog-generator.ts';
import { startPushServiceThread } from './push-service-thread.ts';
import { benchArgs, CITY_PLACES, onEachDatabase, placeVenues, runBench, secondsSince } from './support.ts';

const QUICK = benchArgs.quick;
const FANS = QUICK ? 10_000 : 100_000;
const ARTISTS = 1_000;
/** 5 stops each: 5,000 stops, all of them "new" in the sync. */
const STOPS_PER_ARTIST = 5;
const ARTIST_FOLLOWS_PER_FAN = 9;
const DEVICES = QUICK ? 1_000 : 5_000;
const BENCH_DATABASE = 'tourguides_bench_alerts';

const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(52)} ${secondsSince(started)} s`);
  return result;
}

async function benchDatabase(label: string, database: Database): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  await bulkLoadCatalog(
    database,
    generateBenchCatalog({ artistCount: ARTISTS, stopsPerArtist: STOPS_PER_ARTIST, today: '2027-01-15' }),
  );
  await placeVenues(database, { spread: true });
  // Fans, half with a home somewhere among the bench's cities (their places for "near").
  const cities = JSON.stringify(CITY_PLACES.map(([, lat, lon]) => [lat, lon]));
  await database.query(
    `insert into users (name, email, home_lat, home_lon)
     select 'Fan ' || g, 'fan' || g || '@bench.example',
            case when g % 2 = 0 then (c.value->>0)::float8 end, case when g % 2 = 0 then (c.value->>1)::float8 end
     from generate_series(1, $1::int) g
     join lateral (select value from json_array_elements($2::json) with ordinality e(value, n)
                   where n = 1 + g % json_array_length($2::json)) c on true`,
    [FANS, cities],
  );
  await database.query(`create temporary table bench_fans as
    select id, row_number() over (order by id) as n from users`);
  await database.query(`create temporary table bench_artists as
    select id, name, slug, row_number() over (order by id) - 1 as n from artists`);
  await database.query(`create temporary table bench_venues as
    select id, row_number() over (order by id) - 1 as n from venues`);
  // Nine artists a fan (every 10th fan follows the synced artist, n = 0), one venue a fan; a day ago.
  await database.query(
    `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug, created_at)
     select f.id, a.id, a.name, a.slug, now() - interval '1 day'
     from bench_fans f cross join generate_series(0, $1::int - 1) k
     join bench_artists a
       on a.n = case when k = 0 and f.n % 10 = 0 then 0 else 1 + (f.n * 7 + k * 111) % ($2::int - 1) end`,
    [ARTIST_FOLLOWS_PER_FAN, ARTISTS],
  );
  await database.query(
    `insert into venue_follows (user_id, venue_id, created_at)
     select f.id, v.id, now() - interval '1 day'
     from bench_fans f join bench_venues v on v.n = f.n % (select count(*) from bench_venues)`,
  );
  const [{ artistId }] = (
    await database.query<{ artistId: string }>(`select id as "artistId" from bench_artists where n = 0`)
  ).rows as [{ artistId: string }];
  // The sync: 5,000 new dates for the artist (every stop of the catalog stands in for one).
  await database.query(
    `insert into tour_stop_changes (stop_id, artist_id, kind, details, detected_at)
     select id, $1, 'new', '{}'::jsonb, now() from tour_stops`,
    [artistId],
  );
  await database.query('analyze');
  const counts = (
    await database.query<Record<string, number>>(
      `select (select count(*)::int from users) as fans, (select count(*)::int from favorite_artists) as "artistFollows",
              (select count(*)::int from venue_follows) as "venueFollows",
              (select count(*)::int from favorite_artists where artist_id = $1) as "artistFollowers",
              (select count(*)::int from tour_stop_changes) as changes, (select count(*)::int from venues) as venues`,
      [artistId],
    )
  ).rows[0]!;
  console.log(`${label}: loaded in ${secondsSince(started)} s: ${JSON.stringify(counts)}; rss ${mb()} MB`);

  // Who to tell, in SQL, as notify-tour-changes asks it (inside a transaction that is rolled back).
  const whoStarted = performance.now();
  await database.db
    .transaction(async (tx) => {
      const pending = await timed('pending changes (locked)', () => lockUnnotifiedChanges(tx, artistId));
      const followers = await timed('artist followers', () => selectFollowers(tx, artistId));
      const places = await timed("followers' places", () =>
        selectPlaceCircles(
          tx,
          followers.map((follower) => follower.userId),
        ),
      );
      const fans = await timed('fans of changed stops', () =>
        selectFansOfStops(
          tx,
          pending.map((change) => change.stopId),
        ),
      );
      const venueFans = await timed("followers of the new stops' venues", () =>
        selectVenueFollowers(
          tx,
          pending.flatMap((change) => (change.stopVenueId ? [change.stopVenueId] : [])),
        ),
      );
      console.log(
        `  → ${pending.length} changes, ${followers.length} artist followers (${places.length} places), ${fans.length} stop fans, ${venueFans.length} venue followers`,
      );
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  console.log(`${label}: who-to-tell in SQL: ${secondsSince(whoStarted)} s`);

  // Devices on the fake push service for the first fans, then the whole run.
  const pushService = await startPushServiceThread();
  try {
    const subscriptions = await pushService.subscribe(DEVICES);
    await database.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
       select f.id, s->>'endpoint', s->'keys'->>'p256dh', s->'keys'->>'auth', 'bench'
       from json_array_elements($1::json) with ordinality d(s, n) join bench_fans f on f.n = d.n`,
      [JSON.stringify(subscriptions)],
    );
    const notifyStarted = performance.now();
    const outcome = await notifyTourChanges(database, artistId);
    console.log(
      `${label}: notify-tour-changes (who-to-tell, drafts, inserts, events): ${secondsSince(notifyStarted)} s, ${outcome.notifications} notifications; rss ${mb()} MB`,
    );

    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@tourguides.example' };
    const webPush = createWebPushClient({ vapid, timeoutMs: 10_000, testAllow: [pushService.url] });
    for (const concurrency of [50]) {
      const pushStarted = performance.now();
      const sent = await sendDuePushes({
        database,
        webPush,
        logger: createLogger('silent'),
        ttlSeconds: 86_400,
        concurrency,
      });
      const seconds = (performance.now() - pushStarted) / 1000;
      const fake = await pushService.counts();
      console.log(
        `${label}: pushes (concurrency ${concurrency}): ${sent.sent} sent, ${sent.failed} failed, ${sent.gone} gone in ${seconds.toFixed(1)} s = ${Math.round(sent.sent / seconds)}/s; rss ${mb()} MB; fake received ${fake.received}, rejected ${fake.rejected}`,
      );
    }
  } finally {
    await pushService.close();
  }
}

class RolledBack extends Error {}

await runBench(
  `bench:alerts: ${FANS.toLocaleString('en-US')} fans, ${(FANS * (ARTIST_FOLLOWS_PER_FAN + 1)).toLocaleString('en-US')} follows, a sync adding ${ARTISTS * STOPS_PER_ARTIST} dates, ${DEVICES} devices`,
  async () => {
    await onEachDatabase({ name: BENCH_DATABASE, poolSize: 4 }, async (label, database) => {
      if (label === 'PGlite' && benchArgs.only !== 'pglite') return;
      await benchDatabase(label, database);
    });
  },
);
