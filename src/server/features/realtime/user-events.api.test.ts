import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import type { EventBus, UserStreamSubscriber } from '#server/lib/event-bus.ts';
import { createLogger } from '#server/lib/logger.ts';
import { MAX_STREAMS_PER_USER, type NotificationCreatedEvent } from '#shared/notifications.ts';
import { testDbKind } from '#tests/setup/databases.ts';
import { pruneUserEvents, pruneUserEventsJob } from './realtime.jobs.ts';
import { SseReader } from './sse.test-support.ts';
import { appendUserEvents } from './user-events.repo.ts';
import { openUserStream } from './user-stream.service.ts';

const PASSWORD = 'heart-of-glass-77';

interface Fan {
  browser: TestBrowser;
  userId: string;
}

async function signedInFan(server: AuthTestServer): Promise<Fan> {
  const browser = new TestBrowser(server);
  const email = uniqueEmail();
  expect((await signUp(browser, email, PASSWORD)).status).toBe(200);
  const { rows } = await server.database.query<{ id: string }>('select id from users where email = $1', [email]);
  return { browser, userId: rows[0]!.id };
}

function notification(title: string): NotificationCreatedEvent {
  return {
    type: 'notification-created',
    notification: {
      id: randomUUID(),
      kind: 'new-dates',
      title,
      message: `${title}: 2 new dates`,
      read: false,
      artistSlug: null,
      createdAt: new Date().toISOString(),
    },
  };
}

async function append(server: AuthTestServer, userId: string, ...titles: string[]): Promise<void> {
  await appendUserEvents(
    server.database.db,
    titles.map((title) => ({ userId, event: notification(title) })),
  );
}

async function openStream(fan: Fan, headers: Record<string, string> = {}, query = ''): Promise<SseReader> {
  const response = await fan.browser.request(`/api/events${query}`, { headers });
  expect(response.status).toBe(200);
  return new SseReader(response);
}

const titleOf = (data: string | undefined) => (JSON.parse(data ?? '{}') as NotificationCreatedEvent).notification.title;

