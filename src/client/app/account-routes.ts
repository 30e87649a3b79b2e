import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.ts';
import { page } from './lazy-page.ts';

/**
 * The routes of accounts and roles, mounted by router.tsx: the reset page, every signed-in page
 * behind SignedInOnly and the admin pages (admin-routes.ts, behind AdminOnly). Every page loads on
 * demand; a page that shows parts of several features is composed in routes/.
 */
export const accountRoutes: RouteObject[] = [
  {
    path: 'auth/reset-password',
    lazy: page(() => import('#client/features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage'),
  },
  {
    lazy: page(() => import('./guards.tsx'), 'SignedInOnly'),
    children: [
      {
        path: 'dashboard',
        lazy: page(() => import('./routes/my-shows.tsx'), 'MyShowsRoute'),
      },
      {
        path: 'my-shows',
        lazy: page(() => import('./routes/history.tsx'), 'HistoryRoute'),
      },
      {
        path: 'my-shows/import',
        lazy: page(
          () => import('#client/features/history-import/components/history-import-page.tsx'),
          'HistoryImportPage',
        ),
      },
      {
        path: 'stats',
        lazy: page(() => import('#client/features/stats/components/stats-page.tsx'), 'StatsPage'),
      },
      {
        path: 'vacation',
        lazy: page(() => import('#client/features/trips/components/vacation-page.tsx'), 'VacationPage'),
      },
      {
        path: 'vacation/:tripId',
        lazy: page(() => import('./routes/trip.tsx'), 'TripRoute'),
      },
      {
        path: 'settings',
        lazy: page(() => import('./routes/settings.tsx'), 'SettingsRoute'),
      },
      {
        path: 'my-artists',
        lazy: page(() => import('#client/features/favorites/components/my-artists-page.tsx'), 'MyArtistsPage'),
      },
      {
        path: 'music-services',
        lazy: page(() => import('./routes/music-services.tsx'), 'MusicServicesRoute'),
      },
      {
        path: 'tour-scraper',
        lazy: page(() => import('#client/features/tour-scraper/components/tour-scraper-page.tsx'), 'TourScraperPage'),
      },
      {
        path: 'tour-web',
        lazy: page(() => import('./routes/tour-web.tsx'), 'TourWebRoute'),
      },
      {
        path: 'notifications',
        lazy: page(
          () => import('#client/features/notifications/components/notifications-page.tsx'),
          'NotificationsPage',
        ),
      },
    ],
  },
  ...adminRoutes,
];
