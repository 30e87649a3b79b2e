import { paths } from '#client/lib/paths.ts';

export interface AdminSection {
  label: string;
  to: string;
  /** One line on what the page is for, shown under its heading (and on a page not built yet). */
  purpose: string;
}

/** The spec's ten admin pages, in the order of the admin sub-navigation. */
export const adminSections: AdminSection[] = [
  { label: 'API status', to: paths.adminApiStatus, purpose: 'Provider health, rate limits and background jobs.' },
  { label: 'Artists', to: paths.adminArtists, purpose: 'Every artist in the catalog: edit, merge, re-sync.' },
  {
    label: 'Catalog requests',
    to: paths.adminCatalogRequests,
    purpose: 'Shows and artists submitted by fans, waiting for review.',
  },
  {
    label: 'Historical import',
    to: paths.adminHistoricalImport,
    purpose: 'Load years of past tour dates into the catalog.',
  },
  { label: 'Genre backfill', to: paths.adminGenreBackfill, purpose: 'Fill in missing genres from MusicBrainz.' },
  {
    label: 'Image testing',
    to: paths.adminImageTesting,
    purpose: 'Compare image sources and replace an artist image.',
  },
  { label: 'Spotify import', to: paths.adminSpotifyImport, purpose: 'Import artists from Spotify.' },
  { label: 'Tips', to: paths.adminTips, purpose: 'Review the venue tips fans write.' },
  {
    label: 'Loading messages',
    to: paths.adminLoadingMessages,
    purpose: 'The messages shown while pages load.',
  },
  { label: 'Backups', to: paths.adminBackups, purpose: 'Snapshots of all data: create, download, restore.' },
];
