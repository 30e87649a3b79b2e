import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { changePasswordSchema } from '#shared/auth.ts';
import { sessionsQueryKey } from './sessions-section.tsx';

const emptyForm = { currentPassword: '', newPassword: '' };

/** Change password: needs the current one; other devices are signed out unless the user says otherwise. */
export const PasswordSection = ({ email }: { email: string }) => {
  const queryClient = useQueryClient();
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);
  const form = useValidatedForm({
    initial: emptyForm,
    check: (values) => validateForm(changePasswordSchema, values),
    send: async (input) => {
      const { error } = await authClient.changePassword({ ...input, revokeOtherSessions });
      if (error) {
        showToast(codeFailed('Password Not Changed', error));
        return error.code === 'INVALID_PASSWORD' ? 'currentPassword' : undefined;
      }
      form.reset();
      showToast({
        title: 'Password changed',
        description: revokeOtherSessions ? 'Your other devices were signed out.' : 'Use it next time you log in.',
      });
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });

  return (
    <SettingsCard title="Password">
      <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <fieldset disabled={form.busy} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              {...form.field('currentPassword')}
            />
            <Field
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              {...form.field('newPassword')}
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
        <Button type="submit" className="self-start" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Saving...' : 'Change Password'}
        </Button>
      </form>
    </SettingsCard>
  );
};
