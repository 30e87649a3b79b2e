import type { ReactNode } from 'react';
import { useId } from 'react';

/** One titled section of /settings; the heading names the region for screen-reader navigation. */
export const SettingsCard = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <h2 id={headingId} className="font-display text-xl font-bold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
};
