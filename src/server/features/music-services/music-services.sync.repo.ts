import { and, asc, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  artists,
  favoriteArtists,
  musicConnections,
  musicExcludes,
  musicOauthStates,
  musicProposals,
} from '#server/db/schema/index.ts';
import type { Executor } from '#server/db/sql.ts';

export type ConnectionRow = typeof musicConnections.$inferSelect;

/** Every query is scoped by the user: another fan's connection is simply not found. */
export async function selectConnections(db: Executor, userId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(musicConnections)
    .where(eq(musicConnections.userId, userId))
    .orderBy(asc(musicConnections.createdAt));
}

export async function selectConnection(db: Executor, userId: string, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(musicConnections)
    .where(and(eq(musicConnections.userId, userId), eq(musicConnections.id, id)));
  return row;
}

export async function selectConnectionBySource(
  db: Executor,
  userId: string,
  source: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(musicConnections)
    .where(and(eq(musicConnections.userId, userId), eq(musicConnections.source, source)));
  return row;
}

/** For the weekly job only (no user scope: it works for every fan). */
export async function selectConnectionById(db: Executor, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(musicConnections).where(eq(musicConnections.id, id));
  return row;
}

export async function selectSyncableConnectionIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: musicConnections.id })
    .from(musicConnections)
    .where(eq(musicConnections.status, 'connected'))
    .orderBy(asc(musicConnections.lastSyncedAt), asc(musicConnections.id));
  return rows.map((row) => row.id);
}

export type ConnectionValues = Omit<typeof musicConnections.$inferInsert, 'id' | 'createdAt'>;

/** One connection per fan and service: connecting again replaces its credentials, keeps mode and period unless given. */
export async function upsertConnection(db: Executor, values: ConnectionValues): Promise<ConnectionRow> {
  const { userId: _user, source: _source, ...changes } = values;
  const [row] = await db
    .insert(musicConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [musicConnections.userId, musicConnections.source],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateConnection(
  db: Executor,
  userId: string,
  id: string,
  changes: Partial<ConnectionValues>,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(musicConnections)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(musicConnections.userId, userId), eq(musicConnections.id, id)))
    .returning();
  return row;
}

export async function deleteConnection(db: Executor, userId: string, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .delete(musicConnections)
    .where(and(eq(musicConnections.userId, userId), eq(musicConnections.id, id)))
    .returning();
  return row;
}

export async function insertOauthState(db: Executor, values: typeof musicOauthStates.$inferInsert): Promise<void> {
  // Abandoned attempts (anyone's) go once expired.
  await db.delete(musicOauthStates).where(lt(musicOauthStates.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(musicOauthStates).values(values);
}

/** Single use: the state is gone whatever the callback's outcome. */
export async function takeOauthState(db: Executor, stateHash: string) {
  const [row] = await db.delete(musicOauthStates).where(eq(musicOauthStates.stateHash, stateHash)).returning();
  return row;
}

export async function insertProposals(
  db: Executor,
  rows: { userId: string; artistId: string; source: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(musicProposals)
    .values(rows)
    .onConflictDoNothing({ target: [musicProposals.userId, musicProposals.artistId] })
    .returning({ id: musicProposals.id });
  return inserted.length;
}

/** The fan's open proposals: not followed meanwhile, not excluded. */
export async function selectProposals(db: Db, userId: string) {
  return db
    .select({
      artistId: musicProposals.artistId,
      artistSlug: artists.slug,
      artistName: artists.name,
      source: musicProposals.source,
      proposedAt: musicProposals.createdAt,
    })
    .from(musicProposals)
    .innerJoin(artists, eq(artists.id, musicProposals.artistId))
    .where(
      and(
        eq(musicProposals.userId, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(favoriteArtists)
            .where(and(eq(favoriteArtists.userId, userId), eq(favoriteArtists.artistId, musicProposals.artistId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(musicExcludes)
            .where(and(eq(musicExcludes.userId, userId), eq(musicExcludes.artistId, musicProposals.artistId))),
        ),
      ),
    )
    .orderBy(desc(musicProposals.createdAt), artists.sortName);
}

/** Takes the fan's proposals for these artists (deleted), with their artist; missing ones are simply absent. */
export async function takeProposals(db: Executor, userId: string, artistIds: string[]) {
  const taken = await db
    .delete(musicProposals)
    .where(and(eq(musicProposals.userId, userId), inArray(musicProposals.artistId, artistIds)))
    .returning({ artistId: musicProposals.artistId, source: musicProposals.source });
  if (taken.length === 0) return [];
  const names = await db
    .select({ id: artists.id, name: artists.name, slug: artists.slug })
    .from(artists)
    .where(
      inArray(
        artists.id,
        taken.map((row) => row.artistId),
      ),
    );
  const byId = new Map(names.map((row) => [row.id, row]));
  return taken.map((row) => ({ ...row, artist: byId.get(row.artistId)! }));
}

export async function insertExcludes(
  db: Executor,
  rows: { userId: string; artistId: string; source: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(musicExcludes).values(rows).onConflictDoNothing();
}
