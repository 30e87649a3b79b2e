import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '#server/env.ts';

const SECRET_FILE = 'auth-secret';

/**
 * AUTH_SECRET when set (required in production, see env.ts); otherwise a random secret generated on
 * first start and kept in DATA_DIR (mode 0600) so sessions survive restarts on a laptop.
 */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'dataDir'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, SECRET_FILE);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together agree on one secret.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
