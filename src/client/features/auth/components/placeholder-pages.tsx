import { BarChart3, History, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';

interface PlaceholderProps {
  title: string;
  icon: LucideIcon;
  children: string;
  /** Phones show the title in the header for most pages (shell's small-screen titles), not here. */
  titleInHeaderOnPhones?: boolean;
}

/** A signed-in page whose content arrives with a later feature: it says honestly what will be here. */
const Placeholder = ({ title, icon: Icon, children, titleInHeaderOnPhones = true }: PlaceholderProps) => {
  useDocumentTitle(`${title} | ${BRAND}`);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className={cn('font-display text-4xl font-bold', titleInHeaderOnPhones && 'hidden md:block')}>{title}</h1>
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border-strong bg-surface px-6 py-12 text-center">
        <Icon className="size-10 text-accent" aria-hidden="true" />
        <p className="max-w-md text-muted">{children}</p>
        <Button asChild variant="outline">
          <Link to={{ pathname: '/', hash: 'artists' }}>Browse Artists</Link>
        </Button>
      </div>
    </section>
  );
};

export const HistoryPage = () => (
  <Placeholder title="History" icon={History}>
    The shows you have been to will be listed here once you start logging them, with their setlists and your notes.
  </Placeholder>
);

export const StatsPage = () => (
  <Placeholder title="Stats" icon={BarChart3}>
    Your concert stats will appear here once you log shows: how many you saw, which artists and venues most, and how far
    you travelled.
  </Placeholder>
);
