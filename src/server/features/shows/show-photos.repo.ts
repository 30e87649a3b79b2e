import { sql } from 'drizzle-orm';
import type { showPhotos } from '#server/db/schema/index.ts';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export type PhotoRow = Pick<
  typeof showPhotos.$inferSelect,
  'id' | 'userShowId' | 'storageKey' | 'contentType' | 'width' | 'height' | 'bytes'
> & {
  /** ISO 8601 UTC, as photoColumns formats it. */
  createdAt: string;
};

const photoColumns = sql`id, user_show_id as "userShowId", storage_key as "storageKey", content_type as "contentType",
  width, height, bytes, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

export function selectPhotos(db: Executor, userShowId: string, userId: string): Promise<PhotoRow[]> {
  return rowsOf<PhotoRow>(
    db,
    sql`select ${photoColumns} from show_photos where user_show_id = ${userShowId} and user_id = ${userId}
        order by created_at, id`,
  );
}

export async function selectOwnPhoto(db: Executor, photoId: string, userId: string): Promise<PhotoRow | null> {
  const rows = await rowsOf<PhotoRow>(
    db,
    sql`select ${photoColumns} from show_photos where id = ${photoId} and user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

/** Locks the fan's show row so two uploads at once cannot both pass the photo limit. */
export async function lockUserShowAndCountPhotos(db: Executor, userShowId: string): Promise<number> {
  await db.execute(sql`select id from user_shows where id = ${userShowId} for update`);
  const rows = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from show_photos where user_show_id = ${userShowId}`,
  );
  return rows[0]?.count ?? 0;
}

export async function insertPhoto(
  db: Executor,
  photo: Omit<PhotoRow, 'id' | 'createdAt'> & { userId: string },
): Promise<PhotoRow> {
  const rows = await rowsOf<PhotoRow>(
    db,
    sql`insert into show_photos (user_show_id, user_id, storage_key, content_type, width, height, bytes)
        values (${photo.userShowId}, ${photo.userId}, ${photo.storageKey}, ${photo.contentType}, ${photo.width},
                ${photo.height}, ${photo.bytes})
        returning ${photoColumns}`,
  );
  return rows[0]!;
}

export async function deleteOwnPhoto(db: Executor, photoId: string, userId: string): Promise<string | null> {
  const rows = await rowsOf<{ storageKey: string }>(
    db,
    sql`delete from show_photos where id = ${photoId} and user_id = ${userId} returning storage_key as "storageKey"`,
  );
  return rows[0]?.storageKey ?? null;
}

/** Bytes of all the fan's stored photos, for the per-fan storage quota. */
export async function sumUserPhotoBytes(db: Executor, userId: string): Promise<number> {
  const rows = await rowsOf<{ bytes: string | number }>(
    db,
    sql`select coalesce(sum(bytes), 0) as bytes from show_photos where user_id = ${userId}`,
  );
  return Number(rows[0]?.bytes ?? 0);
}
