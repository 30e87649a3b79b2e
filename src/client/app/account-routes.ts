import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.ts';

/**
 * The routes of accounts and roles, mounted by router.tsx: the reset page, every signed-in page
 * behind SignedInOnly and the admin pages (admin-routes.ts, behind AdminOnly). Every page loads on
 * demand; a page that shows parts of several features is composed in routes/.
 */
export const accountRoutes: RouteObject[] = [
  {
    path: 'auth/reset-password',
    lazy: async () => ({
      Component: (await import('#client/features/auth/components/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    lazy: async () => ({ Component: (await import('./guards.tsx')).SignedInOnly }),
    children: [
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('./routes/my-shows.tsx')).MyShowsRoute }),
      },
      {
        path: 'my-shows',
        lazy: async () => ({ Component: (await import('./routes/history.tsx')).HistoryRoute }),
      },
      {
        path: 'my-shows/import',
        lazy: async () => ({
          Component: (await import('#client/features/history-import/components/history-import-page.tsx'))
            .HistoryImportPage,
        }),
      },
      {
        path: 'stats',
        lazy: async () => ({
          Component: (await import('#client/features/stats/components/stats-page.tsx')).StatsPage,
        }),
      },
      {
        path: 'vacation',
        lazy: async () => ({
          Component: (await import('#client/features/trips/components/vacation-page.tsx')).VacationPage,
        }),
      },
      {
        path: 'vacation/:tripId',
        lazy: async () => ({ Component: (await import('./routes/trip.tsx')).TripRoute }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./routes/settings.tsx')).SettingsRoute }),
      },
      {
        path: 'my-artists',
        lazy: async () => ({
          Component: (await import('#client/features/favorites/components/my-artists-page.tsx')).MyArtistsPage,
        }),
      },
      {
        path: 'music-services',
        lazy: async () => ({ Component: (await import('./routes/music-services.tsx')).MusicServicesRoute }),
      },
      {
        path: 'tour-scraper',
        lazy: async () => ({
          Component: (await import('#client/features/tour-scraper/components/tour-scraper-page.tsx')).TourScraperPage,
        }),
      },
      {
        path: 'tour-web',
        lazy: async () => ({ Component: (await import('./routes/tour-web.tsx')).TourWebRoute }),
      },
      {
        path: 'notifications',
        lazy: async () => ({
          Component: (await import('#client/features/notifications/components/notifications-page.tsx'))
            .NotificationsPage,
        }),
      },
    ],
  },
  ...adminRoutes,
];
