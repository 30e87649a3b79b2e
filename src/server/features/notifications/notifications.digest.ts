import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Mail, Mailer } from '#server/lib/mailer.ts';
import { markEmailed, type OwedMailRow, selectDigestRecipients, selectOwedMail } from './notifications.repo.ts';

/**
 * The daily digest: each user owed mail (notifications with email=true not yet emailed) gets one
 * message listing them all, then they are marked emailed. A failed send leaves them for the next
 * day's digest. A crash between the send and the update would mail them again: a repeated line
 * beats a lost one.
 */

export interface DigestDeps {
  database: Database;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export interface DigestOutcome {
  sent: number;
  failed: number;
}

const BRAND = 'TourGuides';

export async function sendDailyDigests(deps: DigestDeps): Promise<DigestOutcome> {
  const outcome: DigestOutcome = { sent: 0, failed: 0 };
  for (const recipient of await selectDigestRecipients(deps.database.db)) {
    const owed = await selectOwedMail(deps.database.db, recipient.userId);
    if (owed.length === 0) continue;
    try {
      await deps.mailer.send(digestMail(recipient.email, owed, deps.publicUrl));
    } catch (error) {
      outcome.failed++;
      deps.logger.warn({ err: error, userId: recipient.userId }, 'notification digest not sent: kept for tomorrow');
      continue;
    }
    await markEmailed(
      deps.database.db,
      recipient.userId,
      owed.map((row) => row.id),
    );
    outcome.sent++;
  }
  return outcome;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function artistUrl(publicUrl: string, slug: string | null): string | null {
  return slug ? `${publicUrl}/artist/${encodeURIComponent(slug)}` : null;
}

const FOOTER = 'You get this mail because you chose email notifications in Settings; you can turn them off there.';

export function digestMail(to: string, rows: OwedMailRow[], publicUrl: string): Mail {
  const subject = `${BRAND}: ${rows.length} new notification${rows.length === 1 ? '' : 's'}`;
  const textItems = rows.map((row) => {
    const url = artistUrl(publicUrl, row.artistSlug);
    return [`${row.title}`, row.message, ...(url ? [url] : [])].join('\n');
  });
  const htmlItems = rows.map((row) => {
    const url = artistUrl(publicUrl, row.artistSlug);
    const title = url ? `<a href="${escapeHtml(url)}">${escapeHtml(row.title)}</a>` : escapeHtml(row.title);
    return `<li style="margin-bottom:12px"><strong>${title}</strong><br>${escapeHtml(row.message)}</li>`;
  });
  return {
    to,
    subject,
    text: `${textItems.join('\n\n')}\n\n${FOOTER}\n\n${BRAND}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;max-width:560px;margin:auto">
<h1 style="font-size:20px">${BRAND}: your notifications</h1>
<ul style="padding-left:18px">${htmlItems.join('\n')}</ul>
<p style="font-size:12px;color:#666">${escapeHtml(FOOTER)}</p>
</body></html>`,
  };
}
