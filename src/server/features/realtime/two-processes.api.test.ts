import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import type { NotificationCreatedEvent } from '#shared/notifications.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { openTestDatabase, testDbKind } from '#tests/setup/databases.ts';
import { type ServerProcess, startServerProcess } from './server-process.test-support.ts';
import { SseReader } from './sse.test-support.ts';
import { appendUserEvents } from './user-events.repo.ts';

/**
 * Two real server processes on one PostgreSQL database (ADR 0007): an event written anywhere
 * reaches the clients of both, through LISTEN/NOTIFY. PGlite is one process only.
 */
describe.runIf(testDbKind() === 'postgres')('two server processes on one PostgreSQL', () => {
  let database: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let dataDir = '';
  const readers: SseReader[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-two-processes-'));
    database = await openTestDatabase('postgres');
    await seedCatalog(database, [{ name: 'Amber Skies', tours: [] }]);
    const env = {
      DATABASE_URL: database.pool!.options.connectionString!,
      // One secret, as a deployment shares it: a session cookie from one process is good on the other.
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: '1',
      // No network in tests: the photo lookup fails at once and the job draws an artwork.
      MUSICBRAINZ_URL: 'http://127.0.0.1:9',
    };
    // Both at once, as a deployment starts them: their first start creates the same queues and
    // schedules concurrently (which once deadlocked and killed one of them).
    [processA, processB] = await Promise.all([
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'a') }),
      startServerProcess({ ...env, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
  });

  afterAll(async () => {
    for (const reader of readers) await reader.close();
    const codes = await Promise.all([processA?.stop(), processB?.stop()]);
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // Both stopped cleanly (exit 0, not the forced exit) although streams were open to the end.
    if (processA && processB) expect(codes).toEqual([0, 0]);
  });

  async function signUpOn(server: ServerProcess): Promise<{ cookie: string; userId: string }> {
    const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email, password: 'heart-of-glass-77', name: 'Fan', fullName: 'Fan' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    const { rows } = await database.query<{ id: string }>('select id from users where email = $1', [email]);
    return { cookie, userId: rows[0]!.id };
  }

  async function stream(server: ServerProcess, pathname: string, cookie?: string): Promise<SseReader> {
    const response = await fetch(server.url + pathname, { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    readers.push(reader);
    return reader;
  }

  it("delivers a user's event written outside a process to that user's streams on both", async () => {
    const fan = await signUpOn(processA);
    const onA = await stream(processA, '/api/events', fan.cookie);
    const onB = await stream(processB, '/api/events', fan.cookie);
    const other = await signUpOn(processB);
    const otherOnB = await stream(processB, '/api/events', other.cookie);

    const event: NotificationCreatedEvent = {
      type: 'notification-created',
      notification: {
        id: randomUUID(),
        kind: 'new-dates',
        title: 'Amber Skies',
        message: '3 new dates',
        read: false,
        artistSlug: 'amber-skies',
        createdAt: new Date().toISOString(),
      },
    };
    // The test process is a third writer: its own connection, like a job in any process.
    await database.db.transaction((tx) => appendUserEvents(tx, [{ userId: fan.userId, event }]));
    for (const reader of [onA, onB]) {
      const message = await reader.next();
      expect(message.event).toBe('notification-created');
      expect(JSON.parse(message.data!)).toEqual(event);
    }
    expect(await otherOnB.rest(300)).toEqual([]);
  });

  it('announces an image made by a job in one process to visitors connected to the other', async () => {
    const onA = await stream(processA, '/api/events/public?artist=amber-skies');
    const onB = await stream(processB, '/api/events/public?artist=amber-skies');
    const queued = await fetch(`${processA.url}/api/images/queue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: processA.url },
      body: JSON.stringify({ artistName: 'Amber Skies' }),
    });
    expect(queued.status).toBe(202);
    // Whichever process ran the job, the other heard of it only through PostgreSQL.
    const [fromA, fromB] = await Promise.all([onA.next(30_000), onB.next(30_000)]);
    expect(fromA.event).toBe('artist-image-ready');
    expect(fromB).toEqual(fromA);
    expect(JSON.parse(fromB.data!)).toMatchObject({ artistSlug: 'amber-skies' });
  });

  it('closes the streams of a session signed out on the other process', async () => {
    const fan = await signUpOn(processA);
    const onB = await stream(processB, '/api/events', fan.cookie);
    // The stream's first block shows it is subscribed before the sign-out is announced.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const out = await fetch(`${processA.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: processA.url, cookie: fan.cookie },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await onB.waitForEnd(5_000);
  });
});
