import type { ComponentType } from 'react';
import type { UserShowState } from '#shared/shows-api.ts';
import type { Session } from './session/use-session.ts';

/*
 * The parts one feature shows inside another feature's page. A feature imports no other feature
 * (ADR 0035): the page takes the part as a prop of one of these types, and its route module in
 * app/routes hands it the other feature's component. A part used by one page only is typed there.
 */

export interface ShowStateProps {
  stopId: string;
  /** YYYY-MM-DD: upcoming stops offer Interested and Going, past ones I was there. */
  date: string;
  status: string;
  /** What the buttons are about, for screen readers: 'Paradise, Fri, Apr 2, 2027'. */
  context: string;
  /** The fan's state when the page's answer has it already. */
  known?: UserShowState | null;
  /** A copy of the fan's state that may be old (a guide kept offline). */
  saved?: UserShowState | null;
  /**
   * The session as the list read it: a long list (a tour's 200 stops) reads it once and hands it to
   * every row, instead of one session query per row (issue 25). Without it the buttons read it.
   */
  session?: Session['status'];
  className?: string;
}

/** The fan's Interested / Going / I was there buttons on one stop (the shows feature's ShowStateButtons). */
export type ShowStatePart = ComponentType<ShowStateProps>;

/** An artist's favourite heart once the session is known (the favorites feature's HeartForSession). */
export type FavoriteHeartPart = ComponentType<{
  session: Session['status'];
  artistSlug: string;
  artistName: string;
  className?: string;
}>;

/** 'Add to calendar' for one stop (the calendar feature's AddToCalendarLink); nothing for a past date. */
export type CalendarLinkPart = ComponentType<{ stopId: string; date: string; size?: 'sm' | 'default' }>;

/**
 * The labelled Follow toggle of one artist (the favorites feature's FollowButtonForSession: the
 * heart's follow, its status batcher and toasts). `size="sm"` fits a row of a list. A visitor's
 * Follow goes to sign-in and comes back to the page.
 */
export type FollowPart = ComponentType<{
  session: Session['status'];
  artistSlug: string;
  artistName: string;
  size?: 'sm' | 'default';
  /** Where a visitor comes back to after signing in (default: this page). */
  returnTo?: string;
  /** The words while not following (default 'Follow'), e.g. 'Follow anyway' beside "no dates". */
  label?: string;
  className?: string;
}>;

/** "Follow venue" on a venue page (the favorites feature's VenueFollowButton): every show there, told. */
export type VenueFollowPart = ComponentType<{
  session: Session['status'];
  venueSlug: string;
  venueName: string;
  className?: string;
}>;
