import { WifiOff } from 'lucide-react';
import { useOnline } from '../online-status.ts';

/** The live region stays mounted so screen readers announce the change when the connection drops. */
export const OfflineIndicator = () => {
  const online = useOnline();
  return (
    <div role="status">
      {online ? null : (
        <p className="pointer-events-auto inline-flex items-center gap-2 rounded-full border border-border-strong bg-surface-raised/95 px-4 py-2 text-sm font-medium text-foreground shadow-xl backdrop-blur">
          <WifiOff className="size-4 text-accent" aria-hidden="true" />
          You're offline — showing saved pages
        </p>
      )}
    </div>
  );
};
