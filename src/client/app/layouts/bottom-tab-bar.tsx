import { Link, useLocation } from 'react-router';
import { cx } from '#client/lib/class-names.ts';
import { bottomTabs } from './navigation.ts';

/** Signed-in visitors' tab bar on small screens (the layout decides when it shows). */
export const BottomTabBar = () => {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Tabs"
      data-bottom-tab-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {bottomTabs.map(({ label, to, icon: Icon }) => {
          const current = pathname === to;
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                  current ? 'text-accent' : 'text-muted',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
