import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

export const AddShowPage = () => {
  useDocumentTitle(`Add Show | ${BRAND}`);
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-16 sm:px-6">
      <h1 className="font-display text-4xl font-bold">Add Show</h1>
      <p className="text-muted">
        Logging the shows you attend needs an account, and accounts are not open yet. Until then you can look up any
        band's tour dates.
      </p>
      <Button asChild size="lg" className="self-start">
        <Link to={{ pathname: '/', hash: 'artists' }}>Browse Artists</Link>
      </Button>
    </section>
  );
};
