import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { rowsOf, type Tx } from '#server/db/sql.ts';
import { selectArtistBySlug } from '#server/features/artists/artists.repo.ts';
import { lockCatalogWrites, refreshArtistStats } from '#server/features/catalog/catalog.repo.ts';
import { writeCatalogEntries } from '#server/features/catalog/catalog.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { CatalogWriterDeps } from '#server/lib/catalog-changes.ts';
import { ProviderError } from '#server/providers/http.ts';
import type { MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import {
  type AdminArtistDetail,
  adminArtistMessages,
  type MusicBrainzCandidateView,
  RESTORE_DAYS,
  type RestorePointView,
} from '#shared/admin-artists.ts';
import {
  type EditArtistBody,
  MUSICBRAINZ_UNAVAILABLE_MESSAGE,
  MUSICBRAINZ_UNKNOWN_ARTIST_MESSAGE,
} from '#shared/admin-artists-api.ts';
import { slugify } from '#shared/text.ts';
import {
  type ArtistSnapshot,
  countArtistImpact,
  deleteArtistRow,
  dropRedirect,
  dropSetlistFetches,
  lockRestorePoint,
  mergeArtistRows,
  restoreSnapshot,
  slugTaken,
  snapshotArtist,
} from './artist-curation.repo.ts';
import { type AuditActor, recordAdminAction } from './audit.service.ts';

const TARGET = 'artist';

interface ArtistCore {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
  genres: string[];
}

async function artistOr404(database: Database, slug: string): Promise<ArtistCore> {
  const artist = await selectArtistBySlug(database.db, slug);
  // A redirect answers with the survivor; an admin acting on an old slug must name the real one.
  if (!artist || artist.slug !== slug) throw notFound('Artist');
  return { id: artist.id, name: artist.name, slug: artist.slug, mbid: artist.mbid, genres: artist.genres };
}

const core = (artist: ArtistCore) => ({
  name: artist.name,
  slug: artist.slug,
  mbid: artist.mbid,
  genres: artist.genres,
});

export async function getArtistForAdmin(database: Database, slug: string): Promise<AdminArtistDetail> {
  const artist = await artistOr404(database, slug);
  return { ...artist, impact: await countArtistImpact(database.db, artist.id) };
}

/**
 * Name, genres and MBID. The slug stays (links and followers' bookmarks keep working); the name's
 * copies (follows, image) follow it.
 */
export async function editArtist(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  slug: string,
  body: EditArtistBody,
): Promise<AdminArtistDetail> {
  const before = await artistOr404(database, slug);
  const genres = [...new Map(body.genres.map((genre) => [genre.toLowerCase(), genre])).values()];
  await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    if (body.mbid) {
      const [clash] = await rowsOf<{ id: string }>(
        tx,
        sql`select id from artists where mbid = ${body.mbid} and id <> ${before.id}`,
      );
      if (clash) throw new AppError('CONFLICT', adminArtistMessages.mbidTaken);
    }
    await tx.execute(sql`
      update artists set name = ${body.name}, mbid = ${body.mbid}, genres = ${toTextArray(genres)}, updated_at = now()
      where id = ${before.id}`);
    await tx.execute(sql`update favorite_artists set artist_name = ${body.name} where artist_id = ${before.id}`);
    await tx.execute(sql`update artist_images set artist_name = ${body.name} where artist_id = ${before.id}`);
    await refreshArtistStats(tx, [before.id]);
    await recordAdminAction(tx, {
      actor,
      action: 'artist.edit',
      targetType: TARGET,
      targetId: before.id,
      targetLabel: body.name,
      before: core(before),
      after: { ...core(before), name: body.name, mbid: body.mbid, genres },
    });
  });
  await catalogChanges.changed();
  return getArtistForAdmin(database, slug);
}

/** A text[] parameter both drivers accept. */
export function toTextArray(values: string[]) {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;
}

