import { cx } from '#client/lib/class-names.ts';

/**
 * A spinning ring with its text next to it; the text is what assistive technology announces.
 * Centred in its room, or at its start (`align="start"`, beside a form's other lines).
 */
export const Spinner = ({
  label,
  align = 'center',
  className,
}: {
  label: string;
  align?: 'center' | 'start';
  className?: string;
}) => (
  <div
    role="status"
    className={cx(
      'flex items-center gap-3 text-muted',
      align === 'start' ? 'justify-start' : 'justify-center',
      className,
    )}
  >
    <span
      aria-hidden="true"
      className="size-5 animate-spin-slow rounded-full border-2 border-border-strong border-t-accent"
    />
    <span>{label}</span>
  </div>
);
