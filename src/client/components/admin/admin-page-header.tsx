import type { ReactNode } from 'react';

/** The heading block every admin page starts with. */
export const AdminPageHeader = ({ title, intro, aside }: { title: string; intro: string; aside?: ReactNode }) => (
  <header className="flex flex-col justify-between gap-3 sm:flex-row sm:items-end">
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent">Admin</p>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="text-muted">{intro}</p>
    </div>
    {aside}
  </header>
);

/** '3 min ago', '2 h ago', or 'just now', for times an operator scans rather than reads. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export const fullDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
