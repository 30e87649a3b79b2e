import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Check, Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/form-field.tsx';
import { ModalDialog, ModalDialogContent, ModalDialogTrigger } from '#client/components/ui/modal-dialog.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import type { CalendarFeed } from '#shared/calendar.ts';
import { calendarFeedsQueryOptions, calendarKeys, rotateCalendarFeeds } from '../api/calendar-api.ts';

/**
 * The fan's three private calendar feeds (Going, Interested, my artists near home): each with its
 * address to copy and one-tap subscribe links, and a way to reset every address.
 */
export const CalendarSubscribe = () => {
  const { data, isPending, isError, error, refetch } = useQuery(calendarFeedsQueryOptions());

  if (isPending) return <Spinner label="Loading your calendar links..." align="start" className="py-2" />;
  if (isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        Subscribe once and your calendar app keeps your shows up to date: moved and cancelled shows change there too.
        Anyone with a link can see that calendar, so keep them to yourself.
      </p>
      <ul className="flex flex-col gap-4">
        {data.feeds.map((feed) => (
          <FeedRow key={feed.kind} feed={feed} />
        ))}
      </ul>
      <RotateFeedsDialog />
    </div>
  );
};

const FeedRow = ({ feed }: { feed: CalendarFeed }) => {
  const inputId = useId();
  const descriptionId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4" data-feed={feed.kind}>
      <div>
        <label htmlFor={inputId} className="font-semibold">
          {feed.title}
        </label>
        <p id={descriptionId} className="text-sm text-muted">
          {feed.description}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <TextInput
          id={inputId}
          readOnly
          value={feed.url}
          aria-describedby={descriptionId}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 font-mono text-xs sm:text-sm"
        />
        <CopyButton text={feed.url} what={feed.title} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={feed.webcalUrl}>
            <CalendarPlus aria-hidden="true" />
            Subscribe<span className="sr-only"> to {feed.title}</span>
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={feed.googleUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            <span className="sm:hidden">Google</span>
            <span className="hidden sm:inline">Google Calendar</span>
            <span className="sr-only"> ({feed.title}, opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={feed.webcalUrl}>
            <CalendarPlus aria-hidden="true" />
            <span className="sm:hidden">Apple</span>
            <span className="hidden sm:inline">Apple Calendar</span>
            <span className="sr-only"> ({feed.title})</span>
          </a>
        </Button>
      </div>
    </li>
  );
};

const COPIED_MS = 4000;

/**
 * The async Clipboard API where the browser allows it; else the older copy command on a hidden
 * text area (plain-http addresses on a LAN have no Clipboard API).
 */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'fixed -left-[9999px] opacity-0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** Copies to the clipboard and says so on the button (and to screen readers) for a moment. */
const CopyButton = ({ text, what }: { text: string; what: string }) => {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await writeClipboard(text))) {
      showToast({
        title: 'Could not copy',
        description: 'Your browser did not allow it: select the link and copy it yourself.',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <>
      <OverridingButton variant="outline" className="h-10 sm:w-32" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="text-cyan" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy link'}
        <span className="sr-only"> for {what}</span>
      </OverridingButton>
      <span role="status" className="sr-only">
        {copied ? `${what} link copied to the clipboard` : ''}
      </span>
    </>
  );
};

const RotateFeedsDialog = () => {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rotating, setRotating] = useState(false);

  const rotate = async () => {
    setRotating(true);
    try {
      const fresh = await rotateCalendarFeeds();
      queryClient.setQueryData(calendarKeys.feeds(), fresh);
      setOpen(false);
      showToast({
        title: 'Calendar links reset',
        description: 'The old links no longer work. Subscribe again with the new ones.',
      });
    } catch (error) {
      showToast({ title: 'Links not reset', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setRotating(false);
    }
  };

  return (
    <ModalDialog open={open} onOpenChange={(next) => !rotating && setOpen(next)}>
      <ModalDialogTrigger asChild>
        <Button variant="outline" className="self-start">
          <RefreshCw aria-hidden="true" />
          Reset calendar links
        </Button>
      </ModalDialogTrigger>
      <ModalDialogContent
        title="Reset your calendar links?"
        description="All three links change. Calendars subscribed to the old ones stop updating at once: subscribe again with the new links. Use this if you shared a link by mistake."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={rotating} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={rotating} aria-busy={rotating} onClick={() => void rotate()}>
            {rotating ? 'Resetting...' : 'Reset links'}
          </Button>
        </div>
      </ModalDialogContent>
    </ModalDialog>
  );
};
