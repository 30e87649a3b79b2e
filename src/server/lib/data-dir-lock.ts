import fs from 'node:fs';
import path from 'node:path';
import { AppError } from './app-error.ts';

const LOCK_NAME = 'tourguides.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock, so two servers on one DATA_DIR would corrupt it. The lock
 * file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {}
      };
      // Every way out: a clean stop, a start-up error, the forced exit after a stuck shutdown.
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new AppError(
          'CONFLICT',
          `The data directory ${dataDir} is in use by another TourGuides process (pid ${owner}). ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new AppError('CONFLICT', `Could not lock the data directory ${dataDir}.`);
}
