import { Hono } from 'hono';
import { noStore, requireAdmin } from '#server/auth/middleware.ts';
import type { AppDeps, AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  addArtistBodySchema,
  editArtistBodySchema,
  mergeArtistBodySchema,
  musicBrainzSearchQuerySchema,
  restorePointParamSchema,
} from '#shared/admin-artists-api.ts';
import { artistSlugParamSchema } from '#shared/artists.ts';
import {
  addArtistFromMusicBrainz,
  deleteArtist,
  editArtist,
  getArtistForAdmin,
  listRestorePoints,
  mergeArtists,
  restoreArtist,
  searchMusicBrainz,
} from './artist-curation.service.ts';
import { auditActor } from './audit.service.ts';

/** /api/admin/catalog/*: curating artists (edit, merge, delete, undo, add from MusicBrainz). */
export function artistCurationRoutes({
  database,
  providers,
  catalogChanges,
}: Pick<AppDeps, 'database' | 'providers' | 'catalogChanges'>) {
  const writer = { database, catalogChanges };
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/artists/:slug', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await getArtistForAdmin(database, c.req.valid('param').slug));
    })
    .patch(
      '/artists/:slug',
      validate('param', artistSlugParamSchema),
      validate('json', editArtistBodySchema),
      async (c) =>
        c.json(await editArtist(writer, auditActor(c.var.actor), c.req.valid('param').slug, c.req.valid('json'))),
    )
    .post(
      '/artists/:slug/merge',
      validate('param', artistSlugParamSchema),
      validate('json', mergeArtistBodySchema),
      async (c) =>
        c.json(
          await mergeArtists(writer, auditActor(c.var.actor), c.req.valid('param').slug, c.req.valid('json').into),
        ),
    )
    .delete('/artists/:slug', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await deleteArtist(writer, auditActor(c.var.actor), c.req.valid('param').slug));
    })
    .get('/restore-points', async (c) => c.json({ restorePoints: await listRestorePoints(database) }))
    .post('/restore-points/:id/restore', validate('param', restorePointParamSchema), async (c) => {
      return c.json(await restoreArtist(writer, auditActor(c.var.actor), c.req.valid('param').id));
    })
    .get('/musicbrainz', validate('query', musicBrainzSearchQuerySchema), async (c) => {
      return c.json({ candidates: await searchMusicBrainz(database, providers.musicBrainz, c.req.valid('query').q) });
    })
    .post('/artists', validate('json', addArtistBodySchema), async (c) => {
      const result = await addArtistFromMusicBrainz(
        writer,
        providers.musicBrainz,
        auditActor(c.var.actor),
        c.req.valid('json').mbid,
      );
      return c.json(result, result.added ? 201 : 200);
    });
}
