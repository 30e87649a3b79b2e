import { ChevronLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import {
  LazyNotificationBell,
  LazyNotificationStream,
  LazyNotificationsPhoneLink,
} from '#client/features/notifications/lazy.tsx';
import { OfflineIndicator } from '#client/features/pwa/components/offline-indicator.tsx';
import { paths } from '#client/lib/paths.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BrandLink } from './brand.tsx';
import { NavItem } from './nav-item.tsx';
import { isTopLevelPath, mobileTitles, navLinksFor } from './navigation.ts';
import { SideMenu } from './side-menu.tsx';
import { VisitorAuthLinks } from './visitor-auth-links.tsx';

// Signed-in users only: it brings Radix's menu and the auth client, which a visitor's first render must not carry.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })));

const BackButton = () => {
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly (no in-app history) goes back to home instead of leaving the site.
  const goBack = () => (location.key === 'default' ? navigate(paths.home) : navigate(-1));
  return (
    <Button variant="ghost" size="icon" aria-label="Go back" onClick={goBack} className="-ml-2 md:hidden">
      <ChevronLeft aria-hidden="true" />
    </Button>
  );
};

export const SiteHeader = () => {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  // Until the session check answers the visitor's links stand in (a loaded machine took seconds):
  // a header that hides looks broken, and a signed-in fan sees their own links as soon as it answers.
  const isLoading = status === 'loading';
  const mobileTitle = mobileTitles[pathname];

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 md:px-4 lg:px-8">
        {isTopLevelPath(pathname) ? null : <BackButton />}
        {mobileTitle ? (
          <>
            <h1 className="font-display text-lg font-bold md:hidden">{mobileTitle}</h1>
            <BrandLink className="hidden md:block" />
          </>
        ) : (
          <BrandLink />
        )}
        <nav
          aria-label="Main"
          aria-busy={isLoading || undefined}
          className="ml-auto hidden items-center md:flex lg:gap-1"
        >
          {navLinksFor(user).map((link) => (
            // Tighter below lg: the signed-in links (an admin has nine) and the bell fit one line at 768 px.
            <NavItem key={link.to} link={link} className="whitespace-nowrap rounded-full px-1.5 py-2 text-sm lg:px-3" />
          ))}
          {user ? null : <VisitorAuthLinks size="sm" className="ml-3 flex items-center gap-2" />}
        </nav>
        {user ? (
          // Desktop only (spec): small screens have a bell link to the notifications page. The stream
          // serves both; keyed by user so an account switch opens a new one.
          <Suspense fallback={null}>
            <div className="hidden items-center md:flex">
              <LazyNotificationBell />
              <AccountMenu user={user} />
            </div>
            <LazyNotificationStream key={user.id} />
          </Suspense>
        ) : null}
        <div className="ml-auto flex items-center gap-1 md:hidden">
          {user ? (
            // Phones: the unread count and the notifications page, one tap away.
            <Suspense fallback={null}>
              <LazyNotificationsPhoneLink />
            </Suspense>
          ) : null}
          <SideMenu user={user} />
        </div>
      </div>
      <OfflineIndicator />
    </header>
  );
};
