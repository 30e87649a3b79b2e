import fs from 'node:fs';
import { buildPgliteSnapshot, newSnapshotFile } from './databases.ts';

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const snapshotFile = newSnapshotFile();
  await buildPgliteSnapshot(snapshotFile);
  provide('pgliteSnapshot', snapshotFile);
  return () => fs.rmSync(snapshotFile, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}
