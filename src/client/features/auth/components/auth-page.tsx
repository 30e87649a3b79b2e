import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

/** Placeholder for the sign-in screen; the accounts feature replaces it. */
export const AuthPage = () => {
  const [params] = useSearchParams();
  const isSignup = params.get('mode') === 'signup';
  const heading = isSignup ? 'Create Account' : 'Welcome Back';
  useDocumentTitle(`${heading} | ${BRAND}`);
  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 px-4 py-16 text-center sm:px-6">
      <Link to="/" className="inline-flex items-center gap-2 self-center text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to home
      </Link>
      <h1 className="font-display text-3xl font-bold">{heading}</h1>
      <p className="text-muted">
        Accounts are not open yet. You can already search for bands and browse every artist's tour without one.
      </p>
      <Button asChild size="lg" className="self-center">
        <Link to={{ pathname: '/', hash: 'artists' }}>Browse Artists</Link>
      </Button>
    </section>
  );
};