describe('the user event stream, GET /api/events', () => {
  let server: AuthTestServer;
  const open: SseReader[] = [];
  const track = (reader: SseReader) => {
    open.push(reader);
    return reader;
  };
  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
  });
  afterAll(async () => {
    for (const reader of open) await reader.close();
    await server?.close();
  });

  it('answers 401 with our error shape when signed out, and 400 to a malformed Last-Event-ID', async () => {
    const visitor = await server.fetch('/api/events');
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error.code).toBe('UNAUTHORIZED');
    const fan = await signedInFan(server);
    const bad = await fan.browser.request('/api/events', { headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('BAD_REQUEST');
    expect((await fan.browser.request('/api/events?lastEventId=-1')).status).toBe(400);
  });

  it('delivers an event appended with appendUserEvents, uncompressed and not stored by caches', async () => {
    const fan = await signedInFan(server);
    const stream = track(await openStream(fan, { 'accept-encoding': 'gzip' }));
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('private, no-store');
    expect(stream.response.headers.get('content-encoding')).toBeNull();

    const event = notification('Northern Lanterns');
    await appendUserEvents(server.database.db, [{ userId: fan.userId, event }]);
    const message = await stream.next();
    const { rows } = await server.database.query<{ id: string }>('select id from user_events where user_id = $1', [
      fan.userId,
    ]);
    expect(message).toEqual({ id: String(rows[0]!.id), event: 'notification-created', data: expect.any(String) });
    expect(JSON.parse(message.data!)).toEqual(event);
  });

  it("never sends one user's events to another", async () => {
    const alice = await signedInFan(server);
    const bob = await signedInFan(server);
    const aliceStream = track(await openStream(alice));
    const bobStream = track(await openStream(bob));
    await append(server, bob.userId, 'for Bob');
    await append(server, alice.userId, 'for Alice');
    await appendUserEvents(server.database.db, [
      { userId: bob.userId, event: notification('Bob again') },
      { userId: alice.userId, event: notification('Alice again') },
    ]);
    expect(titleOf((await aliceStream.next()).data)).toBe('for Alice');
    expect(titleOf((await aliceStream.next()).data)).toBe('Alice again');
    expect(titleOf((await bobStream.next()).data)).toBe('for Bob');
    expect(titleOf((await bobStream.next()).data)).toBe('Bob again');
    expect(await aliceStream.rest(300)).toEqual([]);
    expect(await bobStream.rest(0)).toEqual([]);
  });

  it('replays what a client missed after Last-Event-ID, exactly once, then goes on live', async () => {
    const fan = await signedInFan(server);
    const first = await openStream(fan);
    await append(server, fan.userId, 'seen');
    const seen = await first.next();
    await first.close();

    await append(server, fan.userId, 'missed 1', 'missed 2');
    const again = track(await openStream(fan, { 'last-event-id': seen.id! }));
    expect(titleOf((await again.next()).data)).toBe('missed 1');
    expect(titleOf((await again.next()).data)).toBe('missed 2');
    await append(server, fan.userId, 'live');
    const live = await again.next();
    expect(titleOf(live.data)).toBe('live');
    expect(await again.rest(300)).toEqual([]);

    // ?lastEventId= for clients that cannot set headers; the header, newer, wins over it.
    const byQuery = track(await openStream(fan, {}, `?lastEventId=${seen.id}`));
    expect([titleOf((await byQuery.next()).data), titleOf((await byQuery.next()).data)]).toEqual([
      'missed 1',
      'missed 2',
    ]);
    const both = track(await openStream(fan, { 'last-event-id': live.id! }, `?lastEventId=${seen.id}`));
    expect(await both.rest(300)).toEqual([]);
    for (const reader of [again, byQuery, both]) await reader.close();
  });

  it('gives a new stream a resume point, so a drop before its first event loses nothing', async () => {
    const fan = await signedInFan(server);
    const other = await signedInFan(server);
    await append(server, other.userId, 'not for this fan');
    const first = await openStream(fan);
    await first.rest(300);
    expect(first.lastEventId).toMatch(/^\d+$/);
    await first.close();
    await append(server, fan.userId, 'while the tab reconnected');
    const again = track(await openStream(fan, { 'last-event-id': first.lastEventId }));
    expect(titleOf((await again.next()).data)).toBe('while the tab reconnected');
    expect(await again.rest(300)).toEqual([]);
  });

  it('loses and repeats nothing when events arrive while the replay is read', async () => {
    const fan = await signedInFan(server);
    const first = await openStream(fan);
    await append(server, fan.userId, 'seen');
    const seen = await first.next();
    await first.close();
    await append(server, fan.userId, 'offline 1', 'offline 2', 'offline 3');

    const connecting = openStream(fan, { 'last-event-id': seen.id! });
    const during = Array.from({ length: 10 }, (_, i) => `during ${i}`);
    for (const title of during) await append(server, fan.userId, title);
    const stream = track(await connecting);
    const received: string[] = [];
    for (let i = 0; i < 13; i++) received.push(titleOf((await stream.next()).data));
    expect(received).toEqual(['offline 1', 'offline 2', 'offline 3', ...during]);
    expect(await stream.rest(300)).toEqual([]);
    await stream.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user, closing the oldest`, async () => {
    const fan = await signedInFan(server);
    const streams: SseReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(track(await openStream(fan)));
    const newest = track(await openStream(fan));
    const oldest = streams[0]!;
    expect(await oldest.next()).toEqual({
      event: 'stream-closed',
      data: '{"reason":"too-many-streams"}',
      retry: '3600000',
    });
    await oldest.waitForEnd();
    await append(server, fan.userId, 'to every open tab');
    for (const stream of [...streams.slice(1), newest]) {
      expect(titleOf((await stream.next()).data)).toBe('to every open tab');
    }
    expect(oldest.messages).toHaveLength(1);
    // Another user's streams are not counted against this one.
    const other = await signedInFan(server);
    const otherStream = track(await openStream(other));
    await append(server, other.userId, 'hello');
    expect(titleOf((await otherStream.next()).data)).toBe('hello');
    expect(newest.ended).toBe(false);

    // A tab closed by its user frees its place: four new tabs evict no one.
    for (const stream of streams.slice(1)) await stream.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < MAX_STREAMS_PER_USER - 1; i++) track(await openStream(fan));
    expect(await newest.rest(300)).toEqual([]);
    expect(newest.ended).toBe(false);
  });

  it('answers HEAD without opening a stream (none is counted against the cap)', async () => {
    const fan = await signedInFan(server);
    const stream = track(await openStream(fan));
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const head = await fan.browser.request('/api/events', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toContain('text/event-stream');
    }
    await append(server, fan.userId, 'still here');
    expect(titleOf((await stream.next()).data)).toBe('still here');
  });

  it('does not repeat a replayed event whose notification reaches the process after the replay', async () => {
    const fan = await signedInFan(server);
    await append(server, fan.userId, 'seen');
    const [{ id: seenId }] = (
      await server.database.query<{ id: number }>('select max(id)::int as id from user_events where user_id = $1', [
        fan.userId,
      ])
    ).rows as [{ id: number }];
    await append(server, fan.userId, 'while away');
    // A bus whose listener connection lags behind the replay query: the test delivers by hand.
    let live: UserStreamSubscriber | undefined;
    const laggingEvents = Object.create(server.background.events) as EventBus;
    laggingEvents.subscribeUser = (_userId, subscriber) => {
      live = subscriber;
      return () => {};
    };
    const deps = { database: server.database, events: laggingEvents, logger: createLogger('silent') };
    const stream = track(new SseReader(new Response(openUserStream(deps, fan.userId, seenId, 60_000))));
    const replayed = await stream.next();
    expect(titleOf(replayed.data)).toBe('while away');
    const replayedId = Number(replayed.id);
    live!.deliver({ id: replayedId, userId: fan.userId, event: notification('while away') });
    expect(await stream.rest(300)).toEqual([]);
    live!.deliver({ id: replayedId + 1, userId: fan.userId, event: notification('live again') });
    expect(titleOf((await stream.next()).data)).toBe('live again');
  });

  it('ends a stream when its lifetime is over, so the session is checked again on reconnect', async () => {
    const fan = await signedInFan(server);
    const deps = { database: server.database, events: server.background.events, logger: createLogger('silent') };
    const stream = track(new SseReader(new Response(openUserStream(deps, fan.userId, null, 500))));
    await append(server, fan.userId, 'before the end');
    expect(titleOf((await stream.next()).data)).toBe('before the end');
    await stream.waitForEnd(5_000);
  });

  it('carries public events through the database to /api/events/public', async () => {
    const response = await server.fetch('/api/events/public?artist=amber-skies');
    const stream = track(new SseReader(response));
    await server.background.events.publish({
      type: 'artist-image-ready',
      artistSlug: 'velvet-harbour',
      imageUrl: '/x',
    });
    await server.background.events.publish({ type: 'artist-image-ready', artistSlug: 'amber-skies', imageUrl: '/a' });
    expect(await stream.next()).toEqual({
      event: 'artist-image-ready',
      data: JSON.stringify({ type: 'artist-image-ready', artistSlug: 'amber-skies', imageUrl: '/a' }),
    });
  });

  it('prunes events older than 7 days, daily', async () => {
    const fan = await signedInFan(server);
    await append(server, fan.userId, 'old', 'recent');
    await server.database.query(
      `update user_events set created_at = now() - interval '8 days'
       where user_id = $1 and payload->'notification'->>'title' = 'old'`,
      [fan.userId],
    );
    expect(await pruneUserEvents(server.database)).toBeGreaterThanOrEqual(1);
    const { rows } = await server.database.query<{ title: string }>(
      "select payload->'notification'->>'title' as title from user_events where user_id = $1",
      [fan.userId],
    );
    expect(rows).toEqual([{ title: 'recent' }]);
    const schedules = await server.database.query<{ cron: string }>(
      'select cron from pgboss.schedule where name = $1',
      [pruneUserEventsJob.name],
    );
    expect(schedules.rows).toHaveLength(1);
  });
});

describe('shutting down', () => {
  it('ends every open stream at once, so the server stops quickly', async () => {
    const server = await startAuthTestServer({}, { jobs: true });
    const fan = await signedInFan(server);
    const userStream = await openStream(fan);
    const publicStream = new SseReader(await server.fetch('/api/events/public?artist=amber-skies'));
    const started = performance.now();
    // Streams must end as soon as closing starts; the rest of the close waits for the job queue's
    // active jobs (bounded by its stop timeout), which has nothing to do with streams.
    const closing = server.close();
    await userStream.waitForEnd(2_000);
    await publicStream.waitForEnd(2_000);
    expect(performance.now() - started).toBeLessThan(3_000);
    await closing;
  });
});

describe.runIf(testDbKind() === 'postgres')('a lost listening connection', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer({}, { jobs: true });
  });
  afterAll(() => server?.close());

  it('is opened again, and the events sent meanwhile are delivered', async () => {
    const fan = await signedInFan(server);
    const stream = await openStream(fan);
    const terminated = await server.database.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where application_name = 'tourguides-events' and datname = current_database()`,
    );
    expect(terminated.rows).toEqual([{ ok: true }]);
    // Sent while this process is not listening: the notification is lost, the stored row is not.
    await append(server, fan.userId, 'while away');
    expect(titleOf((await stream.next()).data)).toBe('while away');
    await append(server, fan.userId, 'back live');
    expect(titleOf((await stream.next()).data)).toBe('back live');
    expect(await stream.rest(300)).toEqual([]);
    await stream.close();
  });
});
