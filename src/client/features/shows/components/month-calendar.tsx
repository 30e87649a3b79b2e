import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type MoreShows, ShowMore } from '#client/components/show-more.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatLongDate, formatMonthTitle, localIsoDate } from '#shared/dates.ts';
import type { UpcomingShow } from '#shared/shows-api.ts';
import { ShowCard } from './show-card.tsx';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** Date arithmetic on calendar days, in UTC so no zone ever shifts a day. */
function toUtc(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}
const iso = (date: Date) => date.toISOString().slice(0, 10);
export function addDays(isoDate: string, days: number): string {
  const date = toUtc(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}
function addMonths(isoDate: string, months: number): string {
  const date = toUtc(isoDate);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return iso(date);
}

/** The weeks (Sunday first) that show a month, as ISO dates. */
export function monthWeeks(month: string): string[][] {
  const first = toUtc(`${month}-01`);
  const start = addDays(iso(first), -first.getUTCDay());
  const weeks: string[][] = [];
  let day = start;
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (day.slice(0, 7) === month);
  return weeks;
}

/** Where a key moves the focused day, or null for keys the grid does not use. */
function keyTarget(key: string, focused: string): string | null {
  const weekday = toUtc(focused).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(focused, -1);
    case 'ArrowRight':
      return addDays(focused, 1);
    case 'ArrowUp':
      return addDays(focused, -7);
    case 'ArrowDown':
      return addDays(focused, 7);
    case 'PageUp':
      return addMonths(focused, -1);
    case 'PageDown':
      return addMonths(focused, 1);
    case 'Home':
      return addDays(focused, -weekday);
    case 'End':
      return addDays(focused, 6 - weekday);
    default:
      return null;
  }
}

/**
 * The month grid of My Shows: the same shows as the list, by day. A real grid for assistive
 * technology: one focusable day (roving tabindex), arrows move by day and week, Page Up/Down by
 * month, Home/End to the week's ends, Enter or Space opens the day's shows below.
 */
export const MonthCalendar = ({ shows, more }: { shows: UpcomingShow[]; more?: MoreShows }) => {
  const byDate = useMemo(() => {
    const map = new Map<string, UpcomingShow[]>();
    for (const show of shows) map.set(show.date, [...(map.get(show.date) ?? []), show]);
    return map;
  }, [shows]);
  const today = localIsoDate();
  const [focused, setFocused] = useState(() => shows[0]?.date ?? today);
  const [opened, setOpened] = useState<string | null>(null);
  const month = focused.slice(0, 7);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // In the commit that moves the roving tab stop, not a frame later (Preact runs plain effects after
  // the next frame): a second arrow key pressed meanwhile went to the cell the first one had left.
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  // Shows come a page at a time: a month at or past the last loaded show's may have more to come.
  const lastLoadedMonth = shows.at(-1)?.date.slice(0, 7);
  const monthMayGrow = Boolean(more?.hasMore) && (!lastLoadedMonth || month >= lastLoadedMonth);
  const loadMore = useRef(more?.loadMore);
  loadMore.current = more?.loadMore;
  const loading = more?.loading ?? false;
  const failed = more?.failed ?? false;
  useEffect(() => {
    if (monthMayGrow && !loading && !failed) loadMore.current?.();
  }, [monthMayGrow, loading, failed]);

  const go = (date: string) => {
    moveFocus.current = true;
    setFocused(date);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = keyTarget(event.key, focused);
    if (target) {
      event.preventDefault();
      go(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpened(focused);
    }
  };
  const monthTitle = formatMonthTitle(month);
  const openedShows = opened ? (byDate.get(opened) ?? []) : [];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="font-display text-2xl font-bold" aria-live="polite">
          {monthTitle}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full border border-border-strong hover:border-accent"
            onClick={() => setFocused(addMonths(focused, -1))}
            aria-label="Previous month"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full border border-border-strong hover:border-accent"
            onClick={() => setFocused(addMonths(focused, 1))}
            aria-label="Next month"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      {/* The ARIA grid pattern on a table (as the APG date picker): keys on the grid, focus on one cell. */}
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a calendar table is an interactive grid (APG).
        role="grid"
        aria-labelledby={titleId}
        className="w-full table-fixed border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-2 text-center text-xs font-semibold text-muted">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => (
                <DayCell
                  key={date}
                  date={date}
                  shows={byDate.get(date) ?? []}
                  inMonth={date.slice(0, 7) === month}
                  isToday={date === today}
                  focused={date === focused}
                  opened={date === opened}
                  onOpen={() => {
                    setFocused(date);
                    setOpened(date);
                  }}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {more && monthMayGrow ? <ShowMore {...more} /> : null}
      <section aria-live="polite" aria-label="Shows of the chosen day">
        {opened ? (
          <div className="flex flex-col gap-3">
            <h3 className="font-display text-lg font-bold">{formatLongDate(opened)}</h3>
            {openedShows.length > 0 ? (
              <ul className="flex flex-col gap-3">
                {openedShows.map((show) => (
                  <ShowCard key={show.key} show={show} />
                ))}
              </ul>
            ) : (
              <p className="text-muted">No shows on this day.</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted">Choose a day to see its shows (arrow keys move, Enter opens).</p>
        )}
      </section>
    </div>
  );
};

interface DayCellProps {
  date: string;
  shows: UpcomingShow[];
  inMonth: boolean;
  isToday: boolean;
  focused: boolean;
  opened: boolean;
  onOpen: () => void;
}

const DayCell = ({ date, shows, inMonth, isToday, focused, opened, onOpen }: DayCellProps) => {
  const day = Number(date.slice(8));
  const count = shows.length;
  const label = `${formatLongDate(date)}${isToday ? ', today' : ''}: ${count === 0 ? 'no shows' : count === 1 ? '1 show' : `${count} shows`}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys for its focused cell (roving tabindex).
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the calendar grid is a focusable cell.
      role="gridcell"
      data-date={date}
      tabIndex={focused ? 0 : -1}
      aria-selected={opened}
      aria-label={label}
      onClick={onOpen}
      className={cn(
        'h-16 cursor-pointer border border-border p-1 align-top text-left transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 sm:h-24 sm:p-1.5',
        !inMonth && 'bg-background/50 text-muted/60',
        opened && 'bg-surface-raised',
      )}
    >
      <span
        className={cn(
          'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
          isToday && 'bg-accent text-accent-foreground',
        )}
        aria-hidden="true"
      >
        {day}
      </span>
      {count > 0 ? (
        <span className="mt-0.5 flex flex-col gap-0.5" aria-hidden="true">
          {/* Phones: a dot per show; wider screens: the headliners' names. */}
          <span className="flex gap-0.5 sm:hidden">
            {shows.slice(0, 3).map((show) => (
              <span
                key={show.key}
                className={cn('size-2 rounded-full', show.state?.state === 'going' ? 'bg-accent' : 'bg-cyan')}
              />
            ))}
          </span>
          {shows.slice(0, 2).map((show) => (
            <span
              key={show.key}
              className={cn(
                'hidden truncate rounded px-1 text-[0.7rem] leading-5 font-semibold sm:block',
                show.state?.state === 'going' ? 'bg-accent text-accent-foreground' : 'bg-cyan/15 text-foreground',
                show.status === 'cancelled' && 'line-through opacity-70',
              )}
            >
              {show.artists[0]?.artistName}
            </span>
          ))}
          {count > 2 ? <span className="hidden text-[0.7rem] text-muted sm:block">+{count - 2} more</span> : null}
        </span>
      ) : null}
    </td>
  );
};
