/**
 * The public pages' paths, written once for both sides: the client's `paths` (src/client/lib/paths.ts)
 * and the server's page heads, JSON-LD and sitemaps (features/public-pages). Slugs are URL-safe as
 * stored ([a-z0-9-]), so they go in as they are.
 */
export const publicPaths = {
  tour: (artistSlug: string) => `/tour/${artistSlug}`,
  artist: (artistSlug: string) => `/artist/${artistSlug}`,
  venue: (venueSlug: string) => `/venue/${venueSlug}`,
  guide: (artistSlug: string, stopSlug: string) => `/guide/${artistSlug}/${stopSlug}`,
} as const;
