import { cn } from '#client/lib/utils.ts';

/** A spinning ring with its text next to it; the text is what assistive technology announces. */
export const Spinner = ({ label, className }: { label: string; className?: string }) => (
  <div role="status" className={cn('flex items-center justify-center gap-3 text-muted', className)}>
    <span
      aria-hidden="true"
      className="size-5 animate-spin-slow rounded-full border-2 border-border-strong border-t-accent"
    />
    <span>{label}</span>
  </div>
);
