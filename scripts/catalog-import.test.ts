import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The script as a user runs it, in a child process with a clean environment of its own. */
function runImport(args: string[], dataDir: string): Promise<Run> {
  const env = { PATH: process.env.PATH, HOME: os.tmpdir(), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/catalog-import.ts', ...args],
      { cwd: root, env, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run catalog:import', () => {
  let dir: string;
  const dataDir = () => path.join(dir, 'data');
  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-catalog-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists every problem of a bad file with its path, exits 1 and does not touch the database', async () => {
    const file = write('bad.json', {
      artists: [
        { name: 'Fine', tours: [{ name: 'T', stops: [{ date: '2027-04-02', venue: 'V', city: 'C', country: 'US' }] }] },
        {
          name: 'Broken',
          tours: [{ name: 'T', stops: [{ date: '2027-02-30', venue: 'V', city: 'C', country: 'USA' }] }],
        },
        { tours: [] },
      ],
    });
    const run = await runImport([file], dataDir());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The catalog has 3 problems; nothing was imported.');
    expect(run.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  artists[1].tours[0].stops[0].date: expected YYYY-MM-DD',
      '  artists[1].tours[0].stops[0].country: expected a 2-letter country code such as US',
      '  artists[2].name: is required',
    ]);
    expect(fs.existsSync(path.join(dataDir(), 'pgdata'))).toBe(false);
  }, 60_000);

  it('says so when the file is missing or not JSON', async () => {
    const missing = await runImport([path.join(dir, 'nope.json')], dataDir());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read .*nope\.json: ENOENT/);

    const notJson = await runImport([write('broken.json', '{"artists": [')], dataDir());
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/broken\.json is not valid JSON/);

    const noArgs = await runImport([], dataDir());
    expect(noArgs.code).toBe(1);
    expect(noArgs.stderr).toContain('Usage: npm run catalog:import -- FILE.json');
  }, 60_000);

  it('refuses while another process holds the data directory', async () => {
    const locked = path.join(dir, 'locked');
    fs.mkdirSync(locked);
    // This test runner is alive, so its pid makes a lock that must not be taken over.
    fs.writeFileSync(path.join(locked, 'tourguides.lock'), String(process.pid));
    const file = write('good-for-lock.json', {
      artists: [
        {
          name: 'Locked Out',
          tours: [{ name: 'T', stops: [{ date: '2027-04-02', venue: 'V', city: 'C', country: 'US' }] }],
        },
      ],
    });
    const run = await runImport([file], locked);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`is in use by another TourGuides process (pid ${process.pid})`);
  }, 60_000);

  it('imports a good file, prints what it added, and adds nothing the second time', async () => {
    const file = write('good.json', {
      artists: [
        {
          name: 'the midnight ravens',
          tours: [
            {
              name: 'Spring',
              stops: [
                {
                  date: '2027-04-02',
                  venue: 'Red Rocks Amphitheatre',
                  city: 'Morrison',
                  region: 'Colorado',
                  country: 'US',
                },
                { date: '2027-04-04', venue: 'Massey Hall', city: 'Toronto', region: 'ON', country: 'CA' },
              ],
            },
          ],
        },
        {
          name: 'NEON harbor',
          tours: [
            { name: 'Glow', stops: [{ date: '2027-05-01', venue: 'Paradiso', city: 'Amsterdam', country: 'NL' }] },
          ],
        },
      ],
    });
    const first = await runImport([file], dataDir());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Added 2 artists, 2 tours, 3 stops, 3 venues.');
    expect(first.stdout).toContain('New artists: the midnight ravens, NEON harbor.');

    const second = await runImport([file], dataDir());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Nothing to add: everything in .*good\.json is already in the catalog/);
    // The lock is released on exit, so the server could start on this directory now.
    expect(fs.existsSync(path.join(dataDir(), 'tourguides.lock'))).toBe(false);
  }, 120_000);
});
