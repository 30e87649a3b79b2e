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
import type { AuditActor } from './audit.service.ts';

export function actorOf(c: { var: AppEnv['Variables'] }): AuditActor {
  const user = c.var.user!;
  return { id: user.id, email: user.email };
}

/** /api/admin/catalog/*: curating artists (edit, merge, delete, undo, add from MusicBrainz). */
export function artistCurationRoutes({ database, providers }: Pick<AppDeps, 'database' | 'providers'>) {
  return new Hono<AppEnv>()
    .use(noStore, requireAdmin(database))
    .get('/artists/:slug', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await getArtistForAdmin(database, c.req.valid('param').slug));
    })
    .patch(
      '/artists/:slug',
      validate('param', artistSlugParamSchema),
      validate('json', editArtistBodySchema),
      async (c) => c.json(await editArtist(database, actorOf(c), c.req.valid('param').slug, c.req.valid('json'))),
    )
    .post(
      '/artists/:slug/merge',
      validate('param', artistSlugParamSchema),
      validate('json', mergeArtistBodySchema),
      async (c) =>
        c.json(await mergeArtists(database, actorOf(c), c.req.valid('param').slug, c.req.valid('json').into)),
    )
    .delete('/artists/:slug', validate('param', artistSlugParamSchema), async (c) => {
      return c.json(await deleteArtist(database, actorOf(c), c.req.valid('param').slug));
    })
    .get('/restore-points', async (c) => c.json({ restorePoints: await listRestorePoints(database) }))
    .post('/restore-points/:id/restore', validate('param', restorePointParamSchema), async (c) => {
      return c.json(await restoreArtist(database, actorOf(c), c.req.valid('param').id));
    })
    .get('/musicbrainz', validate('query', musicBrainzSearchQuerySchema), async (c) => {
      return c.json({ candidates: await searchMusicBrainz(database, providers.musicBrainz, c.req.valid('query').q) });
    })
    .post('/artists', validate('json', addArtistBodySchema), async (c) => {
      const result = await addArtistFromMusicBrainz(
        database,
        providers.musicBrainz,
        actorOf(c),
        c.req.valid('json').mbid,
      );
      return c.json(result, result.added ? 201 : 200);
    });
}
