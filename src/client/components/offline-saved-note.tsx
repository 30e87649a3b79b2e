import { History } from 'lucide-react';
import { useOnline } from '#client/lib/online-status.ts';
import { offlineSavedLine } from '#client/lib/saved-copy.ts';

/**
 * Over a page of the fan's own data read offline: how old the saved copy is ("Offline — saved 2
 * hours ago"), so nobody takes yesterday's list for today's. Nothing while online.
 */
export const OfflineSavedNote = ({
  savedAt,
  className,
}: {
  savedAt: number | null | undefined;
  className?: string;
}) => {
  const online = useOnline();
  if (online || savedAt == null) return null;
  return (
    <p
      className={`flex items-center gap-2 self-start rounded-full border border-border-strong bg-surface-raised px-3 py-1 text-sm font-medium text-foreground ${className ?? ''}`}
    >
      <History className="size-4 shrink-0 text-accent" aria-hidden="true" />
      {offlineSavedLine(savedAt)}
    </p>
  );
};
