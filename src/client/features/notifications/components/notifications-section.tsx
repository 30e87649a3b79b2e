import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkForm, type ValidationResult } from '#client/components/forms/validate-form.ts';
import { SectionLoadError } from '#client/components/load-error.tsx';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import type {
  ChannelChoice,
  NotificationPreferenceGroup,
  NotificationPreferences,
  QuietHours,
} from '#shared/notifications.ts';
import { type NotificationPreferencesInput, notificationPreferencesSchema } from '#shared/notifications-api.ts';
import {
  notificationPreferencesQueryOptions,
  notificationsKeys,
  saveNotificationPreferences,
} from '../api/notifications-api.ts';

const groups: { group: NotificationPreferenceGroup; label: string; hint: string }[] = [
  {
    group: 'newDates',
    label: 'New tour dates',
    hint: 'An artist you follow announces shows. Pushed when one is near one of your places.',
  },
  {
    group: 'venueShows',
    label: 'Shows at venues you follow',
    hint: 'A new show is announced at a venue you follow.',
  },
  {
    group: 'tourChanges',
    label: 'Moved shows',
    hint: 'A show of an artist you follow, or one you marked, changes date or venue.',
  },
  {
    group: 'cancellations',
    label: 'Cancelled shows',
    hint: 'A show of an artist you follow, or one you marked, is called off.',
  },
  { group: 'reminders', label: 'Show reminders', hint: 'The day before a show you are going to.' },
  { group: 'tripShows', label: 'Trip shows', hint: 'A new show where and when you travel, before your trip starts.' },
  { group: 'onSale', label: 'Tickets on sale', hint: 'On-sale and presale times of shows, when we know them.' },
];

const channels: { channel: keyof ChannelChoice; label: string }[] = [
  { channel: 'inApp', label: 'In the app' },
  { channel: 'email', label: 'By email' },
  { channel: 'push', label: 'Push' },
];

const PreferenceRow = ({
  label,
  hint,
  choice,
  onChange,
}: {
  label: string;
  hint: string;
  choice: ChannelChoice;
  onChange: (choice: ChannelChoice) => void;
}) => {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 border-t border-border py-4 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">{label}</p>
        <p className="text-sm text-muted">{hint}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-x-6 gap-y-3">
        {channels.map(({ channel, label: channelLabel }) => (
          <div key={channel} className="flex items-center gap-2 text-sm">
            <Switch
              id={`${id}-${channel}`}
              checked={choice[channel]}
              onCheckedChange={(checked) => onChange({ ...choice, [channel]: checked })}
              aria-label={`${label}: ${channelLabel.toLowerCase()}`}
            />
            <label htmlFor={`${id}-${channel}`} className="cursor-pointer">
              {channelLabel}
            </label>
          </div>
        ))}
      </div>
    </div>
  );
};

/** The browser's zone: quiet hours follow the fan's day where they are. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const DEFAULT_QUIET = { from: '22:00', to: '07:00' };

const QuietHoursRow = ({
  quietHours,
  onChange,
}: {
  quietHours: QuietHours | null;
  onChange: (quietHours: QuietHours | null) => void;
}) => {
  const id = useId();
  const shown = quietHours ?? { ...DEFAULT_QUIET, timeZone: browserTimeZone() };
  return (
    <div className="flex flex-col gap-3 border-t border-border py-4">
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-on`}
          checked={quietHours !== null}
          onCheckedChange={(checked) => onChange(checked ? shown : null)}
        />
        <label htmlFor={`${id}-on`} className="cursor-pointer font-semibold">
          Quiet hours
        </label>
      </div>
      <p className="text-sm text-muted">
        Pushes that arrive during these hours wait until they end. Times are in {shown.timeZone.replace(/_/g, ' ')}.
      </p>
      {quietHours ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="time"
            required
            value={quietHours.from}
            onChange={(event) => onChange({ ...quietHours, from: event.target.value })}
            className="rounded-md border border-border bg-background px-2 py-1"
          />
          <label htmlFor={`${id}-to`}>to</label>
          <input
            id={`${id}-to`}
            type="time"
            required
            value={quietHours.to}
            onChange={(event) => onChange({ ...quietHours, to: event.target.value })}
            className="rounded-md border border-border bg-background px-2 py-1"
          />
        </div>
      ) : null}
    </div>
  );
};

/** How a refused save says so: the server's refusal and the same check made here read alike. */
const showNotSaved = (message: string) =>
  showToast({ title: 'Could not save', description: message, variant: 'destructive' });

const PreferencesForm = ({ saved }: { saved: NotificationPreferences }) => {
  const queryClient = useQueryClient();
  // On react-hook-form through useValidatedForm with the server's schema (quiet hours that start when
  // they end are refused before the request, in the same toast); the choices are switches, so no
  // field is marked.
  const form = useValidatedForm({
    initial: saved,
    check: (draft): ValidationResult<NotificationPreferencesInput> => {
      const checked = checkForm(notificationPreferencesSchema, draft);
      if (checked.ok) return checked;
      showNotSaved(checked.message);
      return { ok: false, field: undefined };
    },
    send: async (input) => {
      try {
        const preferences = await saveNotificationPreferences(input);
        queryClient.setQueryData(notificationsKeys.preferences(), preferences);
        form.setValues(preferences);
        showToast({ title: 'Notification settings saved', description: 'You will hear about what you chose.' });
      } catch (error) {
        showNotSaved((error as Error).message);
      }
    },
  });
  const { values: draft, busy } = form;

  return (
    <form ref={form.formRef} onSubmit={form.submit} className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col">
        <legend className="sr-only">What you hear about, and where</legend>
        {groups.map(({ group, label, hint }) => (
          <PreferenceRow
            key={group}
            label={label}
            hint={hint}
            choice={draft[group]}
            onChange={(choice) => form.setValues((current) => ({ ...current, [group]: choice }))}
          />
        ))}
        <QuietHoursRow
          quietHours={draft.quietHours}
          onChange={(quietHours) => form.setValues((current) => ({ ...current, quietHours }))}
        />
      </fieldset>
      <Button type="submit" className="self-start" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving...' : 'Save Notification Settings'}
      </Button>
    </form>
  );
};

/** Which kinds of notification the user gets, in the app and by email (off by default). */
export const NotificationsSection = () => {
  const { data, isPending, isError, error, refetch } = useQuery(notificationPreferencesQueryOptions());
  return (
    <SettingsCard
      title="Notifications"
      description="Choose what you hear about: in the app, by email or as a push to your devices. Emails arrive as one daily digest."
    >
      {isPending ? (
        <Spinner label="Loading..." align="start" className="py-2" />
      ) : isError ? (
        <SectionLoadError what="Your notification settings" message={error.message} onRetry={() => void refetch()} />
      ) : (
        <PreferencesForm saved={data} />
      )}
    </SettingsCard>
  );
};
