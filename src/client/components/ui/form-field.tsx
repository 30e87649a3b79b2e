import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '#client/lib/utils.ts';

export const inputClassName =
  'h-11 w-full min-w-0 rounded-xl border border-border-strong bg-background/60 px-3.5 text-base text-foreground placeholder:text-muted/70 transition-colors focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive';

export const TextInput = ({ className, ...props }: ComponentProps<'input'>) => (
  <input className={cn(inputClassName, className)} {...props} />
);

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Shown under the input and announced with it. */
  hint?: ReactNode;
  /** Something at the right end of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  invalid?: boolean;
}

/** A labelled text input: the label is a real <label>, the hint is tied to the input for screen readers. */
export const Field = ({ label, hint, labelAside, invalid, className, ...inputProps }: FieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <TextInput
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
};

/** A form's failure, read out when it appears; `id` lets the form's inputs point at it (aria-describedby). */
export const FormAlert = ({ id, children }: { id?: string; children: ReactNode }) => (
  <p id={id} role="alert" className="rounded-xl border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm">
    {children}
  </p>
);
