/**
 * The operator's side of the built bundle, each test on a server of its own (dist/server/index.js on a
 * fresh embedded database): `npm run admin:grant` while that server runs (through its operator
 * socket, ADR 0036), and a start on a busy port, which must stop before touching the database.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PASSWORD } from './helpers/accounts.ts';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: os.tmpdir(),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: '0',
    // Cheap password hashes (src/server/auth/password-hash.ts).
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Nothing here calls a provider; if something did, a closed local port answers at once.
    MUSICBRAINZ_URL: 'http://127.0.0.1:9',
    OVERPASS_URL: 'http://127.0.0.1:9/api/interpreter',
    WIKIVOYAGE_URL: 'http://127.0.0.1:9/w/api.php',
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9',
  };
}

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** `npm start`'s command line, without the build check (the suite's ensure-build ran it). */
function startBuiltServer(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function stopServer(server: Started): Promise<void> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** `npm run admin:grant -- EMAIL` past its build check: the bundled script, as npm runs it. */
function adminRole(action: 'grant' | 'revoke', email: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['dist/server/admin-role.js', action, email],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test.describe('operators on the built server', () => {
  let scratch: string;

  test.beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-operators-'));
  });

  test.afterEach(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  test('admin:grant and admin:revoke work while the server holds the embedded database', async () => {
    test.slow();
    const port = await freePort();
    const env = serverEnv(path.join(scratch, 'data'), port);
    const base = `http://127.0.0.1:${port}`;
    const server = startBuiltServer(env);
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/healthz`).then(
              (response) => response.status,
              () => 0,
            ),
          // A first start makes and migrates a new embedded database: over a minute on a loaded 2-core box.
          { timeout: 120_000 },
        )
        .toBe(200);
      // Only the owner may reach the socket: it is as private as the database files beside it.
      const socket = fs.statSync(path.join(scratch, 'data', 'operator.sock'));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o777).toBe(0o600);

      const email = 'operator-fan@example.com';
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password: E2E_PASSWORD, name: 'Olive Operator', fullName: 'Olive Operator' }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const isAdmin = async () => {
        const me = await fetch(`${base}/api/me`, { headers: { cookie } });
        return ((await me.json()) as { user: { isAdmin: boolean } }).user.isAdmin;
      };
      expect(await isAdmin()).toBe(false);

      const granted = await adminRole('grant', email, env);
      expect(granted, granted.stderr).toMatchObject({ code: 0, stdout: `${email} is now an admin.\n` });
      expect(await isAdmin()).toBe(true);
      expect((await fetch(`${base}/api/admin/backups`, { headers: { cookie } })).status).toBe(200);

      const unknown = await adminRole('grant', 'nobody@example.com', env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No account with the email nobody@example.com. The person must sign up first.\n');

      const revoked = await adminRole('revoke', email, env);
      expect(revoked, revoked.stderr).toMatchObject({ code: 0, stdout: `${email} is no longer an admin.\n` });
      expect(await isAdmin()).toBe(false);
    } finally {
      await stopServer(server);
    }
    // Stopped: the script opens the database itself, as before.
    expect(fs.existsSync(path.join(scratch, 'data', 'operator.sock'))).toBe(false);
    const offline = await adminRole('grant', 'operator-fan@example.com', env);
    expect(offline, offline.stderr).toMatchObject({ code: 0, stdout: 'operator-fan@example.com is now an admin.\n' });
  });

  test('a start on a busy port stops at once with one line, before any migration', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const dataDir = path.join(scratch, 'data');
    try {
      const started = performance.now();
      const server = startBuiltServer(serverEnv(dataDir, port));
      const code = await Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
      ]);
      if (code === 'timeout') await stopServer(server);
      expect(code).toBe(1);
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(server.output()).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another process: stop it, or start TourGuides with another PORT.\n`,
      );
      // No database was opened, so nothing was migrated, and the data-directory lock is gone.
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'tourguides.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
