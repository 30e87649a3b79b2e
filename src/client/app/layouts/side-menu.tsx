import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTrigger } from '#client/components/ui/sheet.tsx';
import type { SessionUser } from '#client/features/auth/use-session.ts';
import { NavItem } from './nav-item.tsx';
import { navLinksFor, SIGN_IN_LINK, SIGN_UP_LINK } from './navigation.ts';

// Loaded only for signed-in visitors: it brings the auth client, which the home page's first render must not carry.
const SignOutButton = lazy(() =>
  import('#client/features/auth/components/sign-out-button.tsx').then((module) => ({ default: module.SignOutButton })),
);

/** Small-screen navigation: the same links as the desktop header in a slide-in panel. */
export const SideMenu = ({ user }: { user: SessionUser | null }) => {
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Any navigation (including to a hash on the same page) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent title="Menu">
        {user ? (
          <div className="rounded-xl border border-border bg-surface-raised p-3 text-sm">
            <p className="text-muted">Signed in as</p>
            <p className="truncate font-semibold">{user.email}</p>
          </div>
        ) : null}
        <nav aria-label="Main" className="flex flex-col gap-1">
          {navLinksFor(user).map((link) => (
            <NavItem key={link.to} link={link} className="rounded-xl px-3 py-3 text-base hover:bg-white/6" />
          ))}
        </nav>
        {user ? (
          <div className="mt-auto flex flex-col">
            <Suspense fallback={null}>
              <SignOutButton size="lg" />
            </Suspense>
          </div>
        ) : (
          <div className="mt-auto flex flex-col gap-3">
            <Button asChild variant="outline" size="lg">
              <Link to={SIGN_UP_LINK.to}>{SIGN_UP_LINK.label}</Link>
            </Button>
            <Button asChild size="lg">
              <Link to={SIGN_IN_LINK.to}>{SIGN_IN_LINK.label}</Link>
            </Button>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
};
