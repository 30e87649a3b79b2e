import type { RouteObject } from 'react-router';
import { adminRoutes } from '#client/features/admin/admin-routes.ts';

/**
 * The routes of accounts and roles, mounted by src/client/app/router.tsx: the reset page, signed-in
 * pages behind SignedInOnly and the admin pages (features/admin/admin-routes.ts, behind AdminOnly). Every page loads on demand.
 */
const guards = () => import('./components/route-guards.tsx');
const placeholders = () => import('./components/placeholder-pages.tsx');

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
      { path: 'my-shows', lazy: async () => ({ Component: (await placeholders()).HistoryPage }) },
      { path: 'stats', lazy: async () => ({ Component: (await placeholders()).StatsPage }) },
      { path: 'vacation', lazy: async () => ({ Component: (await placeholders()).VacationPage }) },
      {
        path: 'settings',
        lazy: async () => ({
          Component: (await import('#client/features/account/components/settings-page.tsx')).SettingsPage,
        }),
      },
    ],
  },
  ...adminRoutes,
];
