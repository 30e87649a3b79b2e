import { lazy, Suspense } from 'react';
import { Sheet, SheetContent } from '#client/components/ui/sheet.tsx';
import { LazyNotificationsMenuLink } from '#client/features/notifications/lazy.tsx';
import { paths } from '#client/lib/paths.ts';
import type { SessionUser } from '#client/lib/session/use-session.ts';
import { NavItem } from './nav-item.tsx';
import { navLinksFor } from './navigation.ts';
import { VisitorAuthLinks } from './visitor-auth-links.tsx';

// Loaded only for signed-in visitors: it brings the auth client, which the home page's first render must not carry.
const SignOutButton = lazy(() =>
  import('#client/components/sign-out-button.tsx').then((module) => ({ default: module.SignOutButton })),
);

const menuItemClass = 'rounded-xl px-3 py-3 text-base hover:bg-white/6';

interface SideMenuSheetProps {
  user: SessionUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The slide-in panel of the small-screen menu (loaded on the first tap of the menu button). */
export const SideMenuSheet = ({ user, open, onOpenChange }: SideMenuSheetProps) => (
  <Sheet open={open} onOpenChange={onOpenChange}>
    <SheetContent title="Menu">
      {user ? (
        <div className="rounded-xl border border-border bg-surface-raised p-3 text-sm">
          <p className="text-muted">Signed in as</p>
          <p className="truncate font-semibold">{user.email}</p>
        </div>
      ) : null}
      <nav aria-label="Main" className="flex flex-col gap-1">
        {navLinksFor(user).map((link) => (
          <NavItem key={link.to} link={link} className={menuItemClass} />
        ))}
        {user ? (
          // Small screens have no bell: the item carries the unread count (loaded with the bell's code).
          <Suspense
            fallback={<NavItem link={{ label: 'Notifications', to: paths.notifications }} className={menuItemClass} />}
          >
            <LazyNotificationsMenuLink className={menuItemClass} />
          </Suspense>
        ) : null}
      </nav>
      {user ? (
        <div className="mt-auto flex flex-col">
          <Suspense fallback={null}>
            <SignOutButton size="lg" />
          </Suspense>
        </div>
      ) : (
        <VisitorAuthLinks size="lg" className="mt-auto flex flex-col gap-3" />
      )}
    </SheetContent>
  </Sheet>
);
