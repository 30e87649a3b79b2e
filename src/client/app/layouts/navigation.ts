import { BarChart3, type LucideIcon, Palmtree, Ticket, Users } from 'lucide-react';
import type { SessionUser } from '#client/features/auth/use-session.ts';

export interface NavLink {
  label: string;
  to: string;
}

const signedOutLinks: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Browse Artists', to: '/#artists' },
  { label: 'Add Show', to: '/add-show' },
  { label: 'Donate', to: '/donate' },
];

export const SETTINGS_LINK: NavLink = { label: 'Settings', to: '/settings' };

const signedInLinks: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Shows', to: '/dashboard' },
  { label: 'My Artists', to: '/my-artists' },
  { label: 'History', to: '/my-shows' },
  { label: 'Stats', to: '/stats' },
  { label: 'Vacation', to: '/vacation' },
  SETTINGS_LINK,
  { label: 'Donate', to: '/donate' },
];

/** The header and side-menu links for the current visitor (spec "Header and navigation"). */
export function navLinksFor(user: SessionUser | null): NavLink[] {
  if (!user) return signedOutLinks;
  return user.isAdmin ? [...signedInLinks, { label: 'Admin', to: '/admin/artists' }] : signedInLinks;
}

export const SIGN_UP_LINK: NavLink = { label: 'Sign Up', to: '/auth?mode=signup' };
export const SIGN_IN_LINK: NavLink = { label: 'Sign In', to: '/auth' };

export interface TabLink extends NavLink {
  icon: LucideIcon;
}

/** Bottom tab bar for signed-in visitors on small screens. */
export const bottomTabs: TabLink[] = [
  { label: 'Shows', to: '/dashboard', icon: Ticket },
  { label: 'Artists', to: '/my-artists', icon: Users },
  { label: 'Stats', to: '/stats', icon: BarChart3 },
  { label: 'Vacation', to: '/vacation', icon: Palmtree },
];

/** Small-screen heading titles by path. */
export const mobileTitles: Record<string, string> = {
  '/dashboard': 'My Shows',
  '/my-artists': 'My Artists',
  '/my-shows': 'History',
  '/stats': 'Stats',
  '/settings': 'Settings',
  '/notifications': 'Notifications',
};

/** Paths without the back button and without the bottom tab bar. */
export function isTopLevelPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/auth';
}
