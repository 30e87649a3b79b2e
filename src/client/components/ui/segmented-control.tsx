import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface SegmentedOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

/** One choice of a few, as a row of pressed/unpressed buttons in a labelled fieldset (My Shows, Near). */
export const SegmentedControl = ({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentedOption[];
  value: string;
  onChange: (value: string) => void;
}) => (
  <fieldset className="m-0 flex min-w-0 flex-wrap gap-1 rounded-full border border-border bg-surface p-1">
    <legend className="sr-only">{label}</legend>
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        aria-pressed={option.value === value}
        onClick={() => onChange(option.value)}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2',
          option.value === value
            ? 'bg-accent text-accent-foreground'
            : 'text-muted hover:bg-white/5 hover:text-foreground',
        )}
      >
        {option.icon}
        {option.label}
      </button>
    ))}
  </fieldset>
);
