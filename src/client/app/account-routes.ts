import type { RouteObject } from 'react-router';
import { adminRoutes } from '#client/features/admin/admin-routes.ts';

/**
 * The routes of accounts and roles, mounted by src/client/app/router.tsx: the reset page, signed-in
 * pages behind SignedInOnly and the admin pages (features/admin/admin-routes.ts, behind AdminOnly). Every page loads on demand.
 */
const guards = () => import('./components/route-guards.tsx');

export const accountRoutes: RouteObject[] = [
  {
    path: 'auth/reset-password',
    lazy: async () => ({ Component: (await import('./components/reset-password-page.tsx')).ResetPasswordPage }),
  },
  {
    lazy: async () => ({ Component: (await guards()).SignedInOnly }),
    children: [
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('#client/features/shows/components/my-shows-page.tsx')).MyShowsPage,
        }),
      },
      {
        path: 'my-shows',
        lazy: async () => ({
          Component: (await import('#client/features/history/components/history-page.tsx')).HistoryPage,
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
        lazy: async () => ({
          Component: (await import('#client/features/trips/components/trip-page.tsx')).TripPage,
        }),
      },
      {
        path: 'settings',
        lazy: async () => ({
          Component: (await import('#client/features/account/components/settings-page.tsx')).SettingsPage,
        }),
      },
    ],
  },
  ...adminRoutes,
  {
    lazy: async () => ({ Component: (await guards()).AdminOnly }),
    children: [
      // AI usage (issue 13) is an admin page outside /admin, as the spec's route table has it.
      {
        path: 'openai-usage',
        lazy: async () => ({
          Component: (await import('#client/features/guides/components/llm-usage-page.tsx')).LlmUsagePage,
        }),
      },
    ],
  },
];
