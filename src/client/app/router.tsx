import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { accountRoutes } from './account-routes.ts';
import { PageLoader, RootLayout } from './layouts/root-layout.tsx';
import { page } from './lazy-page.ts';
import { RouteErrorScreen } from './route-error.tsx';

/**
 * Every page is a lazy route: its code loads on demand. The shell (header, footer) is the one
 * eager route, and the pathless route under it shows 'Loading...' inside the shell while the
 * first page's code arrives. Also rendered by the server for the public pages (server-render.tsx).
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
          { index: true, lazy: page(() => import('./routes/home.tsx'), 'HomePage') },
          {
            path: 'tour/:artistSlug',
            lazy: page(() => import('./routes/tour.tsx'), 'TourPage'),
          },
          {
            path: 'artist/:artistSlug',
            lazy: page(() => import('./routes/artist.tsx'), 'ArtistRoute'),
          },
          {
            path: 'venue/:slug',
            lazy: page(() => import('./routes/venue.tsx'), 'VenueRoute'),
          },
          {
            path: 'guide/:artistSlug/:stopSlug',
            lazy: page(() => import('./routes/guide.tsx'), 'GuideRoute'),
          },
          {
            path: 'auth',
            lazy: page(() => import('#client/features/auth/components/auth-page.tsx'), 'AuthPage'),
          },
          {
            path: 'shows/:stopId',
            lazy: page(() => import('./routes/show.tsx'), 'ShowRoute'),
          },
          {
            path: 'trip/:token',
            lazy: page(() => import('#client/features/trips/components/shared-trip-page.tsx'), 'SharedTripPage'),
          },
          {
            path: 'near',
            lazy: page(() => import('#client/features/near/components/near-page.tsx'), 'NearPage'),
          },
          {
            path: 'add-show',
            lazy: page(() => import('#client/features/add-show/components/add-show-page.tsx'), 'AddShowPage'),
          },
          {
            path: 'donate',
            lazy: page(() => import('#client/features/donate/components/donate-page.tsx'), 'DonatePage'),
          },
          {
            path: 'donate/thanks',
            lazy: page(() => import('#client/features/donate/components/donate-thanks-page.tsx'), 'DonateThanksPage'),
          },
          {
            path: 'setlist',
            lazy: page(() => import('#client/features/setlists/components/setlist-page.tsx'), 'SetlistPage'),
          },
          {
            path: 'install',
            lazy: page(() => import('#client/features/pwa/components/install-page.tsx'), 'InstallPage'),
          },
          ...accountRoutes,
          { path: '*', lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(appRoutes);
}
