import type { Database } from '#server/db/client.ts';
import type { guideTips } from '#server/db/schema/index.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import {
  type AdminTipView,
  TIP_LIMITS,
  type TipCategory,
  type TipState,
  type TipView,
  tipMessages,
} from '#shared/guides.ts';

/**
 * Fans' tips on a venue. Plain text only (the page shows it as text: no markup, no links); new
 * accounts wait for moderation; 3 reports hide a tip until an admin looks; duplicates refused.
 */

/** The same tip however it is spelled: lower case, letters and digits only. */
export function tipTextKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

async function venueIdOf(database: Database, slug: string): Promise<string> {
  const { rows } = await database.query<{ id: string }>('select id from venues where slug = $1', [slug]);
  if (!rows[0]) throw notFound('Venue');
  return rows[0].id;
}

/** A tip's row with its category and state narrowed, and whether the viewer voted or reported it. */
type TipRow = Pick<
  typeof guideTips.$inferSelect,
  'id' | 'text' | 'authorName' | 'createdAt' | 'helpfulCount' | 'userId'
> & {
  category: TipCategory;
  state: TipState;
  voted: boolean;
  reported: boolean;
};

/** Visible tips, most helpful first; the viewer's own tips whatever their state (so they see "waiting"). */
export async function listTips(database: Database, venueSlug: string, viewerId: string | null): Promise<TipView[]> {
  const venueId = await venueIdOf(database, venueSlug);
  const { rows } = await database.query<TipRow>(
    `select t.id, t.category, t.text, t.author_name as "authorName", t.created_at as "createdAt",
            t.helpful_count as "helpfulCount", t.state, t.user_id as "userId",
            ($2::uuid is not null and exists (select 1 from guide_tip_votes v where v.tip_id = t.id and v.user_id = $2::uuid)) as voted,
            ($2::uuid is not null and exists (select 1 from guide_tip_reports r where r.tip_id = t.id and r.user_id = $2::uuid)) as reported
       from guide_tips t
      where t.venue_id = $1 and (t.state = 'visible' or (t.user_id = $2::uuid and t.state in ('pending', 'reported')))
      order by t.helpful_count desc, t.created_at desc
      limit 100`,
    [venueId, viewerId],
  );
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    text: row.text,
    authorName: row.authorName,
    createdAt: new Date(row.createdAt).toISOString(),
    helpfulCount: row.helpfulCount,
    votedHelpful: row.voted,
    reported: row.reported,
    mine: row.userId === viewerId,
    state: row.state,
  }));
}

export async function addTip(
  database: Database,
  user: { id: string; name: string; createdAt: Date },
  venueSlug: string,
  input: { category: TipCategory; text: string },
  now = new Date(),
): Promise<TipView> {
  const venueId = await venueIdOf(database, venueSlug);
  // Text stays as written; the page renders it as text. Control characters go.
  const text = input.text.replace(/\p{Cc}/gu, (char) => (char === '\n' ? char : '')).trim();
  const { rows: counts } = await database.query<{ total: number; lastHour: number }>(
    `select count(*)::int as total, count(*) filter (where created_at > now() - interval '1 hour')::int as "lastHour"
       from guide_tips where user_id = $1 and venue_id = $2`,
    [user.id, venueId],
  );
  const { total = 0, lastHour = 0 } = counts[0] ?? {};
  if (total >= TIP_LIMITS.freeTipsPerVenue && lastHour >= 1) {
    throw new AppError('RATE_LIMITED', tipMessages.tooMany, { headers: { 'Retry-After': '3600' } });
  }
  const accountAgeDays = (now.getTime() - user.createdAt.getTime()) / 86_400_000;
  const state: TipState = accountAgeDays < TIP_LIMITS.newAccountDays ? 'pending' : 'visible';
  try {
    const { rows } = await database.query<{ id: string; createdAt: string }>(
      `insert into guide_tips (venue_id, user_id, author_name, category, text, text_key, state)
       values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at as "createdAt"`,
      [venueId, user.id, user.name.slice(0, 80), input.category, text, tipTextKey(text), state],
    );
    const row = rows[0]!;
    return {
      id: row.id,
      category: input.category,
      text,
      authorName: user.name,
      createdAt: new Date(row.createdAt).toISOString(),
      helpfulCount: 0,
      votedHelpful: false,
      reported: false,
      mine: true,
      state,
    };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', tipMessages.duplicate);
    throw error;
  }
}

