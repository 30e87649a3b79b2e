import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { onTwoFactorRequired } from '#client/lib/auth-client.ts';
import { paths } from '#client/lib/paths.ts';
import { RETURN_TO_PARAM, safeReturnPath } from '#client/lib/session/return-path.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type AuthMode, authModeFrom, authModeTexts } from './auth-modes.ts';
import { CredentialsForm } from './credentials-form.tsx';
import { EmailCodeSignIn } from './email-code-sign-in.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

/** Steps after the first form of login mode: a mailed code, or the account's second factor. */
type Step = { kind: 'form' } | { kind: 'email-code'; email: string } | { kind: 'two-factor' };

const stepTexts = {
  'email-code': {
    heading: 'Log In With a Code',
    subtitle: "We'll email you a 6-digit code to log in without a password",
  },
  'two-factor': { heading: 'Two-Factor Verification', subtitle: 'Your account is protected with a second step' },
};

export const AuthPage = () => {
  const { status } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode = authModeFrom(params);
  // A page that sent the visitor here to sign in (/add-show) gets them back; only our own paths.
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [busy, setBusy] = useState(false);

  useEffect(() => onTwoFactorRequired(() => setStep({ kind: 'two-factor' })), []);

  // Spec: a visitor with a session (already, or just signed in) goes to /dashboard, or back to
  // the page that asked them to sign in.
  useEffect(() => {
    if (status === 'signed-in') navigate(returnTo ?? paths.dashboard, { replace: true });
  }, [status, navigate, returnTo]);

  // After a switch of mode or step the clicked link may be gone, dropping focus to the page: it moves
  // to the new heading, which screen readers then announce. A step that focuses its input keeps it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const view = `${mode}:${step.kind}`;
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusLost) headingRef.current?.focus();
  }, [view]);

  const texts = step.kind === 'form' ? authModeTexts[mode] : stepTexts[step.kind];
  useDocumentTitle(`${texts.heading} | ${BRAND}`);

  const changeMode = (next: AuthMode) => {
    setStep({ kind: 'form' });
    const kept: Record<string, string> = returnTo ? { [RETURN_TO_PARAM]: returnTo } : {};
    setParams(next === 'login' ? kept : { mode: next, ...kept });
  };

  if (status !== 'signed-out') return <Spinner label="Loading..." className="min-h-[60vh] py-24" />;

  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to={paths.home}
        className="inline-flex items-center gap-2 self-start rounded-md text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to home
      </Link>
      <div className="rounded-card border border-border bg-surface p-5 shadow-glow sm:p-8">
        <header className="mb-6 flex flex-col gap-2 text-center">
          <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-bold outline-none">
            {texts.heading}
          </h1>
          <p className="text-muted">{texts.subtitle}</p>
        </header>
        {step.kind === 'email-code' ? (
          <EmailCodeSignIn initialEmail={step.email} onBack={() => changeMode('login')} onBusyChange={setBusy} />
        ) : step.kind === 'two-factor' ? (
          <TwoFactorStep onBack={() => changeMode('login')} onBusyChange={setBusy} />
        ) : (
          <>
            <CredentialsForm
              mode={mode}
              onModeChange={changeMode}
              onUseEmailCode={(email) => setStep({ kind: 'email-code', email })}
              onBusyChange={setBusy}
            />
            <ModeLinks mode={mode} busy={busy} onModeChange={changeMode} />
          </>
        )}
      </div>
    </section>
  );
};

const ModeLinks = ({
  mode,
  busy,
  onModeChange,
}: {
  mode: AuthMode;
  busy: boolean;
  onModeChange: (mode: AuthMode) => void;
}) => (
  <div className="mt-6 flex flex-col items-center gap-2 text-sm">
    {mode === 'reset' ? (
      <Button variant="link" disabled={busy} onClick={() => onModeChange('login')}>
        Back to login
      </Button>
    ) : (
      <Button variant="link" disabled={busy} onClick={() => onModeChange(mode === 'login' ? 'signup' : 'login')}>
        {mode === 'login' ? "Don't have an account? Sign up" : 'Already have an account? Log in'}
      </Button>
    )}
  </div>
);
