import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { codeFailed, unexpectedError } from '../auth-feedback.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import { focusField, validateForm } from '../validate-form.ts';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();

  const verify = async (checkedCode: string) => {
    const { error } = useBackupCode
      ? await authClient.twoFactor.verifyBackupCode({ code: checkedCode })
      : await authClient.twoFactor.verifyTotp({ code: checkedCode });
    if (!error) return void (await completeSignIn());
    setInvalid(true);
    showToast(codeFailed('Verification Failed', error));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(useBackupCode ? backupSchema : totpSchema, { code });
    setInvalid(!checked.ok);
    if (!checked.ok) return focusField(formRef.current, 'code');
    setBusy(true);
    onBusyChange(true);
    try {
      await verify(checked.data.code);
    } catch {
      showToast(unexpectedError);
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  const switchKind = () => {
    setUseBackupCode((current) => !current);
    setCode('');
    setInvalid(false);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <Field
          key={useBackupCode ? 'backup' : 'totp'}
          label={useBackupCode ? 'Backup code' : 'Authentication code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          maxLength={useBackupCode ? 32 : 6}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          invalid={invalid}
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
