import { useQueryClient } from '@tanstack/react-query';
import { Ban, Check, Star, Ticket, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { SpriteIcon } from '#client/components/ui/sprite-icon.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { cx } from '#client/lib/class-names.ts';
import { type Session, useSession } from '#client/lib/session/use-session.ts';
import { localIsoDate } from '#shared/dates.ts';
import { showMessages } from '#shared/show-messages.ts';
import { SHOW_LIMITS, SHOW_STATE_LABELS, type ShowState, type StopStatus } from '#shared/shows.ts';
import type { UserShowState } from '#shared/shows-api.ts';
import { markShowSeen, showsKeys } from '../api/shows-api.ts';
import { askToSignInForShows, type ShowStateChange, useChangeShowState, useShowState } from '../use-show-state.ts';

export interface ShowStateButtonsProps {
  stopId: string;
  /** YYYY-MM-DD: upcoming stops offer Interested and Going, past ones I was there (today all three). */
  date: string;
  status: StopStatus | string;
  /** What the buttons are about, for screen readers: 'Paradise, Fri, Apr 2, 2027'. */
  context: string;
  /** The fan's state when the list already has it (My Shows): no extra request. */
  known?: UserShowState | null;
  /**
   * A copy of the fan's state that may be old (a guide kept offline): shown until the current state
   * is read, and instead of it when it cannot be (offline). Never overrides a state already known.
   */
  saved?: UserShowState | null;
  /** The session as the list read it once for all its rows; without it the buttons read it. */
  session?: Session['status'];
  className?: string;
}

// Named in styles.css: a tour page repeats these buttons on every stop (issue 25).
const pill = 'show-pill';
const off = 'show-pill-off';
const on = 'show-pill-on';

const ICONS: Record<Exclude<ShowState, 'missed'>, typeof Star> = { interested: Star, going: Ticket, attended: Check };

/** The icons the buttons show, for a page's `IconSprite` (sprite-icon.tsx): a list repeats them on every show. */
export const SHOW_STATE_ICONS = [Star, Ticket, Check, Ban];

function statesFor(date: string): Exclude<ShowState, 'missed'>[] {
  const today = localIsoDate();
  if (date > today) return ['interested', 'going'];
  if (date < today) return ['attended'];
  return ['interested', 'going', 'attended'];
}

/**
 * The fan's show state on one stop (issue 11): Interested / Going for upcoming stops, I was there
 * for past ones. One tap sets a state, a tap on the chosen one clears it; the change shows at once
 * and is rolled back with an error toast if saving fails. Visitors are asked to sign in.
 */
export const ShowStateButtons = ({ session, ...props }: ShowStateButtonsProps) =>
  session === undefined ? <ButtonsForOwnSession {...props} /> : <ButtonsForSession session={session} {...props} />;

const ButtonsForOwnSession = (props: ShowStateButtonsProps) => {
  const session = useSession().status;
  return <ButtonsForSession session={session} {...props} />;
};

const ButtonsForSession = ({ session, ...props }: ShowStateButtonsProps & { session: Session['status'] }) => {
  if (session === 'loading') return <Group {...props} state={null} disabled />;
  if (session !== 'signed-in') return <Group {...props} state={null} onPick={askToSignInForShows} />;
  return <FanButtons {...props} />;
};

const FanButtons = (props: ShowStateButtonsProps) => {
  const query = useShowState(props.stopId, props.known, props.saved);
  const change = useChangeShowState(props.stopId, props.status as StopStatus);
  // A list refetched after a change elsewhere (another tab, the dashboard) brings the newer state.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (props.known !== undefined) queryClient.setQueryData(showsKeys.state(props.stopId), props.known);
  }, [props.known, props.stopId, queryClient]);

  if (query.isPending) return <Group {...props} state={null} disabled />;
  const state = query.data ?? null;
  const pick = (next: ShowState) => change.mutate(state?.state === next ? null : { state: next });
  return (
    <Group {...props} state={state} onPick={pick} busy={change.isPending}>
      {state?.state === 'going' && props.status !== 'cancelled' ? (
        <TicketsControls state={state} onSave={(next) => change.mutate(next)} busy={change.isPending} />
      ) : null}
      {state?.moved ? <MovedMarker stopId={props.stopId} /> : null}
    </Group>
  );
};

