import { useState } from 'react';
import { z } from 'zod';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';

const totpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
const backupSchema = z.object({ code: z.string().trim().min(1, 'Enter one of your backup codes.') });

interface TwoFactorStepProps {
  onBack: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** The second step of signing in to an account with two-factor on: an app code or a backup code. */
export const TwoFactorStep = ({ onBack, onBusyChange }: TwoFactorStepProps) => {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const form = useValidatedForm({
    initial: { code: '' },
    check: (values) => validateForm(useBackupCode ? backupSchema : totpSchema, values),
    send: async ({ code }) => {
      const { error } = useBackupCode
        ? await authClient.twoFactor.verifyBackupCode({ code })
        : await authClient.twoFactor.verifyTotp({ code });
      if (!error) return void (await completeSignIn());
      showToast(codeFailed('Verification Failed', error));
      return 'code';
    },
    onBusyChange,
  });
  const { busy } = form;

  const switchKind = () => {
    setUseBackupCode((current) => !current);
    form.reset();
    form.setInvalidField(undefined);
  };

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <Field
          key={useBackupCode ? 'backup' : 'totp'}
          label={useBackupCode ? 'Backup code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          maxLength={useBackupCode ? 32 : 6}
          required
          autoFocus
          {...form.field('code')}
          hint={useBackupCode ? 'Each backup code works once.' : 'Open your authenticator app for the current code.'}
          className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        <Button variant="link" disabled={busy} onClick={switchKind}>
          {useBackupCode ? 'Use an authenticator code' : 'Use a backup code instead'}
        </Button>
        <Button variant="link" disabled={busy} onClick={onBack}>
          Back to login
        </Button>
      </div>
    </form>
  );
};
