import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { meQueryKey } from '#client/features/auth/session.ts';
import { focusField, validateForm } from '#client/features/auth/validate-form.ts';
import { type MeUser, profileUpdateSchema } from '#shared/auth.ts';
import { updateProfile } from '../api/account-api.ts';
import { SettingsCard } from './settings-card.tsx';

/** Full name and home city (the city later drives "near you"). */
export const ProfileSection = ({ user }: { user: MeUser }) => {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [fullName, setFullName] = useState(user.fullName ?? user.name);
  const [homeCity, setHomeCity] = useState(user.homeCity ?? '');
  const [invalidField, setInvalidField] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(profileUpdateSchema, { fullName, homeCity: homeCity.trim() || null });
    setInvalidField(checked.ok ? undefined : checked.field);
    if (!checked.ok) return focusField(formRef.current, checked.field);
    setSaving(true);
    try {
      queryClient.setQueryData(meQueryKey, await updateProfile(checked.data));
      showToast({ title: 'Profile saved', description: 'Your name and home city are up to date.' });
    } catch (error) {
      showToast({ title: 'Could not save', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title="Profile" description={`Signed in as ${user.email}`}>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Full Name"
            name="fullName"
            autoComplete="name"
            required
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            invalid={invalidField === 'fullName'}
          />
          <Field
            label="Home city"
            name="homeCity"
            autoComplete="address-level2"
            placeholder="e.g. Austin, TX"
            value={homeCity}
            onChange={(event) => setHomeCity(event.target.value)}
            invalid={invalidField === 'homeCity'}
            hint="Used to find concerts near you."
          />
        </fieldset>
        <Button type="submit" className="self-start" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : 'Save Profile'}
        </Button>
      </form>
    </SettingsCard>
  );
};
