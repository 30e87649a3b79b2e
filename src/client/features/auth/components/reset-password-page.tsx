import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { type AuthClientError, authClient } from '#client/lib/auth-client.ts';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { passwordSchema } from '#shared/auth.ts';
import { resetFailed } from '../auth-feedback.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';

const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

const passwordUpdated = { title: 'Password updated' };

function isInvalidToken(error: AuthClientError): boolean {
  return error.code === 'INVALID_TOKEN' || /invalid token|expired/i.test(error.message ?? '');
}

/**
 * Where the reset mail's link lands (/auth/reset-password?token=…). The server signs the visitor in
 * with the new password unless the account has two-factor (then they log in as usual).
 */
export const ResetPasswordPage = () => {
  useDocumentTitle(`Set a New Password | ${BRAND}`);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [linkBroken, setLinkBroken] = useState(!token || params.has('error'));

  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to={paths.signIn}
        className="inline-flex items-center gap-2 self-start rounded-md text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to login
      </Link>
      <div className="rounded-card border border-border bg-surface p-5 shadow-glow sm:p-8">
        {linkBroken || !token ? (
          <BrokenLink />
        ) : (
          <NewPasswordForm token={token} onTokenRejected={() => setLinkBroken(true)} />
        )}
      </div>
    </section>
  );
};

const BrokenLink = () => (
  <div className="flex flex-col gap-4 text-center" role="alert">
    <h1 className="font-display text-3xl font-bold">Link expired</h1>
    <p className="text-muted">
      This password reset link is invalid or has expired. Links work once, for one hour. Request a new one and use the
      newest email.
    </p>
    <Button asChild size="lg">
      <Link to={paths.requestPasswordReset}>Request a new link</Link>
    </Button>
  </div>
);

const NewPasswordForm = ({ token, onTokenRejected }: { token: string; onTokenRejected: () => void }) => {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const form = useValidatedForm({
    initial: { newPassword: '', confirmPassword: '' },
    check: (values) => validateForm(newPasswordSchema, values),
    send: async ({ newPassword }) => {
      const { error } = await authClient.resetPassword({ token, newPassword });
      if (error && isInvalidToken(error)) onTokenRejected();
      else if (error) showToast(resetFailed(error));
      else if (await completeSignIn({ ...passwordUpdated, description: "You're logged in with your new password." })) {
        navigate(paths.dashboard, { replace: true });
      } else {
        // Two-factor accounts are not signed in by the reset: they log in and give their code.
        showToast({ ...passwordUpdated, description: 'Log in with your new password to continue.' });
        navigate(paths.signIn, { replace: true });
      }
    },
  });

  return (
    <>
      <header className="mb-6 flex flex-col gap-2 text-center">
        <h1 className="font-display text-3xl font-bold">Set a New Password</h1>
        <p className="text-muted">Choose a new password for your TourGuides account</p>
      </header>
      <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-5">
        <fieldset disabled={form.busy} className="flex flex-col gap-4">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.field('newPassword')}
            hint="Password must be at least 6 characters"
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
        </fieldset>
        <Button type="submit" size="lg" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </>
  );
};
