import type { Database } from '#server/db/client.ts';

/**
 * A database with every kind of value a backup must carry across PGlite and PostgreSQL: arrays,
 * dates, times, doubles, jsonb, nulls, quotes and emoji, a bigserial, and rows in most tables.
 * Written with generate_series so the benchmark's 200,000 stops take seconds, not minutes.
 */
export interface BackupDataSize {
  artists: number;
  /** Stops per artist. */
  stopsPerArtist: number;
  users: number;
  /** Shows (user_shows rows) per user. */
  showsPerUser: number;
}

export async function seedBackupData(database: Database, size: BackupDataSize): Promise<void> {
  const q = (text: string, params?: unknown[]) => database.query(text, params);
  await q(
    `insert into artists (id, name, slug, mbid, genres, sort_name, tour_count, last_event_date)
     select md5('artist' || i)::uuid, 'Artist ' || i || case when i % 7 = 0 then ' “Ünïcode” 🎸 ''quoted''' else '' end,
            'artist-' || i, case when i % 3 = 0 then md5('mbid' || i)::uuid::text end,
            case when i % 2 = 0 then array['rock', 'indie "pop"'] else '{}'::text[] end,
            'artist ' || i, 1, date '2027-01-01' + (i % 300)
       from generate_series(1, $1::int) i`,
    [size.artists],
  );
  await q(
    `insert into tours (id, artist_id, name)
     select md5('tour' || i)::uuid, md5('artist' || i)::uuid, 'World Tour ' || i from generate_series(1, $1::int) i`,
    [size.artists],
  );
  const venueCount = Math.max(1, Math.min(2000, size.artists));
  await q(
    `insert into venues (id, name, slug, identity_key, address, city, region, country, lat, lon, time_zone)
     select md5('venue' || i)::uuid, 'Venue ' || i, 'venue-' || i, 'venue-key-' || i,
            case when i % 2 = 0 then i || ' Main St' end, 'City ' || (i % 50), 'TX', 'US',
            30.123456789 + i / 1000.0, -97.987654321 - i / 1000.0, 'America/Chicago'
       from generate_series(1, $1::int) i`,
    [venueCount],
  );
  await q(
    `insert into tour_stops (id, tour_id, artist_id, venue_id, event_date, start_time, city, region, country, lat, lon,
                             ticket_url, source, slug, status, revision)
     select md5('stop' || a || '-' || s)::uuid, md5('tour' || a)::uuid, md5('artist' || a)::uuid,
            md5('venue' || (1 + (a * 31 + s) % $3::int))::uuid,
            date '2026-01-01' + s, case when s % 2 = 0 then time '20:30' end, 'City ' || (s % 50), 'TX', 'US',
            30.5, -97.25, case when s % 4 = 0 then 'https://tickets.example/' || a || '/' || s end,
            'import', 'stop-' || s, case when s % 25 = 0 then 'cancelled' else 'scheduled' end, s % 3
       from generate_series(1, $1::int) a, generate_series(1, $2::int) s`,
    [size.artists, size.stopsPerArtist, venueCount],
  );
  await q(
    `insert into users (id, name, email, email_verified, full_name, home_city, home_lat, home_lon, shows_radius_km)
     select md5('user' || i)::uuid, 'Fan ' || i, 'fan' || i || '@example.com', i % 2 = 0,
            case when i % 3 = 0 then 'Fan Number ' || i end, 'Austin', 30.2672, -97.7431, 100
       from generate_series(1, $1::int) i`,
    [size.users],
  );
  await q(
    `insert into sessions (id, token, user_id, expires_at)
     select md5('session' || i)::uuid, md5('token' || i), md5('user' || i)::uuid, now() + interval '7 days'
       from generate_series(1, $1::int) i`,
    [size.users],
  );
  await q(
    `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
     select md5('user' || u)::uuid, md5('artist' || (1 + (u * 7) % $2::int))::uuid, 'Artist', 'artist'
       from generate_series(1, $1::int) u`,
    [size.users, size.artists],
  );
  await q(
    `insert into user_shows (user_id, stop_id, state, has_tickets, seat, notes, rating)
     select md5('user' || u)::uuid,
            md5('stop' || (1 + (u * 13 + k) % $3::int) || '-' || (1 + k % $4::int))::uuid,
            case when k % 2 = 0 then 'going' else 'interested' end, k % 3 = 0,
            case when k % 3 = 0 then 'Section ' || k end, case when k % 5 = 0 then E'Line one\\nline "two"' end,
            case when k % 4 = 0 then 1 + k % 5 end
       from generate_series(1, $1::int) u, generate_series(1, $2::int) k
     on conflict do nothing`,
    [size.users, size.showsPerUser, size.artists, size.stopsPerArtist],
  );
  await q(
    `insert into user_events (user_id, type, payload)
     select md5('user' || u)::uuid, 'notification', jsonb_build_object('n', u, 'nested', jsonb_build_object('a', array[1, 2]))
       from generate_series(1, $1::int) u`,
    [Math.min(size.users, 100)],
  );
  await q(
    `insert into admin_audit_log (actor_email, action, target_type, target_id, before, after)
     values ('admin@example.com', 'artist.rename', 'artist', 'x', '{"name": "Old"}', '{"name": "New ✓"}')`,
  );
}
