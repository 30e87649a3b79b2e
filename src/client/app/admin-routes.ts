import type { RouteObject } from 'react-router';
import { page } from './lazy-page.ts';

/**
 * The spec's ten admin pages under one layout route (features/admin/components/admin-layout.tsx,
 * the sub-navigation), and the AI usage page, which the spec puts outside /admin: all behind
 * AdminOnly. The pages come from the admin feature and from the admin tools' own features.
 */
const layout = () => import('#client/features/admin/components/admin-layout.tsx');

const adminPages: RouteObject[] = [
  { index: true, lazy: page(layout, 'AdminIndexRedirect') },
  {
    path: 'api-status',
    lazy: page(() => import('#client/features/admin/components/api-status-page.tsx'), 'ApiStatusPage'),
  },
  {
    path: 'artists',
    lazy: page(() => import('#client/features/admin/components/admin-artists-page.tsx'), 'AdminArtistsPage'),
  },
  {
    path: 'backups',
    lazy: page(() => import('#client/features/admin/components/backups-page.tsx'), 'BackupsPage'),
  },
  {
    path: 'catalog-requests',
    lazy: page(
      () => import('#client/features/catalog-requests/components/catalog-requests-page.tsx'),
      'CatalogRequestsPage',
    ),
  },
  {
    path: 'historical-import',
    lazy: page(
      () => import('#client/features/historical-import/components/historical-import-page.tsx'),
      'HistoricalImportPage',
    ),
  },
  {
    path: 'genre-backfill',
    lazy: page(() => import('#client/features/genre-backfill/components/genre-backfill-page.tsx'), 'GenreBackfillPage'),
  },
  {
    path: 'image-testing',
    lazy: page(() => import('#client/features/image-testing/components/image-testing-page.tsx'), 'ImageTestingPage'),
  },
  {
    path: 'spotify-import',
    lazy: page(
      () => import('#client/features/listening-import/components/admin-spotify-import-page.tsx'),
      'AdminSpotifyImportPage',
    ),
  },
  {
    path: 'tips',
    lazy: page(() => import('#client/features/guides/components/admin-tips-page.tsx'), 'AdminTipsPage'),
  },
  {
    path: 'loading-messages',
    lazy: page(
      () => import('#client/features/guides/components/admin-loading-messages-page.tsx'),
      'AdminLoadingMessagesPage',
    ),
  },
];

export const adminRoutes: RouteObject[] = [
  {
    lazy: page(() => import('./guards.tsx'), 'AdminOnly'),
    children: [
      {
        path: 'admin',
        lazy: page(layout, 'AdminLayout'),
        children: adminPages,
      },
      // AI usage (issue 13) is an admin page outside /admin, as the spec's route table has it.
      {
        path: 'openai-usage',
        lazy: page(() => import('#client/features/guides/components/llm-usage-page.tsx'), 'LlmUsagePage'),
      },
    ],
  },
];
