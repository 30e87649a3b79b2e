import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import type { AdminAuditPage } from '#shared/admin-audit.ts';
import { signedInAdmin } from '#tests/setup/fans.ts';
import { recordAdminAction } from './audit.service.ts';

describe('admin audit log', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let actor: { id: string; email: string };

  beforeAll(async () => {
    server = await startAuthTestServer();
    const signedIn = await signedInAdmin(server);
    admin = signedIn.browser;
    actor = { id: signedIn.id, email: signedIn.email };
  });
  afterAll(() => server?.close());

  it('records an action with its transaction, and not when the transaction rolls back', async () => {
    await server.database.db.transaction(async (tx) => {
      await recordAdminAction(tx, {
        actor,
        action: 'artist.rename',
        targetType: 'artist',
        targetId: 'a-1',
        targetLabel: 'Radiohead',
        before: { name: 'Radiohed' },
        after: { name: 'Radiohead' },
      });
    });
    await expect(
      server.database.db.transaction(async (tx) => {
        await recordAdminAction(tx, { actor, action: 'artist.delete', targetType: 'artist', targetId: 'a-1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const page = (await (await admin.request('/api/admin/audit?targetType=artist')).json()) as AdminAuditPage;
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'artist.rename',
      targetType: 'artist',
      targetId: 'a-1',
      targetLabel: 'Radiohead',
      before: { name: 'Radiohed' },
      after: { name: 'Radiohead' },
    });
    expect(Date.now() - Date.parse(page.entries[0]!.createdAt)).toBeLessThan(60_000);
  });

  it('filters by target type and target, newest first, and pages with a cursor', async () => {
    for (let i = 0; i < 5; i += 1) {
      await recordAdminAction(server.database.db, {
        actor,
        action: 'backup.create',
        targetType: 'backup',
        targetId: `b-${i}`,
      });
      // The log keeps milliseconds: two entries of one millisecond are ordered by id, not by insertion.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const first = (await (await admin.request('/api/admin/audit?targetType=backup&limit=3')).json()) as AdminAuditPage;
    expect(first.entries.map((e) => e.targetId)).toEqual(['b-4', 'b-3', 'b-2']);
    expect(first.nextCursor).not.toBeNull();
    const second = (await (
      await admin.request(`/api/admin/audit?targetType=backup&limit=3&before=${encodeURIComponent(first.nextCursor!)}`)
    ).json()) as AdminAuditPage;
    expect(second.entries.map((e) => e.targetId)).toEqual(['b-1', 'b-0']);
    expect(second.nextCursor).toBeNull();

    const one = (await (
      await admin.request('/api/admin/audit?targetType=backup&targetId=b-3')
    ).json()) as AdminAuditPage;
    expect(one.entries.map((e) => e.targetId)).toEqual(['b-3']);
    const both = (await (await admin.request('/api/admin/audit?targetType=backup,artist')).json()) as AdminAuditPage;
    expect(both.entries).toHaveLength(6);
  });

  it('refuses a malformed filter with a clear message', async () => {
    const response = await admin.request('/api/admin/audit?targetType=DROP%20TABLE');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Unknown target type.');
  });
});
