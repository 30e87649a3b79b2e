import { Bug, ExternalLink, Heart, ListPlus, Share2, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { DonateResponse } from '#shared/donate.ts';
import { useDonateConfig } from '../api/get-donate.ts';

/** /donate: the configured donation links as buttons, or honest other ways to help. */
export const DonatePage = () => {
  useDocumentTitle(`Donate | ${BRAND}`);
  const query = useDonateConfig();
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12 sm:px-6 sm:py-16">
      <Heart className="size-10 text-magenta" aria-hidden="true" />
      <h1 className="font-display text-4xl font-bold">Donate</h1>
      {query.isPending ? (
        <Spinner label="Loading..." className="py-10" />
      ) : query.isError ? (
        <LoadError what="This page" message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.links.length > 0 ? (
        <DonateLinks config={query.data} />
      ) : (
        <OtherWaysToHelp sourceUrl={query.data.sourceUrl} />
      )}
    </section>
  );
};

const DonateLinks = ({ config }: { config: DonateResponse }) => (
  <>
    <p className="text-lg text-muted">
      {config.message ?? 'TourGuides is free and built by music fans. A donation keeps it running and ad-free.'}
    </p>
    <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {config.links.map((link) => (
        <li key={link.url}>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              <Heart aria-hidden="true" />
              {link.label}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
    <p className="text-sm text-muted">
      Payments are handled by the site you choose; TourGuides never sees your card. Can’t give money? Sharing the app
      with a friend helps too.
    </p>
    <ShareButton />
  </>
);

/** Without configured links: no button that leads nowhere, but real things anyone can do. */
const OtherWaysToHelp = ({ sourceUrl }: { sourceUrl: string | null }) => (
  <>
    <p className="text-lg text-muted">
      This TourGuides site does not take donations. You can still help it grow, for free:
    </p>
    <ul className="flex flex-col gap-3">
      {sourceUrl ? (
        <HelpItem icon={Star} title="Star the project" text="A star helps other fans and developers find it.">
          <Button asChild variant="outline" size="sm">
            <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
              Star it <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </HelpItem>
      ) : null}
      <HelpItem icon={Share2} title="Share it" text="Tell a friend who goes to concerts.">
        <ShareButton />
      </HelpItem>
      {sourceUrl ? (
        <HelpItem icon={Bug} title="Report a bug" text="Something wrong or missing? Say so, with what you saw.">
          <Button asChild variant="outline" size="sm">
            <a href={`${sourceUrl.replace(/\/$/, '')}/issues`} target="_blank" rel="noopener noreferrer">
              Report a bug <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </HelpItem>
      ) : null}
      <HelpItem icon={ListPlus} title="Add a show" text="A tour date the catalog misses helps every fan of the band.">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.addShow}>Add a show</Link>
        </Button>
      </HelpItem>
    </ul>
  </>
);

const HelpItem = ({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: typeof Star;
  title: string;
  text: string;
  children: ReactNode;
}) => (
  <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
    <div className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted">{text}</p>
      </div>
    </div>
    <div className="shrink-0">{children}</div>
  </li>
);

/** The system share sheet where there is one; otherwise the address goes to the clipboard. */
const ShareButton = () => {
  const share = async () => {
    const url = window.location.origin;
    if (navigator.share) {
      await navigator.share({ title: BRAND, text: 'Concert tours and local venue guides', url }).catch(() => {});
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: 'Link copied', description: url });
    } catch {
      showToast({ title: 'Share this address', description: url });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share TourGuides
    </Button>
  );
};
