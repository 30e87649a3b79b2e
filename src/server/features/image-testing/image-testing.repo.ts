import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '#server/db/sql.ts';

export interface CurrentImageRow {
  id: string;
  name: string;
  slug: string;
  mbid: string | null;
  image_url: string | null;
  source: string | null;
  attribution: string | null;
  official_url: string | null;
  created_at: string | Date | null;
}

export async function selectArtistImage(executor: Executor, slug: string): Promise<CurrentImageRow | undefined> {
  const [row] = await rowsOf<CurrentImageRow>(
    executor,
    sql`select a.id, a.name, a.slug, a.mbid, i.image_url, i.source, i.attribution, i.official_url, i.created_at
        from artists a left join artist_images i on i.artist_id = a.id where a.slug = ${slug}`,
  );
  return row;
}

/** One image per artist: the admin's choice replaces whatever was there. */
export async function upsertArtistImage(
  executor: Executor,
  image: { artistId: string; artistName: string; imageUrl: string; source: string; attribution: string | null },
): Promise<void> {
  await executor.execute(sql`
    insert into artist_images (artist_id, artist_name, image_url, source, attribution)
    values (${image.artistId}, ${image.artistName}, ${image.imageUrl}, ${image.source}, ${image.attribution})
    on conflict (artist_id) do update set image_url = excluded.image_url, source = excluded.source,
      attribution = excluded.attribution, artist_name = excluded.artist_name, created_at = now()`);
}

export async function deleteArtistImage(executor: Executor, artistId: string): Promise<void> {
  await executor.execute(sql`delete from artist_images where artist_id = ${artistId}`);
}
