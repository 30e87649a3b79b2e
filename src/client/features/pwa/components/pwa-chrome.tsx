import { cn } from '#client/lib/utils.ts';
import { useOfflineSupport } from '../use-offline-support.ts';
import { InstallBanner } from './install-banner.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';

/**
 * Everything the installable app adds to every page: the service worker (with its update prompt), the
 * offline indicator and the install banner. They stack at the bottom, above the tab bar when it shows.
 */
export const PwaChrome = ({ aboveTabBar }: { aboveTabBar: boolean }) => {
  useOfflineSupport();
  return (
    <div
      className={cn(
        'pointer-events-none fixed inset-x-0 z-40 flex flex-col items-center gap-2 px-3',
        aboveTabBar
          ? 'bottom-[calc(4rem+env(safe-area-inset-bottom)+0.75rem)] md:bottom-4'
          : 'bottom-[calc(env(safe-area-inset-bottom)+0.75rem)]',
      )}
    >
      <OfflineIndicator />
      <InstallBanner />
    </div>
  );
};
