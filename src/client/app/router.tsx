import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { accountRoutes } from '#client/features/auth/account-routes.ts';
import { PageLoader, RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorScreen } from './route-error.tsx';

/**
 * Every page is a lazy route: its code loads on demand. The shell (header, footer) is the one
 * eager route, and the pathless route under it shows 'Loading...' inside the shell while the
 * first page's code arrives. Also rendered at build time for the home page's HTML (prerender.tsx).
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        Component: Outlet,
        HydrateFallback: PageLoader,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomePage }) },
          {
            path: 'tour/:artistSlug',
            lazy: async () => ({ Component: (await import('./routes/tour.tsx')).TourPage }),
          },
          {
            path: 'artist/:artistSlug',
            lazy: async () => ({
              Component: (await import('#client/features/artist-profile/components/artist-page.tsx')).ArtistPage,
            }),
          },
          {
            path: 'venue/:slug',
            lazy: async () => ({
              Component: (await import('#client/features/venues/components/venue-page.tsx')).VenuePage,
            }),
          },
          {
            path: 'guide/:artistSlug/:stopSlug',
            lazy: async () => ({
              Component: (await import('#client/features/venues/components/guide-page.tsx')).GuidePage,
            }),
          },
          {
            lazy: async () => ({
              Component: (await import('#client/features/auth/components/route-guards.tsx')).SignedInOnly,
            }),
            children: [
              {
                path: 'my-artists',
                lazy: async () => ({
                  Component: (await import('#client/features/favorites/components/my-artists-page.tsx')).MyArtistsPage,
                }),
              },
              {
                path: 'music-services',
                lazy: async () => ({
                  Component: (await import('#client/features/music-services/components/music-services-page.tsx'))
                    .MusicServicesPage,
                }),
              },
              {
                path: 'tour-scraper',
                lazy: async () => ({ Component: (await import('./routes/tour-scraper.tsx')).TourScraperPage }),
              },
              {
                path: 'tour-web',
                lazy: async () => ({ Component: (await import('./routes/tour-web.tsx')).TourWebPage }),
              },
              {
                path: 'my-shows/import',
                lazy: async () => ({
                  Component: (await import('#client/features/history-import/components/history-import-page.tsx'))
                    .HistoryImportPage,
                }),
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
          {
            path: 'auth',
            lazy: async () => ({
              Component: (await import('#client/features/auth/components/auth-page.tsx')).AuthPage,
            }),
          },
          {
            path: 'shows/:stopId',
            lazy: async () => ({
              Component: (await import('#client/features/shows/components/show-detail-page.tsx')).ShowDetailPage,
            }),
          },
          {
            path: 'trip/:token',
            lazy: async () => ({
              Component: (await import('#client/features/trips/components/shared-trip-page.tsx')).SharedTripPage,
            }),
          },
          {
            path: 'add-show',
            lazy: async () => ({ Component: (await import('./routes/add-show.tsx')).AddShowPage }),
          },
          {
            path: 'donate',
            lazy: async () => ({
              Component: (await import('#client/features/donate/components/donate-page.tsx')).DonatePage,
            }),
          },
          {
            path: 'donate/thanks',
            lazy: async () => ({
              Component: (await import('#client/features/donate/components/donate-thanks-page.tsx')).DonateThanksPage,
            }),
          },
          {
            path: 'setlist',
            lazy: async () => ({
              Component: (await import('#client/features/setlists/components/setlist-page.tsx')).SetlistPage,
            }),
          },
          {
            path: 'install',
            lazy: async () => ({
              Component: (await import('#client/features/pwa/components/install-page.tsx')).InstallPage,
            }),
          },
          ...accountRoutes,
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(appRoutes);
}
