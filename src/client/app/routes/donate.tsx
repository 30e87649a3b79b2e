import { Heart } from 'lucide-react';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';

export const DonatePage = () => {
  useDocumentTitle(`Donate | ${BRAND}`);
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-16 sm:px-6">
      <Heart className="size-10 text-magenta" aria-hidden="true" />
      <h1 className="font-display text-4xl font-bold">Donate</h1>
      <p className="text-muted">
        TourGuides is free and built by music fans. We do not take donations online yet; when we do, this is where you
        will find how to help keep the lights on.
      </p>
    </section>
  );
};
