import path from 'node:path';

/**
 * The e2e server's data directory: one per E2E_PORT, so two runs side by side (two checkouts, or
 * two people on one machine) never wipe each other's database and outbox.
 */
export function e2eDataDir(): string {
  const root = path.resolve(import.meta.dirname, '../../..');
  return path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? 3100}`);
}
