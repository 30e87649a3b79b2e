import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { codeFailed, unexpectedError } from '#client/features/auth/auth-feedback.ts';
import { focusField, validateForm } from '#client/features/auth/validate-form.ts';
import { authClient } from '#client/lib/auth-client.ts';
import { changePasswordSchema } from '#shared/auth.ts';
import { sessionsQueryKey } from './sessions-section.tsx';
import { SettingsCard } from './settings-card.tsx';

const emptyForm = { currentPassword: '', newPassword: '' };

/** Change password: needs the current one; other devices are signed out unless the user says otherwise. */
export const PasswordSection = ({ email }: { email: string }) => {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(emptyForm);
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);
  const [invalidField, setInvalidField] = useState<string>();
  const [saving, setSaving] = useState(false);

  const change = async (input: { currentPassword: string; newPassword: string }) => {
    const { error } = await authClient.changePassword({ ...input, revokeOtherSessions });
    if (error) {
      showToast(codeFailed('Password Not Changed', error));
      return error.code === 'INVALID_PASSWORD' ? 'currentPassword' : undefined;
    }
    setValues(emptyForm);
    showToast({
      title: 'Password changed',
      description: revokeOtherSessions ? 'Your other devices were signed out.' : 'Use it next time you log in.',
    });
    void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(changePasswordSchema, values);
    setInvalidField(checked.ok ? undefined : checked.field);
    if (!checked.ok) return focusField(formRef.current, checked.field);
    setSaving(true);
    try {
      setInvalidField(await change(checked.data));
    } catch {
      showToast(unexpectedError);
    } finally {
      setSaving(false);
    }
  };

  const update = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <SettingsCard title="Password">
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <fieldset disabled={saving} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              value={values.currentPassword}
              onChange={update('currentPassword')}
              invalid={invalidField === 'currentPassword'}
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              value={values.newPassword}
              onChange={update('newPassword')}
              invalid={invalidField === 'newPassword'}
              hint="Password must be at least 6 characters"
            />
          </div>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={revokeOtherSessions}
              onChange={(event) => setRevokeOtherSessions(event.target.checked)}
              className="size-4 accent-accent"
            />
            Sign out of my other devices
          </label>
        </fieldset>
        <Button type="submit" className="self-start" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
    </SettingsCard>
  );
};
