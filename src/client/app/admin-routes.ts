import type { RouteObject } from 'react-router';

/**
 * The spec's ten admin pages under one layout route (features/admin/components/admin-layout.tsx):
 * the admin guard and sub-navigation are there once. A page not built yet gets the honest
 * "coming soon" page (components/admin-coming-soon-page.tsx) until the real page lands.
 */
const layout = () => import('./components/admin-layout.tsx');

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({ Component: (await layout()).AdminLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await layout()).AdminIndexRedirect }) },
      {
        path: 'api-status',
        lazy: async () => ({
          Component: (await import('./components/api-status-page.tsx')).ApiStatusPage,
        }),
      },
      {
        path: 'artists',
        lazy: async () => ({
          Component: (await import('./components/admin-artists-page.tsx')).AdminArtistsPage,
        }),
      },
      {
        path: 'backups',
        lazy: async () => ({ Component: (await import('./components/backups-page.tsx')).BackupsPage }),
      },
      {
        path: 'catalog-requests',
        lazy: async () => ({
          Component: (await import('#client/features/catalog-requests/components/catalog-requests-page.tsx'))
            .CatalogRequestsPage,
        }),
      },
      {
        path: 'historical-import',
        lazy: async () => ({
          Component: (await import('#client/features/historical-import/components/historical-import-page.tsx'))
            .HistoricalImportPage,
        }),
      },
      {
        path: 'genre-backfill',
        lazy: async () => ({
          Component: (await import('#client/features/genre-backfill/components/genre-backfill-page.tsx'))
            .GenreBackfillPage,
        }),
      },
      {
        path: 'image-testing',
        lazy: async () => ({
          Component: (await import('#client/features/image-testing/components/image-testing-page.tsx'))
            .ImageTestingPage,
        }),
      },
      {
        path: 'spotify-import',
        lazy: async () => ({
          Component: (await import('#client/features/listening-import/components/admin-spotify-import-page.tsx'))
            .AdminSpotifyImportPage,
        }),
      },
      {
        path: 'tips',
        lazy: async () => ({
          Component: (await import('#client/features/guides/components/admin-tips-page.tsx')).AdminTipsPage,
        }),
      },
      {
        path: 'loading-messages',
        lazy: async () => ({
          Component: (await import('#client/features/guides/components/admin-loading-messages-page.tsx'))
            .AdminLoadingMessagesPage,
        }),
      },
    ],
  },
];
