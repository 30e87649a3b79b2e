import { Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { adminSections } from '../admin-sections.ts';

/** An admin page that is not built yet: it says so and what it will be for, rather than a 404. */
export const AdminComingSoonPage = () => {
  const { pathname } = useLocation();
  const section = adminSections.find((candidate) => candidate.to === pathname);
  const label = section?.label ?? 'Admin';
  useDocumentTitle(`${label} · Admin | ${BRAND}`);
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-start gap-4 px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent">Admin</p>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">{label}</h1>
      <div className="flex max-w-xl flex-col gap-3 rounded-card border border-dashed border-border-strong bg-surface p-6">
        <Construction className="size-8 text-accent" aria-hidden="true" />
        <p className="font-semibold">Coming soon</p>
        <p className="text-muted">
          {section ? `${section.purpose} ` : ''}This page is not built yet; the other admin pages work.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminApiStatus}>Go to API status</Link>
        </Button>
      </div>
    </section>
  );
};