async function saveRestorePoint(
  tx: Tx,
  point: {
    kind: 'merge' | 'delete';
    artist: ArtistCore;
    survivorId: string | null;
    snapshot: ArtistSnapshot;
    actor: AuditActor;
  },
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into admin_restore_points (kind, artist_id, artist_name, survivor_id, snapshot, created_by, expires_at)
        values (${point.kind}, ${point.artist.id}, ${point.artist.name}, ${point.survivorId},
                ${JSON.stringify(point.snapshot)}::jsonb, ${point.actor.id}, now() + make_interval(days => ${RESTORE_DAYS}))
        returning id`,
  );
  return row!.id;
}

export interface CurationOutcome {
  restorePointId: string;
  message: string;
}

/** Merges `slug` into `intoSlug`: everything moves to the survivor, the merged slug redirects to it. */
export async function mergeArtists(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  slug: string,
  intoSlug: string,
): Promise<CurationOutcome> {
  if (slug === intoSlug) throw new AppError('BAD_REQUEST', adminArtistMessages.mergeSelf);
  const merged = await artistOr404(database, slug);
  const survivor = await artistOr404(database, intoSlug);
  const restorePointId = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const impact = await countArtistImpact(tx, merged.id);
    const snapshot = await snapshotArtist(tx, merged.id);
    await mergeArtistRows(tx, merged.id, survivor.id);
    await refreshArtistStats(tx, [survivor.id]);
    const id = await saveRestorePoint(tx, { kind: 'merge', artist: merged, survivorId: survivor.id, snapshot, actor });
    await recordAdminAction(tx, {
      actor,
      action: 'artist.merge',
      targetType: TARGET,
      targetId: survivor.id,
      targetLabel: `${merged.name} → ${survivor.name}`,
      before: { merged: { ...core(merged), ...impact }, survivor: core(survivor) },
      after: { survivor: { ...core(survivor), ...(await countArtistImpact(tx, survivor.id)) }, restorePointId: id },
    });
    return id;
  });
  await catalogChanges.changed();
  return { restorePointId, message: `${merged.name} was merged into ${survivor.name}.` };
}

/** Deletes the artist and everything that hangs on it (kept 30 days for undo). */
export async function deleteArtist(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  slug: string,
): Promise<CurationOutcome> {
  const artist = await artistOr404(database, slug);
  const restorePointId = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const impact = await countArtistImpact(tx, artist.id);
    const snapshot = await snapshotArtist(tx, artist.id);
    await dropSetlistFetches(tx, artist.id);
    await deleteArtistRow(tx, artist.id);
    const id = await saveRestorePoint(tx, { kind: 'delete', artist, survivorId: null, snapshot, actor });
    await recordAdminAction(tx, {
      actor,
      action: 'artist.delete',
      targetType: TARGET,
      targetId: artist.id,
      targetLabel: artist.name,
      before: { ...core(artist), ...impact },
      after: { restorePointId: id },
    });
    return id;
  });
  await catalogChanges.changed();
  return { restorePointId, message: `${artist.name} was deleted.` };
}

/** Undo of a merge or delete within 30 days: every row back as it was. */
export async function restoreArtist(
  { database, catalogChanges }: CatalogWriterDeps,
  actor: AuditActor,
  id: string,
): Promise<{ message: string }> {
  const message = await database.db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const point = await lockRestorePoint(tx, id);
    if (!point) throw new AppError('CONFLICT', adminArtistMessages.restoreExpired);
    const snapshot = (
      typeof point.snapshot === 'string' ? JSON.parse(point.snapshot) : point.snapshot
    ) as ArtistSnapshot;
    const original = snapshot.artists[0] as { slug: string };
    await dropRedirect(tx, original.slug);
    if (await slugTaken(tx, original.slug)) throw new AppError('CONFLICT', adminArtistMessages.restoreSlugTaken);
    await restoreSnapshot(tx, snapshot);
    await refreshArtistStats(tx, [point.artistId, ...(point.survivorId ? [point.survivorId] : [])]);
    await tx.execute(sql`update admin_restore_points set restored_at = now() where id = ${id}`);
    await recordAdminAction(tx, {
      actor,
      action: point.kind === 'merge' ? 'artist.unmerge' : 'artist.undelete',
      targetType: TARGET,
      targetId: point.artistId,
      targetLabel: point.artistName,
      before: { restorePointId: id },
      after: {
        restored: Object.fromEntries(Object.entries(snapshot).map(([key, rows]) => [key, (rows as unknown[]).length])),
      },
    });
    return point.kind === 'merge' ? `${point.artistName} was split out again.` : `${point.artistName} was restored.`;
  });
  await catalogChanges.changed();
  return { message };
}

export async function listRestorePoints(database: Database): Promise<RestorePointView[]> {
  const rows = await rowsOf<{
    id: string;
    kind: 'merge' | 'delete';
    artist_name: string;
    survivor_name: string | null;
    created_at: string | Date;
    expires_at: string | Date;
    restored_at: string | Date | null;
  }>(
    database.db,
    sql`select p.id, p.kind, p.artist_name, a.name as survivor_name, p.created_at, p.expires_at, p.restored_at
        from admin_restore_points p left join artists a on a.id = p.survivor_id
        where p.expires_at > now() order by p.created_at desc limit 20`,
  );
  const iso = (value: string | Date) => new Date(value).toISOString();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    artistName: row.artist_name,
    survivorName: row.survivor_name,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    restoredAt: row.restored_at ? iso(row.restored_at) : null,
  }));
}

/** Add an artist by MusicBrainz search: candidates, each marked when the catalog has it already. */
export async function searchMusicBrainz(
  database: Database,
  musicBrainz: Pick<MusicBrainzClient, 'searchArtists'>,
  text: string,
): Promise<MusicBrainzCandidateView[]> {
  const candidates = await askMusicBrainz(() => musicBrainz.searchArtists(text, 8));
  const mbids = candidates.map((candidate) => candidate.mbid);
  const existing = mbids.length
    ? await rowsOf<{ mbid: string; slug: string }>(
        database.db,
        sql`select mbid, slug from artists where mbid in (select jsonb_array_elements_text(${JSON.stringify(mbids)}::jsonb))`,
      )
    : [];
  const slugByMbid = new Map(existing.map((row) => [row.mbid, row.slug]));
  return candidates.map((candidate) => ({ ...candidate, existingSlug: slugByMbid.get(candidate.mbid) ?? null }));
}

/**
 * A MusicBrainz call for the admin's Add from MusicBrainz: a provider failure (down, timing out,
 * answering errors or nonsense) is a 503 the admin can act on, not a 500; the details are in the
 * provider-call log (/admin/api-status).
 */
async function askMusicBrainz<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'not-found')
      throw new AppError('NOT_FOUND', MUSICBRAINZ_UNKNOWN_ARTIST_MESSAGE, { cause: error });
    throw new AppError('UNAVAILABLE', MUSICBRAINZ_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/** Adds the MusicBrainz artist (name, MBID, genres) through the catalog writer; an existing one is kept. */
export async function addArtistFromMusicBrainz(
  writer: CatalogWriterDeps,
  musicBrainz: Pick<MusicBrainzClient, 'lookupArtist'>,
  actor: AuditActor,
  mbid: string,
): Promise<{ slug: string; added: boolean }> {
  const details = await askMusicBrainz(() => musicBrainz.lookupArtist(mbid));
  const { database } = writer;
  const summary = await writeCatalogEntries(writer, [
    { name: details.name, slug: slugify(details.name), mbid: details.mbid, genres: details.genres, tours: [] },
  ]);
  const [row] = await rowsOf<{ id: string; slug: string; name: string }>(
    database.db,
    sql`select id, slug, name from artists where mbid = ${details.mbid} or slug = ${slugify(details.name)} order by (mbid = ${details.mbid}) desc nulls last limit 1`,
  );
  const added = summary.artistsAdded > 0;
  if (added && row) {
    await recordAdminAction(database.db, {
      actor,
      action: 'artist.add',
      targetType: TARGET,
      targetId: row.id,
      targetLabel: row.name,
      after: { name: details.name, mbid: details.mbid, genres: details.genres, slug: row.slug },
    });
  }
  return { slug: row?.slug ?? slugify(details.name), added };
}
