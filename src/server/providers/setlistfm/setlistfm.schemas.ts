import { z } from 'zod';

/**
 * The parts of setlist.fm 1.0 JSON answers we use (../shared/reference/provider-apis.md §5).
 * Songs live under `sets.set[].song[]` (the live API; the docs' top-level `set` is ignored);
 * `tape: true` songs are intros/outros; encore sets carry `encore: 1, 2…`.
 */

const artistRef = z.object({
  mbid: z.string().optional(),
  name: z.string(),
  sortName: z.string().optional(),
  url: z.string().optional(),
});

export const sfmSongSchema = z.object({
  name: z.string(),
  info: z.string().optional(),
  tape: z.boolean().optional(),
  cover: artistRef.optional(),
  with: artistRef.optional(),
});

export const sfmSetSchema = z.object({
  name: z.string().optional(),
  encore: z.number().int().optional(),
  song: z.array(sfmSongSchema).default([]),
});

export const sfmSetlistSchema = z.object({
  id: z.string().min(1),
  versionId: z.string().optional(),
  eventDate: z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'expected dd-MM-yyyy'),
  lastUpdated: z.string().optional(),
  artist: artistRef,
  venue: z
    .object({
      id: z.string().optional(),
      name: z.string().optional(),
      url: z.string().optional(),
      city: z
        .object({
          id: z.string().optional(),
          name: z.string().optional(),
          state: z.string().optional(),
          stateCode: z.string().optional(),
          coords: z.object({ lat: z.number().optional(), long: z.number().optional() }).partial().optional(),
          country: z.object({ code: z.string().optional(), name: z.string().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
  tour: z.object({ name: z.string() }).optional(),
  sets: z.object({ set: z.array(sfmSetSchema).default([]) }).optional(),
  info: z.string().optional(),
  url: z.string().optional(),
});
export type SfmSetlist = z.infer<typeof sfmSetlistSchema>;

export const sfmSetlistsSchema = z.object({
  type: z.string().optional(),
  itemsPerPage: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
  setlist: z.array(sfmSetlistSchema).default([]),
});

export const sfmUserSchema = z.object({
  userId: z.string(),
  fullname: z.string().optional(),
  url: z.string().optional(),
});
