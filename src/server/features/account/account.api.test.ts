import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signIn,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { EXPORTED_COLUMNS, findUserTables, NOT_EXPORTED } from './account.repo.ts';

const PASSWORD = 'violet-tour-2027';

async function newUser(server: AuthTestServer, fullName = 'Test Fan') {
  const email = uniqueEmail();
  const browser = new TestBrowser(server);
  await signUp(browser, email, PASSWORD, fullName);
  const me = await (await browser.request('/api/me')).json();
  return { email, browser, id: me.user.id as string };
}

async function rowCounts(server: AuthTestServer, userId: string) {
  const { rows } = await server.database.query<Record<string, number>>(
    `select (select count(*) from users where id = $1)::int as users,
            (select count(*) from sessions where user_id = $1)::int as sessions,
            (select count(*) from accounts where user_id = $1)::int as accounts,
            (select count(*) from user_roles where user_id = $1)::int as roles`,
    [userId],
  );
  return rows[0];
}

describe('account: profile, export, deletion, isolation', () => {
  let server: AuthTestServer;
  beforeAll(async () => {
    server = await startAuthTestServer();
  });
  afterAll(() => server?.close());

  it('updates the full name and home city, with the spec messages on bad input', async () => {
    const { browser } = await newUser(server);
    const updated = await browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: '  Grace Hopper ', homePlaceId: '4671654' },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).user).toMatchObject({
      fullName: 'Grace Hopper',
      name: 'Grace Hopper',
      homeCity: 'Austin',
    });
    const bad = await browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'G', homePlaceId: null },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Name must be at least 2 characters');
    const anonymous = await new TestBrowser(server).request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Nobody Here', homePlaceId: null },
    });
    expect(anonymous.status).toBe(401);
  });

  it('exports what we store about the user, without tokens or password hashes', async () => {
    const { browser, email } = await newUser(server, 'Export Me');
    const response = await browser.request('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const data = await response.json();
    expect(data.profile).toMatchObject({ email, fullName: 'Export Me', isAdmin: false });
    expect(data.roles).toEqual([]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/argon2|token|"password"/i);
  });

  it('exports each per-user table by its listed columns: no tokens, secrets or verifiers', async () => {
    const { browser, id } = await newUser(server, 'Secret Keeper');
    await server.database.query(
      `insert into music_connections (user_id, source, username, access_token_enc, refresh_token_enc, status)
       values ($1, 'spotify', 'keeper', 'enc-access-SECRET', 'enc-refresh-SECRET', 'connected')`,
      [id],
    );
    await server.database.query(
      `insert into trips (user_id, name, place_label, lat, lon, time_zone, radius_km, arrive_on, depart_on, share_token)
       values ($1, 'Lisbon', 'Lisbon, Portugal', 38.7, -9.1, 'Europe/Lisbon', 50, '2027-05-01', '2027-05-05', 'share-SECRET')`,
      [id],
    );
    await server.database.query(
      `insert into music_oauth_states (state_hash, user_id, session_id, verifier_enc, expires_at)
       values ('hash-SECRET', $1, 'session-SECRET', 'verifier-SECRET', now() + interval '5 minutes')`,
      [id],
    );
    const data = await (await browser.request('/api/account/export')).json();
    const { rows: sessionRows } = await server.database.query<{ id: string; token: string }>(
      'select id, token from sessions where user_id = $1',
      [id],
    );
    expect(data.sessions).toHaveLength(sessionRows.length);
    for (const session of data.sessions) expect(Object.keys(session)).not.toContain('id');
    expect(data.music_connections).toEqual([expect.objectContaining({ source: 'spotify', username: 'keeper' })]);
    expect(data.trips).toEqual([expect.objectContaining({ name: 'Lisbon', place_label: 'Lisbon, Portugal' })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('SECRET');
    for (const session of sessionRows) {
      expect(text).not.toContain(session.id);
      expect(text).not.toContain(session.token);
    }
    expect(text).not.toMatch(/_enc"|share_token|storage_key|verifier/);
  });

  it('decides for every table with a user_id whether and what it exports', async () => {
    const tables = await findUserTables(server.database);
    const decided = new Set([...Object.keys(EXPORTED_COLUMNS), ...NOT_EXPORTED]);
    expect(tables.filter((table) => !decided.has(table))).toEqual([]);
  });

  it('changes the password only with the current one, refusing common ones, and can end other sessions', async () => {
    const { browser, email } = await newUser(server);
    const other = new TestBrowser(server);
    await signIn(other, email, PASSWORD);
    const wrong = await browser.request('/api/auth/change-password', {
      json: { currentPassword: 'not-it-at-all', newPassword: 'fresh-stage-dive-7' },
    });
    expect(wrong.status).toBe(400);
    const common = await browser.request('/api/auth/change-password', {
      json: { currentPassword: PASSWORD, newPassword: 'iloveyou' },
    });
    expect((await common.json()).code).toBe('PASSWORD_TOO_COMMON');
    const changed = await browser.request('/api/auth/change-password', {
      json: { currentPassword: PASSWORD, newPassword: 'fresh-stage-dive-7', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await (await other.request('/api/me')).json()).user).toBeNull();
    expect((await (await browser.request('/api/me')).json()).user.email).toBe(email);
  });

  it('lists the sessions and signs out every other one', async () => {
    const { browser, email } = await newUser(server);
    const laptop = new TestBrowser(server);
    await signIn(laptop, email, PASSWORD);
    const sessions = await (await browser.request('/api/auth/list-sessions')).json();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s: { ipAddress: string }) => s.ipAddress).sort()).toEqual([browser.ip, laptop.ip].sort());
    const revoked = await browser.request('/api/auth/revoke-other-sessions', { json: {} });
    expect(revoked.status).toBe(200);
    expect((await (await laptop.request('/api/me')).json()).user).toBeNull();
    expect((await (await browser.request('/api/me')).json()).user.email).toBe(email);
  });

  it("keeps users apart: A cannot end B's session or see B's data", async () => {
    const a = await newUser(server, 'User A');
    const b = await newUser(server, 'User B');
    const bSessions = await (await b.browser.request('/api/auth/list-sessions')).json();
    const aSessions = await (await a.browser.request('/api/auth/list-sessions')).json();
    expect(aSessions).toHaveLength(1);
    expect(aSessions[0].userId).toBe(a.id);
    await a.browser.request('/api/auth/revoke-session', { json: { token: bSessions[0].token } });
    expect((await (await b.browser.request('/api/me')).json()).user.id).toBe(b.id);
    const exported = await (await a.browser.request('/api/account/export')).json();
    expect(JSON.stringify(exported)).not.toContain(b.id);
    await a.browser.request('/api/account/profile', {
      method: 'PATCH',
      json: { fullName: 'Renamed A', homePlaceId: null },
    });
    expect((await (await b.browser.request('/api/me')).json()).user.fullName).toBe('User B');
  });

  it('deletes the account only with the typed confirmation, removing every row of the user', async () => {
    const a = await newUser(server);
    const b = await newUser(server);
    await server.database.query("insert into user_roles (user_id, role) values ($1, 'admin')", [a.id]);
    const noConfirm = await a.browser.request('/api/account', { method: 'DELETE', json: { confirm: 'delete' } });
    expect(noConfirm.status).toBe(400);
    const wrongPassword = await a.browser.request('/api/account', {
      method: 'DELETE',
      json: { confirm: 'DELETE', password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(403);
    expect(await rowCounts(server, a.id)).toEqual({ users: 1, sessions: 1, accounts: 1, roles: 1 });

    const deleted = await a.browser.request('/api/account', {
      method: 'DELETE',
      json: { confirm: 'DELETE', password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(await rowCounts(server, a.id)).toEqual({ users: 0, sessions: 0, accounts: 0, roles: 0 });
    expect((await (await a.browser.request('/api/me')).json()).user).toBeNull();
    expect((await signIn(new TestBrowser(server), a.email, PASSWORD)).status).toBe(401);
    expect(await rowCounts(server, b.id)).toMatchObject({ users: 1, sessions: 1 });
  });

  it('asks for the password when the session is not fresh', async () => {
    const a = await newUser(server);
    await server.database.query("update sessions set created_at = now() - interval '1 hour' where user_id = $1", [
      a.id,
    ]);
    const stale = await a.browser.request('/api/account', { method: 'DELETE', json: { confirm: 'DELETE' } });
    expect(stale.status).toBe(403);
    expect((await stale.json()).error.message).toBe('Enter your password to delete your account.');
  });
});
