import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { type PlaceChoice, PlacePicker } from '#client/components/place-picker/place-picker.tsx';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { invalidatePlaceQueries } from '#client/lib/query-client.ts';
import { meQueryKey } from '#client/lib/session/session.ts';
import { type MeUser, type ProfileUpdate, profileUpdateSchema } from '#shared/auth.ts';
import { placeLabel } from '#shared/places.ts';
import { updateProfile } from '../api/account-api.ts';

/** The saved home as the picker shows it; a free-text city from before places is shown as typed. */
function homeChoice(user: MeUser): PlaceChoice | null {
  if (!user.homeCity) return null;
  if (!user.homePlaceId || !user.homeCountry) return { id: '', label: user.homeCity };
  return {
    id: user.homePlaceId,
    label: placeLabel({ name: user.homeCity, region: user.homeRegion, country: user.homeCountry }),
  };
}

/** Full name and home (a place of the gazetteer: it drives "near you" and local times). */
export const ProfileSection = ({ user }: { user: MeUser }) => {
  const queryClient = useQueryClient();
  const [home, setHome] = useState<PlaceChoice | null>(() => homeChoice(user));
  const form = useValidatedForm({
    initial: { fullName: user.fullName ?? user.name, homePlaceId: user.homePlaceId ?? '' },
    // A free-text home nobody re-chose stays as it is: it is sent as "unchanged" (its text kept).
    check: ({ fullName, homePlaceId }) =>
      validateForm(profileUpdateSchema, { fullName, homePlaceId: homePlaceId || null }),
    send: async (input) => {
      try {
        const saved = await updateProfile(keepUnmatchedHome(input, user, home));
        queryClient.setQueryData(meQueryKey, saved);
        // Home is the fan's first place: My Shows, Near and the places card follow it.
        void invalidatePlaceQueries(queryClient);
        setHome(homeChoice(saved));
        showToast({ title: 'Profile saved', description: 'Your name and home city are up to date.' });
      } catch (error) {
        showToast({ title: 'Could not save', description: (error as Error).message, variant: 'destructive' });
      }
    },
  });

  return (
    <SettingsCard title="Profile" description={`Signed in as ${user.email}`}>
      <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <fieldset disabled={form.busy} className="grid gap-4 sm:grid-cols-2">
          <Field label="Full Name" autoComplete="name" required {...form.field('fullName')} />
          <PlacePicker
            label="Home city"
            name="homePlaceId"
            value={home}
            invalid={form.invalidField === 'homePlaceId'}
            onChange={(place) => {
              setHome(place ? { id: place.id, label: placeLabel(place) } : null);
              form.setValues((current) => ({ ...current, homePlaceId: place?.id ?? '' }));
            }}
            hint={
              home && !home.id
                ? 'Not matched to a place yet: choose your city from the list.'
                : 'Used to find concerts near you.'
            }
          />
        </fieldset>
        <Button type="submit" className="self-start" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Saving...' : 'Save Profile'}
        </Button>
      </form>
    </SettingsCard>
  );
};

/** A free-text home left untouched is kept: the server keeps it when told "unchanged". */
function keepUnmatchedHome(input: ProfileUpdate, user: MeUser, home: PlaceChoice | null): ProfileUpdate {
  const untouchedFreeText = home && !home.id && user.homeCity && !user.homePlaceId;
  return untouchedFreeText ? { ...input, homePlaceId: undefined } : input;
}
