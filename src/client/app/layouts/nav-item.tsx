import { Link, useLocation } from 'react-router';
import { cx } from '#client/lib/class-names.ts';
import type { NavLink } from './navigation.ts';

/** Hash links ('/#artists') point into a page, so they never mark themselves as the current page. */
function isCurrent(link: NavLink, pathname: string): boolean {
  return !link.to.includes('#') && link.to === pathname;
}

/** A navigation link in its colour of the current page or not; its shape and size are the caller's `className`. */
export const NavItem = ({ link, className }: { link: NavLink; className: string }) => {
  const { pathname } = useLocation();
  const current = isCurrent(link, pathname);
  return (
    <Link
      to={link.to}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'font-medium transition-colors hover:text-foreground',
        current ? 'text-foreground' : 'text-muted',
        className,
      )}
    >
      {link.label}
    </Link>
  );
};
