import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

export const NotFoundPage = () => {
  const { pathname } = useLocation();
  useDocumentTitle(`404 - Page Not Found | ${BRAND}`);
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="stage-lights flex min-h-[70vh] flex-col items-center justify-center gap-5 px-4 text-center">
      <p className="font-display text-8xl font-extrabold text-accent sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="font-display text-3xl font-bold">Oops! Page not found</h1>
      <p className="max-w-md text-muted">This stage is empty: the page you asked for does not exist.</p>
      <Button asChild size="lg">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
};
