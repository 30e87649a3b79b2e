import { Ticket } from 'lucide-react';
import { cx } from '#client/lib/class-names.ts';
import { SpriteIcon } from './ui/sprite-icon.tsx';

/** The link's icon, for a page's `IconSprite` (sprite-icon.tsx). */
export const TICKET_LINK_ICONS = [Ticket];

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
    <a href={url} target="_blank" rel="noopener noreferrer" className={cx('pill-link', className)}>
      <SpriteIcon icon={Ticket} className="size-4" />
      Tickets
      {seller ? <span className="font-normal text-muted">{seller}</span> : null}
      <span className="sr-only">{`${about ? ` ${about}` : ''} (opens in a new tab)`}</span>
    </a>
  );
}
