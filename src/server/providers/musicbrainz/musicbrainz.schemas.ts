import { z } from 'zod';

/**
 * The parts of MusicBrainz WS/2 JSON answers we use (../shared/reference/provider-apis.md §1).
 * Search results omit empty keys; lookups send nulls instead: both are accepted.
 */

const mbid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected an MBID');

export const mbSearchArtistSchema = z.object({
  id: mbid,
  score: z.number().int().min(0).max(100),
  name: z.string().min(1),
  type: z.string().nullish(),
  disambiguation: z.string().nullish(),
  country: z.string().nullish(),
});

export const mbArtistSearchSchema = z.object({
  count: z.number().int().min(0),
  offset: z.number().int().min(0),
  artists: z.array(mbSearchArtistSchema),
});

const mbUrlRelationSchema = z.object({
  type: z.string(),
  'target-type': z.string().optional(),
  url: z.object({ resource: z.string() }).optional(),
});

export const mbArtistLookupSchema = z.object({
  id: mbid,
  name: z.string().min(1),
  disambiguation: z.string().nullish(),
  type: z.string().nullish(),
  country: z.string().nullish(),
  relations: z.array(mbUrlRelationSchema).default([]),
  genres: z.array(z.object({ name: z.string(), count: z.number() })).default([]),
});

const vote = z.object({ name: z.string(), count: z.number().int() });

/** inc=genres+tags: the curated genres and the folksonomy tags, each with its vote count. */
export const mbArtistTagsSchema = z.object({
  id: mbid,
  name: z.string().min(1),
  genres: z.array(vote).default([]),
  tags: z.array(vote).default([]),
});

/** GET /ws/2/url?resource=…&inc=artist-rels: the artists a URL (e.g. an open.spotify.com page) belongs to. */
export const mbUrlLookupSchema = z.object({
  id: z.string(),
  resource: z.string(),
  relations: z
    .array(
      z.object({
        type: z.string(),
        'target-type': z.string().optional(),
        artist: z.object({ id: mbid, name: z.string().min(1) }).optional(),
      }),
    )
    .default([]),
});

export type MbArtistSearch = z.infer<typeof mbArtistSearchSchema>;
export type MbArtistLookup = z.infer<typeof mbArtistLookupSchema>;
