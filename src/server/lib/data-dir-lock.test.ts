import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;

/** A process that takes the lock, then leaves the way `how` says (never calling the release). */
function takeLockAndLeave(dataDir: string, how: string) {
  const script = `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
acquireDataDirLock(${JSON.stringify(dataDir)});
${how}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('the data-directory lock', () => {
  let dataDir = '';
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['an error at start-up (exit 1)', 'process.exit(1);'],
    ['the forced exit after a stuck shutdown', 'setTimeout(() => process.exit(1), 10);'],
    ['an uncaught error', 'throw new Error("boom");'],
  ])('is released on %s', (_label, how) => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-lock-'));
    const result = takeLockAndLeave(dataDir, how);
    expect(result.status, result.stderr).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'tourguides.lock'))).toBe(false);
  });
});
