import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { validateForm } from '#client/components/forms/validate-form.ts';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { type AuthClientError, authClient } from '#client/lib/auth-client.ts';
import { refreshSession } from '#client/lib/session/session.ts';
import { fetchTotpQrCode } from '../api/account-api.ts';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password.') });
const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** TOTP two-factor: enrol with a QR code (or the key typed by hand), keep backup codes, confirm with a code. */
export const TwoFactorSection = ({ enabled, email }: { enabled: boolean; email: string }) => {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  return (
    <SettingsCard
      title="Two-factor authentication"
      description="After your password, logging in also asks for a code from an authenticator app."
    >
      {enabled ? (
        <DisableTwoFactor email={email} />
      ) : enrolment ? (
        <ConfirmEnrolment enrolment={enrolment} onCancel={() => setEnrolment(undefined)} />
      ) : (
        <StartEnrolment email={email} onStarted={setEnrolment} />
      )}
    </SettingsCard>
  );
};

/** Lets password managers offer the saved password of the right account. */
const UsernameForManagers = ({ email }: { email: string }) => (
  <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
);

const PasswordStep = ({
  email,
  submitLabel,
  busyLabel,
  onPassword,
}: {
  email: string;
  submitLabel: string;
  busyLabel: string;
  onPassword: (password: string) => Promise<boolean>;
}) => {
  const form = useValidatedForm({
    initial: { password: '' },
    check: (values) => validateForm(passwordSchema, values),
    send: async ({ password }) => {
      if (!(await onPassword(password))) return 'password';
      form.reset();
    },
  });
  const { busy } = form;
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <UsernameForManagers email={email} />
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        disabled={busy}
        {...form.field('password')}
        className="sm:w-72"
      />
      <Button type="submit" className="self-start sm:self-auto" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
};

const StartEnrolment = ({ email, onStarted }: { email: string; onStarted: (enrolment: Enrolment) => void }) => (
  <div className="flex flex-col gap-4">
    <p className="text-sm">Two-factor is off. Enter your password to set it up.</p>
    <PasswordStep
      email={email}
      submitLabel="Set Up Two-Factor"
      busyLabel="Starting..."
      onPassword={async (password) => {
        const { data, error } = await authClient.twoFactor.enable({ password });
        if (error) showToast(codeFailed('Two-Factor Not Started', error));
        else if ('totpURI' in data) onStarted(data);
        return !error;
      }}
    />
  </div>
);

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
function manualKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function useQrCode(totpURI: string): string | undefined {
  const { data } = useQuery({
    queryKey: ['account', 'totp-qr', totpURI],
    queryFn: () => fetchTotpQrCode(totpURI),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  return data;
}

const ConfirmEnrolment = ({ enrolment, onCancel }: { enrolment: Enrolment; onCancel: () => void }) => {
  const queryClient = useQueryClient();
  const qrCode = useQrCode(enrolment.totpURI);
  const form = useValidatedForm({
    initial: { code: '' },
    check: (values) => validateForm(codeSchema, values),
    send: async ({ code }) => {
      const { error } = await authClient.twoFactor.verifyTotp({ code });
      if (error) {
        showToast(codeFailed('Code Not Accepted', error));
        return 'code';
      }
      await refreshSession(queryClient);
      showToast({ title: 'Two-factor is on', description: 'Logging in now also asks for a code from your app.' });
    },
  });
  const { busy } = form;

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-6 text-sm">
        <li className="flex flex-col gap-3">
          <p>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="flex size-[13rem] shrink-0 items-center justify-center rounded-xl bg-white p-2">
              {qrCode ? (
                <img src={qrCode} alt="QR code for your authenticator app" className="size-48" />
              ) : (
                <span className="text-xs text-black/60">Drawing the QR code…</span>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="text-muted">Or type this key into the app:</p>
              <code className="break-all rounded-lg bg-background px-3 py-2 font-mono text-sm tracking-wider">
                {manualKey(enrolment.totpURI)}
              </code>
            </div>
          </div>
        </li>
        <li className="flex flex-col gap-3">
          <p>
            Keep these backup codes somewhere safe. Each one logs you in once if you lose your phone; they are shown
            only now.
          </p>
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-2 rounded-xl bg-background p-3 font-mono text-sm sm:grid-cols-3"
          >
            {enrolment.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </li>
        <li className="flex flex-col gap-3">
          <p>Enter the 6-digit code the app shows now to finish.</p>
          <form
            ref={form.formRef}
            onSubmit={form.submit}
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              disabled={busy}
              {...form.field('code')}
              className="sm:w-56 [&_input]:font-mono [&_input]:tracking-[0.3em]"
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? 'Verifying...' : 'Turn On'}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
};

const disableSchema = passwordSchema.extend(codeSchema.shape);

/** Turning two-factor off takes the password and a current code from the app (the server checks both). */
const DisableTwoFactor = ({ email }: { email: string }) => {
  const queryClient = useQueryClient();
  const form = useValidatedForm({
    initial: { password: '', code: '' },
    check: (values) => validateForm(disableSchema, values),
    send: async (input) => {
      // The client's typed `disable` knows only the password; our server also requires the code.
      const { error } = await authClient.$fetch<{ status: boolean }>('/two-factor/disable', {
        method: 'POST',
        body: input,
      });
      if (error) {
        showToast(codeFailed('Two-Factor Still On', error));
        return (error as AuthClientError).code === 'INVALID_CODE' ? 'code' : 'password';
      }
      form.reset();
      await refreshSession(queryClient);
      showToast({ title: 'Two-factor is off', description: 'Logging in asks only for your password again.' });
    },
  });
  const { busy } = form;

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShieldCheck className="size-5 text-accent" aria-hidden="true" /> Two-factor is on.
      </p>
      <p className="text-sm text-muted">To turn it off, enter your password and a code from your app.</p>
      <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        <UsernameForManagers email={email} />
        <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <Field
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            {...form.field('code')}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
          />
        </fieldset>
        <Button type="submit" variant="outline" className="self-start" disabled={busy} aria-busy={busy}>
          {busy ? 'Turning off...' : 'Turn Off Two-Factor'}
        </Button>
      </form>
    </div>
  );
};
