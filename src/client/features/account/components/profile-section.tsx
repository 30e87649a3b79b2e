import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { meQueryKey } from '#client/features/auth/session.ts';
import { useValidatedForm } from '#client/features/auth/use-validated-form.ts';
import { validateForm } from '#client/features/auth/validate-form.ts';
import { type MeUser, profileUpdateSchema } from '#shared/auth.ts';
import { updateProfile } from '../api/account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** Full name and home city (the city later drives "near you"). */
export const ProfileSection = ({ user }: { user: MeUser }) => {
  const queryClient = useQueryClient();
  const form = useValidatedForm({
    initial: { fullName: user.fullName ?? user.name, homeCity: user.homeCity ?? '' },
    check: ({ fullName, homeCity }) =>
      validateForm(profileUpdateSchema, { fullName, homeCity: homeCity.trim() || null }),
    send: async (input) => {
      try {
        queryClient.setQueryData(meQueryKey, await updateProfile(input));
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
          <Field
            label="Home city"
            autoComplete="address-level2"
            placeholder="e.g. Austin, TX"
            {...form.field('homeCity')}
            hint="Used to find concerts near you."
          />
        </fieldset>
        <Button type="submit" className="self-start" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Saving...' : 'Save Profile'}
        </Button>
      </form>
    </SettingsCard>
  );
};
