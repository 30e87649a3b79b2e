import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { type ValidationResult, validateForm } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { OverridingButton } from '#client/components/ui/overriding-button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { paths } from '#client/lib/paths.ts';
import {
  type AuthForm,
  authFormSchema,
  type ResetRequest,
  resetRequestSchema,
  type SignUpForm,
  signUpFormSchema,
} from '#shared/auth.ts';
import { accountCreated, loginFailed, resetEmailSent, resetFailed, signUpFailed } from '../auth-feedback.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import type { AuthMode } from './auth-modes.ts';

const initialValues = { fullName: '', email: '', password: '' };

/** A checked form becomes the request that sends it. */
function prepared<T>(
  checked: ValidationResult<T>,
  send: (input: T) => Promise<void>,
): ValidationResult<() => Promise<void>> {
  return checked.ok ? { ok: true, data: () => send(checked.data) } : checked;
}

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
  const completeSignIn = useCompleteSignIn();

  const logIn = async (input: AuthForm) => {
    const { data, error } = await authClient.signIn.email({ email: input.email, password: input.password });
    if (error) showToast(loginFailed(error));
    // With two-factor on, the client plugin has already switched the page to the code step.
    else if (!(data && 'twoFactorRedirect' in data && data.twoFactorRedirect)) await completeSignIn();
  };

  const signUp = async ({ email, password, fullName }: SignUpForm) => {
    const { data, error } = await authClient.signUp.email({
      email,
      password,
      name: fullName,
      fullName,
      callbackURL: paths.dashboard,
    });
    if (error) showToast(signUpFailed(error));
    else if (data?.token) await completeSignIn(accountCreated);
    else {
      // Mail is configured: the account opens once the address is confirmed.
      showToast({ ...accountCreated, description: `We sent a confirmation link to ${email}. Open it to log in.` });
      onModeChange('login');
    }
  };

  const requestReset = async ({ email }: ResetRequest) => {
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
    if (error) showToast(resetFailed(error));
    else {
      showToast(resetEmailSent);
      onModeChange('login');
    }
  };

  /** Checks the form for the current mode: the checked request is what gets sent. */
  const check = (values: typeof initialValues): ValidationResult<() => Promise<void>> => {
    if (mode === 'signup') return prepared(validateForm(signUpFormSchema, values), signUp);
    if (mode === 'reset') return prepared(validateForm(resetRequestSchema, { email: values.email }), requestReset);
    return prepared(validateForm(authFormSchema, { email: values.email, password: values.password }), logIn);
  };
  const form = useValidatedForm({ initial: initialValues, check, send: (request) => request(), onBusyChange });
  const { busy, values } = form;

  const labels = submitLabels[mode];
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-5">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        {mode === 'signup' ? (
          <Field label="Full Name" autoComplete="name" required {...form.field('fullName')} />
        ) : null}
        <Field
          label="Email"
          type="email"
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          inputMode="email"
          required
          {...form.field('email')}
        />
        {mode === 'reset' ? null : (
          <Field
            label="Password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            {...form.field('password')}
            hint={mode === 'signup' ? 'Password must be at least 6 characters' : undefined}
            labelAside={
              mode === 'login' ? (
                <OverridingButton variant="link" className="h-auto text-sm" onClick={() => onModeChange('reset')}>
                  Forgot password?
                </OverridingButton>
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
