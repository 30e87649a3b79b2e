import { useState } from 'react';
import { z } from 'zod';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { type ValidationResult, validateForm } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { emailSchema, otpRequestSchema } from '#shared/auth.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';

/** The spec's one-time-code rule first (an address is required), then the address's own format. */
const codeRequestSchema = otpRequestSchema.pipe(z.object({ email: emailSchema }));
const codeSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.'),
});

interface EmailCodeSignInProps {
  initialEmail: string;
  onBack: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** Sign-in without a password: a 6-digit code is mailed, then typed here. */
export const EmailCodeSignIn = ({ initialEmail, onBack, onBusyChange }: EmailCodeSignInProps) => {
  const [sentTo, setSentTo] = useState<string>();
  const completeSignIn = useCompleteSignIn();

  const sendCode = async (address: string) => {
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email: address, type: 'sign-in' });
    if (error) return showToast(codeFailed('Could Not Send Code', error));
    setSentTo(address);
    form.setValues((current) => ({ ...current, otp: '' }));
    showToast({ title: 'Check your email', description: `We sent a 6-digit sign-in code to ${address}.` });
  };

  const verifyCode = async (address: string, code: string) => {
    const { data, error } = await authClient.signIn.emailOtp({ email: address, otp: code });
    if (error) {
      showToast(codeFailed('Login Failed', error));
      return 'otp';
    }
    if (!(data && 'twoFactorRedirect' in data && data.twoFactorRedirect)) await completeSignIn();
  };

  // Two steps in one form: first the address, then the code mailed to it.
  const form = useValidatedForm({
    initial: { email: initialEmail, otp: '' },
    check: ({ email, otp }): ValidationResult<{ otp: string } | { email: string }> =>
      sentTo ? validateForm(codeSchema, { otp }) : validateForm(codeRequestSchema, { email }),
    send: (data) => ('otp' in data ? verifyCode(sentTo!, data.otp) : sendCode(data.email)),
    onBusyChange,
  });
  const { busy } = form;

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        {sentTo ? (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              Enter the code we sent to <span className="font-semibold text-foreground">{sentTo}</span>. It works for 10
              minutes.
            </p>
            <Field
              label="Sign-in code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              autoFocus
              {...form.field('otp')}
              className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
            />
          </>
        ) : (
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            {...form.field('email')}
          />
        )}
      </fieldset>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {sentTo ? (busy ? 'Logging in...' : 'Log In') : busy ? 'Sending...' : 'Email Me a Code'}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {sentTo ? (
          <Button variant="link" disabled={busy} onClick={() => void form.run(() => sendCode(sentTo))}>
            Send a new code
          </Button>
        ) : null}
        <Button variant="link" disabled={busy} onClick={onBack}>
          Back to login
        </Button>
      </div>
    </form>
  );
};
