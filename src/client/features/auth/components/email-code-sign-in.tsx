import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { emailSchema, otpRequestSchema } from '#shared/auth.ts';
import { codeFailed, unexpectedError } from '../auth-feedback.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import { focusField, validateForm } from '../validate-form.ts';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [invalidField, setInvalidField] = useState<string>();
  const [busy, setBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();

  const sendCode = async (address: string) => {
    const { error } = await authClient.emailOtp.sendVerificationOtp({ email: address, type: 'sign-in' });
    if (error) return showToast(codeFailed('Could Not Send Code', error));
    setSentTo(address);
    setOtp('');
    showToast({ title: 'Check your email', description: `We sent a 6-digit sign-in code to ${address}.` });
  };

  const verifyCode = async (address: string, code: string) => {
    const { data, error } = await authClient.signIn.emailOtp({ email: address, otp: code });
    if (error) {
      setInvalidField('otp');
      return showToast(codeFailed('Login Failed', error));
    }
    if (!(data && 'twoFactorRedirect' in data && data.twoFactorRedirect)) await completeSignIn();
  };

  const run = async (request: () => Promise<void>) => {
    setInvalidField(undefined);
    setBusy(true);
    onBusyChange(true);
    try {
      await request();
    } catch {
      showToast(unexpectedError);
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = sentTo ? 'otp' : 'email';
    const checked = sentTo ? validateForm(codeSchema, { otp }) : validateForm(codeRequestSchema, { email });
    if (!checked.ok) {
      setInvalidField(field);
      return focusField(formRef.current, field);
    }
    const { data } = checked;
    void run(() => ('otp' in data ? verifyCode(sentTo!, data.otp) : sendCode(data.email)));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        {sentTo ? (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              Enter the code we sent to <span className="font-semibold text-foreground">{sentTo}</span>. It works for 10
              minutes.
            </p>
            <Field
              label="Sign-in code"
              name="otp"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              autoFocus
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              invalid={invalidField === 'otp'}
              className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
            />
          </>
        ) : (
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            invalid={invalidField === 'email'}
          />
        )}
      </fieldset>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {sentTo ? (busy ? 'Logging in...' : 'Log In') : busy ? 'Sending...' : 'Email Me a Code'}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {sentTo ? (
          <Button variant="link" disabled={busy} onClick={() => void run(() => sendCode(sentTo))}>
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
