import { type FormEvent, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { authFormSchema, resetRequestSchema, signUpFormSchema } from '#shared/auth.ts';
import {
  accountCreated,
  loginFailed,
  resetEmailSent,
  resetFailed,
  signUpFailed,
  unexpectedError,
} from '../auth-feedback.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import { focusField, validateForm } from '../validate-form.ts';
import type { AuthMode } from './auth-modes.ts';

const submitLabels: Record<AuthMode, { idle: string; busy: string }> = {
  login: { idle: 'Log In', busy: 'Logging in...' },
  signup: { idle: 'Sign Up', busy: 'Creating account...' },
  reset: { idle: 'Send Reset Link', busy: 'Sending...' },
};

interface CredentialsFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onUseEmailCode: (email: string) => void;
  /** Reported so the page can disable its own links while a request runs. */
  onBusyChange: (busy: boolean) => void;
}

/** The login, sign-up and reset-request form of the /auth screen. */
export const CredentialsForm = ({ mode, onModeChange, onUseEmailCode, onBusyChange }: CredentialsFormProps) => {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const [invalidField, setInvalidField] = useState<string>();
  const [busy, setBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();

  const update = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalidField === field) setInvalidField(undefined);
  };

  const logIn = async () => {
    const checked = validateForm(authFormSchema, { email: values.email, password: values.password });
    if (!checked.ok) return checked.field;
    const { data, error } = await authClient.signIn.email(checked.data);
    if (error) showToast(loginFailed(error));
    // With two-factor on, the client plugin has already switched the page to the code step.
    else if (!(data && 'twoFactorRedirect' in data && data.twoFactorRedirect)) await completeSignIn();
  };

  const signUp = async () => {
    const checked = validateForm(signUpFormSchema, values);
    if (!checked.ok) return checked.field;
    const { email, password, fullName } = checked.data;
    const { data, error } = await authClient.signUp.email({
      email,
      password,
      name: fullName,
      fullName,
      callbackURL: '/dashboard',
    });
    if (error) showToast(signUpFailed(error));
    else if (data?.token) await completeSignIn(accountCreated);
    else {
      // Mail is configured: the account opens once the address is confirmed.
      showToast({ ...accountCreated, description: `We sent a confirmation link to ${email}. Open it to log in.` });
      onModeChange('login');
    }
  };

  const requestReset = async () => {
    const checked = validateForm(resetRequestSchema, { email: values.email });
    if (!checked.ok) return checked.field;
    const { error } = await authClient.requestPasswordReset({
      email: checked.data.email,
      redirectTo: '/auth/reset-password',
    });
    if (error) showToast(resetFailed(error));
    else {
      showToast(resetEmailSent);
      onModeChange('login');
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    onBusyChange(true);
    try {
      const failedField = await { login: logIn, signup: signUp, reset: requestReset }[mode]();
      setInvalidField(failedField);
      if (failedField) focusField(formRef.current, failedField);
    } catch {
      showToast(unexpectedError);
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  const labels = submitLabels[mode];
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        {mode === 'signup' ? (
          <Field
            label="Full Name"
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={update('fullName')}
            invalid={invalidField === 'fullName'}
          />
        ) : null}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          inputMode="email"
          required
          value={values.email}
          onChange={update('email')}
          invalid={invalidField === 'email'}
        />
        {mode === 'reset' ? null : (
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            value={values.password}
            onChange={update('password')}
            invalid={invalidField === 'password'}
            hint={mode === 'signup' ? 'Password must be at least 6 characters' : undefined}
            labelAside={
              mode === 'login' ? (
                <Button variant="link" className="h-auto text-sm" onClick={() => onModeChange('reset')}>
                  Forgot password?
                </Button>
              ) : null
            }
          />
        )}
      </fieldset>
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? labels.busy : labels.idle}
      </Button>
      {mode === 'login' ? (
        <Button variant="outline" disabled={busy} onClick={() => onUseEmailCode(values.email)}>
          Email me a sign-in code instead
        </Button>
      ) : null}
    </form>
  );
};
