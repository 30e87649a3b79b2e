import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

/** /donate/thanks: where a donation site sends the donor back to. */
export const DonateThanksPage = () => {
  useDocumentTitle(`Thank you | ${BRAND}`);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-5 px-4 py-16 sm:px-6">
      <PartyPopper className="size-10 text-accent" aria-hidden="true" />
      <h1 className="font-display text-4xl font-bold">Thank you!</h1>
      <p className="text-lg text-muted">
        Your donation keeps TourGuides running for every fan. The receipt comes from the payment site you used.
      </p>
      <Button asChild size="lg">
        <Link to={paths.home}>Find your next show</Link>
      </Button>
    </section>
  );
};
