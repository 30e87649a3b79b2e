import { BarChart3, type LucideIcon, Palmtree, Ticket, Users } from 'lucide-react';
import { paths } from '#client/lib/paths.ts';
import type { SessionUser } from '#client/lib/session/use-session.ts';

export interface NavLink {
  label: string;
  to: string;
}

const signedOutLinks: NavLink[] = [
  { label: 'Home', to: paths.home },
  { label: 'Browse Artists', to: paths.homeArtists },
  { label: 'Add Show', to: paths.addShow },
  { label: 'Donate', to: paths.donate },
];

export const SETTINGS_LINK: NavLink = { label: 'Settings', to: paths.settings };

const signedInLinks: NavLink[] = [
  { label: 'Home', to: paths.home },
  { label: 'Shows', to: paths.dashboard },
  { label: 'My Artists', to: paths.myArtists },
  { label: 'History', to: paths.myShows },
  { label: 'Stats', to: paths.stats },
  { label: 'Vacation', to: paths.vacation },
  SETTINGS_LINK,
  { label: 'Donate', to: paths.donate },
];

/** The header and side-menu links for the current visitor (spec "Header and navigation"). */
export function navLinksFor(user: SessionUser | null): NavLink[] {
  if (!user) return signedOutLinks;
  return user.isAdmin ? [...signedInLinks, { label: 'Admin', to: paths.adminArtists }] : signedInLinks;
}

export const SIGN_UP_LINK: NavLink = { label: 'Sign Up', to: paths.signUp };
export const SIGN_IN_LINK: NavLink = { label: 'Sign In', to: paths.signIn };

export interface TabLink extends NavLink {
  icon: LucideIcon;
}

/** Bottom tab bar for signed-in visitors on small screens. */
export const bottomTabs: TabLink[] = [
  { label: 'Shows', to: paths.dashboard, icon: Ticket },
  { label: 'Artists', to: paths.myArtists, icon: Users },
  { label: 'Stats', to: paths.stats, icon: BarChart3 },
  { label: 'Vacation', to: paths.vacation, icon: Palmtree },
];

/** Small-screen heading titles by path. */
export const mobileTitles: Record<string, string> = {
  [paths.dashboard]: 'My Shows',
  [paths.myArtists]: 'My Artists',
  [paths.myShows]: 'History',
  [paths.stats]: 'Stats',
  [paths.settings]: 'Settings',
  [paths.musicServices]: 'Music services',
  [paths.notifications]: 'Notifications',
};

/** Paths without the back button and without the bottom tab bar. */
export function isTopLevelPath(pathname: string): boolean {
  return pathname === paths.home || pathname === paths.signIn;
}
