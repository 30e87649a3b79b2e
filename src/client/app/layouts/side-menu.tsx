import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import type { SessionUser } from '#client/lib/session/use-session.ts';

// The panel (Radix Dialog, scroll locking, focus trap) is fetched when first wanted: every phone
// shows the button, but the first render of a page should not carry what only a tap needs.
const loadSheet = () => import('./side-menu-sheet.tsx');
const SideMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.SideMenuSheet })));

/** Small-screen navigation: the same links as the desktop header in a slide-in panel. */
export const SideMenu = ({ user }: { user: SessionUser | null }) => {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const location = useLocation();

  // Any navigation (including to a hash on the same page) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="md:hidden"
        // A finger on the button starts the download, so the panel is usually there by the click.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SideMenuSheet user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
};