async function visibleTipOwner(database: Database, tipId: string): Promise<string | null> {
  const { rows } = await database.query<{ userId: string | null }>(
    `select user_id as "userId" from guide_tips where id = $1 and state = 'visible'`,
    [tipId],
  );
  if (!rows[0]) throw notFound('Tip');
  return rows[0].userId;
}

/** Helpful on or off; the count follows in the same statement. */
export async function voteHelpful(database: Database, userId: string, tipId: string, helpful: boolean) {
  if ((await visibleTipOwner(database, tipId)) === userId) throw new AppError('FORBIDDEN', tipMessages.ownTip);
  const change = helpful
    ? `with added as (insert into guide_tip_votes (tip_id, user_id) values ($1, $2) on conflict do nothing returning 1)
       update guide_tips set helpful_count = helpful_count + (select count(*) from added) where id = $1 returning helpful_count as "helpfulCount"`
    : `with removed as (delete from guide_tip_votes where tip_id = $1 and user_id = $2 returning 1)
       update guide_tips set helpful_count = helpful_count - (select count(*) from removed) where id = $1 returning helpful_count as "helpfulCount"`;
  const { rows } = await database.query<{ helpfulCount: number }>(change, [tipId, userId]);
  return { helpfulCount: rows[0]?.helpfulCount ?? 0, votedHelpful: helpful };
}

/** One report per fan; the third hides the tip until an admin reviews it. */
export async function reportTip(database: Database, userId: string, tipId: string) {
  if ((await visibleTipOwner(database, tipId)) === userId) throw new AppError('FORBIDDEN', tipMessages.ownTip);
  await database.query(
    `with added as (insert into guide_tip_reports (tip_id, user_id) values ($1, $2) on conflict do nothing returning 1)
     update guide_tips
        set report_count = report_count + (select count(*) from added),
            state = case when state = 'visible' and report_count + (select count(*) from added) >= $3 then 'reported' else state end
      where id = $1`,
    [tipId, userId, TIP_LIMITS.reportsToHide],
  );
  return { reported: true };
}

export async function listTipsForAdmin(database: Database, state: TipState): Promise<AdminTipView[]> {
  const { rows } = await database.query<AdminTipView & { createdAt: string | Date }>(
    `select t.id, t.category, t.text, t.author_name as "authorName", u.email as "authorEmail",
            v.name as "venueName", v.slug as "venueSlug", t.state, t.report_count as "reportCount",
            t.created_at as "createdAt", t.moderation_reason as "moderationReason"
       from guide_tips t join venues v on v.id = t.venue_id left join users u on u.id = t.user_id
      where t.state = $1 order by t.report_count desc, t.created_at limit 200`,
    [state],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

const STATE_OF_ACTION = { approve: 'visible', hide: 'hidden', delete: 'deleted' } as const;

/** Approve, hide or delete (kept with its reason; a deleted tip frees its text for another fan). */
export async function moderateTip(
  database: Database,
  adminId: string,
  tipId: string,
  action: keyof typeof STATE_OF_ACTION,
  reason: string,
) {
  if (action !== 'approve' && !reason) throw new AppError('BAD_REQUEST', tipMessages.reasonRequired);
  const { rows } = await database.query<{ state: TipState }>(
    `update guide_tips set state = $3, moderated_by = $2, moderated_at = now(), moderation_reason = nullif($4, ''),
            report_count = case when $3 = 'visible' then 0 else report_count end
      where id = $1 returning state`,
    [tipId, adminId, STATE_OF_ACTION[action], reason],
  );
  if (!rows[0]) throw notFound('Tip');
  if (action === 'approve') await database.query('delete from guide_tip_reports where tip_id = $1', [tipId]);
  return { state: rows[0].state };
}
