import type { Database } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { DEFAULT_LOADING_MESSAGES, type LoadingMessage } from '#shared/guides.ts';
import { loadingMessagesMessages } from '#shared/guides-api.ts';

const columns = `id, text, position, enabled`;

/** The defaults go in once, when the list has never had a line (an admin switches lines off, never deletes them). */
async function seedDefaults(database: Database): Promise<void> {
  await database.query(
    `insert into guide_loading_messages (text, position)
     select text, position::int from unnest($1::text[]) with ordinality as d(text, position)
      where not exists (select 1 from guide_loading_messages)`,
    [DEFAULT_LOADING_MESSAGES],
  );
}

export async function listLoadingMessages(database: Database, onlyEnabled: boolean): Promise<LoadingMessage[]> {
  await seedDefaults(database);
  const { rows } = await database.query<LoadingMessage>(
    `select ${columns} from guide_loading_messages ${onlyEnabled ? 'where enabled' : ''} order by position, created_at`,
  );
  return rows;
}

export async function createLoadingMessage(database: Database, text: string): Promise<LoadingMessage> {
  await seedDefaults(database);
  const { rows } = await database.query<LoadingMessage>(
    `insert into guide_loading_messages (text, position)
     values ($1, (select coalesce(max(position), 0) + 1 from guide_loading_messages)) returning ${columns}`,
    [text],
  );
  return rows[0]!;
}

export async function updateLoadingMessage(
  database: Database,
  id: string,
  change: { text?: string; enabled?: boolean },
): Promise<LoadingMessage> {
  const { rows } = await database.query<LoadingMessage>(
    `update guide_loading_messages set text = coalesce($2, text), enabled = coalesce($3, enabled)
      where id = $1 returning ${columns}`,
    [id, change.text ?? null, change.enabled ?? null],
  );
  if (!rows[0]) throw notFound('Loading message');
  return rows[0];
}

/** The new order lists every message exactly once; positions are rewritten in one statement. */
export async function reorderLoadingMessages(database: Database, ids: string[]): Promise<LoadingMessage[]> {
  const existing = await listLoadingMessages(database, false);
  const known = new Set(existing.map((message) => message.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw new AppError('BAD_REQUEST', loadingMessagesMessages.orderMismatch);
  }
  await database.query(
    `update guide_loading_messages m set position = o.position
       from unnest($1::uuid[]) with ordinality as o(id, position) where m.id = o.id`,
    [ids],
  );
  return listLoadingMessages(database, false);
}
