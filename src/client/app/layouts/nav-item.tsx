import { Link, useLocation } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import type { NavLink } from './navigation.ts';

/** Hash links ('/#artists') point into a page, so they never mark themselves as the current page. */
function isCurrent(link: NavLink, pathname: string): boolean {
  return !link.to.includes('#') && link.to === pathname;
}

export const NavItem = ({ link, className }: { link: NavLink; className?: string }) => {
  const { pathname } = useLocation();
  const current = isCurrent(link, pathname);
  return (
    <Link
      to={link.to}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'rounded-full px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-foreground',
        current && 'text-foreground',
        className,
      )}
    >
      {link.label}
    </Link>
  );
};
