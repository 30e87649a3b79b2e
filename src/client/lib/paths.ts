/**
 * Every path of the app is built here, so a page's address is written once (the route patterns
 * are in app/router.tsx and app/account-routes.ts). Slugs are URL-safe as stored
 * ([a-z0-9-]), so they go in as they are.
 */
import { publicPaths } from '#shared/public-paths.ts';

export const paths = {
  home: '/',
  /** The artist list on the home page. */
  homeArtists: '/#artists',
  ...publicPaths,
  addShow: '/add-show',
  tourScraper: '/tour-scraper',
  tourWeb: '/tour-web',
  /** One show (a stop and its bill) with the fan's notes, rating and photos. */
  show: (stopId: string) => `/shows/${stopId}`,
  donate: '/donate',
  install: '/install',
  signIn: '/auth',
  signUp: '/auth?mode=signup',
  requestPasswordReset: '/auth?mode=reset',
  resetPassword: '/auth/reset-password',
  dashboard: '/dashboard',
  myArtists: '/my-artists',
  /** Follow the artists you listen to on Last.fm or ListenBrainz (issue 15). */
  musicServices: '/music-services',
  myShows: '/my-shows',
  stats: '/stats',
  /** Tour setlists and the predicted setlist (?artist=slug), or one show's (?show=stopId). */
  setlist: '/setlist',
  setlistOfShow: (stopId: string) => `/setlist?show=${encodeURIComponent(stopId)}`,
  /** Import a concert history (setlist.fm, CSV, this app's export). */
  historyImport: '/my-shows/import',
  vacation: '/vacation',
  /** Every upcoming show around a place (issue 29), signed in or not. */
  near: '/near',
  /** One of the fan's trips: what's on there. */
  trip: (tripId: string) => `/vacation/${tripId}`,
  /** A trip shared read-only by link (the server hands out the token). */
  sharedTrip: (token: string) => `/trip/${token}`,
  settings: '/settings',
  /** The small-screen notifications page (the side menu links to it; desktop has the bell). */
  notifications: '/notifications',
  adminArtists: '/admin/artists',
  /** The spec's ten admin pages (issue 16), behind one guard and one sub-navigation. */
  adminTips: '/admin/tips',
  adminApiStatus: '/admin/api-status',
  adminSpotifyImport: '/admin/spotify-import',
  adminHistoricalImport: '/admin/historical-import',
  adminGenreBackfill: '/admin/genre-backfill',
  adminCatalogRequests: '/admin/catalog-requests',
  adminImageTesting: '/admin/image-testing',
  adminBackups: '/admin/backups',
  adminLoadingMessages: '/admin/loading-messages',
  /** Where a donation provider sends the donor back to. */
  donateThanks: '/donate/thanks',
} as const;
