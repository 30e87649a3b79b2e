import { WifiOff } from 'lucide-react';
import { useOnline } from '#client/lib/online-status.ts';

/**
 * A strip along the bottom of the sticky header (the layout puts it there): always in sight while
 * offline, and it covers no card, footer or tab bar the way a floating pill did. The live region
 * stays mounted so screen readers announce the change when the connection drops.
 */
export const OfflineIndicator = () => {
  const online = useOnline();
  return (
    <div role="status">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 border-t border-border bg-surface-raised px-4 py-1.5 text-sm font-medium text-foreground">
          <WifiOff className="size-4 shrink-0 text-accent" aria-hidden="true" />
          You're offline — showing saved pages
        </p>
      )}
    </div>
  );
};
