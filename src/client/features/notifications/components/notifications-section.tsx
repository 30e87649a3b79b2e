import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import type { ChannelChoice, NotificationPreferenceGroup, NotificationPreferences } from '#shared/notifications.ts';
import {
  notificationPreferencesQueryOptions,
  notificationsKeys,
  saveNotificationPreferences,
} from '../api/notifications-api.ts';

const groups: { group: NotificationPreferenceGroup; label: string; hint: string }[] = [
  { group: 'newDates', label: 'New tour dates', hint: 'An artist you follow announces shows.' },
  {
    group: 'tourChanges',
    label: 'Tour changes (moved or cancelled)',
    hint: 'A show of an artist you follow changes date or venue, or is called off.',
  },
  { group: 'reminders', label: 'Show reminders', hint: 'The day before a show you are going to.' },
  { group: 'tripShows', label: 'Trip shows', hint: 'A new show where and when you travel, before your trip starts.' },
];

const channels: { channel: keyof ChannelChoice; label: string }[] = [
  { channel: 'inApp', label: 'In the app' },
  { channel: 'email', label: 'By email' },
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
      <div className="flex shrink-0 gap-6">
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

const PreferencesForm = ({ saved }: { saved: NotificationPreferences }) => {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(notificationsKeys.preferences(), preferences);
      setDraft(preferences);
      showToast({ title: 'Notification settings saved', description: 'You will hear about what you chose.' });
    },
    onError: (error) => {
      showToast({ title: 'Could not save', description: (error as Error).message, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <fieldset disabled={save.isPending} className="flex flex-col">
        <legend className="sr-only">What you hear about, and where</legend>
        {groups.map(({ group, label, hint }) => (
          <PreferenceRow
            key={group}
            label={label}
            hint={hint}
            choice={draft[group]}
            onChange={(choice) => setDraft((current) => ({ ...current, [group]: choice }))}
          />
        ))}
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Notification Settings'}
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
      description="Choose what you hear about, in the app and by email. Emails arrive as one daily digest."
    >
      {isPending ? (
        <Spinner label="Loading..." className="justify-start py-2" />
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted">
          <p>Your notification settings could not be loaded. {error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PreferencesForm saved={data} />
      )}
    </SettingsCard>
  );
};