interface GroupProps extends ShowStateButtonsProps {
  state: UserShowState | null;
  onPick?: (state: ShowState) => void;
  disabled?: boolean;
  busy?: boolean;
  children?: ReactNode;
}

const Group = ({ date, status, context, state, onPick, disabled, busy, children, className }: GroupProps) => {
  const cancelled = status === 'cancelled';
  return (
    <fieldset
      aria-busy={busy || undefined}
      className={cx('show-states', className)}
      data-show-state={state?.state ?? 'none'}
    >
      <legend className="sr-only">{`Your plans for ${context}`}</legend>
      {cancelled ? (
        <span className="inline-flex h-9 items-center gap-1.5 rounded-full bg-destructive-surface px-3.5 text-sm font-semibold text-destructive-foreground">
          <SpriteIcon icon={Ban} className="size-4" />
          Cancelled
        </span>
      ) : null}
      {statesFor(date).map((candidate) => {
        const chosen = state?.state === candidate;
        // A cancelled stop keeps the fan's state on view; only clearing it is offered.
        if (cancelled && !chosen) return null;
        return (
          <button
            key={candidate}
            type="button"
            className={`${pill} ${chosen ? on : off}`}
            aria-pressed={chosen}
            disabled={disabled || (busy && !chosen)}
            onClick={() => onPick?.(candidate)}
          >
            <SpriteIcon
              icon={ICONS[candidate]}
              className={chosen && candidate === 'interested' ? 'fill-current' : undefined}
            />
            {SHOW_STATE_LABELS[candidate]}
          </button>
        );
      })}
      {children}
    </fieldset>
  );
};

const TicketsControls = ({
  state,
  onSave,
  busy,
}: {
  state: UserShowState;
  onSave: (change: ShowStateChange) => void;
  busy: boolean;
}) => {
  const seatId = useId();
  const [seat, setSeat] = useState(state.seat ?? '');
  useEffect(() => setSeat(state.seat ?? ''), [state.seat]);
  const saveSeat = () => {
    const next = seat.trim();
    if (next !== (state.seat ?? '')) onSave({ state: 'going', hasTickets: true, seat: next || null });
  };
  return (
    <>
      <label className={cx(pill, off, 'select-none', busy ? 'cursor-wait' : 'cursor-pointer')}>
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={state.hasTickets}
          disabled={busy}
          onChange={(event) =>
            onSave({ state: 'going', hasTickets: event.target.checked, seat: event.target.checked ? state.seat : null })
          }
        />
        I have tickets
      </label>
      {state.hasTickets ? (
        <span className="inline-flex items-center">
          <label htmlFor={seatId} className="sr-only">
            Seat or section (optional)
          </label>
          <input
            id={seatId}
            value={seat}
            maxLength={SHOW_LIMITS.seatMax}
            placeholder="Seat or section (optional)"
            onChange={(event) => setSeat(event.target.value)}
            onBlur={saveSeat}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveSeat();
            }}
            className="h-9 w-52 max-w-full rounded-full border border-border-strong bg-background px-3.5 text-sm placeholder:text-muted focus-visible:outline-2"
          />
        </span>
      ) : null}
    </>
  );
};

/** "Moved" until the fan has seen it: 'Got it' records that (seen_revision catches up). */
const MovedMarker = ({ stopId }: { stopId: string }) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const seen = async () => {
    setBusy(true);
    try {
      const { show } = await markShowSeen(stopId);
      queryClient.setQueryData(showsKeys.state(stopId), show);
      await queryClient.invalidateQueries({ queryKey: showsKeys.upcomingAll() });
    } catch {
      showToast({
        id: 'shows',
        title: showMessages.errorTitle,
        description: showMessages.seenErrorDescription,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex h-9 items-center gap-2 rounded-full border border-cyan/60 pr-1 pl-3 text-sm font-semibold text-cyan">
      <TriangleAlert className="size-4" aria-hidden="true" />
      Moved
      <button
        type="button"
        disabled={busy}
        onClick={seen}
        className="h-7 rounded-full bg-cyan/15 px-2.5 text-xs text-foreground hover:bg-cyan/25 focus-visible:outline-2"
      >
        Got it
      </button>
    </span>
  );
};
