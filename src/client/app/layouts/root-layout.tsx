import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { PwaChrome } from '#client/features/pwa/components/pwa-chrome.tsx';
import { cx } from '#client/lib/class-names.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { useAlertsOffer } from '../use-alerts-offer.ts';
import { useOfflineWarmUp } from '../use-offline-warm-up.ts';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { isTopLevelPath } from './navigation.ts';
import { AppScrollRestoration } from './scroll-restoration.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Shown while a lazily loaded page's code arrives. */
export const PageLoader = () => <Spinner label="Loading..." className="min-h-[60vh] py-24" />;

/** Keeps the current page visible during an on-demand page load, with a spinner on top. */
const NavigationProgress = () => {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
      <Spinner label="Loading..." className="rounded-full border border-border bg-surface px-4 py-2 shadow-xl" />
    </div>
  );
};

/**
 * The frame around every page: room for the bottom tab bar, which shows for a signed-in user
 * away from the top-level pages. It follows the session and the location; the page it frames
 * comes in as `children`, which React then leaves alone when only the frame changes (the session
 * check answering must not render the whole page again).
 */
const TabBarFrame = ({ children }: { children: ReactNode }) => {
  const { user } = useSession();
  const { pathname } = useLocation();
  // The guides and setlists of the fan's Going shows, kept for the venue's dead zone (issues 12, 13).
  useOfflineWarmUp(user?.id);
  // A sensible moment to offer alerts: right after a Follow, once.
  useAlertsOffer();
  const showTabBar = user !== null && !isTopLevelPath(pathname);
  return (
    <div className={cx('flex min-h-dvh flex-col', showTabBar && 'pb-20 md:pb-0')}>
      {children}
      {showTabBar ? <BottomTabBar /> : null}
      <PwaChrome aboveTabBar={showTabBar} />
    </div>
  );
};

export const RootLayout = () => (
  <TabBarFrame>
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-full focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-foreground"
    >
      Skip to content
    </a>
    <SiteHeader />
    <NavigationProgress />
    {/* At least a screen below the header: the footer starts under the fold, so a page whose
        content arrives after its first paint (its spinner, then the list) moves nothing in view
        (issue 25 item 3: the footer's move was the tour, venue and guide pages' whole CLS). */}
    <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
      <Outlet />
    </main>
    <SiteFooter />
    <AppScrollRestoration />
  </TabBarFrame>
);
