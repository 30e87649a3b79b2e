import { Ticket } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

/**
 * One "Tickets" link to a seller's page (tour page and show page, ADR 0044), opening in a new tab;
 * `about` completes the screen-reader label ("for Roundhouse on Fri, Dec 18").
 */
export function TicketLink({
  url,
  seller,
  about,
  className,
}: {
  url: string;
  seller: string | null;
  about?: string;
  className?: string;
}) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-full border border-border-strong px-4 text-sm font-semibold transition-colors hover:border-accent hover:bg-white/5',
        className,
      )}
    >
      <Ticket className="size-4" aria-hidden="true" />
      Tickets
      {seller ? <span className="font-normal text-muted">{seller}</span> : null}
      <span className="sr-only">{about ? ` ${about}` : ''} (opens in a new tab)</span>
    </a>
  );
}
