import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { accountRoutes } from './account-routes.ts';
import { PageLoader, RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorScreen } from './route-error.tsx';

/**
 * Every page is a lazy route: its code loads on demand. The shell (header, footer) is the one
 * eager route, and the pathless route under it shows 'Loading...' inside the shell while the
 * first page's code arrives. Also rendered at build time for the home page's HTML (prerender.tsx).
 * A page that shows parts of several features is composed in routes/ (features import no other
 * feature); a page of one feature is loaded straight from it.
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
            lazy: async () => ({ Component: (await import('./routes/artist.tsx')).ArtistRoute }),
          },
          {
            path: 'venue/:slug',
            lazy: async () => ({ Component: (await import('./routes/venue.tsx')).VenueRoute }),
          },
          {
            path: 'guide/:artistSlug/:stopSlug',
            lazy: async () => ({ Component: (await import('./routes/guide.tsx')).GuideRoute }),
          },
          {
            path: 'auth',
            lazy: async () => ({
              Component: (await import('#client/features/auth/components/auth-page.tsx')).AuthPage,
            }),
          },
          {
            path: 'shows/:stopId',
            lazy: async () => ({ Component: (await import('./routes/show.tsx')).ShowRoute }),
          },
          {
            path: 'trip/:token',
            lazy: async () => ({
              Component: (await import('#client/features/trips/components/shared-trip-page.tsx')).SharedTripPage,
            }),
          },
          {
            path: 'add-show',
            lazy: async () => ({
              Component: (await import('#client/features/add-show/components/add-show-page.tsx')).AddShowPage,
            }),
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
