/** /admin/backups (issue 16, item 7): snapshots of all data as compressed, versioned archives. */

export interface BackupView {
  id: string;
  fileName: string;
  bytes: number;
  /** 'manual' (Create backup now) or 'scheduled' (the daily job, kept to the retention count). */
  trigger: 'manual' | 'scheduled';
  /** Images and photos inside the archive (true) or only referenced by their storage keys (false). */
  includesFiles: boolean;
  tableCount: number;
  rowCount: number;
  fileCount: number;
  /** Which database it was taken on: a backup restores into either. */
  databaseKind: 'pglite' | 'postgres';
  createdBy: string | null;
  createdAt: string;
}

export interface BackupsResponse {
  backups: BackupView[];
  /** The daily backup: null when switched off (BACKUP_RETENTION=0). */
  schedule: { cronUtc: string; description: string; retention: number } | null;
}

export interface BackupRestoreResponse {
  restoredFrom: string;
  tableCount: number;
  rowCount: number;
  fileCount: number;
}

/** What to type to confirm a restore from the page. */
export const RESTORE_CONFIRMATION = 'RESTORE';

export const backupMessages = {
  confirmRestore: `Type ${RESTORE_CONFIRMATION} to confirm the restore.`,
  notGzip: 'This is not a TourGuides backup: it is not a gzip file.',
  corrupt: 'The backup is damaged (it does not decompress): nothing was restored.',
  truncated: 'The backup is incomplete (it ends before its last line): nothing was restored.',
  notBackup: 'This is not a TourGuides backup: its first line is not a backup header.',
  newerFormat: 'This backup was made by a newer version of TourGuides: update the app before restoring it.',
  newerSchema: 'This backup has database changes this version of TourGuides does not know: update the app first.',
  checksum: 'The backup does not match its checksum: nothing was restored.',
  unknownTable: 'The backup has a table this version of TourGuides does not have.',
  notEmpty: 'The database is not empty. Restore into an empty database (a new DATA_DIR or database).',
  missing: 'The backup file is missing from storage.',
} as const;
