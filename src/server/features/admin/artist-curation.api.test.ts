import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { PURGE_RESTORE_POINTS_CRON, purgeRestorePointsJob } from '#server/features/admin/restore-points.jobs.ts';
import { replaceSetlistSongs, upsertSetlistFmCopy } from '#server/features/setlists/setlists.repo.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { signedInAdmin, signedInFan } from '#tests/setup/fans.ts';

const stop = (date: string, venue: string) => ({ date, venue, city: 'Austin', region: 'TX', country: 'US' });

const ROUTES = [
  ['GET', '/api/admin/catalog/artists/the-keys'],
  ['PATCH', '/api/admin/catalog/artists/the-keys'],
  ['POST', '/api/admin/catalog/artists/the-keys/merge'],
  ['DELETE', '/api/admin/catalog/artists/the-keys'],
  ['GET', '/api/admin/catalog/restore-points'],
  ['POST', '/api/admin/catalog/restore-points/00000000-0000-4000-8000-000000000000/restore'],
  ['GET', '/api/admin/catalog/musicbrainz?q=radio'],
  ['POST', '/api/admin/catalog/artists'],
] as const;

describe('admin: artist curation (edit, merge, delete, undo)', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let fan: TestBrowser;
  const ids: Record<string, string> = {};

  const one = async <T>(text: string, params: unknown[] = []) =>
    (await server.database.query<T>(text, params)).rows[0] as T;
  const count = async (text: string, params: unknown[] = []) =>
    Number((await one<{ n: number }>(`select count(*)::int as n from (${text}) x`, params)).n);
  /** A setlist.fm copy of a stop, stored the way the setlist.fm fetch stores one. */
  const setlistFmCopy = async (setlistfmId: string, stopId: string, names: string[]) => {
    const stopRow = await one<{ artist_id: string; event_date: string }>(
      `select artist_id, event_date::text from tour_stops where id = $1`,
      [stopId],
    );
    const { id } = await upsertSetlistFmCopy(server.database.db, {
      setlistfmId,
      versionId: 'v1',
      stopId,
      artistId: stopRow.artist_id,
      eventDate: stopRow.event_date,
      venueName: null,
      city: 'Austin',
      country: 'US',
      tourName: null,
      info: null,
      url: null,
    });
    const lines = names.map((name) => ({
      name,
      setIndex: 0,
      kind: 'song' as const,
      coverArtistName: null,
      note: null,
    }));
    await replaceSetlistSongs(server.database.db, id, stopRow.artist_id, lines);
    return id;
  };
  /** A fan's own setlist, through the route the setlist editor uses. */
  const ownSetlist = async (browser: TestBrowser, stopId: string, names: string[]) => {
    const response = await browser.request(`/api/setlists/stops/${stopId}/mine`, {
      method: 'PUT',
      json: { songs: names.map((name) => ({ name, setIndex: 0 })) },
    });
    expect(response.status).toBe(200);
  };
  const setlistsOf = async (stopId: string) =>
    (
      await server.database.query<{ id: string; artist_id: string; source: string; owner_id: string | null }>(
        'select id, artist_id, source, owner_id from setlists where stop_id = $1 order by id',
        [stopId],
      )
    ).rows;

  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
    await seedCatalog(server.database, [
      {
        name: 'The Keys',
        tours: [
          { name: 'World 2027', stops: [stop('2027-04-02', 'Moody Center'), stop('2027-04-04', 'ACL Live')] },
          { name: 'Keys Only', stops: [stop('2027-06-01', 'Stubbs')] },
        ],
      },
      {
        name: 'Keys, The',
        tours: [{ name: 'World 2027', stops: [stop('2027-04-02', 'Moody Center'), stop('2027-05-01', 'Emos')] }],
      },
      { name: 'Doomed Band', tours: [{ name: 'Last', stops: [stop('2027-07-01', 'Stubbs')] }] },
    ]);
    ({ browser: admin, id: ids.admin } = await signedInAdmin(server));
    ({ browser: fan, id: ids.fan } = await signedInFan(server));
    for (const [slug, key] of [
      ['the-keys', 'survivor'],
      ['keys-the', 'merged'],
      ['doomed-band', 'doomed'],
    ] as const) {
      ids[key] = (await one<{ id: string }>('select id from artists where slug = $1', [slug])).id;
    }
  });
  afterAll(() => server?.close());

  it('answers 401 signed out and 403 to a fan on every curation route', async () => {
    for (const [method, route] of ROUTES) {
      const json = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await new TestBrowser(server).request(route, { method, json })).status).toBe(401);
      expect((await fan.request(route, { method, json })).status).toBe(403);
    }
  });

  it('edits name, genres and MBID, refuses a taken MBID, and audits before/after', async () => {
    const mbid = '11111111-2222-4333-8444-555555555555';
    const edited = await admin.request('/api/admin/catalog/artists/doomed-band', {
      method: 'PATCH',
      json: { name: 'Doomed Band!', genres: ['rock', 'Rock', 'blues'], mbid },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      name: 'Doomed Band!',
      slug: 'doomed-band',
      mbid,
      genres: ['Rock', 'blues'],
    });
    const clash = await admin.request('/api/admin/catalog/artists/the-keys', {
      method: 'PATCH',
      json: { name: 'The Keys', genres: [], mbid },
    });
    expect(clash.status).toBe(409);
    const audit = await (await admin.request('/api/admin/audit?targetType=artist')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'artist.edit',
      targetId: ids.doomed,
      before: { name: 'Doomed Band', mbid: null, genres: [] },
      after: { name: 'Doomed Band!', mbid, genres: ['Rock', 'blues'] },
    });
  });

  it('merges every kind of row into the survivor, redirects the old slug, and undoes it', async () => {
    const { survivor, merged, fan: fanId, admin: adminId } = ids;
    const stopOf = async (artistId: string, date: string) =>
      (
        await one<{ id: string }>('select id from tour_stops where artist_id = $1 and event_date = $2', [
          artistId,
          date,
        ])
      ).id;
    const survivorDup = await stopOf(survivor!, '2027-04-02');
    const mergedDup = await stopOf(merged!, '2027-04-02');
    const mergedOwn = await stopOf(merged!, '2027-05-01');
    // Fan: marked both duplicates (with a photo on the merged one) and the merged artist's own stop.
    await server.database.query(
      `insert into user_shows (user_id, stop_id, state) values ($1, $2, 'going'), ($1, $3, 'going'), ($1, $4, 'interested'), ($5, $3, 'going')`,
      [fanId, survivorDup, mergedDup, mergedOwn, adminId],
    );
    const fanMergedShow = (
      await one<{ id: string }>('select id from user_shows where user_id = $1 and stop_id = $2', [fanId, mergedDup])
    ).id;
    await server.database.query(
      `insert into show_photos (user_show_id, user_id, storage_key, content_type, width, height, bytes)
       values ($1, $2, 'show-photos/x/a.webp', 'image/webp', 10, 10, 100)`,
      [fanMergedShow, fanId],
    );
    // Follows: the fan follows both, the admin the merged one only.
    await server.database.query(
      `insert into favorite_artists (user_id, artist_id, artist_name, artist_slug)
       values ($1, $2, 'The Keys', 'the-keys'), ($1, $3, 'Keys, The', 'keys-the'), ($4, $3, 'Keys, The', 'keys-the')`,
      [fanId, survivor, merged, adminId],
    );
    await server.database.query(
      `insert into artist_images (artist_id, artist_name, image_url, source) values ($1, 'Keys, The', '/files/x.webp', 'generated')`,
      [merged],
    );
    await server.database.query(
      `insert into tour_stop_changes (stop_id, artist_id, kind, details) values ($1, $2, 'new', '{}')`,
      [mergedOwn, merged],
    );
    await server.database.query(
      `insert into user_notifications (user_id, kind, title, message, artist_slug, dedupe_key)
       values ($1, 'new-dates', 't', 'm', 'keys-the', 'k1')`,
      [fanId],
    );
    // Setlists: both duplicates have a setlist.fm copy and the fan's own; only the merged one has
    // the admin's own. The merged artist's own stop has both kinds. 'opener' is the survivor's song.
    const keptFm = await setlistFmCopy('sfm-survivor', survivorDup, ['Opener', 'Survivor Only']);
    await ownSetlist(fan, survivorDup, ['Opener']);
    const keptFan = (await setlistsOf(survivorDup)).find((row) => row.owner_id === fanId)!.id;
    await setlistFmCopy('sfm-merged-dup', mergedDup, ['opener', 'Merged Song']);
    await ownSetlist(fan, mergedDup, ['OPENER', 'Merged Song']);
    await ownSetlist(admin, mergedDup, ['Merged Song']);
    await setlistFmCopy('sfm-merged-own', mergedOwn, ['Encore Tune', 'Opener']);
    await ownSetlist(fan, mergedOwn, ['Opener', 'Encore Tune']);
    const mergedSetlists = [...(await setlistsOf(mergedDup)), ...(await setlistsOf(mergedOwn))];
    expect(mergedSetlists).toHaveLength(5);
    const mergedLines = await count(
      'select 1 from setlist_songs ss join setlists sl on sl.id = ss.setlist_id where sl.artist_id = $1',
      [merged],
    );
    expect(await count('select 1 from songs where artist_id = $1', [merged])).toBe(3);
    const survivorSongs = (
      await server.database.query<{ name: string }>('select name from songs where artist_id = $1 order by name', [
        survivor,
      ])
    ).rows.map((row) => row.name);
    expect(survivorSongs).toEqual(['Opener', 'Survivor Only']);

    const response = await admin.request('/api/admin/catalog/artists/keys-the/merge', { json: { into: 'the-keys' } });
    expect(response.status).toBe(200);
    const { restorePointId, message } = await response.json();
    expect(message).toBe('Keys, The was merged into The Keys.');

    expect(await count('select 1 from artists where id = $1', [merged])).toBe(0);
    // Tours: same name became one; stops: the duplicate went, the own stop moved into 'World 2027'.
    expect(await count('select 1 from tours where artist_id = $1', [survivor])).toBe(2);
    expect(await count('select 1 from tour_stops where artist_id = $1', [survivor])).toBe(4);
    expect(await count('select 1 from tour_stops where id = $1', [mergedDup])).toBe(0);
    const moved = await one<{ artist_id: string; tour: string }>(
      'select s.artist_id, t.name as tour from tour_stops s join tours t on t.id = s.tour_id where s.id = $1',
      [mergedOwn],
    );
    expect(moved).toEqual({ artist_id: survivor, tour: 'World 2027' });
    // Shows: the fan keeps one mark on the survivor's stop (photo moved onto it); the admin's moved.
    expect(await count('select 1 from user_shows where user_id = $1 and stop_id = $2', [fanId, survivorDup])).toBe(1);
    expect(await count('select 1 from user_shows where user_id = $1 and stop_id = $2', [adminId, survivorDup])).toBe(1);
    expect(
      await count('select 1 from show_photos p join user_shows us on us.id = p.user_show_id where us.stop_id = $1', [
        survivorDup,
      ]),
    ).toBe(1);
    // Follows: one per user, under the survivor's name.
    expect(
      (
        await server.database.query(
          'select user_id, artist_slug from favorite_artists where artist_id = $1 order by user_id',
          [survivor],
        )
      ).rows,
    ).toHaveLength(2);
    expect(await count(`select 1 from favorite_artists where artist_slug <> 'the-keys'`)).toBe(0);
    expect(await count('select 1 from artist_images where artist_id = $1', [survivor])).toBe(1);
    expect(await count('select 1 from tour_stop_changes where artist_id = $1', [survivor])).toBe(1);
    expect(await count(`select 1 from user_notifications where artist_slug = 'the-keys'`)).toBe(1);
    // Setlists: on the survivor's stop one per owner, the survivor's own kept (its setlist.fm copy
    // and the fan's), the admin's moved over; the merged artist's own stop keeps both, re-pointed.
    expect(await count('select 1 from setlists where artist_id = $1', [merged])).toBe(0);
    const atDup = await setlistsOf(survivorDup);
    expect(atDup.map((row) => [row.source, row.owner_id]).sort()).toEqual(
      [
        ['setlistfm', null],
        ['user', adminId],
        ['user', fanId],
      ].sort(),
    );
    expect(atDup.find((row) => row.source === 'setlistfm')!.id).toBe(keptFm);
    expect(atDup.find((row) => row.owner_id === fanId)!.id).toBe(keptFan);
    expect(atDup.every((row) => row.artist_id === survivor)).toBe(true);
    const atOwn = await setlistsOf(mergedOwn);
    expect(atOwn).toHaveLength(2);
    expect(atOwn.every((row) => row.artist_id === survivor)).toBe(true);
    // Songs: 'opener'/'OPENER' folded into the survivor's 'Opener'; the others now the survivor's.
    expect(await count('select 1 from songs where artist_id = $1', [merged])).toBe(0);
    const songsAfter = (
      await server.database.query<{ name: string }>('select name from songs where artist_id = $1 order by name', [
        survivor,
      ])
    ).rows.map((row) => row.name);
    expect(songsAfter).toEqual(['Encore Tune', 'Merged Song', 'Opener', 'Survivor Only']);
    expect(
      await count(
        `select 1 from setlist_songs ss join songs so on so.id = ss.song_id join setlists sl on sl.id = ss.setlist_id
         where so.artist_id <> sl.artist_id`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select 1 from setlist_songs ss join setlists sl on sl.id = ss.setlist_id
         where sl.stop_id = $1 and ss.song_id = (select id from songs where artist_id = $2 and name = 'Opener')`,
        [mergedOwn, survivor],
      ),
    ).toBe(2);
    // The old slug answers with the survivor.
    const old = await (await new TestBrowser(server).request('/api/artists/keys-the?today=2027-01-01')).json();
    expect(JSON.stringify(old)).toContain('"slug":"the-keys"');
    // So does a guide opened through the old slug (a link shared before the merge).
    const movedStop = await one<{ slug: string }>('select slug from tour_stops where id = $1', [mergedOwn]);
    const guide = await new TestBrowser(server).request(`/api/guides/keys-the/${movedStop.slug}`);
    expect(guide.status).toBe(200);
    expect((await guide.json()).stop.artistSlug).toBe('the-keys');

    const audit = await (await admin.request(`/api/admin/audit?targetType=artist&targetId=${survivor}`)).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'artist.merge',
      before: { merged: { name: 'Keys, The', stops: 2, followers: 2, fanShows: 3, photos: 1 } },
      after: { restorePointId },
    });

    // Undo: everything back where it was.
    const points = await (await admin.request('/api/admin/catalog/restore-points')).json();
    expect(points.restorePoints[0]).toMatchObject({ id: restorePointId, kind: 'merge', survivorName: 'The Keys' });
    const undo = await admin.request(`/api/admin/catalog/restore-points/${restorePointId}/restore`, { json: {} });
    expect(undo.status).toBe(200);
    expect(await count('select 1 from tour_stops where artist_id = $1', [merged])).toBe(2);
    expect(await count('select 1 from tour_stops where artist_id = $1', [survivor])).toBe(3);
    expect(await count('select 1 from user_shows where stop_id = $1', [mergedDup])).toBe(2);
    expect(await count('select 1 from show_photos where user_show_id = $1', [fanMergedShow])).toBe(1);
    expect(await count('select 1 from favorite_artists where artist_id = $1', [merged])).toBe(2);
    expect(await count('select 1 from artist_images where artist_id = $1', [merged])).toBe(1);
    expect(await count(`select 1 from user_notifications where artist_slug = 'keys-the'`)).toBe(1);
    expect(await count(`select 1 from artist_slug_redirects`)).toBe(0);
    expect([...(await setlistsOf(mergedDup)), ...(await setlistsOf(mergedOwn))]).toEqual(mergedSetlists);
    expect(
      await count(
        'select 1 from setlist_songs ss join setlists sl on sl.id = ss.setlist_id join songs so on so.id = ss.song_id where sl.artist_id = $1 and so.artist_id = $1',
        [merged],
      ),
    ).toBe(mergedLines);
    expect(await count('select 1 from songs where artist_id = $1', [merged])).toBe(3);
    expect((await setlistsOf(survivorDup)).map((row) => row.id).sort()).toEqual([keptFm, keptFan].sort());
    expect(await count('select 1 from songs where artist_id = $1', [survivor])).toBe(2);
    const again = await admin.request(`/api/admin/catalog/restore-points/${restorePointId}/restore`, { json: {} });
    expect(again.status).toBe(409);
  });

  it('names what a delete takes, deletes with a restore point, and restores', async () => {
    const detail = await (await admin.request('/api/admin/catalog/artists/the-keys')).json();
    // The setlist.fm copy and the fan's own setlist of the 2 April stop go with it too.
    expect(detail.impact).toMatchObject({ tours: 2, stops: 3, followers: 1, fanShows: 1, setlists: 2 });
    const deleted = await admin.request('/api/admin/catalog/artists/the-keys', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const { restorePointId } = await deleted.json();
    expect((await new TestBrowser(server).request('/api/artists/the-keys?today=2027-01-01')).status).toBe(404);
    expect(await count('select 1 from user_shows where user_id = $1', [ids.fan])).toBe(2);
    const audit = await (await admin.request('/api/admin/audit?targetType=artist')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'artist.delete',
      before: { name: 'The Keys', fanShows: 1, setlists: 2 },
    });
    expect(
      (await admin.request(`/api/admin/catalog/restore-points/${restorePointId}/restore`, { json: {} })).status,
    ).toBe(200);
    expect((await new TestBrowser(server).request('/api/artists/the-keys?today=2027-01-01')).status).toBe(200);
    expect(await count('select 1 from user_shows where user_id = $1', [ids.fan])).toBe(3);
    expect(await count('select 1 from tour_stops where artist_id = $1', [ids.survivor])).toBe(3);
    // Its setlists (the setlist.fm copy and the fan's own on the 2 April stop) and songs came back.
    expect(await count('select 1 from setlists where artist_id = $1', [ids.survivor])).toBe(2);
    expect(
      await count('select 1 from setlist_songs ss join setlists sl on sl.id = ss.setlist_id where sl.artist_id = $1', [
        ids.survivor,
      ]),
    ).toBe(3);
    expect(await count('select 1 from songs where artist_id = $1', [ids.survivor])).toBe(2);
  });

  it("moves fans' history-import links to the survivor's stop and drops retries that name nothing", async () => {
    const { survivor, merged, doomed, fan: fanId } = ids;
    const stopOf = async (artistId: string, date: string) =>
      (
        await one<{ id: string }>('select id from tour_stops where artist_id = $1 and event_date = $2', [
          artistId,
          date,
        ])
      ).id;
    const survivorDup = await stopOf(survivor!, '2027-04-02');
    const mergedDup = await stopOf(merged!, '2027-04-02');
    const mergedOwn = await stopOf(merged!, '2027-05-01');
    const doomedStop = await stopOf(doomed!, '2027-07-01');
    // The fan's concert-history import matched one row to the duplicate stop and created another.
    const { id: importId } = await one<{ id: string }>(
      `insert into history_imports (user_id, source, label, state) values ($1, 'csv', 'shows.csv', 'done') returning id`,
      [fanId],
    );
    await server.database.query(
      `insert into history_import_rows (import_id, row_number, raw, outcome, stop_id, created_stop_id)
       values ($1, 1, '{}', 'matched', $2, null), ($1, 2, '{}', 'create', $2, $2), ($1, 3, '{}', 'matched', $3, null)`,
      [importId, mergedDup, mergedOwn],
    );
    // setlist.fm fetches waiting for a retry.
    const keys = [
      `artist:${merged}`,
      `stop:${mergedDup}`,
      `stop:${mergedOwn}`,
      `artist:${survivor}`,
      `artist:${doomed}`,
      `stop:${doomedStop}`,
    ];
    for (const key of keys) {
      await server.database.query(
        `insert into setlist_fetches (key, state, attempts, next_attempt_at) values ($1, 'unavailable', 1, now() + interval '1 hour')`,
        [key],
      );
    }
    const merge = await admin.request('/api/admin/catalog/artists/keys-the/merge', { json: { into: 'the-keys' } });
    expect(merge.status).toBe(200);
    const rows = (
      await server.database.query<{ row_number: number; stop_id: string | null; created_stop_id: string | null }>(
        'select row_number, stop_id, created_stop_id from history_import_rows where import_id = $1 order by row_number',
        [importId],
      )
    ).rows;
    expect(rows).toEqual([
      { row_number: 1, stop_id: survivorDup, created_stop_id: null },
      { row_number: 2, stop_id: survivorDup, created_stop_id: survivorDup },
      // A stop that was no duplicate moved with its id: the link is unchanged.
      { row_number: 3, stop_id: mergedOwn, created_stop_id: null },
    ]);
    const left = async () =>
      (await server.database.query<{ key: string }>('select key from setlist_fetches order by key')).rows.map(
        (row) => row.key,
      );
    // The merged artist's own retry and the duplicate stop's went; the moved stop's is still valid.
    expect(await left()).toEqual(
      [`artist:${survivor}`, `artist:${doomed}`, `stop:${mergedOwn}`, `stop:${doomedStop}`].sort(),
    );
    // A delete takes the artist's retries and its stops' with it.
    expect((await admin.request('/api/admin/catalog/artists/doomed-band', { method: 'DELETE' })).status).toBe(200);
    expect(await left()).toEqual([`artist:${survivor}`, `stop:${mergedOwn}`].sort());
  });

  it('purges restore points past their 30 days on a daily schedule, keeping the others', async () => {
    const points = (
      await server.database.query<{ id: string }>('select id from admin_restore_points order by created_at')
    ).rows.map((row) => row.id);
    expect(points.length).toBeGreaterThanOrEqual(3);
    const [expired, ...kept] = points as [string, ...string[]];
    await server.database.query(
      `update admin_restore_points set expires_at = now() - interval '1 minute' where id = $1`,
      [expired],
    );
    const scheduled = await one<{ cron: string }>(`select cron from pgboss.schedule where name = $1`, [
      purgeRestorePointsJob.name,
    ]);
    expect(scheduled.cron).toBe(PURGE_RESTORE_POINTS_CRON);
    await server.background.queue.send(purgeRestorePointsJob, {});
    const deadline = Date.now() + 15_000;
    while ((await count('select 1 from admin_restore_points where id = $1', [expired])) > 0) {
      if (Date.now() > deadline) throw new Error('the purge job did not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const left = (await server.database.query<{ id: string }>('select id from admin_restore_points')).rows;
    expect(left.map((row) => row.id).sort()).toEqual([...kept].sort());
    // An expired one can no longer be undone either way: it is gone.
    const undo = await admin.request(`/api/admin/catalog/restore-points/${expired}/restore`, { json: {} });
    expect(undo.status).toBe(409);
  });

  it('refuses merging an artist into itself', async () => {
    const response = await admin.request('/api/admin/catalog/artists/the-keys/merge', { json: { into: 'the-keys' } });
    expect(response.status).toBe(400);
  });
});
