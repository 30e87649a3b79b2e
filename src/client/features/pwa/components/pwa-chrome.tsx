import { cx } from '#client/lib/class-names.ts';
import { useOfflineSupport } from '../use-offline-support.ts';
import { InstallBanner } from './install-banner.tsx';

/**
 * What the installable app adds to every page: the service worker (with its update prompt) and the
 * install banner, at the bottom, above the tab bar when it shows. The offline note is in the header.
 */
export const PwaChrome = ({ aboveTabBar }: { aboveTabBar: boolean }) => {
  useOfflineSupport();
  return (
    <div
      className={cx(
        'pointer-events-none fixed inset-x-0 z-40 flex flex-col items-center gap-2 px-3',
        aboveTabBar
          ? 'bottom-[calc(4rem+env(safe-area-inset-bottom)+0.75rem)] md:bottom-4'
          : 'bottom-[calc(env(safe-area-inset-bottom)+0.75rem)]',
      )}
    >
      <InstallBanner />
    </div>
  );
};
