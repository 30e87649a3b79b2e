import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import type { AdminAuditPage } from '#shared/admin-audit.ts';
import { type BackupsResponse, type BackupView, backupMessages } from '#shared/backups.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { FAN_PASSWORD, signedInAdmin } from '#tests/setup/fans.ts';
import { inspectBackupArchive, restoreBackupArchive } from './backup-archive.ts';
import { runScheduledBackup } from './backups.service.ts';

const stop = (date: string, venue: string) => ({ date, venue, city: 'Austin', region: 'TX', country: 'US' });

describe('admin backups', () => {
  let server: AuthTestServer;
  let admin: TestBrowser;
  let adminEmail: string;

  const countArtists = async () =>
    Number((await server.database.query<{ n: string }>('select count(*) as n from artists')).rows[0]!.n);
  const signInAdmin = async () => {
    admin = new TestBrowser(server);
    const response = await admin.request('/api/auth/sign-in/email', {
      json: { email: adminEmail, password: FAN_PASSWORD },
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startAuthTestServer({ BACKUP_RETENTION: '2' });
    await seedCatalog(server.database, [
      { name: 'Black Pumas', tours: [{ name: 'Chronicles', stops: [stop('2027-05-01', 'Stubbs')] }] },
      { name: 'Radiohead', tours: [] },
    ]);
    ({ browser: admin, email: adminEmail } = await signedInAdmin(server));
  });
  afterAll(() => server?.close());

  const createBackup = async (includeFiles = false) => {
    const response = await admin.request('/api/admin/backups', { json: { includeFiles } });
    expect(response.status).toBe(201);
    return (await response.json()) as BackupView;
  };
  const download = async (id: string) => {
    const response = await admin.request(`/api/admin/backups/${id}/download`);
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };

  it('creates a backup now, lists it with its size and counts, and downloads the archive', async () => {
    const made = await createBackup();
    expect(made).toMatchObject({ trigger: 'manual', includesFiles: false, createdBy: adminEmail });
    expect(made.rowCount).toBeGreaterThan(5);
    expect(made.fileName).toMatch(/^tourguides-backup-.*\.jsonl\.gz$/);
    const list = (await (await admin.request('/api/admin/backups')).json()) as BackupsResponse;
    expect(list.backups[0]).toEqual(made);
    expect(list.schedule).toMatchObject({ retention: 2 });

    const response = await admin.request(`/api/admin/backups/${made.id}/download`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${made.fileName}"`);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(made.bytes);
    const firstLine = gunzipSync(body).toString('utf8').split('\n')[0]!;
    expect(JSON.parse(firstLine)).toEqual(['tourguides-backup', 1, expect.objectContaining({ includesFiles: false })]);
    // The archive is never served by /files, where public images are.
    const list2 = (await (await admin.request('/api/admin/backups')).json()) as BackupsResponse;
    expect(list2.backups).toHaveLength(1);
    expect((await new TestBrowser(server).request(`/files/backups/${made.fileName}`)).status).toBe(404);
  });

  it('refuses a restore without the typed confirmation, and leaves everything as it was', async () => {
    const made = await createBackup();
    const response = await admin.request(`/api/admin/backups/${made.id}/restore`, { json: { confirm: 'restore' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(backupMessages.confirmRestore);
    expect(await countArtists()).toBe(2);
  });

  it('restores from the page: data as it was at the backup, every session ended, the restore audited', async () => {
    const made = await createBackup();
    await seedCatalog(server.database, [{ name: 'Added Later', tours: [] }]);
    expect(await countArtists()).toBe(3);
    const response = await admin.request(`/api/admin/backups/${made.id}/restore`, { json: { confirm: 'RESTORE' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ restoredFrom: made.fileName, rowCount: made.rowCount });
    expect(await countArtists()).toBe(2);
    // The admin's session ended with the restore: the next admin call needs a new sign-in.
    expect((await admin.request('/api/admin/backups')).status).toBe(401);
    await signInAdmin();
    const audit = (await (await admin.request('/api/admin/audit?targetType=backup')).json()) as AdminAuditPage;
    expect(audit.entries[0]).toMatchObject({ action: 'backup.restore', targetId: made.id, actorEmail: adminEmail });
    // The entry of the backup itself was written after its snapshot: the restore kept it anyway.
    expect(audit.entries[1]).toMatchObject({ action: 'backup.create', targetId: made.id });
    // The list of archives is not part of the data: every backup is still listed.
    const list = (await (await admin.request('/api/admin/backups')).json()) as BackupsResponse;
    expect(list.backups.map((backup) => backup.id)).toContain(made.id);
  });

  it('refuses corrupt, truncated, foreign and newer archives before touching anything', async () => {
    const made = await createBackup();
    const good = await download(made.id);
    const text = gunzipSync(good).toString('utf8');
    const lines = text.split('\n');
    const newer = JSON.parse(lines[0]!);
    newer[1] = 99;
    const cases: [string, Uint8Array, string][] = [
      ['truncated gzip', good.subarray(0, Math.floor(good.length / 2)), backupMessages.truncated],
      ['not gzip', new TextEncoder().encode('hello'), backupMessages.notGzip],
      ['flipped byte', flipByte(good), backupMessages.corrupt],
      ['cut before footer', gzipSync(lines.slice(0, -3).join('\n')), backupMessages.truncated],
      ['edited row', gzipSync(text.replace('Radiohead', 'Radiohxad')), backupMessages.checksum],
      ['newer format', gzipSync([JSON.stringify(newer), ...lines.slice(1)].join('\n')), backupMessages.newerFormat],
      ['not a backup', gzipSync('{"a":1}\n'), backupMessages.notBackup],
    ];
    await seedCatalog(server.database, [{ name: 'Still Here', tours: [] }]);
    for (const [label, archive, message] of cases) {
      const refusal = restoreBackupArchive(server.database, archive, {
        storage: server.background.storage,
        mode: 'replace',
      });
      await expect(refusal, label).rejects.toMatchObject({ message });
      expect(await countArtists(), label).toBe(3);
    }
    // The good one passes the same checks.
    expect((await inspectBackupArchive(server.database.db, good)).rowCount).toBe(made.rowCount);
  });

  it('deletes a backup (audited) and keeps the newest scheduled ones to the retention count', async () => {
    const made = await createBackup();
    expect((await admin.request(`/api/admin/backups/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await admin.request(`/api/admin/backups/${made.id}/download`)).status).toBe(404);
    const audit = (await (await admin.request('/api/admin/audit?targetType=backup')).json()) as AdminAuditPage;
    expect(audit.entries[0]).toMatchObject({ action: 'backup.delete', targetId: made.id, before: { id: made.id } });

    const deps = { database: server.database, storage: server.background.storage, env: server.background.env };
    for (let i = 0; i < 3; i++) await runScheduledBackup(deps);
    const list = (await (await admin.request('/api/admin/backups')).json()) as BackupsResponse;
    expect(list.backups.filter((backup) => backup.trigger === 'scheduled')).toHaveLength(2);
    expect(list.backups.filter((backup) => backup.trigger === 'manual').length).toBeGreaterThanOrEqual(3);
  });

  it('carries stored files inside the archive when asked, and puts them back on restore', async () => {
    const key = 'artist-images/backup-test.webp';
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    await server.background.storage.put(key, bytes, 'image/webp');
    await server.database.query(`delete from artist_images where artist_name = 'Radiohead'`);
    await server.database.query(
      `insert into artist_images (artist_id, artist_name, image_url) select id, name, $1 from artists where name = 'Radiohead'`,
      [`/files/${key}`],
    );
    const made = await createBackup(true);
    expect(made).toMatchObject({ includesFiles: true, fileCount: 1 });
    await server.background.storage.delete(key);
    await admin.request(`/api/admin/backups/${made.id}/restore`, { json: { confirm: 'RESTORE' } });
    expect((await server.background.storage.get(key))?.body).toEqual(Buffer.from(bytes));
  });
});

function flipByte(archive: Uint8Array): Uint8Array {
  const copy = new Uint8Array(archive);
  const middle = Math.floor(copy.length / 2);
  copy[middle] = copy[middle]! ^ 0xff;
  return copy;
}
